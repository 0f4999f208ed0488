// Counting what happens, as it happens: each service that makes an event the dashboard shows adds
// it to its day's count in the same transaction, so a figure can never count an event that did not
// commit, and reading a figure never scans the events themselves.
import { sql } from "drizzle-orm";
import type { Executor } from "./db/client.ts";
import { dailyCounts } from "./db/schema.ts";
import { type ChangeNotifier, coalesceTopic } from "./live/changes.ts";

/** Everything counted per day. Money is in minor units; time in seconds. */
export const DAILY_METRICS = [
  "people.signed_up",
  "people.active",
  /** Active on the day they signed up. */
  "people.active_new",
  /** Counted on the Monday of each week: people active that week. */
  "people.active_weekly",
  /** Counted on the first of each month: people active that month. */
  "people.active_monthly",
  "reading.read_seconds",
  "reading.listen_seconds",
  "reading.watch_seconds",
  "reading.episodes_finished",
  "coins.bought",
  "coins.spent",
  "community.messages",
  "community.club_posts",
  "community.reel_views",
  "support.tickets_opened",
  "moderation.reports_filed",
] as const;
/** Money paid, per currency (in minor units): `money.paid:EUR`. */
export type DailyMetric =
  | (typeof DAILY_METRICS)[number]
  | `money.paid:${string}`
  /** People active in a segment (activity.ts): `people.active:platform:app`, `people.active:type:book`. */
  | `people.active:${string}`;

/** Any day's count changed: announced at most twice a second, however busy the platform is. */
export const DAILY_COUNTS_TOPIC = "daily-counts";
coalesceTopic(DAILY_COUNTS_TOPIC, 500);

/** Rows each count is spread over. */
const SHARDS = 8;

/** The UTC day of a moment, as the counts key it. */
export const dayOf = (at: Date) => at.toISOString().slice(0, 10);

/** Adds `by` to the count of `metric` on `at`'s day. */
export async function countDaily(
  changes: Pick<ChangeNotifier, "changed">,
  tx: Executor,
  metric: DailyMetric,
  { by = 1, at = new Date() }: { by?: number; at?: Date } = {},
): Promise<void> {
  if (by === 0) return;
  await tx
    .insert(dailyCounts)
    .values({ day: dayOf(at), metric, shard: Math.floor(Math.random() * SHARDS), value: by })
    .onConflictDoUpdate({
      target: [dailyCounts.day, dailyCounts.metric, dailyCounts.shard],
      set: { value: sql`${dailyCounts.value} + ${by}` },
    });
  changes.changed(DAILY_COUNTS_TOPIC);
}
