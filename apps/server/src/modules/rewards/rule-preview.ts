// An administrator's preview of a rule change: the last 7 complete days replayed under the rule in
// force and as proposed, so that what a change would cost is seen before it is saved. Everything
// is counted in SQL aggregates (a platform may have 100,000 people); only XP's arithmetic runs
// here, once per distinct day's count of units, through the same function earning uses.
import {
  type RewardRuleKey,
  type RulePreview,
  type RulePreviewDay,
  ruleKindOf,
  STREAK_MILESTONES,
  XP_SOURCES,
  type XpSource,
  xpRuleKey,
} from "@litverse/shared/rewards";
import type { previewRewardRuleInput } from "@litverse/shared/rewards-inputs";
import {
  and,
  between,
  count,
  countDistinct,
  eq,
  gt,
  inArray,
  isNull,
  type SQLWrapper,
  sql,
} from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { amountOf, loadRules, xpRuleOf } from "./rules.ts";
import { checkIns, leagueGroups, leagueResults, rewardGrants, xpDaily } from "./schema.ts";
import { addDays } from "./streaks.ts";
import { type XpRule, xpTopUp } from "./xp.ts";

const PERIOD_DAYS = 7;
/** The most xp_daily.units can hold (a 32-bit integer column). */
const UNITS_CEILING = 2_147_483_647;

type Period = { from: string; to: string };
type Tally = { current: number; proposed: number };

/**
 * The 7 days before today, today being the UTC date of `now`. XP caps and check-ins belong to a
 * person's own local day and their rows carry that local date, so the period is a range of local
 * dates (today−7 to today−1 by the UTC calendar), not of instants: every person-day is replayed
 * whole, and nobody's today is in it. For people far west of UTC the last of those days may still
 * be running for some hours after midnight UTC (till 10:00 UTC at UTC−10), so its figures can
 * still grow until then. League weeks are UTC weeks already.
 */
export function previewPeriod(now: Date): Period {
  const today = now.toISOString().slice(0, 10);
  return { from: addDays(today, -PERIOD_DAYS), to: addDays(today, -1) };
}

export async function previewRuleChange(
  deps: ServiceDeps,
  input: z.output<typeof previewRewardRuleInput>,
  now = new Date(),
): Promise<RulePreview> {
  const period = previewPeriod(now);
  const rules = await loadRules(deps);
  const kind = ruleKindOf(input.key);
  const dates = Array.from({ length: PERIOD_DAYS }, (_, index) => addDays(period.from, index));
  const byDay = new Map<string, Tally>(dates.map((date) => [date, { current: 0, proposed: 0 }]));

  let people: number;
  let peopleAffected: number;
  let cappedDays: Tally | null = null;
  let current: RulePreview["current"];
  const proposed = { amount: input.amount, dailyCap: kind === "xp" ? (input.dailyCap ?? 0) : null };
  if (kind === "xp") {
    const source = sourceOf(input.key);
    const rule = xpRuleOf(rules, source);
    current = rule;
    const replay = await replayXp(deps.db, source, period, rule, {
      amount: proposed.amount,
      dailyCap: proposed.dailyCap ?? 0,
    });
    for (const [date, tally] of replay.byDay) byDay.set(date, tally);
    ({ people, peopleAffected, cappedDays } = replay);
  } else {
    current = { amount: amountOf(rules, input.key), dailyCap: null };
    const counted = await countOccasions(deps.db, input.key, period);
    for (const [date, events] of counted.byDay) {
      byDay.set(date, { current: events * current.amount, proposed: events * proposed.amount });
    }
    people = counted.people;
    // Every grant of a coin rule is worth its amount, so either everyone's reward moves or nobody's.
    peopleAffected = current.amount === proposed.amount ? 0 : people;
  }

  const days: RulePreviewDay[] = dates.map((date) => ({ date, ...(byDay.get(date) as Tally) }));
  const currentTotal = days.reduce((sum, day) => sum + day.current, 0);
  const proposedTotal = days.reduce((sum, day) => sum + day.proposed, 0);
  return {
    key: input.key,
    kind,
    unit: kind === "xp" ? "XP" : "coins",
    period,
    current,
    proposed,
    people,
    peopleAffected,
    currentTotal,
    proposedTotal,
    difference: proposedTotal - currentTotal,
    days,
    cappedDays,
  };
}

function sourceOf(key: RewardRuleKey): XpSource {
  const source = XP_SOURCES.find((candidate) => xpRuleKey(candidate) === key);
  if (!source) throw new Error(`${key} is not an XP rule`);
  return source;
}

/** A day's XP for its units under a rule, as earning works it out (nothing awarded before). */
const xpWorth = (source: XpSource, units: number, rule: XpRule) => xpTopUp(source, 0, units, rule);

/**
 * The fewest units at which a day's XP under the rule is already the most it can be. A day's XP
 * never falls as its units grow, so a binary search finds it without knowing the formula.
 */
