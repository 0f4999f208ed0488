// The end of a league week: each group ranked, people moved up or down a tier, the top three paid.
// Every process runs it; groups close in batches, each batch in its own transaction with its
// groups' rows locked, so a second run, one after a crash midway, or one beside another process
// only does the groups still open.
import { LEAGUE_PRIZE_RANKS, leagueRankRuleKey } from "@litverse/shared/rewards";
import { and, asc, eq, inArray, isNull, lte, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { grantRewardCoinsMany, type RewardCredit } from "./grants.ts";
import { groupResults, leagueWeekOf, shiftWeek, weekEndInstant } from "./league-rules.ts";
import { scoresOfGroups } from "./leagues.ts";
import { amountOf, loadRules } from "./rules.ts";
import { leagueGroups, leagueResults, leagueWeeks } from "./schema.ts";
import { leagueGroupTopic, rewardsTopic } from "./topics.ts";

/**
 * A week closes this long after it ends: XP stamped just before the end may belong to a
 * transaction still committing.
 */
export const LEAGUE_CLOSE_GRACE_MS = 5 * 60_000;

/**
 * Groups closed in one transaction: a statement per step for the whole batch instead of one per
 * group and prize, while a batch's rows (1,500 results, 150 prizes) stay far inside a statement's
 * parameter limit and a crash loses little work.
 */
const GROUPS_PER_BATCH = 50;

/** Batches closed at once, each in its own transaction and connection. */
const CLOSE_WORKERS = 4;

export interface WeekCloseSummary {
  weekStart: string;
  groupsClosed: number;
  /** Groups found closed already (by an earlier run or another process). */
  groupsSkipped: number;
}

/** Closes every group of a finished week still open, then marks the week closed. */
export async function closeLeagueWeek(
  deps: ServiceDeps,
  weekStart: string,
  now = new Date(),
): Promise<WeekCloseSummary> {
  if (weekEndInstant(weekStart).getTime() + LEAGUE_CLOSE_GRACE_MS > now.getTime()) {
    throw new Error(`The league week of ${weekStart} has not finished yet.`);
  }
  const open = await deps.db
    .select({ id: leagueGroups.id })
    .from(leagueGroups)
    .where(and(eq(leagueGroups.weekStart, weekStart), isNull(leagueGroups.closedAt)))
    .orderBy(asc(leagueGroups.tier), asc(leagueGroups.number));
  const batches: string[][] = [];
  for (let start = 0; start < open.length; start += GROUPS_PER_BATCH) {
    batches.push(open.slice(start, start + GROUPS_PER_BATCH).map((group) => group.id));
  }
  const summary: WeekCloseSummary = { weekStart, groupsClosed: 0, groupsSkipped: 0 };
  // Batches are independent: on PostgreSQL a few close side by side (PGlite runs them in turn).
  let next = 0;
  const worker = async () => {
    while (next < batches.length) {
      const batch = batches[next++] as string[];
      const closed = await closeLeagueGroups(deps, batch, now);
      summary.groupsClosed += closed;
      summary.groupsSkipped += batch.length - closed;
    }
  };
  await Promise.all(Array.from({ length: CLOSE_WORKERS }, worker));
  await deps.db
    .update(leagueWeeks)
    .set({ closedAt: now })
    .where(
      and(
        eq(leagueWeeks.weekStart, weekStart),
        isNull(leagueWeeks.closedAt),
        sql`not exists (select 1 from ${leagueGroups} where ${leagueGroups.weekStart} = ${weekStart} and ${leagueGroups.closedAt} is null)`,
      ),
    );
  return summary;
}

/** Ranks one group and writes its results and prizes, all or nothing. False when it was closed already. */
export async function closeLeagueGroup(
  deps: ServiceDeps,
  groupId: string,
  now = new Date(),
): Promise<boolean> {
  return (await closeLeagueGroups(deps, [groupId], now)) === 1;
}

/**
 * Ranks these groups and writes their results and prizes, all or nothing, and returns how many it
 * closed. Those closed already are left alone: their locked rows say so, whoever closed them. The
 * prizes are paid set-based (`grantRewardCoinsMany`), once per person and week
 * (`reward:league:<week>`) whatever else happened before.
 */
export async function closeLeagueGroups(
  deps: ServiceDeps,
  groupIds: readonly string[],
  now = new Date(),
): Promise<number> {
  if (groupIds.length === 0) return 0;
  const rules = await loadRules(deps);
  return deps.changes.inTransaction(deps.db, async (tx) => {
    // Locked in id order, so two closers with overlapping batches queue instead of deadlocking; a
    // row another closer has just closed no longer matches once its lock is released.
    const groups = await tx
      .select()
      .from(leagueGroups)
      .where(and(inArray(leagueGroups.id, [...groupIds]), isNull(leagueGroups.closedAt)))
      .orderBy(asc(leagueGroups.id))
      .for("update");
    if (groups.length === 0) return 0;
    const rows: (typeof leagueResults.$inferInsert)[] = [];
    const prizes: { row: (typeof rows)[number]; credit: RewardCredit }[] = [];
    for (const weekStart of new Set(groups.map((group) => group.weekStart))) {
      const inWeek = groups.filter((group) => group.weekStart === weekStart);
      const scores = await scoresOfGroups(
        tx,
        inWeek.map((group) => group.id),
        weekStart,
      );
      for (const group of inWeek) {
        for (const result of groupResults(group.tier, scores.get(group.id) ?? [], LEAGUE_PRIZE_RANKS)) {
          const row: (typeof rows)[number] = {
            userId: result.userId,
            weekStart,
            groupId: group.id,
            tier: group.tier,
            rank: result.rank,
            xp: result.xp,
            outcome: result.outcome,
            nextTier: result.nextTier,
            coins: 0,
            grantId: null,
          };
          rows.push(row);
          if (!result.prizeRank) continue;
          prizes.push({
            row,
            credit: {
              userId: result.userId,
              ruleKey: leagueRankRuleKey(result.prizeRank),
              // One league prize per person and week, whatever the rank.
              family: "league",
              period: weekStart,
              coins: amountOf(rules, leagueRankRuleKey(result.prizeRank)),
              memo: `League week of ${weekStart}: rank ${result.rank}`,
              grantedAt: now,
            },
          });
        }
      }
    }
    const grantIds = await grantRewardCoinsMany(
      deps,
      tx,
      prizes.map((prize) => prize.credit),
    );
    for (const [index, { row, credit }] of prizes.entries()) {
      const grantId = grantIds[index] ?? null;
      row.grantId = grantId;
      row.coins = grantId ? credit.coins : 0;
    }
    if (rows.length > 0) await tx.insert(leagueResults).values(rows).onConflictDoNothing();
    await tx
      .update(leagueGroups)
      .set({ closedAt: now })
      .where(
        inArray(
          leagueGroups.id,
          groups.map((group) => group.id),
        ),
      );
    deps.changes.changed(
      ...rows.map((row) => rewardsTopic(row.userId)),
      ...groups.map((group) => leagueGroupTopic(group.id)),
    );
    return groups.length;
  });
}

/** Closes every week that finished (with its grace) and is not closed yet, oldest first. */
export async function closeFinishedLeagueWeeks(
  deps: ServiceDeps,
  now = new Date(),
): Promise<WeekCloseSummary[]> {
  // The last week whose end plus the grace has passed.
  const lastFinished = shiftWeek(leagueWeekOf(new Date(now.getTime() - LEAGUE_CLOSE_GRACE_MS)), -1);
  const weeks = await deps.db
    .select({ weekStart: leagueWeeks.weekStart })
    .from(leagueWeeks)
    .where(and(isNull(leagueWeeks.closedAt), lte(leagueWeeks.weekStart, lastFinished)))
    .orderBy(asc(leagueWeeks.weekStart));
  const summaries: WeekCloseSummary[] = [];
  for (const week of weeks) summaries.push(await closeLeagueWeek(deps, week.weekStart, now));
  return summaries;
}
