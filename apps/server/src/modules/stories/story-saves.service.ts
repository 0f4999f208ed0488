// A reader's save slots in a story: saving the current play to one, loading one back into it, and
// emptying one.
import type { storySlotInput } from "@litverse/shared/stories-inputs";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { storyPlays, storySaves } from "./schema.ts";
import { readableStory } from "./story-access.ts";
import { excerptOf } from "./story-engine.ts";
import { announcePlay, lockReader, requireCurrentPlay, requireScene } from "./story-play-rows.ts";

export async function saveToSlot(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof storySlotInput>,
): Promise<void> {
  await readableStory(deps.db, viewer, input.storyId);
  const play = await requireCurrentPlay(deps.db, viewer.id, input.storyId);
  const scene = await requireScene(deps.db, play.versionId, play.sceneId);
  const row = {
    versionId: play.versionId,
    sceneId: play.sceneId,
    values: play.values,
    excerpt: excerptOf(scene.text) || scene.ending?.name || "A scene without words",
  };
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(storySaves)
      .values({ userId: viewer.id, storyId: input.storyId, slot: input.slot, ...row })
      .onConflictDoUpdate({
        target: [storySaves.userId, storySaves.storyId, storySaves.slot],
        set: { ...row, updatedAt: sql`now()` },
      });
    announcePlay(deps, input.storyId, viewer.id, false);
  });
}

export async function loadSlot(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof storySlotInput>,
): Promise<void> {
  const { story } = await readableStory(deps.db, viewer, input.storyId);
  const [save] = await deps.db
    .select()
    .from(storySaves)
    .where(
      and(
        eq(storySaves.userId, viewer.id),
        eq(storySaves.storyId, story.id),
        eq(storySaves.slot, input.slot),
      ),
    );
  if (!save) throw new AppError("NOT_FOUND", `Slot ${input.slot} is empty.`);
  const scene = await requireScene(deps.db, save.versionId, save.sceneId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await lockReader(tx, story.id, viewer.id, save.sceneId);
    const fields = {
      versionId: save.versionId,
      sceneId: save.sceneId,
      values: save.values,
      lastChoiceSceneId: null,
      lastChoiceId: null,
      lastChoiceLabel: null,
      lastSharePercent: null,
    };
    const updated = await tx
      .update(storyPlays)
      // A play that reached an ending stays completed, whatever it loads later.
      .set({
        ...fields,
        ...(scene.ending ? { finishedAt: sql`coalesce(${storyPlays.finishedAt}, now())` } : {}),
      })
      .where(
        and(
          eq(storyPlays.userId, viewer.id),
          eq(storyPlays.storyId, story.id),
          eq(storyPlays.isCurrent, true),
        ),
      )
      .returning({ id: storyPlays.id });
    if (updated.length === 0) {
      await tx.insert(storyPlays).values({
        storyId: story.id,
        userId: viewer.id,
        ...fields,
        finishedAt: scene.ending ? new Date() : null,
      });
    }
    announcePlay(deps, story.id, viewer.id, false);
  });
}

export async function deleteSlot(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof storySlotInput>,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const removed = await tx
      .delete(storySaves)
      .where(
        and(
          eq(storySaves.userId, viewer.id),
          eq(storySaves.storyId, input.storyId),
          eq(storySaves.slot, input.slot),
        ),
      )
      .returning({ slot: storySaves.slot });
    if (removed.length === 0) throw new AppError("NOT_FOUND", `Slot ${input.slot} is empty.`);
    announcePlay(deps, input.storyId, viewer.id, false);
  });
}
