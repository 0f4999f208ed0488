// A reader's choices in a story. A choice reads the one published scene it is made in (versions
// are immutable, and each choice carries what arriving at its target does), then moves the play in
// a single compare-and-set on the scene it was made in: two clicks at once move it once, and a paid
// choice is paid in the same transaction, so the coins and the move commit together or not at all.
//
// Figures kept on the way: the scenes each reader reached (once each), each reader's first pick
// at each scene with a running tally per choice ("X% of readers chose this"), their latest point
// and whether they ever reached an ending (the funnel's drop-off), and the endings they found.
import { CHOICE_SHARE_MIN_READERS } from "@litverse/shared/stories/story-model";
import type { chooseChoiceInput } from "@litverse/shared/stories-inputs";
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { markActiveIn, reachMilestone } from "../../core/activity.ts";
import { type Executor, queryRows, type Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { spendCoins } from "../coins/index.ts";
import { isAdminViewer, viewerAge } from "../content/index.ts";
import {
  type PublishedChoice,
  stories,
  storyChoicePicks,
  storyChoicePurchases,
  storyChoiceTallies,
  storyEndingsFound,
  storyPlays,
  storyReaders,
  storySceneVisits,
  storyVersionScenes,
} from "./schema.ts";
import { readableStory, refuseHiddenStory, type StoryRow, storyShownTo } from "./story-access.ts";
import { applyStoryEffects, conditionHolds, lockReason, type StatValues } from "./story-engine.ts";
import { announcePlay, currentPlay, type PlayRow, STALE_SCENE, versionById } from "./story-play-rows.ts";

async function paidChoiceIds(db: Executor, userId: string, storyId: string): Promise<Set<string>> {
  const rows = await db
    .select({ choiceId: storyChoicePurchases.choiceId })
    .from(storyChoicePurchases)
    .where(and(eq(storyChoicePurchases.userId, userId), eq(storyChoicePurchases.storyId, storyId)));
  return new Set(rows.map((row) => row.choiceId));
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
    .select({
      play: storyPlays,
      story: stories,
      isShown: storyShownTo(viewer),
      scene: storyVersionScenes.scene,
    })
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
  refuseHiddenStory(viewer, row.isShown);
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
    await countStoryStep(deps, viewer.id, choice.arrival.ending !== null);
    return { sceneId: choice.target };
  } catch (error) {
    if (!(error instanceof PlayMoved)) throw error;
    const now = await currentPlay(db, viewer.id, story.id);
    if (now && now.id === play.id && isRepeat(now)) return { sceneId: now.sceneId };
    throw new AppError("CONFLICT", STALE_SCENE);
  }
}

/** What analytics follows of playing: who played a story today, and each person's first finished story. */
async function countStoryStep(deps: ServiceDeps, userId: string, isEnding: boolean): Promise<void> {
  await markActiveIn(deps.changes, deps.db, userId, "type:story");
  if (isEnding) await reachMilestone(deps.db, userId, "storyFinished");
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
