// Stories as administrators make them. The draft is a row per scene, so an autosave writes only
// the scenes that changed; every save names the revision it is based on and moves it on by one,
// so that a second editor's older copy cannot overwrite newer work unknowingly. Publishing copies
// the draft into an immutable version (a row per scene, read one at a time by the player).
import { createHash } from "node:crypto";
import type { Age } from "@litverse/shared/constants";
import type { AdminStoryRow, StoryDraft } from "@litverse/shared/stories";
import {
  STORY_LIMITS,
  type StoryDocument,
  type StoryScene,
  type StoryStat,
} from "@litverse/shared/stories/story-model";
import { hasErrors, validateStory } from "@litverse/shared/stories/story-validation";
import type {
  adminListStoriesInput,
  createStoryInput,
  saveStoryDraftInput,
  updateStoryDetailsInput,
  uploadSceneImageInput,
} from "@litverse/shared/stories-inputs";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import {
  statPresets,
  stories,
  storyDraftScenes,
  storyPlays,
  storyVersionScenes,
  storyVersions,
} from "./schema.ts";
import {
  loadStory,
  presetStatsOf,
  STORY_COVERS_AREA,
  STORY_IMAGES_AREA,
  type StoryRow,
  sceneImagePrefix,
  storyCoverUrl,
} from "./story-access.ts";
import { draftScenesBefore, noteSceneChanges, storySnapshot } from "./story-audit.ts";
import { effectiveStats, estimateMinutes, publishScenes } from "./story-engine.ts";
import { STAT_PRESETS_TOPIC, STORIES_ADMIN_TOPIC, STORIES_CATALOGUE_TOPIC, storyTopic } from "./topics.ts";

const COVER_EDGE = 1200;
const SCENE_IMAGE_EDGE = 1600;
/** Rows written per statement: each scene row takes a handful of parameters. */
const ROWS_PER_INSERT = 500;

export const START_SCENE_ID = "start";

function chunks<T>(items: readonly T[], size = ROWS_PER_INSERT): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** A new scene where the editor puts a fresh story's first scene. */
export function blankScene(id: string, title: string): StoryScene {
  return {
    id,
    title,
    text: "",
    image: null,
    position: { x: 0, y: 0 },
    effects: [],
    ending: null,
    choices: [],
    warnings: [],
  };
}

async function presetExists(db: Executor, presetId: string): Promise<void> {
  const [found] = await db
    .select({ id: statPresets.id })
    .from(statPresets)
    .where(eq(statPresets.id, presetId));
  if (!found) throw new AppError("NOT_FOUND", "That stat preset no longer exists.");
}

export async function adminListStories(
  { db }: ServiceDeps,
  input: z.output<typeof adminListStoriesInput>,
): Promise<AdminStoryRow[]> {
  track(STORIES_ADMIN_TOPIC);
  const rows = await db
    .select({
      story: stories,
      plays: sql<number>`(select count(*) from ${storyPlays} p where p.story_id = "stories"."id")::int`,
    })
    .from(stories)
    .where(input.status ? eq(stories.status, input.status) : undefined)
    .orderBy(desc(stories.updatedAt), asc(stories.id));
  return rows.map(({ story, plays }) => ({
    id: story.id,
    title: story.title,
    status: story.status,
    coverImage: storyCoverUrl(story.coverKey),
    sceneCount: story.sceneCount,
    versionNumber: story.versionNumber,
    hasUnpublishedChanges: story.hasUnpublishedChanges,
    plays,
    updatedAt: story.updatedAt.toISOString(),
  }));
}

/** A draft story, with the given scenes (one blank start scene when none are given). */
export async function insertStory(
  deps: ServiceDeps,
  tx: Transaction,
  user: SessionUser,
  values: {
    title: string;
    statPresetId?: string | null;
    ownStats?: StoryStat[];
    startSceneId: string | null;
    scenes: StoryScene[];
  },
): Promise<string> {
  const [story] = await tx
    .insert(stories)
    .values({
      title: values.title,
      authorId: user.id,
      statPresetId: values.statPresetId ?? null,
      ownStats: values.ownStats ?? [],
      startSceneId: values.startSceneId,
      sceneCount: values.scenes.length,
    })
    .returning();
  if (!story) throw new AppError("CONFLICT", "The story could not be created.");
  // Its scenes are noted as a count: an imported story may have thousands.
  noteChange({ objectType: "story", objectId: story.id, before: null, after: storySnapshot(story) });
  for (const [index, part] of chunks(values.scenes).entries()) {
    await tx.insert(storyDraftScenes).values(
      part.map((scene, offset) => ({
        storyId: story.id,
        sceneId: scene.id,
        ordinal: index * ROWS_PER_INSERT + offset,
        scene,
      })),
    );
  }
  deps.changes.changed(STORIES_ADMIN_TOPIC);
  if (values.statPresetId) deps.changes.changed(STAT_PRESETS_TOPIC);
  return story.id;
}

