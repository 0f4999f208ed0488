// What analytics reads, kept as things happen: who was active in which week and month and in
// which segment (the installed app or the browser, a kind of content), sign-up cohorts with the
// coins they bought and spent, the first time each person reached each funnel step, and each
// title's and episode's readers. Every write here runs in the transaction of the event it counts,
// and only on an event that is a first (a person's first activity of the week, their first
// episode): later events find the row already there, most of them without reaching the database.
import { and, eq, isNull, sql } from "drizzle-orm";
import { users } from "../modules/users/schema.ts";
import { countDaily, dayOf } from "./daily-counts.ts";
import type { Executor } from "./db/client.ts";
import {
  cohortWeeks,
  dailyActivePeople,
  dailyActiveSegments,
  episodeDaily,
  monthlyActivePeople,
  personMilestones,
  titleDaily,
  weeklyActivePeople,
} from "./db/schema.ts";
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

/** Records that a person used the app on `at`'s day; counted once per person and day. */
export async function markActive(
  changes: Pick<ChangeNotifier, "changed">,
  tx: Executor,
  userId: string,
  at = new Date(),
): Promise<void> {
  const key = `${dayOf(at)}|${userId}`;
  if (activeDaysMarked.has(key)) return;
  const added = await tx
    .insert(dailyActivePeople)
    .values({ day: dayOf(at), userId })
    .onConflictDoNothing()
    .returning({ userId: dailyActivePeople.userId });
  // Remembered only once found stored, like the segments below.
  if (added.length === 0) return activeDaysMarked.add(key);
  await countDaily(changes, tx, "people.active", { at });
  await countFirstActivityOfDay(changes, tx, userId, dayOf(at));
}

/**
 * After a person's first activity of a day: whether they are new
 * that day, and their first activity of the week (weekly actives, their cohort's week) and month.
 */
async function countFirstActivityOfDay(changes: Changes, tx: Executor, userId: string, day: string) {
  const signedUp = await signedUpAt(tx, userId);
  if (!signedUp) return;
  const at = new Date(`${day}T12:00:00Z`);
  if (dayOf(signedUp) === day) await countDaily(changes, tx, "people.active_new", { at });
  const week = weekOf(day);
  const firstOfWeek = await tx
    .insert(weeklyActivePeople)
    .values({ week, userId })
    .onConflictDoNothing()
    .returning({ userId: weeklyActivePeople.userId });
  if (firstOfWeek.length > 0) {
    await countDaily(changes, tx, "people.active_weekly", { at: new Date(`${week}T12:00:00Z`) });
    await addToCohort(tx, signedUp, day, { activePeople: 1 });
  }
  const month = monthOf(day);
  const firstOfMonth = await tx
    .insert(monthlyActivePeople)
    .values({ month, userId })
    .onConflictDoNothing()
    .returning({ userId: monthlyActivePeople.userId });
  if (firstOfMonth.length > 0) {
    await countDaily(changes, tx, "people.active_monthly", { at: new Date(`${month}T12:00:00Z`) });
  }
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
  const added = await tx
    .insert(dailyActiveSegments)
    .values({ day, segment, userId })
    .onConflictDoNothing()
    .returning({ userId: dailyActiveSegments.userId });
  if (added.length > 0) await countDaily(changes, tx, `people.active:${segment}`, { at });
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

/** Records the first time a person reached a funnel step; later times change nothing. */
export async function reachMilestone(tx: Executor, userId: string, milestone: Milestone, at = new Date()) {
  const key = `${milestone}|${userId}`;
  if (milestonesReached.has(key)) return;
  const column = MILESTONES[milestone];
  const [row] = await tx
    .select({ reachedAt: column })
    .from(personMilestones)
    .where(eq(personMilestones.userId, userId));
  // Remembered only once seen stored: one written by a transaction that then rolls back is not.
  if (row?.reachedAt) return milestonesReached.add(key);
  const name = sql.identifier(column.name);
  await tx.execute(sql`
    insert into person_milestones (user_id, signed_up_at, ${name})
    select id, created_at, ${at.toISOString()}::timestamptz from users where id = ${userId}
    on conflict (user_id) do update set ${name} = coalesce(person_milestones.${name}, excluded.${name})`);
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

/** A title's day: a reader who started it, one who finished it, coins it earned. */
export async function countTitle(
  tx: Executor,
  contentId: string,
  add: { newReaders?: number; completions?: number; coinsEarned?: number },
  at = new Date(),
): Promise<void> {
  const values = { newReaders: 0, completions: 0, coinsEarned: 0, ...add };
  await tx
    .insert(titleDaily)
    .values({ day: dayOf(at), contentId, shard: shard(), ...values })
    .onConflictDoUpdate({
      target: [titleDaily.day, titleDaily.contentId, titleDaily.shard],
      set: {
        newReaders: sql`${titleDaily.newReaders} + ${values.newReaders}`,
        completions: sql`${titleDaily.completions} + ${values.completions}`,
        coinsEarned: sql`${titleDaily.coinsEarned} + ${values.coinsEarned}`,
      },
    });
}

/** A reader who opened an episode for the first time. */
export async function countEpisodeReader(
  tx: Executor,
  episode: { id: string; contentId: string },
  at = new Date(),
): Promise<void> {
  await tx
    .insert(episodeDaily)
    .values({ day: dayOf(at), episodeId: episode.id, contentId: episode.contentId, newReaders: 1 })
    .onConflictDoUpdate({
      target: [episodeDaily.day, episodeDaily.episodeId],
      set: { newReaders: sql`${episodeDaily.newReaders} + 1` },
    });
}