function unitsAtMost(source: XpSource, rule: XpRule): number {
  const most = xpWorth(source, UNITS_CEILING, rule);
  let low = 0;
  let high = UNITS_CEILING;
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (xpWorth(source, middle, rule) >= most) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The XP rule replayed over xp_daily, whose units are what people did whatever the rule gave them.
 * Person-days are grouped by day and units, and each group is worked out once; units beyond the
 * point where both rules give their most change nothing, so they are folded together, which
 * bounds the groups by the caps rather than by the number of people.
 */
async function replayXp(
  db: Executor,
  source: XpSource,
  period: Period,
  current: XpRule,
  proposed: XpRule,
): Promise<{ byDay: Map<string, Tally>; people: number; peopleAffected: number; cappedDays: Tally }> {
  const fold = Math.max(unitsAtMost(source, current), unitsAtMost(source, proposed));
  const personDays = db
    .select({
      userId: xpDaily.userId,
      localDate: xpDaily.localDate,
      units: sql<number>`least(${xpDaily.units}, ${fold})`.as("units"),
    })
    .from(xpDaily)
    .where(and(eq(xpDaily.source, source), between(xpDaily.localDate, period.from, period.to)))
    .as("person_days");
  const groups = await db
    .select({ localDate: personDays.localDate, units: personDays.units, personDays: count() })
    .from(personDays)
    .groupBy(personDays.localDate, personDays.units);

  const byDay = new Map<string, Tally>();
  const cappedDays: Tally = { current: 0, proposed: 0 };
  const changedUnits = new Set<number>();
  for (const group of groups) {
    const worthNow = xpWorth(source, group.units, current);
    const worthProposed = xpWorth(source, group.units, proposed);
    const tally = byDay.get(group.localDate) ?? { current: 0, proposed: 0 };
    tally.current += worthNow * group.personDays;
    tally.proposed += worthProposed * group.personDays;
    byDay.set(group.localDate, tally);
    if (worthNow >= current.dailyCap) cappedDays.current += group.personDays;
    if (worthProposed >= proposed.dailyCap) cappedDays.proposed += group.personDays;
    if (worthNow !== worthProposed) changedUnits.add(group.units);
  }

  // Who would get different XP on at least one day: those with a day whose units are worth
  // differently. The units go as one array literal, not one parameter each.
  const changed = sql`${personDays.units} = any(${`{${[...changedUnits].join(",")}}`}::int[])`;
  const [counts] = await db
    .select({
      people: countDistinct(personDays.userId),
      affected: sql<number>`count(distinct ${personDays.userId}) filter (where ${changed})`.mapWith(Number),
    })
    .from(personDays);
  return { byDay, people: counts?.people ?? 0, peopleAffected: counts?.affected ?? 0, cappedDays };
}

/** The number after a rule key's last underscore: the check-in cycle day or the league rank. */
const ordinalOf = (key: RewardRuleKey) => Number(key.slice(key.lastIndexOf("_") + 1));

const isoDay = (date: SQLWrapper) => sql<string>`to_char(${date}, 'YYYY-MM-DD')`.as("day");

/**
 * Each occasion a coin rule applied in the period, one row per person and occasion, by what
 * happened rather than by the grants: a rule worth 0 granted nothing, yet its occasions still
 * count, since the proposal may make them worth something. An occasion whose grant was revoked
 * counts as not granted and is left out.
 */
function coinOccasions(db: Executor, key: RewardRuleKey, period: Period) {
  const kind = ruleKindOf(key);
  if (kind === "checkin") {
    return db
      .select({ userId: checkIns.userId, day: isoDay(checkIns.localDate) })
      .from(checkIns)
      .leftJoin(rewardGrants, eq(rewardGrants.id, checkIns.grantId))
      .where(
        and(
          eq(checkIns.cycleDay, ordinalOf(key)),
          between(checkIns.localDate, period.from, period.to),
          isNull(rewardGrants.revokedAt),
        ),
      )
      .as("occasions");
  }
  if (kind === "streak") {
    // A check-in whose streak is a milestone; its grant, if any, is the one for that local date.
    return db
      .select({ userId: checkIns.userId, day: isoDay(checkIns.localDate) })
      .from(checkIns)
      .leftJoin(
        rewardGrants,
        and(
          eq(rewardGrants.userId, checkIns.userId),
          eq(rewardGrants.ruleKey, "streak_milestone"),
          eq(rewardGrants.period, sql`to_char(${checkIns.localDate}, 'YYYY-MM-DD')`),
        ),
      )
      .where(
        and(
          inArray(checkIns.streak, [...STREAK_MILESTONES]),
          between(checkIns.localDate, period.from, period.to),
          isNull(rewardGrants.revokedAt),
        ),
      )
      .as("occasions");
  }
  // League prizes are paid when a week closes, just after it ends: a week counts on the Monday
  // (UTC) it ended if that falls in the period. A rank earns its prize only with XP (groupResults).
  return db
    .select({ userId: leagueResults.userId, day: isoDay(sql`${leagueGroups.weekStart} + 7`) })
    .from(leagueGroups)
    .innerJoin(leagueResults, eq(leagueResults.groupId, leagueGroups.id))
    .leftJoin(rewardGrants, eq(rewardGrants.id, leagueResults.grantId))
    .where(
      and(
        between(leagueGroups.weekStart, addDays(period.from, -7), addDays(period.to, -7)),
        eq(leagueResults.rank, ordinalOf(key)),
        gt(leagueResults.xp, 0),
        isNull(rewardGrants.revokedAt),
      ),
    )
    .as("occasions");
}

async function countOccasions(
  db: Executor,
  key: RewardRuleKey,
  period: Period,
): Promise<{ byDay: Map<string, number>; people: number }> {
  const occasions = coinOccasions(db, key, period);
  const perDay = await db
    .select({ day: occasions.day, events: count() })
    .from(occasions)
    .groupBy(occasions.day);
  const [total] = await db.select({ people: countDistinct(occasions.userId) }).from(occasions);
  return { byDay: new Map(perDay.map((row) => [row.day, row.events])), people: total?.people ?? 0 };
}