export async function createStory(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof createStoryInput>,
): Promise<{ storyId: string }> {
  if (input.statPresetId) await presetExists(deps.db, input.statPresetId);
  const storyId = await deps.changes.inTransaction(deps.db, (tx) =>
    insertStory(deps, tx, user, {
      title: input.title,
      statPresetId: input.statPresetId ?? null,
      startSceneId: START_SCENE_ID,
      scenes: [blankScene(START_SCENE_ID, "Start")],
    }),
  );
  return { storyId };
}

async function draftScenes(db: Executor, storyId: string): Promise<StoryScene[]> {
  const rows = await db
    .select({ scene: storyDraftScenes.scene })
    .from(storyDraftScenes)
    .where(eq(storyDraftScenes.storyId, storyId))
    .orderBy(asc(storyDraftScenes.ordinal), asc(storyDraftScenes.sceneId));
  return rows.map((row) => row.scene);
}

/** The draft as a document: effective stats and every scene. */
export async function draftDocument(
  db: Executor,
  story: StoryRow,
): Promise<{ document: StoryDocument; presetStats: StoryStat[] }> {
  const [presetStats, scenes] = await Promise.all([
    presetStatsOf(db, story.statPresetId),
    draftScenes(db, story.id),
  ]);
  return {
    presetStats,
    document: {
      title: story.title,
      startSceneId: story.startSceneId,
      stats: effectiveStats(presetStats, story.ownStats),
      scenes,
    },
  };
}

export async function getStoryDraft({ db }: ServiceDeps, storyId: string): Promise<StoryDraft> {
  track(storyTopic(storyId));
  const story = await loadStory(db, storyId);
  const { document, presetStats } = await draftDocument(db, story);
  return {
    id: story.id,
    title: story.title,
    description: story.description,
    genre: story.genre,
    ageRating: story.ageRating as Age,
    coverImage: storyCoverUrl(story.coverKey),
    status: story.status,
    statPresetId: story.statPresetId,
    ownStats: story.ownStats,
    presetStats,
    revision: story.revision,
    document,
    versionNumber: story.versionNumber,
    hasUnpublishedChanges: story.hasUnpublishedChanges,
  };
}

export async function saveStoryDraft(
  deps: ServiceDeps,
  input: z.output<typeof saveStoryDraftInput>,
): Promise<{ revision: number }> {
  const imagePrefix = sceneImagePrefix(input.storyId);
  for (const scene of input.upsertScenes) {
    if (scene.image !== null && !scene.image.startsWith(imagePrefix)) {
      throw new AppError(
        "BAD_REQUEST",
        `The picture of scene “${scene.title || scene.id}” was not uploaded for this story.`,
      );
    }
  }
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const changesStory = input.startSceneId !== undefined || input.ownStats !== undefined;
    const [before] = changesStory
      ? await tx
          .select({ startSceneId: stories.startSceneId, ownStats: stories.ownStats })
          .from(stories)
          .where(eq(stories.id, input.storyId))
          .for("update")
      : [];
    const [moved] = await tx
      .update(stories)
      .set({
        revision: sql`${stories.revision} + 1`,
        hasUnpublishedChanges: true,
        ...(input.startSceneId !== undefined ? { startSceneId: input.startSceneId } : {}),
        ...(input.ownStats !== undefined ? { ownStats: input.ownStats } : {}),
      })
      .where(and(eq(stories.id, input.storyId), eq(stories.revision, input.baseRevision)))
      .returning({
        revision: stories.revision,
        startSceneId: stories.startSceneId,
        ownStats: stories.ownStats,
      });
    if (!moved) {
      await loadStory(tx, input.storyId);
      throw new AppError("CONFLICT", "This story was changed elsewhere. Reload to see the latest version.");
    }
    if (before) {
      const { startSceneId, ownStats } = moved;
      noteChange({ objectType: "story", objectId: input.storyId, before, after: { startSceneId, ownStats } });
    }
    const scenesBefore = await draftScenesBefore(tx, input.storyId, [
      ...input.upsertScenes.map((scene) => scene.id),
      ...input.deleteSceneIds,
    ]);
    noteSceneChanges(input.storyId, scenesBefore, input.upsertScenes, input.deleteSceneIds);
    if (input.deleteSceneIds.length > 0) {
      await tx
        .delete(storyDraftScenes)
        .where(
          and(
            eq(storyDraftScenes.storyId, input.storyId),
            inArray(storyDraftScenes.sceneId, input.deleteSceneIds),
          ),
        );
    }
    if (input.upsertScenes.length > 0) {
      const [last] = await tx
        .select({ ordinal: sql<number>`coalesce(max(${storyDraftScenes.ordinal}), -1)::int` })
        .from(storyDraftScenes)
        .where(eq(storyDraftScenes.storyId, input.storyId));
      const next = (last?.ordinal ?? -1) + 1;
      for (const [index, part] of chunks(input.upsertScenes).entries()) {
        await tx
          .insert(storyDraftScenes)
          .values(
            part.map((scene, offset) => ({
              storyId: input.storyId,
              sceneId: scene.id,
              ordinal: next + index * ROWS_PER_INSERT + offset,
              scene,
            })),
          )
          // A changed scene keeps its place; only new ones take the ordinals above.
          .onConflictDoUpdate({
            target: [storyDraftScenes.storyId, storyDraftScenes.sceneId],
            set: { scene: sql`excluded.scene`, updatedAt: sql`now()` },
          });
      }
    }
    const [counted] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(storyDraftScenes)
      .where(eq(storyDraftScenes.storyId, input.storyId));
    const sceneCount = counted?.count ?? 0;
    if (sceneCount > STORY_LIMITS.maxScenes) {
      throw new AppError(
        "BAD_REQUEST",
        `A story can have at most ${STORY_LIMITS.maxScenes.toLocaleString("en-US")} scenes.`,
      );
    }
    await tx.update(stories).set({ sceneCount }).where(eq(stories.id, input.storyId));
    deps.changes.changed(storyTopic(input.storyId), STORIES_ADMIN_TOPIC);
    return { revision: moved.revision };
  });
}

