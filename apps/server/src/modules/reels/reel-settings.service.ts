// The reels settings: whether people's reels wait for an administrator before they are published.
import type { ReelSettings } from "@litverse/shared/reels";
import type { updateReelSettingsInput } from "@litverse/shared/reels-inputs";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reelSettings } from "./schema.ts";
import { REEL_SETTINGS_TOPIC } from "./topics.ts";

/** The settings in force: the defaults until an administrator saves them. */
export async function readReelSettings(db: Executor): Promise<ReelSettings> {
  const [row] = await db.select({ requireReview: reelSettings.requireReview }).from(reelSettings);
  return { requireReview: row?.requireReview ?? false };
}

export async function getReelSettings(deps: ServiceDeps): Promise<ReelSettings> {
  track(REEL_SETTINGS_TOPIC);
  return readReelSettings(deps.db);
}

/** Applies to reels processed from now on; reels already published stay published. */
export async function updateReelSettings(
  deps: ServiceDeps,
  admin: SessionUser,
  input: z.output<typeof updateReelSettingsInput>,
): Promise<ReelSettings> {
  const values = { requireReview: input.requireReview, updatedBy: admin.id, updatedAt: new Date() };
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const before = await readReelSettings(tx);
    await tx
      .insert(reelSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: reelSettings.id, set: values });
    deps.changes.changed(REEL_SETTINGS_TOPIC);
    noteChange({
      objectType: "reel-settings",
      objectId: "1",
      before,
      after: { requireReview: input.requireReview },
    });
  });
  return { requireReview: input.requireReview };
}
