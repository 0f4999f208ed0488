// Ranges of whole UTC days in SQL, for the analytics pages: where a range starts and ends as
// timestamps, and the UTC day of a timestamp, whatever the session's time zone.
import { type SQL, sql } from "drizzle-orm";

export interface DayRange {
  /** YYYY-MM-DD, UTC. */
  from: string;
  /** YYYY-MM-DD, UTC, included. */
  to: string;
}

/** Midnight UTC at the start of the range's first day. */
export const rangeStart = (range: DayRange) => sql`(${range.from}::date::timestamp at time zone 'UTC')`;
/** Midnight UTC after the range's last day: the range's exclusive end. */
export const rangeEnd = (range: DayRange) => sql`((${range.to}::date + 1)::timestamp at time zone 'UTC')`;
/** The UTC day of a timestamptz column. */
export const utcDay = (column: string) => sql.raw(`((${column}) at time zone 'UTC')::date`);
export const inRange = (column: string, range: DayRange): SQL =>
  sql`${sql.raw(column)} >= ${rangeStart(range)} and ${sql.raw(column)} < ${rangeEnd(range)}`;
