// Moderation's settings: the weighted reports that hide an item at once, per category.
import type { ModerationSettings, ReportCategory } from "@litverse/shared/moderation";
import { noteChange } from "../../core/audit.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { hideThresholds } from "../reports/index.ts";
import { moderationSettings } from "../reports/schema.ts";
import { MODERATION_TOPIC } from "./topics.ts";

export async function getModerationSettings(deps: ServiceDeps): Promise<ModerationSettings> {
  track(MODERATION_TOPIC);
  return { thresholds: await hideThresholds(deps.db) };
}

export async function setHideThresholds(
  deps: ServiceDeps,
  input: { thresholds: Partial<Record<ReportCategory, number>> },
): Promise<ModerationSettings> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const before = await hideThresholds(tx);
    const after = { ...before, ...input.thresholds };
    await tx
      .insert(moderationSettings)
      .values({ id: 1, hideThresholds: after })
      .onConflictDoUpdate({
        target: moderationSettings.id,
        set: { hideThresholds: after, updatedAt: new Date() },
      });
    noteChange({ objectType: "moderation-settings", objectId: "1", before, after });
    deps.changes.changed(MODERATION_TOPIC);
    return { thresholds: after };
  });
}
