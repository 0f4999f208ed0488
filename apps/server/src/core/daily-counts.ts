// Counting what happens, as it happens: each service that makes an event the dashboard shows adds
// it to its day's count in the same transaction, so a figure can never count an event that did not
// commit, and reading a figure never scans the events themselves.
import { sql } from "drizzle-orm";
import type { Database, Executor } from "./db/client.ts";
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

/** Rows each count is spread over, so that writers rarely wait for each other: a random one of them. */
const SHARDS = 8;
export const dailyShard = () => Math.floor(Math.random() * SHARDS);

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
    .values({ day: dayOf(at), metric, shard: dailyShard(), value: by })
    .onConflictDoUpdate({
      target: [dailyCounts.day, dailyCounts.metric, dailyCounts.shard],
      set: { value: sql`${dailyCounts.value} + ${by}` },
    });
  changes.changed(DAILY_COUNTS_TOPIC);
}

/**
 * Counts added up in this process and written about once a second, for metrics that change with
 * nearly every event (the seconds of reading, listening and watching, with every progress save):
 * one upsert per save on the same few rows would cost those saves a tenth of their rate when many
 * readers save at once (bench/README.md, admin console at scale). Only what committed is added,
 * so a figure never counts time that was not kept; a process that dies loses at most its last
 * second's count, which the maintenance recount restores from the events (decision 0044).
 */
export class DailyTally {
  private pending = new Map<string, { day: string; metric: DailyMetric; value: number }>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  private readonly db: Database;
  private readonly changes: Pick<ChangeNotifier, "changed">;
  private readonly onError: (error: unknown) => void;
  private readonly everyMs: number;

  constructor(
    db: Database,
    changes: Pick<ChangeNotifier, "changed">,
    onError: (error: unknown) => void,
    everyMs = 1000,
  ) {
    this.db = db;
    this.changes = changes;
    this.onError = onError;
    this.everyMs = everyMs;
  }

  /** Adds `by` to `metric` on `at`'s day; call it once the event has committed. */
  add(metric: DailyMetric, by: number, at = new Date()): void {
    if (by === 0 || this.closed) return;
    const day = dayOf(at);
    const key = `${day}|${metric}`;
    const entry = this.pending.get(key);
    if (entry) entry.value += by;
    else this.pending.set(key, { day, metric, value: by });
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs).unref();
  }

  /** Writes what was added so far; resolves once it is stored (and anything written before it). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const rows = [...this.pending.values()];
    this.pending = new Map();
    this.writing = this.writing.then(() => (rows.length > 0 ? this.write(rows) : undefined));
    return this.writing;
  }

  /** Writes what is left, then adds nothing more: before the database closes. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
  }

  private async write(rows: { day: string; metric: DailyMetric; value: number }[]): Promise<void> {
    try {
      await this.db
        .insert(dailyCounts)
        .values(rows.map((row) => ({ ...row, shard: dailyShard() })))
        .onConflictDoUpdate({
          target: [dailyCounts.day, dailyCounts.metric, dailyCounts.shard],
          set: { value: sql`${dailyCounts.value} + excluded.value` },
        });
      this.changes.changed(DAILY_COUNTS_TOPIC);
    } catch (error) {
      // Kept for the next write: a database that is briefly away loses nothing.
      for (const row of rows) this.add(row.metric, row.value, new Date(`${row.day}T12:00:00Z`));
      this.onError(error);
    }
  }
}