async function storeImage(
  deps: ServiceDeps,
  user: SessionUser,
  uploadId: string,
  folder: string,
  prefix: string,
  maxEdge: number,
) {
  const image = await reencodeUploadedImage(deps, user.id, uploadId, { maxEdge });
  const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 16);
  const key = `${folder}/${prefix}${hash}.webp`;
  await deps.media.storage.writeFile(key, image.data);
  return key;
}

export async function updateStoryDetails(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof updateStoryDetailsInput>,
): Promise<void> {
  const { data } = input;
  const story = await loadStory(deps.db, input.id);
  if (data.statPresetId) await presetExists(deps.db, data.statPresetId);
  let coverKey: string | null | undefined;
  if (data.coverUploadId !== undefined) {
    coverKey =
      data.coverUploadId === null
        ? null
        : await storeImage(
            deps,
            user,
            data.coverUploadId,
            `${STORY_COVERS_AREA}/${story.id}`,
            "cover-",
            COVER_EDGE,
          );
  }
  // The preset changes the draft's stats, and the stats are versioned; the rest is not.
  const changesDraft = data.statPresetId !== undefined && data.statPresetId !== story.statPresetId;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx.select().from(stories).where(eq(stories.id, story.id)).for("update");
    const [after] = await tx
      .update(stories)
      .set({
        ...(data.title !== undefined ? { title: data.title } : {}),
        ...(data.description !== undefined ? { description: data.description } : {}),
        ...(data.genre !== undefined ? { genre: data.genre } : {}),
        ...(data.ageRating !== undefined ? { ageRating: data.ageRating } : {}),
        ...(coverKey !== undefined ? { coverKey } : {}),
        ...(data.statPresetId !== undefined ? { statPresetId: data.statPresetId } : {}),
        ...(changesDraft ? { hasUnpublishedChanges: true, revision: sql`${stories.revision} + 1` } : {}),
      })
      .where(eq(stories.id, story.id))
      .returning();
    deps.changes.changed(storyTopic(story.id), STORIES_ADMIN_TOPIC, STORIES_CATALOGUE_TOPIC);
    if (before && after) {
      noteChange({
        objectType: "story",
        objectId: story.id,
        before: storySnapshot(before),
        after: storySnapshot(after),
      });
    }
    // The presets' story counts.
    if (changesDraft) deps.changes.changed(STAT_PRESETS_TOPIC);
  });
  if (coverKey !== undefined && story.coverKey && story.coverKey !== coverKey) {
    await deps.media.storage.remove(story.coverKey);
  }
}

export async function uploadSceneImage(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof uploadSceneImageInput>,
): Promise<{ url: string }> {
  await loadStory(deps.db, input.storyId);
  const key = await storeImage(
    deps,
    user,
    input.uploadId,
    `${STORY_IMAGES_AREA}/${input.storyId}`,
    "",
    SCENE_IMAGE_EDGE,
  );
  return { url: `/media/${key}` };
}

