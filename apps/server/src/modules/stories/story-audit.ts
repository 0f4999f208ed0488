// What the audit trail keeps of a story an administrator changes: its details and draft settings,
// and each draft scene a save changed, whole, before and after (noteChange does nothing outside an
// audited call).
import type { StoryScene } from "@litverse/shared/stories/story-model";
import { and, eq, inArray } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { storyDraftScenes } from "./schema.ts";
import type { StoryRow } from "./story-access.ts";

/** A story as the trail keeps it: not its scenes, its version's copy or its readers' ratings. */
export function storySnapshot(row: StoryRow) {
  return {
    title: row.title,
    description: row.description,
    genre: row.genre,
    ageRating: row.ageRating,
    coverKey: row.coverKey,
    status: row.status,
    statPresetId: row.statPresetId,
    ownStats: row.ownStats,
    startSceneId: row.startSceneId,
    sceneCount: row.sceneCount,
    revision: row.revision,
    versionNumber: row.versionNumber,
    hasUnpublishedChanges: row.hasUnpublishedChanges,
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/** The draft scenes a save is about to change, as they are now (read before changing them). */
export async function draftScenesBefore(
  tx: Executor,
  storyId: string,
  sceneIds: readonly string[],
): Promise<Map<string, StoryScene>> {
  if (sceneIds.length === 0) return new Map();
  const rows = await tx
    .select({ sceneId: storyDraftScenes.sceneId, scene: storyDraftScenes.scene })
    .from(storyDraftScenes)
    .where(and(eq(storyDraftScenes.storyId, storyId), inArray(storyDraftScenes.sceneId, [...sceneIds])));
  return new Map(rows.map((row) => [row.sceneId, row.scene]));
}

/** Notes each scene a save wrote or deleted; a scene is named `<story id>/<scene id>`. */
export function noteSceneChanges(
  storyId: string,
  before: ReadonlyMap<string, StoryScene>,
  upserted: readonly StoryScene[],
  deletedIds: readonly string[],
): void {
  for (const scene of upserted) {
    const objectId = `${storyId}/${scene.id}`;
    noteChange({ objectType: "scene", objectId, before: before.get(scene.id) ?? null, after: scene });
  }
  for (const sceneId of deletedIds) {
    const scene = before.get(sceneId);
    if (scene)
      noteChange({ objectType: "scene", objectId: `${storyId}/${sceneId}`, before: scene, after: null });
  }
}
