// The metrics page's limit on a custom range of days; the ranges themselves are day-range.ts.
import { DAY_MS, type Range, rangeShapeProblem } from "@litverse/shared/day-range";

/** Why a custom range cannot be asked for (as metricsOverviewInput would refuse it), or null. */
export function rangeProblem(range: Range): string | null {
  const problem = rangeShapeProblem(range);
  if (problem) return problem;
  if (Date.parse(range.to) - Date.parse(range.from) > 366 * DAY_MS) return "At most a year at a time.";
  return null;
}
