// A reader playing a story. The current play is the autosave, one per reader and story, read the
// same from every device. A choice reads the one published scene it is made in (versions are
// immutable, and each choice carries what arriving at its target does), then moves the play in a
// single compare-and-set on the scene it was made in: two clicks at once move it once, and a paid
// choice is paid in the same transaction, so the coins and the move commit together or not at all.
//
// Figures kept on the way: the scenes each reader reached (once each), each reader's first pick
// at each scene with a running tally per choice ("X% of readers chose this"), their latest point
// and whether they ever reached an ending (the funnel's drop-off), and the endings they found.

import type { PlaySave, PlayView } from "@litverse/shared/stories";
import { CHOICE_SHARE_MIN_READERS, STORY_SAVE_SLOTS } from "@litverse/shared/stories/story-model";
import type { chooseChoiceInput, storySlotInput } from "@litverse/shared/stories-inputs";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Executor, queryRows, type Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { spendCoins } from "../coins/index.ts";
import { isAdminViewer, viewerAge } from "../content/index.ts";
import {
  type PublishedChoice,
  type PublishedScene,
  stories,
  storyChoicePicks,
  storyChoicePurchases,
  storyChoiceTallies,
  storyEndingsFound,
  storyPlays,
  storyReaders,
  storySaves,
  storySceneVisits,
  storyVersionScenes,
  storyVersions,
} from "./schema.ts";
import { readableStory, type StoryRow, type VersionRow } from "./story-access.ts";
import {
  applyStoryEffects,
  carryValues,
  conditionHolds,
  excerptOf,
  lockReason,
  playChoices,
  type StatValues,
  startValues,
  visibleStats,
} from "./story-engine.ts";
import {
  readerStoriesTopic,
  STORIES_ACTIVITY_TOPIC,
  STORIES_ADMIN_TOPIC,
  storyActivityTopic,
  storyReaderTopic,
  storyTopic,
} from "./topics.ts";

type PlayRow = typeof storyPlays.$inferSelect;

const STALE_SCENE = "The story has moved on.";

// Versions never change once published, so each process keeps the ones it has read.
const versionCache = new Map<string, VersionRow>();
const VERSION_CACHE_SIZE = 500;

async function versionById(db: Executor, versionId: string): Promise<VersionRow> {
  const cached = versionCache.get(versionId);
  if (cached) return cached;
  const [row] = await db.select().from(storyVersions).where(eq(storyVersions.id, versionId));
  if (!row) throw new AppError("NOT_FOUND", "That version of the story is gone.");
  if (versionCache.size >= VERSION_CACHE_SIZE)
    versionCache.delete(versionCache.keys().next().value as string);
  versionCache.set(versionId, row);
  return row;
}

async function sceneOf(db: Executor, versionId: string, sceneId: string): Promise<PublishedScene | null> {
  const [row] = await db
    .select({ scene: storyVersionScenes.scene })
    .from(storyVersionScenes)
    .where(and(eq(storyVersionScenes.versionId, versionId), eq(storyVersionScenes.sceneId, sceneId)));
  return row?.scene ?? null;
}

async function requireScene(db: Executor, versionId: string, sceneId: string): Promise<PublishedScene> {
  const scene = await sceneOf(db, versionId, sceneId);
  if (!scene) throw new AppError("NOT_FOUND", "That scene is not in this version of the story.");
  return scene;
}

async function currentPlay(db: Executor, userId: string, storyId: string): Promise<PlayRow | null> {
  const [row] = await db
    .select()
    .from(storyPlays)
    .where(
      and(eq(storyPlays.userId, userId), eq(storyPlays.storyId, storyId), eq(storyPlays.isCurrent, true)),
    );
  return row ?? null;
}

async function requireCurrentPlay(db: Executor, userId: string, storyId: string): Promise<PlayRow> {
  const play = await currentPlay(db, userId, storyId);
  if (!play) throw new AppError("NOT_FOUND", "Start the story first.");
  return play;
}

async function paidChoiceIds(db: Executor, userId: string, storyId: string): Promise<Set<string>> {
  const rows = await db
    .select({ choiceId: storyChoicePurchases.choiceId })
    .from(storyChoicePurchases)
    .where(and(eq(storyChoicePurchases.userId, userId), eq(storyChoicePurchases.storyId, storyId)));
  return new Set(rows.map((row) => row.choiceId));
}

export async function endingsFoundBy(db: Executor, userId: string, storyId: string): Promise<string[]> {
  const rows = await db
    .select({ name: storyEndingsFound.name })
    .from(storyEndingsFound)
    .where(and(eq(storyEndingsFound.userId, userId), eq(storyEndingsFound.storyId, storyId)))
    .orderBy(asc(storyEndingsFound.createdAt), asc(storyEndingsFound.name));
  return rows.map((row) => row.name);
}

