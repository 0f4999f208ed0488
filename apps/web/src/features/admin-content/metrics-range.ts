// The metrics page's ranges of days. Days are UTC, as the server counts them.

export const PRESETS = [7, 30, 90] as const;
export const DAY_MS = 86_400_000;

export interface Range {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
}

/** YYYY-MM-DD in UTC. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function presetRange(days: number, now = Date.now()): Range {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** Why a custom range cannot be asked for (as metricsOverviewInput would refuse it), or null. */
export function rangeProblem({ from, to }: Range): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return "Choose both days.";
  if (from > to) return "The range ends before it starts.";
  if (Date.parse(to) - Date.parse(from) > 366 * DAY_MS) return "At most a year at a time.";
  return null;
}
