// What analytics reads, kept as things happen: who was active in which week and month and in
// which segment (the installed app or the browser, a kind of content), sign-up cohorts with the
// coins they bought and spent, the first time each person reached each funnel step, and each
// title's and episode's readers. Every write here runs in the transaction of the event it counts,
// and only on an event that is a first (a person's first activity of the week, their first
// episode): later events find the row already there, most of them without reaching the database.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { users } from "../modules/users/schema.ts";
import { DAILY_COUNTS_TOPIC, dailyShard, dayOf } from "./daily-counts.ts";
import { type Executor, queryRows } from "./db/client.ts";
import { cohortWeeks, personMilestones } from "./db/schema.ts";
import type { ChangeNotifier } from "./live/changes.ts";

type Changes = Pick<ChangeNotifier, "changed">;

/** The Monday (UTC) of a day's week, as a day: "2026-12-03" → "2026-11-30". */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return dayOf(new Date(date.getTime() - sinceMonday * 86_400_000));
}

/** The first day of a day's month: "2026-12-03" → "2026-12-01". */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** Rows a cohort's and a title's counts are spread over, so that writers rarely wait for each other. */
const SHARDS = 4;
const shard = () => Math.floor(Math.random() * SHARDS);

/**
 * What this process already wrote, so that a repeat costs no query: keys of segments marked today
 * and milestones reached. Bounded; forgetting only costs one query that changes nothing.
 */
class Remembered {
  private readonly keys = new Set<string>();
  has(key: string): boolean {
    return this.keys.has(key);
  }
  add(key: string): void {
    if (this.keys.size >= 200_000) this.keys.clear();
    this.keys.add(key);
  }
}
const activeDaysMarked = new Remembered();
const segmentsMarked = new Remembered();
const milestonesReached = new Remembered();

/** The person's sign-up time, which places them in a cohort. */
async function signedUpAt(tx: Executor, userId: string): Promise<Date | null> {
  const [row] = await tx.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return row?.createdAt ?? null;
}

async function addToCohort(
  tx: Executor,
  signedUp: Date,
  day: string,
  add: { activePeople?: number; coinsBought?: number; coinsSpent?: number },
): Promise<void> {
  const values = { activePeople: 0, coinsBought: 0, coinsSpent: 0, ...add };
  await tx
    .insert(cohortWeeks)
    .values({ cohortWeek: weekOf(dayOf(signedUp)), week: weekOf(day), shard: shard(), ...values })
    .onConflictDoUpdate({
      target: [cohortWeeks.cohortWeek, cohortWeeks.week, cohortWeeks.shard],
      set: {
        activePeople: sql`${cohortWeeks.activePeople} + ${values.activePeople}`,
        coinsBought: sql`${cohortWeeks.coinsBought} + ${values.coinsBought}`,
        coinsSpent: sql`${cohortWeeks.coinsSpent} + ${values.coinsSpent}`,
      },
    });
}

/**
 * Records that a person used the app on `at`'s day, and in `segment` if given; counted once per
 * person and day. The first activity of a day is also, perhaps, their first of the week (weekly
 * actives, their cohort's week) and of the month, and may be on the day they signed up: all of it
 * is one statement, with the segment's mark, since it runs inside the event's own transaction on
 * every reader's first save of the day.
 */
