// Reading the daily counts in tests: what the dashboard would show for a metric today.
import { and, eq, sql } from "drizzle-orm";
import { type DailyMetric, dayOf } from "../core/daily-counts.ts";
import { dailyCounts } from "../core/db/schema.ts";
import type { Platform } from "../platform.ts";

export async function countToday(platform: Platform, metric: DailyMetric): Promise<number> {
  const [row] = await platform.deps.db
    .select({ value: sql<number>`coalesce(sum(${dailyCounts.value}), 0)::bigint` })
    .from(dailyCounts)
    .where(and(eq(dailyCounts.metric, metric), eq(dailyCounts.day, dayOf(new Date()))));
  return Number(row?.value ?? 0);
}

/** A metric's count over every day. */
export async function countEver(platform: Platform, metric: DailyMetric): Promise<number> {
  const [row] = await platform.deps.db
    .select({ value: sql<number>`coalesce(sum(${dailyCounts.value}), 0)::bigint` })
    .from(dailyCounts)
    .where(eq(dailyCounts.metric, metric));
  return Number(row?.value ?? 0);
}