/** What every change to a reader's play announces. */
function announcePlay(deps: ServiceDeps, storyId: string, userId: string, isActivity: boolean): void {
  deps.changes.changed(storyReaderTopic(storyId, userId), readerStoriesTopic(userId));
  if (isActivity) deps.changes.changed(storyActivityTopic(storyId), STORIES_ACTIVITY_TOPIC);
}

/**
 * The reader's row for this story, made on first play and locked for the rest of the transaction:
 * one reader's starts, loads and switches in one story happen one after another.
 */
async function lockReader(tx: Transaction, storyId: string, userId: string, sceneId: string): Promise<void> {
  await tx
    .insert(storyReaders)
    .values({ storyId, userId, lastSceneId: sceneId })
    .onConflictDoUpdate({
      target: [storyReaders.storyId, storyReaders.userId],
      set: { lastSceneId: sceneId, updatedAt: sql`now()` },
    });
}

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
    announcePlay(deps, story.id, viewer.id, true);
    deps.changes.changed(STORIES_ADMIN_TOPIC);
    return { playId };
  });
}

/** The play did not stand where the choice was made when the transaction came to move it. */
class PlayMoved extends Error {}

function priceChanged(now: number): AppError {
  return new AppError(
    "CONFLICT",
    `The price has changed to ${now} coins. Nothing was charged; check the new price and try again.`,
  );
}

/** The play, its story and the scene it stands in, in one query: what a choice is checked against. */
async function playAt(db: Executor, viewer: Viewer, storyId: string, playId: string) {
  const [row] = await db
    .select({ play: storyPlays, story: stories, scene: storyVersionScenes.scene })
    .from(storyPlays)
    .innerJoin(stories, eq(stories.id, storyPlays.storyId))
    .leftJoin(
      storyVersionScenes,
      and(
        eq(storyVersionScenes.versionId, storyPlays.versionId),
        eq(storyVersionScenes.sceneId, storyPlays.sceneId),
      ),
    )
    .where(and(eq(storyPlays.id, playId), eq(storyPlays.userId, viewer.id), eq(storyPlays.storyId, storyId)));
  if (!row) {
    // Whether the story itself may be read decides the answer (NOT_FOUND, FORBIDDEN for age).
    await readableStory(db, viewer, storyId);
    throw new AppError("NOT_FOUND", "No such play of this story.");
  }
  if (row.story.status !== "published") throw new AppError("NOT_FOUND", "No such story.");
  if (!isAdminViewer(viewer) && row.story.ageRating > viewerAge(viewer)) {
    throw new AppError("FORBIDDEN", `This story is rated ${row.story.ageRating}+.`);
  }
  return row;
}

interface Move {
  storyId: string;
  userId: string;
  playId: string;
  fromSceneId: string;
  choice: PublishedChoice;
  values: StatValues;
}

/**
 * Moves the play in one statement, only if it still stands where the choice was made: the play
 * (with the share of readers who chose this here, counting this reader's first pick), the pick and
 * its tally, the reader's latest point, the scene reached and the ending found. A single statement
 * is atomic on its own; inside a transaction (a paid choice) it commits with the payment. Returns
 * whether the play moved.
 */
async function movePlay(db: Executor, move: Move): Promise<boolean> {
  const { storyId, userId, playId, fromSceneId, choice, values } = move;
  const ending = choice.arrival.ending;
  const [result] = await queryRows<{ moved: number }>(
    db,
    sql`
    with share as (
      select coalesce(sum(t.picks), 0) + fresh.n as total,
             coalesce(sum(t.picks) filter (where t.choice_id = ${choice.id}), 0) + fresh.n as mine
      from (select case when exists (
              select 1 from ${storyChoicePicks}
              where story_id = ${storyId} and scene_id = ${fromSceneId} and user_id = ${userId}
            ) then 0 else 1 end as n) fresh
      left join ${storyChoiceTallies} t on t.story_id = ${storyId} and t.scene_id = ${fromSceneId}
      group by fresh.n
    ), moved as (
      update ${storyPlays} set
        scene_id = ${choice.target},
        values = ${JSON.stringify(values)}::jsonb,
        last_choice_scene_id = ${fromSceneId},
        last_choice_id = ${choice.id},
        last_choice_label = ${choice.label},
        last_share_percent = (
          select case when total >= ${CHOICE_SHARE_MIN_READERS} then round(100.0 * mine / total)::smallint end
          from share),
        finished_at = case when ${ending}::text is null then finished_at else coalesce(finished_at, now()) end,
        updated_at = now()
      where id = ${playId} and scene_id = ${fromSceneId} and is_current
      returning id
    ), pick as (
      insert into ${storyChoicePicks} (story_id, scene_id, user_id, choice_id)
      select ${storyId}, ${fromSceneId}, ${userId}, ${choice.id} from moved
      on conflict do nothing
      returning choice_id
    ), tally as (
      insert into ${storyChoiceTallies} (story_id, scene_id, choice_id, picks)
      select ${storyId}, ${fromSceneId}, choice_id, 1 from pick
      on conflict (story_id, scene_id, choice_id) do update set picks = ${storyChoiceTallies}.picks + 1
    ), latest as (
      update ${storyReaders} set
        last_scene_id = ${choice.target}, updated_at = now(),
        finished_at = case when ${ending}::text is null then finished_at else coalesce(finished_at, now()) end
      where story_id = ${storyId} and user_id = ${userId} and exists (select 1 from moved)
    ), found as (
      insert into ${storyEndingsFound} (user_id, story_id, name)
      select ${userId}, ${storyId}, ${ending}::text from moved where ${ending}::text is not null
      on conflict do nothing
    ), reached as (
      insert into ${storySceneVisits} (story_id, scene_id, user_id)
      select ${storyId}, ${choice.target}, ${userId} from moved
      on conflict do nothing
    )
    select count(*)::int as moved from moved`,
  );
  return (result?.moved ?? 0) > 0;
}