export async function markActive(
  changes: Changes,
  tx: Executor,
  userId: string,
  at = new Date(),
  segment?: ActivitySegment,
): Promise<void> {
  const day = dayOf(at);
  const key = `${day}|${userId}`;
  if (activeDaysMarked.has(key)) {
    if (segment) await markActiveIn(changes, tx, userId, segment, at);
    return;
  }
  const segmentKey = `${day}|${segment}|${userId}`;
  const newSegment = segment && !segmentsMarked.has(segmentKey) ? segment : null;
  const week = weekOf(day);
  const month = monthOf(day);
  const [result] = await queryRows<{ added: boolean; segmentAdded: boolean }>(
    tx,
    sql`
    with first_of_day as (
      insert into daily_active_people (day, user_id) values (${day}, ${userId})
      on conflict do nothing returning user_id
    ), person as (
      select created_at from users where id = ${userId}::uuid and exists (select 1 from first_of_day)
    ), first_of_week as (
      insert into weekly_active_people (week, user_id) select ${week}::date, ${userId}::uuid from person
      on conflict do nothing returning user_id
    ), first_of_month as (
      insert into monthly_active_people (month, user_id) select ${month}::date, ${userId}::uuid from person
      on conflict do nothing returning user_id
    ), first_in_segment as (
      insert into daily_active_segments (day, segment, user_id)
      select ${day}::date, ${newSegment}::text, ${userId}::uuid where ${newSegment}::text is not null
      on conflict do nothing returning segment
    ), cohort as (
      insert into cohort_weeks (cohort_week, week, shard, active_people)
      select date_trunc('week', created_at at time zone 'UTC')::date, ${week}::date, ${shard()}, 1
      from person where exists (select 1 from first_of_week)
      on conflict (cohort_week, week, shard)
      do update set active_people = cohort_weeks.active_people + 1
    ), counted as (
      insert into daily_counts (day, metric, shard, value)
      select day, metric, ${dailyShard()}, 1 from (
        select ${day}::date as day, 'people.active' as metric from first_of_day
        union all select ${day}::date, 'people.active_new' from person
          where (created_at at time zone 'UTC')::date = ${day}::date
        union all select ${week}::date, 'people.active_weekly' from first_of_week
        union all select ${month}::date, 'people.active_monthly' from first_of_month
        union all select ${day}::date, 'people.active:' || segment from first_in_segment
      ) as firsts
      on conflict (day, metric, shard) do update set value = daily_counts.value + excluded.value
    )
    select exists (select 1 from first_of_day) as added,
      exists (select 1 from first_in_segment) as "segmentAdded"`,
  );
  // Remembered only once found stored, like the segments below.
  if (!result?.added) activeDaysMarked.add(key);
  if (newSegment && !result?.segmentAdded) segmentsMarked.add(segmentKey);
  if (result?.added || result?.segmentAdded) changes.changed(DAILY_COUNTS_TOPIC);
}

/** The segments a person can be active in: where they use Litverse, and what they read. */
export type ActivitySegment =
  | "platform:app"
  | "platform:browser"
  | "type:book"
  | "type:audiobook"
  | "type:comic"
  | "type:drama"
  | "type:story"
  | "type:reel";

/** Records that a person was active in a segment today, counted once per person, segment and day. */
export async function markActiveIn(
  changes: Changes,
  tx: Executor,
  userId: string,
  segment: ActivitySegment,
  at = new Date(),
): Promise<void> {
  const day = dayOf(at);
  const key = `${day}|${segment}|${userId}`;
  if (segmentsMarked.has(key)) return;
  const [result] = await queryRows<{ added: boolean }>(
    tx,
    sql`
    with marked as (
      insert into daily_active_segments (day, segment, user_id) values (${day}, ${segment}, ${userId})
      on conflict do nothing returning user_id
    ), counted as (
      insert into daily_counts (day, metric, shard, value)
      select ${day}::date, ${`people.active:${segment}`}, ${dailyShard()}, 1 from marked
      on conflict (day, metric, shard) do update set value = daily_counts.value + 1
    )
    select exists (select 1 from marked) as added`,
  );
  if (result?.added) changes.changed(DAILY_COUNTS_TOPIC);
  // Remembered only once found stored: a mark made by a transaction that then rolls back is not.
  else segmentsMarked.add(key);
}

export const MILESTONES = {
  firstEpisode: personMilestones.firstEpisodeAt,
  firstFinished: personMilestones.firstFinishedAt,
  firstPaid: personMilestones.firstPaidAt,
  firstReel: personMilestones.firstReelAt,
  reelClick: personMilestones.reelClickAt,
  storyStarted: personMilestones.storyStartedAt,
  storyFinished: personMilestones.storyFinishedAt,
} as const;
export type Milestone = keyof typeof MILESTONES;

/**
 * Records the first time a person reached a funnel step; later times change nothing. One
 * statement: the upsert writes only where the step is not reached yet, and returns nothing when
 * it was (which is then remembered, so that the next call costs no query).
 */
