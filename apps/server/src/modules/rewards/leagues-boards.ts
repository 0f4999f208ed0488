// What people see of the leagues: their own group this week, the all-time board and their friends'
// board; and leaving the boards. Opted-out people and people on either side of a block with the
// viewer are left out of every list, as in the rest of the people pages; the ranks of the others
// stay what they are, so zones and prizes read true.
import {
  ALL_TIME_BOARD_SIZE,
  type AllTimeBoard,
  type FriendsBoard,
  type LeagueLastResult,
  type MyLeague,
} from "@litverse/shared/rewards";
import type { setLeaderboardOptOutInput } from "@litverse/shared/rewards-inputs";
import { desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { friendIdsOf, relationshipsTopic } from "../friends/index.ts";
import { peopleByIds } from "../profiles/index.ts";
import { profiles } from "../profiles/schema.ts";
import {
  leagueWeekOf,
  rankScores,
  weekEndInstant,
  weekStartInstant,
  zoneOf,
  zoneSizes,
} from "./league-rules.ts";
import { groupScores, joinLeague, membershipOf, tierFor, weekXpOf } from "./leagues.ts";
import { leagueResults } from "./schema.ts";
import { LEADERBOARD_VISIBILITY_TOPIC, leagueGroupTopic, rewardsTopic } from "./topics.ts";

/** Of these people, the ones the viewer does not see on boards: opted out, or blocked either way. */
async function hiddenAmong(db: Executor, viewerId: string, ids: readonly string[]): Promise<Set<string>> {
  const others = ids.filter((id) => id !== viewerId);
  if (others.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select p.user_id as id from profiles p
          where p.leaderboard_opt_out and p.user_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(others)}::jsonb))
        union select blocked_id from blocks where blocker_id = ${viewerId}
        union select blocker_id from blocks where blocked_id = ${viewerId}`,
  );
  return new Set(rows.map((row) => row.id));
}

async function isOptedOut(db: Executor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ optedOut: profiles.leaderboardOptOut })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row?.optedOut ?? false;
}

async function lastResultOf(db: Executor, userId: string): Promise<LeagueLastResult | null> {
  const [row] = await db
    .select()
    .from(leagueResults)
    .where(eq(leagueResults.userId, userId))
    .orderBy(desc(leagueResults.weekStart))
    .limit(1);
  return row
    ? { weekStart: row.weekStart, tier: row.tier, rank: row.rank, outcome: row.outcome, coins: row.coins }
    : null;
}

/**
 * The caller's group this week with its standings, zones and the time left. Someone who earned XP
 * this week but has not been placed yet (the hook found their tier undecided) is placed here.
 */
export async function getMyLeague(
  deps: ServiceDeps,
  viewer: SessionUser,
  now = new Date(),
): Promise<MyLeague> {
  // A member opting out announces the group's topic, so the group alone is followed for that.
  track(rewardsTopic(viewer.id), relationshipsTopic(viewer.id));
  const { db } = deps;
  const weekStart = leagueWeekOf(now);
  const endsAt = weekEndInstant(weekStart);
  let membership = await membershipOf(db, viewer.id, weekStart);
  if (!membership && (await weekXpOf(db, viewer.id, weekStart)) > 0) {
    membership = await deps.changes.inTransaction(db, (tx) => joinLeague(deps, tx, viewer.id, weekStart));
  }
  const [lastResult, optedOut] = await Promise.all([lastResultOf(db, viewer.id), isOptedOut(db, viewer.id)]);
  const base = {
    weekStart,
    endsAt: endsAt.toISOString(),
    secondsLeft: Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)),
    lastResult,
    optedOut,
  };
  if (!membership) {
    const tier = (await tierFor(db, viewer.id, weekStart)) ?? lastResult?.tier ?? "bronze";
    return { ...base, tier, joined: false, group: null, standings: [], me: null };
  }
  track(leagueGroupTopic(membership.groupId));
  const { tier, groupId } = membership;
  const ranked = rankScores(await groupScores(db, groupId, weekStart));
  const size = ranked.length;
  const hidden = await hiddenAmong(
    db,
    viewer.id,
    ranked.map((score) => score.userId),
  );
  const visible = ranked.filter((score) => !hidden.has(score.userId));
  const people = await peopleByIds(
    db,
    visible.map((score) => score.userId),
  );
  const mine = ranked.find((score) => score.userId === viewer.id);
  const { promoted, demoted } = zoneSizes(tier, size);
  return {
    ...base,
    tier,
    joined: true,
    group: { id: groupId, memberCount: size, promotedCount: promoted, demotedCount: demoted },
    standings: visible.flatMap((score) => {
      const person = people.get(score.userId);
      if (!person) return [];
      return [
        {
          rank: score.rank,
          person,
          xp: score.xp,
          isMe: score.userId === viewer.id,
          zone: zoneOf(tier, size, score.rank),
        },
      ];
    }),
    me: mine ? { rank: mine.rank, xp: mine.xp, zone: zoneOf(tier, size, mine.rank) } : null,
  };
}

/** The xp_totals row `t` is not of someone who left the boards. */
const ON_BOARDS = sql`not exists (select 1 from profiles p where p.user_id = t.user_id and p.leaderboard_opt_out)`;

/**
 * Everyone's XP of all time: the top and the caller's own rank, from the running totals (their
 * index's first rows, and the counts per total for a rank further down). Not live (it would re-run
 * on every XP anyone earns); it follows only who opts out.
 */
export async function getAllTimeBoard(deps: ServiceDeps, viewer: SessionUser): Promise<AllTimeBoard> {
  track(LEADERBOARD_VISIBILITY_TOPIC, relationshipsTopic(viewer.id));
  const { db } = deps;
  const leaders = await queryRows<{ user_id: string; xp: number }>(
    db,
    sql`select t.user_id, t.xp from xp_totals t
        where t.xp > 0 and ${ON_BOARDS}
        order by t.xp desc nulls last, t.last_xp_at, t.user_id
        limit ${ALL_TIME_BOARD_SIZE}`,
  );
  const rows = leaders.map((row, index) => ({ userId: row.user_id, xp: Number(row.xp), rank: index + 1 }));
  let mine = rows.find((row) => row.userId === viewer.id);
  if (!mine) {
    // Below the top: one more than the people before them, less the opted-out among those (few,
    // found by their index). Those with more XP are summed from the count of people at each total
    // (a count of the people themselves would read up to all of them); those tied are a range of
    // the board's index.
    const [row] = await queryRows<{ xp: number; rank: number }>(
      db,
      sql`select t.xp,
            1 + (select coalesce(sum(c.people), 0) from xp_total_counts c where c.xp > t.xp)
              + (select count(*) from xp_totals a
                 where a.xp = t.xp and (a.last_xp_at, a.user_id) < (t.last_xp_at, t.user_id))
              - (select count(*) from profiles p join xp_totals a on a.user_id = p.user_id
                 where p.leaderboard_opt_out and (a.xp > t.xp
                   or (a.xp = t.xp and (a.last_xp_at, a.user_id) < (t.last_xp_at, t.user_id)))) as rank
          from xp_totals t
          where t.user_id = ${viewer.id} and t.xp > 0 and ${ON_BOARDS}`,
    );
    if (row) mine = { userId: viewer.id, xp: Number(row.xp), rank: Number(row.rank) };
  }
  const hidden = await hiddenAmong(
    db,
    viewer.id,
    rows.map((row) => row.userId),
  );
  const top = rows.filter((row) => !hidden.has(row.userId));
  const people = await peopleByIds(
    db,
    top.map((row) => row.userId),
  );
  return {
    entries: top.flatMap((row) => {
      const person = people.get(row.userId);
      return person ? [{ rank: row.rank, person, xp: row.xp, isMe: row.userId === viewer.id }] : [];
    }),
    me: mine ? { rank: mine.rank, xp: mine.xp } : null,
  };
}

/** The caller and their friends (opted-out friends left out): this week's XP and all time. Live. */
export async function getFriendsBoard(
  deps: ServiceDeps,
  viewer: SessionUser,
  now = new Date(),
): Promise<FriendsBoard> {
  track(LEADERBOARD_VISIBILITY_TOPIC, relationshipsTopic(viewer.id));
  const { db } = deps;
  const weekStart = leagueWeekOf(now);
  const rows = await queryRows<{
    user_id: string;
    week_xp: number;
    all_time_xp: number;
    last_xp_at: string | null;
  }>(
    db,
    sql`with board as (
          select ${viewer.id}::uuid as user_id
          union select id from ${friendIdsOf(viewer.id)} as f(id)
        )
        select b.user_id, coalesce(w.xp, 0)::int as week_xp, coalesce(t.xp, 0)::int as all_time_xp, w.last_xp_at
        from board b
        left join xp_totals t on t.user_id = b.user_id
        left join lateral (
          select sum(e.amount) as xp, max(e.occurred_at) filter (where e.amount > 0) as last_xp_at
          from xp_events e
          where e.user_id = b.user_id
            and e.occurred_at >= ${weekStartInstant(weekStart).toISOString()}::timestamptz
            and e.occurred_at < ${weekEndInstant(weekStart).toISOString()}::timestamptz
        ) w on true`,
  );
  const hidden = await hiddenAmong(
    db,
    viewer.id,
    rows.map((row) => row.user_id),
  );
  const shown = rows.filter((row) => !hidden.has(row.user_id));
  // Each friend's XP moves their row: few people, so following each is cheap.
  track(...shown.map((row) => rewardsTopic(row.user_id)));
  const ranked = rankScores(
    shown.map((row) => ({
      userId: row.user_id,
      xp: Number(row.week_xp),
      lastXpAt: row.last_xp_at ? new Date(row.last_xp_at) : null,
    })),
  );
  const allTime = new Map(shown.map((row) => [row.user_id, Number(row.all_time_xp)]));
  const people = await peopleByIds(
    db,
    ranked.map((score) => score.userId),
  );
  return {
    weekStart,
    entries: ranked.flatMap((score) => {
      const person = people.get(score.userId);
      if (!person) return [];
      return [
        {
          person,
          weekXp: score.xp,
          allTimeXp: allTime.get(score.userId) ?? 0,
          rank: score.rank,
          isMe: score.userId === viewer.id,
        },
      ];
    }),
  };
}

/** Leaves or rejoins the boards. XP and leagues go on as before; only what others see changes. */
export async function setLeaderboardOptOut(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof setLeaderboardOptOutInput>,
  now = new Date(),
): Promise<{ optedOut: boolean }> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: viewer.id, leaderboardOptOut: input.optedOut })
      .onConflictDoUpdate({
        target: profiles.userId,
        set: { leaderboardOptOut: input.optedOut, updatedAt: now },
      });
    const membership = await membershipOf(tx, viewer.id, leagueWeekOf(now));
    deps.changes.changed(
      LEADERBOARD_VISIBILITY_TOPIC,
      rewardsTopic(viewer.id),
      ...(membership ? [leagueGroupTopic(membership.groupId)] : []),
    );
  });
  return { optedOut: input.optedOut };
}