export async function chooseChoice(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof chooseChoiceInput>,
): Promise<{ sceneId: string }> {
  const { db } = deps;
  const { play, story, scene } = await playAt(db, viewer, input.storyId, input.playId);
  // The same click again (a double click, a retry): the move it made is the answer.
  const isRepeat = (row: PlayRow) =>
    row.isCurrent && row.lastChoiceSceneId === input.sceneId && row.lastChoiceId === input.choiceId;
  if (!play.isCurrent || play.sceneId !== input.sceneId) {
    if (isRepeat(play)) return { sceneId: play.sceneId };
    throw new AppError("CONFLICT", STALE_SCENE);
  }
  const choice = scene?.choices.find((candidate) => candidate.id === input.choiceId);
  if (!scene || !choice || scene.ending) throw new AppError("NOT_FOUND", "That choice is not in this scene.");
  const version = await versionById(db, play.versionId);
  if (!conditionHolds(choice.condition, play.values)) {
    throw new AppError("FORBIDDEN", lockReason(choice, version.stats));
  }
  const isUnpaid = choice.priceCoins > 0 && !(await paidChoiceIds(db, viewer.id, story.id)).has(choice.id);
  if (isUnpaid) {
    if (input.expectedPriceCoins === undefined) {
      throw new AppError("BAD_REQUEST", `This choice costs ${choice.priceCoins} coins.`);
    }
    if (input.expectedPriceCoins !== choice.priceCoins) throw priceChanged(choice.priceCoins);
  }
  const move: Move = {
    storyId: story.id,
    userId: viewer.id,
    playId: play.id,
    fromSceneId: play.sceneId,
    choice,
    values: applyStoryEffects([...choice.effects, ...choice.arrival.effects], play.values, version.stats),
  };

  try {
    if (isUnpaid) {
      await deps.changes.inTransaction(db, async (tx) => {
        if (!(await movePlay(tx, move))) throw new PlayMoved();
        // After the move, so that a second click waits on the play and pays nothing.
        await payOnce(deps, tx, viewer.id, story, choice);
        announcePlay(deps, story.id, viewer.id, true);
      });
    } else {
      if (!(await movePlay(db, move))) throw new PlayMoved();
      announcePlay(deps, story.id, viewer.id, true);
    }
    return { sceneId: choice.target };
  } catch (error) {
    if (!(error instanceof PlayMoved)) throw error;
    const now = await currentPlay(db, viewer.id, story.id);
    if (now && now.id === play.id && isRepeat(now)) return { sceneId: now.sceneId };
    throw new AppError("CONFLICT", STALE_SCENE);
  }
}

/** Pays for a premium choice unless this reader already has, in this story, in any play. */
async function payOnce(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  story: StoryRow,
  choice: { id: string; label: string; priceCoins: number },
): Promise<void> {
  const [held] = await tx
    .select({ choiceId: storyChoicePurchases.choiceId })
    .from(storyChoicePurchases)
    .where(
      and(
        eq(storyChoicePurchases.userId, userId),
        eq(storyChoicePurchases.storyId, story.id),
        eq(storyChoicePurchases.choiceId, choice.id),
      ),
    );
  if (held) return;
  // The key makes the ledger itself refuse a second payment for the same choice.
  const entry = await spendCoins(deps, tx, userId, {
    amount: choice.priceCoins,
    memo: `“${story.title}”: ${choice.label}`,
    idempotencyKey: `story-choice:${story.id}:${choice.id}`,
  });
  await tx.insert(storyChoicePurchases).values({
    userId,
    storyId: story.id,
    choiceId: choice.id,
    priceCoins: choice.priceCoins,
    entryId: entry.id,
  });
}

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