export async function reachMilestone(tx: Executor, userId: string, milestone: Milestone, at = new Date()) {
  const key = `${milestone}|${userId}`;
  if (milestonesReached.has(key)) return;
  const name = sql.identifier(MILESTONES[milestone].name);
  const written = await queryRows<{ userId: string }>(
    tx,
    sql`
    insert into person_milestones (user_id, signed_up_at, ${name})
    select id, created_at, ${at.toISOString()}::timestamptz from users where id = ${userId}
    on conflict (user_id) do update set ${name} = excluded.${name} where person_milestones.${name} is null
    returning user_id`,
  );
  // Remembered only once seen stored: one written by a transaction that then rolls back is not.
  if (written.length === 0) milestonesReached.add(key);
}

/** An unlock after the person came from a reel to its series: the reel funnel's last step. */
export async function reachUnlockAfterReel(tx: Executor, userId: string, at = new Date()): Promise<void> {
  const key = `unlockAfterReel|${userId}`;
  if (milestonesReached.has(key)) return;
  const updated = await tx
    .update(personMilestones)
    .set({ unlockAfterReelAt: at })
    .where(
      and(
        eq(personMilestones.userId, userId),
        isNull(personMilestones.unlockAfterReelAt),
        sql`${personMilestones.reelClickAt} <= ${at.toISOString()}::timestamptz`,
      ),
    )
    .returning({ userId: personMilestones.userId });
  // Remembered only once found stored (nothing to update), not when this transaction wrote it.
  if (updated.length === 0 && (await hasUnlockedAfterReel(tx, userId))) milestonesReached.add(key);
}

async function hasUnlockedAfterReel(tx: Executor, userId: string): Promise<boolean> {
  const [row] = await tx
    .select({ at: personMilestones.unlockAfterReelAt })
    .from(personMilestones)
    .where(eq(personMilestones.userId, userId));
  return Boolean(row?.at);
}

/** Coins a person bought or spent, added to their cohort's week. */
export async function countCohortCoins(
  tx: Executor,
  userId: string,
  kind: "bought" | "spent",
  coins: number,
  at = new Date(),
): Promise<void> {
  if (coins === 0) return;
  const signedUp = await signedUpAt(tx, userId);
  if (!signedUp) return;
  await addToCohort(
    tx,
    signedUp,
    dayOf(at),
    kind === "bought" ? { coinsBought: coins } : { coinsSpent: coins },
  );
}

/**
 * A title's day: a reader who started it, one who finished it, coins it earned. `onlyIf`, a
 * condition on other tables, lets the caller decide within the same statement.
 */
export async function countTitle(
  tx: Executor,
  contentId: string,
  add: { newReaders?: number; completions?: number; coinsEarned?: number },
  at = new Date(),
  onlyIf: SQL = sql`true`,
): Promise<void> {
  const values = { newReaders: 0, completions: 0, coinsEarned: 0, ...add };
  await tx.execute(sql`
    insert into title_daily (day, content_id, shard, new_readers, completions, coins_earned)
    select ${dayOf(at)}::date, ${contentId}::uuid, ${shard()}, ${values.newReaders}, ${values.completions},
      ${values.coinsEarned}
    where ${onlyIf}
    on conflict (day, content_id, shard) do update set
      new_readers = title_daily.new_readers + excluded.new_readers,
      completions = title_daily.completions + excluded.completions,
      coins_earned = title_daily.coins_earned + excluded.coins_earned`);
}

/**
 * A reader who opened an episode for the first time, and, when `firstOfTitle` holds, the title's
 * new reader: one statement.
 */
export async function countEpisodeReader(
  tx: Executor,
  episode: { id: string; contentId: string },
  at: Date,
  firstOfTitle: SQL,
): Promise<void> {
  await tx.execute(sql`
    with episode_reader as (
      insert into episode_daily (day, episode_id, content_id, new_readers)
      values (${dayOf(at)}::date, ${episode.id}::uuid, ${episode.contentId}::uuid, 1)
      on conflict (day, episode_id) do update set new_readers = episode_daily.new_readers + 1
    )
    insert into title_daily (day, content_id, shard, new_readers)
    select ${dayOf(at)}::date, ${episode.contentId}::uuid, ${shard()}, 1
    where ${firstOfTitle}
    on conflict (day, content_id, shard) do update set new_readers = title_daily.new_readers + 1`);
}