/** The first few problems, for a refusal's message. */
function describeErrors(messages: string[]): string {
  const shown = messages.slice(0, 3).join("; ");
  const more = messages.length - 3;
  return more > 0 ? `${shown}; and ${more} more` : shown;
}

export async function publishStory(
  deps: ServiceDeps,
  user: SessionUser,
  storyId: string,
): Promise<{ versionNumber: number }> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    // Locked, so two publications of one story queue and number their versions one after another.
    const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!story) throw new AppError("NOT_FOUND", "No such story.");
    const { document } = await draftDocument(tx, story);
    const issues = validateStory(document);
    if (hasErrors(issues)) {
      const errors = issues.filter((issue) => issue.severity === "error").map((issue) => issue.message);
      throw new AppError("BAD_REQUEST", `Fix these before publishing: ${describeErrors(errors)}.`);
    }
    const scenes = publishScenes(document);
    const number = (story.versionNumber ?? 0) + 1;
    const versionValues = {
      storyId,
      number,
      title: story.title,
      startSceneId: document.startSceneId as string,
      stats: document.stats,
      sceneCount: scenes.length,
      endings: scenes.flatMap((row) => (row.scene.ending ? [row.scene.ending.name] : [])),
      estimatedMinutes: estimateMinutes(document),
      hasPremiumChoices: scenes.some((row) => row.scene.choices.some((choice) => choice.priceCoins > 0)),
      publishedBy: user.id,
    };
    const [version] = await tx
      .insert(storyVersions)
      .values(versionValues)
      .returning({ id: storyVersions.id });
    if (!version) throw new AppError("CONFLICT", "The version could not be saved.");
    noteChange({ objectType: "story-version", objectId: version.id, before: null, after: versionValues });
    for (const part of chunks(scenes)) {
      await tx.insert(storyVersionScenes).values(part.map((row) => ({ versionId: version.id, ...row })));
    }
    const [published] = await tx
      .update(stories)
      .set({
        versionId: version.id,
        versionNumber: number,
        status: story.status === "archived" ? "archived" : "published",
        publishedAt: sql`now()`,
        hasUnpublishedChanges: false,
      })
      .where(eq(stories.id, storyId))
      .returning();
    deps.changes.changed(storyTopic(storyId), STORIES_ADMIN_TOPIC, STORIES_CATALOGUE_TOPIC);
    const after = published ? storySnapshot(published) : null;
    noteChange({ objectType: "story", objectId: storyId, before: storySnapshot(story), after });
    return { versionNumber: number };
  });
}

async function setStatus(
  deps: ServiceDeps,
  storyId: string,
  status: (story: StoryRow) => StoryRow["status"],
) {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [story] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!story) throw new AppError("NOT_FOUND", "No such story.");
    const [updated] = await tx
      .update(stories)
      .set({ status: status(story) })
      .where(eq(stories.id, storyId))
      .returning();
    deps.changes.changed(storyTopic(storyId), STORIES_ADMIN_TOPIC, STORIES_CATALOGUE_TOPIC);
    const after = updated ? storySnapshot(updated) : null;
    noteChange({ objectType: "story", objectId: storyId, before: storySnapshot(story), after });
  });
}

/** Takes the story off the catalogue (readers mid-story lose it too); restoreStory brings it back. */
export async function archiveStory(deps: ServiceDeps, storyId: string): Promise<void> {
  await setStatus(deps, storyId, (story) => {
    if (story.status === "archived") throw new AppError("CONFLICT", "This story is archived already.");
    return "archived";
  });
}

export async function restoreStory(deps: ServiceDeps, storyId: string): Promise<void> {
  await setStatus(deps, storyId, (story) => {
    if (story.status !== "archived")
      throw new AppError("CONFLICT", "Only an archived story can be restored.");
    return story.versionId ? "published" : "draft";
  });
}

export async function deleteStory(deps: ServiceDeps, storyId: string): Promise<void> {
  const story = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(stories).where(eq(stories.id, storyId)).for("update");
    if (!row) throw new AppError("NOT_FOUND", "No such story.");
    if (row.versionId) {
      throw new AppError(
        "CONFLICT",
        "A story that has been published cannot be deleted; archive it instead.",
      );
    }
    await tx.delete(stories).where(eq(stories.id, storyId));
    deps.changes.changed(storyTopic(storyId), STORIES_ADMIN_TOPIC);
    noteChange({ objectType: "story", objectId: storyId, before: storySnapshot(row), after: null });
    if (row.statPresetId) deps.changes.changed(STAT_PRESETS_TOPIC);
    return row;
  });
  await deps.media.storage.remove(`${STORY_IMAGES_AREA}/${story.id}`);
  await deps.media.storage.remove(`${STORY_COVERS_AREA}/${story.id}`);
}
