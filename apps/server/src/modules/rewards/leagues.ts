// Who is in which league group of a week, and what each member has earned in it.
import { LEAGUE_TIERS, type LeagueTier } from "@litverse/shared/rewards";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { type Executor, queryRows, type Transaction } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { isTeamPersona } from "../users/index.ts";
import {
  leagueWeekOf,
  placementIn,
  type WeekScore,
  weekEndInstant,
  weekStartInstant,
} from "./league-rules.ts";
import { leagueGroups, leagueMembers, leagueResults, leagueWeeks } from "./schema.ts";
import { leagueGroupTopic } from "./topics.ts";

export interface Membership {
  groupId: string;
  tier: LeagueTier;
}

export async function membershipOf(
  db: Executor,
  userId: string,
  weekStart: string,
): Promise<Membership | null> {
  const [row] = await db
    .select({ groupId: leagueMembers.groupId, tier: leagueMembers.tier })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.userId, userId), eq(leagueMembers.weekStart, weekStart)));
  return row ?? null;
}

/**
 * The tier a person plays a week in: where their last league left them (weeks without a league in
 * between change nothing), Bronze for a newcomer. Undecided (null) while their last league's group
 * has not closed yet, in the first minutes of a week.
 */
export async function tierFor(db: Executor, userId: string, weekStart: string): Promise<LeagueTier | null> {
  const [last] = await db
    .select({ tier: leagueMembers.tier, nextTier: leagueResults.nextTier })
    .from(leagueMembers)
    .leftJoin(
      leagueResults,
      and(
        eq(leagueResults.userId, leagueMembers.userId),
        eq(leagueResults.weekStart, leagueMembers.weekStart),
      ),
    )
    .where(and(eq(leagueMembers.userId, userId), lt(leagueMembers.weekStart, weekStart)))
    .orderBy(desc(leagueMembers.weekStart))
    .limit(1);
  if (!last) return LEAGUE_TIERS[0];
  return last.nextTier;
}

/** Enough for any number of people joining at once; each pass either joins or opens a group. */
const MAX_PLACEMENT_PASSES = 20;

/**
 * Puts the person in the week's league, in the newest group of their tier, or returns where they
 * already are. The newest group's row is locked while it is filled, so people joining at once take
 * its places one after another; one who finds it full opens the next (the unique group number makes
 * two openers agree on one). Null while the person's tier is still undecided (see `tierFor`):
 * the week's XP counts wherever it was earned, so joining a little later loses nothing.
 */
export async function joinLeague(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  weekStart: string,
): Promise<Membership | null> {
  const existing = await membershipOf(tx, userId, weekStart);
  if (existing) return existing;
  // The team's personas are not players: they never take a reader's place in a group.
  if (await isTeamPersona(tx, userId)) return null;
  const tier = await tierFor(tx, userId, weekStart);
  if (!tier) return null;
  await tx.insert(leagueWeeks).values({ weekStart }).onConflictDoNothing();
  for (let pass = 0; pass < MAX_PLACEMENT_PASSES; pass++) {
    const [newest] = await tx
      .select({ id: leagueGroups.id, number: leagueGroups.number, memberCount: leagueGroups.memberCount })
      .from(leagueGroups)
      .where(and(eq(leagueGroups.weekStart, weekStart), eq(leagueGroups.tier, tier)))
      .orderBy(desc(leagueGroups.number))
      .limit(1)
      .for("update");
    if (!newest || placementIn(newest) === "open") {
      await tx
        .insert(leagueGroups)
        .values({ weekStart, tier, number: (newest?.number ?? 0) + 1 })
        .onConflictDoNothing();
      continue;
    }
    const [joined] = await tx
      .insert(leagueMembers)
      .values({ userId, weekStart, tier, groupId: newest.id })
      .onConflictDoNothing()
      .returning({ groupId: leagueMembers.groupId });
    // Joined meanwhile by another of the person's own transactions.
    if (!joined) return membershipOf(tx, userId, weekStart);
    await tx
      .update(leagueGroups)
      .set({ memberCount: sql`${leagueGroups.memberCount} + 1` })
      .where(eq(leagueGroups.id, newest.id));
    deps.changes.changed(leagueGroupTopic(newest.id));
    return { groupId: newest.id, tier };
  }
  throw new Error("Could not find a place in a league group.");
}

/**
 * After a person earned XP, inside the same transaction: joins them to this week's league if they
 * are not in it yet and tells their group's standings to refresh.
 */
export async function noteLeagueXp(deps: ServiceDeps, tx: Transaction, userId: string): Promise<void> {
  const membership = await joinLeague(deps, tx, userId, leagueWeekOf(new Date()));
  if (membership) deps.changes.changed(leagueGroupTopic(membership.groupId));
}

/** The sum of a member's XP in the week and their last XP time, by the (user, occurred_at, amount) index. */
function memberWeekXp(weekStart: string) {
  return sql`left join lateral (
      select sum(e.amount) as xp, max(e.occurred_at) filter (where e.amount > 0) as last_xp_at
      from xp_events e
      where e.user_id = m.user_id
        and e.occurred_at >= ${weekStartInstant(weekStart).toISOString()}::timestamptz
        and e.occurred_at < ${weekEndInstant(weekStart).toISOString()}::timestamptz
    ) x on true`;
}

interface ScoreRow {
  group_id: string;
  user_id: string;
  xp: number;
  last_xp_at: string | Date | null;
}

const toScore = (row: ScoreRow): WeekScore => ({
  userId: row.user_id,
  xp: Number(row.xp),
  lastXpAt: row.last_xp_at === null ? null : new Date(row.last_xp_at),
});

/** Each member's XP of the week and when they last earned some. */
export async function groupScores(db: Executor, groupId: string, weekStart: string): Promise<WeekScore[]> {
  return (await scoresOfGroups(db, [groupId], weekStart)).get(groupId) ?? [];
}

/** The scores of these groups of the week, in one query, by group. */
export async function scoresOfGroups(
  db: Executor,
  groupIds: readonly string[],
  weekStart: string,
): Promise<Map<string, WeekScore[]>> {
  const byGroup = new Map<string, WeekScore[]>();
  if (groupIds.length === 0) return byGroup;
  const rows = await queryRows<ScoreRow>(
    db,
    sql`select m.group_id, m.user_id, coalesce(x.xp, 0)::int as xp, x.last_xp_at
        from league_members m ${memberWeekXp(weekStart)}
        where m.group_id in (${sql.join(
          groupIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
  );
  for (const row of rows) {
    const scores = byGroup.get(row.group_id) ?? [];
    scores.push(toScore(row));
    byGroup.set(row.group_id, scores);
  }
  return byGroup;
}

/** A person's XP in the week, whether or not they have joined its league. */
export async function weekXpOf(db: Executor, userId: string, weekStart: string): Promise<number> {
  const [row] = await queryRows<{ xp: number }>(
    db,
    sql`select coalesce(sum(amount), 0)::int as xp from xp_events
        where user_id = ${userId}
          and occurred_at >= ${weekStartInstant(weekStart).toISOString()}::timestamptz
          and occurred_at < ${weekEndInstant(weekStart).toISOString()}::timestamptz`,
  );
  return Number(row?.xp ?? 0);
}
