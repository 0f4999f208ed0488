// A reader playing a story. The current play is the autosave, one per reader and story, read the
// same from every device: reading it, starting it (over) at the start scene, and moving it to the
// story's newest version. Choices move it (story-choices.service.ts); save slots keep and restore
// it (story-saves.service.ts).
import type { PlaySave, PlayView } from "@litverse/shared/stories";
import { STORY_SAVE_SLOTS } from "@litverse/shared/stories/story-model";
import { and, eq, sql } from "drizzle-orm";
import { markActiveIn, reachMilestone } from "../../core/activity.ts";
import type { Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { isAdminViewer, viewerAge } from "../content/index.ts";
import {
  stories,
  storyChoicePurchases,
  storyEndingsFound,
  storyPlays,
  storyReaders,
  storySaves,
  storySceneVisits,
  storyVersionScenes,
  storyVersions,
} from "./schema.ts";
import {
  readableStory,
  refuseHiddenStory,
  type StoryRow,
  storyShownTo,
  type VersionRow,
} from "./story-access.ts";
import {
  applyStoryEffects,
  carryValues,
  playChoices,
  type StatValues,
  startValues,
  visibleStats,
} from "./story-engine.ts";
import {
  announcePlay,
  lockReader,
  requireCurrentPlay,
  requireScene,
  STALE_SCENE,
  sceneOf,
  versionById,
} from "./story-play-rows.ts";
import { STORIES_ADMIN_TOPIC, storyReaderTopic, storyTopic } from "./topics.ts";

/**
 * The reader arrives at a scene: it becomes their latest point, it is marked reached (the first
 * time counts), and at an ending the ending is found. One statement.
 */
async function arrive(
  tx: Transaction,
  storyId: string,
  userId: string,
  sceneId: string,
  ending: string | null,
) {
  await tx.execute(sql`
    with latest as (
      update ${storyReaders}
      set last_scene_id = ${sceneId}, updated_at = now(),
          finished_at = case when ${ending}::text is null then finished_at else coalesce(finished_at, now()) end
      where story_id = ${storyId} and user_id = ${userId}
    ), found as (
      insert into ${storyEndingsFound} (user_id, story_id, name)
      select ${userId}, ${storyId}, ${ending}::text where ${ending}::text is not null
      on conflict do nothing
    )
    insert into ${storySceneVisits} (story_id, scene_id, user_id) values (${storyId}, ${sceneId}, ${userId})
    on conflict do nothing`);
}

export async function getPlay(deps: ServiceDeps, viewer: Viewer, storyId: string): Promise<PlayView | null> {
  const { db } = deps;
  track(storyReaderTopic(storyId, viewer.id));
  track(storyTopic(storyId));
  // Everything the screen shows, in one query: the story, its newest version, the reader's play,
  // the scene it stands in, their paid choices, endings found and saves.
  const mine = (alias: string) =>
    sql`${sql.raw(alias)}.user_id = ${viewer.id} and ${sql.raw(alias)}.story_id = "stories"."id"`;
  const [row] = await db
    .select({
      story: stories,
      isShown: storyShownTo(viewer),
      newest: storyVersions,
      play: storyPlays,
      scene: storyVersionScenes.scene,
      paid: sql<string[]>`(select coalesce(json_agg(pc.choice_id), '[]'::json)
        from ${storyChoicePurchases} pc where ${mine("pc")})`,
      endingsFound: sql<
        string[]
      >`(select coalesce(json_agg(ef.name order by ef.created_at, ef.name), '[]'::json)
        from ${storyEndingsFound} ef where ${mine("ef")})`,
      saves: sql<
        Array<{ slot: number; savedAt: string; excerpt: string }>
      >`(select coalesce(json_agg(json_build_object(
          'slot', ss.slot,
          'savedAt', to_char(ss.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'excerpt', ss.excerpt)), '[]'::json)
        from ${storySaves} ss where ${mine("ss")})`,
      isSceneInNewest: sql<boolean>`exists (select 1 from ${storyVersionScenes} nv
        where nv.version_id = "stories"."version_id" and nv.scene_id = "story_plays"."scene_id")`,
    })
    .from(stories)
    .innerJoin(storyVersions, eq(storyVersions.id, stories.versionId))
    .leftJoin(
      storyPlays,
      and(
        eq(storyPlays.storyId, stories.id),
        eq(storyPlays.userId, viewer.id),
        eq(storyPlays.isCurrent, true),
      ),
    )
    .leftJoin(
      storyVersionScenes,
      and(
        eq(storyVersionScenes.versionId, storyPlays.versionId),
        eq(storyVersionScenes.sceneId, storyPlays.sceneId),
      ),
    )
    .where(eq(stories.id, storyId));
  if (row?.story.status !== "published") throw new AppError("NOT_FOUND", "No such story.");
  refuseHiddenStory(viewer, row.isShown);
  if (!isAdminViewer(viewer) && row.story.ageRating > viewerAge(viewer)) {
    throw new AppError("FORBIDDEN", `This story is rated ${row.story.ageRating}+.`);
  }
  const { newest, play, scene, endingsFound } = row;
  if (!play) return null;
  if (!scene) throw new AppError("NOT_FOUND", "That scene is not in this version of the story.");
  const version = await versionById(db, play.versionId);
  const saves = Array.from({ length: STORY_SAVE_SLOTS }, (_, index) => {
    const save = row.saves.find((candidate) => candidate.slot === index + 1);
    return save ? { ...save, slot: save.slot as PlaySave["slot"] } : null;
  });
  const paid = new Set(row.paid);
  return {
    playId: play.id,
    versionNumber: version.number,
    scene: { id: play.sceneId, text: scene.text, image: scene.image, ending: scene.ending },
    choices: playChoices(scene, play.values, version.stats, paid),
    stats: visibleStats(version.stats, play.values),
    endingsFound,
    endingCount: version.endings.length,
    saves,
    autosavedAt: play.updatedAt.toISOString(),
    newerVersion:
      newest.number > version.number
        ? { versionNumber: newest.number, sceneExists: row.isSceneInNewest }
        : null,
    lastChoice:
      play.lastChoiceLabel !== null
        ? { label: play.lastChoiceLabel, sharePercent: play.lastSharePercent }
        : null,
  };
}

/** Replaces the reader's current play (if any) with a new one at `sceneId`. */
async function beginPlay(
  tx: Transaction,
  story: StoryRow,
  userId: string,
  version: Pick<VersionRow, "id">,
  sceneId: string,
  values: StatValues,
  ending: string | null,
): Promise<string> {
  await lockReader(tx, story.id, userId, sceneId);
  await tx
    .update(storyPlays)
    .set({ isCurrent: false })
    .where(
      and(eq(storyPlays.userId, userId), eq(storyPlays.storyId, story.id), eq(storyPlays.isCurrent, true)),
    );
  const [play] = await tx
    .insert(storyPlays)
    .values({
      storyId: story.id,
      userId,
      versionId: version.id,
      sceneId,
      values,
      ...(ending !== null ? { finishedAt: sql`now()` as unknown as Date } : {}),
    })
    .returning({ id: storyPlays.id });
  if (!play) throw new AppError("CONFLICT", "The play could not be started.");
  return play.id;
}

export async function startPlay(
  deps: ServiceDeps,
  viewer: Viewer,
  storyId: string,
): Promise<{ playId: string }> {
  const { story, version } = await readableStory(deps.db, viewer, storyId);
  const start = await requireScene(deps.db, version.id, version.startSceneId);
  const values = applyStoryEffects(start.effects, startValues(version.stats), version.stats);
  const ending = start.ending?.name ?? null;
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const playId = await beginPlay(tx, story, viewer.id, version, version.startSceneId, values, ending);
    await arrive(tx, story.id, viewer.id, version.startSceneId, ending);
    await reachMilestone(tx, viewer.id, "storyStarted");
    if (ending !== null) await reachMilestone(tx, viewer.id, "storyFinished");
    await markActiveIn(deps.changes, tx, viewer.id, "type:story");
    announcePlay(deps, story.id, viewer.id, true);
    deps.changes.changed(STORIES_ADMIN_TOPIC);
    return { playId };
  });
}

export async function switchToNewestVersion(
  deps: ServiceDeps,
  viewer: Viewer,
  storyId: string,
): Promise<{ versionNumber: number }> {
  const { story, version: newest } = await readableStory(deps.db, viewer, storyId);
  const play = await requireCurrentPlay(deps.db, viewer.id, storyId);
  if (play.versionId === newest.id)
    throw new AppError("BAD_REQUEST", "You are playing the newest version already.");
  const scene = await sceneOf(deps.db, newest.id, play.sceneId);
  if (!scene) {
    throw new AppError("CONFLICT", "Your scene is not in the new version. Restart the story to play it.");
  }
  const values = carryValues(play.values, newest.stats);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [moved] = await tx
      .update(storyPlays)
      .set({ versionId: newest.id, values })
      .where(
        and(eq(storyPlays.id, play.id), eq(storyPlays.sceneId, play.sceneId), eq(storyPlays.isCurrent, true)),
      )
      .returning({ id: storyPlays.id });
    if (!moved) throw new AppError("CONFLICT", STALE_SCENE);
    announcePlay(deps, story.id, viewer.id, false);
  });
  return { versionNumber: newest.number };
}
