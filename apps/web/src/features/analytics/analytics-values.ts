// The analytics page's pure logic: the longest range it asks for, the period it is compared with,
// percents and changes against that period, the retention heat map's colour scale and its average
// curve, and the funnels' step figures.
import { ANALYTICS_MAX_DAYS, type CohortRow, type Compared, type Funnel } from "@litverse/shared/analytics";
import { DAY_MS, isoDay, type Range, rangeShapeProblem } from "@litverse/shared/day-range";
import { TYPE_LABELS } from "../../components/catalogue/labels.ts";
import { formatCount } from "../../lib/format.ts";

/** Why a custom range cannot be asked for (as analyticsReportInput would refuse it), or null. */
export function rangeProblem(range: Range): string | null {
  const problem = rangeShapeProblem(range);
  if (problem) return problem;
  if ((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1 > ANALYTICS_MAX_DAYS) {
    return `At most ${ANALYTICS_MAX_DAYS} days at a time.`;
  }
  return null;
}

/** The period of the same length that ends the day before `range` starts (as the server compares). */
export function periodBefore(range: Range): Range {
  const start = Date.parse(`${range.from}T00:00:00Z`);
  const days = Math.round((Date.parse(`${range.to}T00:00:00Z`) - start) / DAY_MS) + 1;
  return { from: isoDay(start - days * DAY_MS), to: isoDay(start - DAY_MS) };
}

/** `part` of `whole` in percent, or null when there is no whole to take a part of. */
export function percentOf(part: number, whole: number): number | null {
  return whole > 0 ? (part / whole) * 100 : null;
}

/** "42%", "4.5%", "0.3%": whole percents from 10 up, one decimal below; "–" for none. */
export function formatPercent(percent: number | null): string {
  if (percent === null || !Number.isFinite(percent)) return "–";
  const size = Math.abs(percent);
  const rounded = size >= 10 || size === 0 ? Math.round(percent) : Math.round(percent * 10) / 10;
  return `${rounded.toLocaleString("en-US")}%`;
}

/** An average of people: one decimal ("12.3"), compact from 10,000 ("12.3K"). */
export function formatAverage(value: number): string {
  return Math.abs(value) < 10_000
    ? value.toLocaleString("en-US", { maximumFractionDigits: 1 })
    : formatCount(value);
}

/** A figure's change against the period before. */
export interface Delta {
  /** "up" or "down"; "same" for no change; "none" when the period before had nothing to compare. */
  direction: "up" | "down" | "same" | "none";
  /** The change in percent of the figure before (null when there was none). */
  percent: number | null;
  /** "▲ 12%", "▼ 4.5%", "No change", "None before". */
  text: string;
  /** The same for a screen reader: "up 12% on the previous period". */
  spoken: string;
}

export function compareDelta({ value, previous }: Compared): Delta {
  if (previous === 0) {
    return {
      direction: "none",
      percent: null,
      text: "None before",
      spoken: "nothing in the previous period",
    };
  }
  const percent = ((value - previous) / Math.abs(previous)) * 100;
  const shown = formatPercent(Math.abs(percent));
  if (shown === "0%") {
    return { direction: "same", percent: 0, text: "No change", spoken: "the same as the previous period" };
  }
  return percent > 0
    ? { direction: "up", percent, text: `▲ ${shown}`, spoken: `up ${shown} on the previous period` }
    : { direction: "down", percent, text: `▼ ${shown}`, spoken: `down ${shown} on the previous period` };
}

/** The heat map's six levels of colour, none to most; each keeps its text readable in light and dark. */
export const HEAT_CLASSES = [
  "text-muted-foreground",
  "bg-brand-50 text-foreground dark:bg-brand-500/15",
  "bg-brand-100 text-foreground dark:bg-brand-500/30",
  "bg-indigo-200 text-stone-900 dark:bg-brand-500/50 dark:text-white",
  "bg-brand-400 text-stone-950 dark:bg-brand-600 dark:text-white",
  "bg-brand-600 text-white dark:bg-brand-400 dark:text-stone-950",
] as const;

/** The level (0 to 5) of `value` on a scale up to `max`: 0 only for nothing at all. */
export function heatLevel(value: number, max: number): number {
  if (value <= 0 || max <= 0) return 0;
  return Math.min(HEAT_CLASSES.length - 1, Math.max(1, Math.ceil((value / max) * (HEAT_CLASSES.length - 1))));
}

export const heatClass = (value: number, max: number): string => HEAT_CLASSES[heatLevel(value, max)] ?? "";

/** What a retention cell shows: the share of the cohort active, or the coins they bought or spent. */
export type CellMeasure = "people" | "bought" | "spent";
export const CELL_MEASURES: readonly CellMeasure[] = ["people", "bought", "spent"];
export const CELL_MEASURE_LABELS: Record<CellMeasure, string> = {
  people: "People",
  bought: "Coins bought",
  spent: "Coins spent",
};

export function parseCellMeasure(param: string | null): CellMeasure {
  return (CELL_MEASURES as readonly string[]).includes(param ?? "") ? (param as CellMeasure) : "people";
}

type CohortWeek = CohortRow["weeks"][number];

const weekDay = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const weekDayWithYear = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Jan 5": the Monday a week (YYYY-MM-DD) starts, as the heat map's rows name it. */
export const weekLabel = (week: string) => weekDay.format(new Date(`${week}T00:00:00Z`));
/** "Jan 5, 2026" */
export const weekLabelWithYear = (week: string) => weekDayWithYear.format(new Date(`${week}T00:00:00Z`));

/** A cell's coins in the measure (0 for people, whose cells are percents). */
export const coinsOf = (week: CohortWeek, measure: CellMeasure): number =>
  measure === "bought" ? week.coinsBought : measure === "spent" ? week.coinsSpent : 0;

/** The largest coin figure of any cell, which the coin heat map scales to. */
export function maxCoins(cohorts: readonly CohortRow[], measure: CellMeasure): number {
  return Math.max(0, ...cohorts.flatMap((cohort) => cohort.weeks.map((week) => coinsOf(week, measure))));
}

/**
 * The average retention curve: for each week after sign-up, the people active of every cohort
 * that has reached that week, in percent of those cohorts' sign-ups (bigger cohorts weigh more).
 */
export function retentionCurve(
  cohorts: readonly CohortRow[],
  maxOffset: number,
): { offset: number; percent: number; cohorts: number }[] {
  const curve: { offset: number; percent: number; cohorts: number }[] = [];
  for (let offset = 0; offset <= maxOffset; offset++) {
    let active = 0;
    let signedUp = 0;
    let counted = 0;
    for (const cohort of cohorts) {
      const week = cohort.weeks.find((item) => item.offset === offset);
      if (!week || cohort.signedUp === 0) continue;
      active += week.active;
      signedUp += cohort.signedUp;
      counted++;
    }
    if (counted === 0) break;
    curve.push({ offset, percent: Math.round((active / signedUp) * 1000) / 10, cohorts: counted });
  }
  return curve;
}

/** Whether any cohort had anyone sign up: the heat map has rows worth showing. */
export const hasCohorts = (cohorts: readonly CohortRow[]) => cohorts.some((cohort) => cohort.signedUp > 0);

/** A funnel step with its shares: of the first step, of the step before, and its change. */
export interface FunnelStepFigures {
  label: string;
  people: number;
  previous: number;
  ofFirst: number | null;
  ofPrevious: number | null;
  delta: Delta;
}

export function funnelFigures(funnel: Funnel): FunnelStepFigures[] {
  const first = funnel.steps[0]?.people ?? 0;
  return funnel.steps.map((step, index) => ({
    label: step.label,
    people: step.people,
    previous: step.previous,
    ofFirst: percentOf(step.people, first),
    ofPrevious: index === 0 ? null : percentOf(step.people, funnel.steps[index - 1]?.people ?? 0),
    delta: compareDelta({ value: step.people, previous: step.previous }),
  }));
}

/** A title's kind as a word ("Book"), or the kind as the server wrote it when it is a new one. */
export function contentTypeLabel(type: string): string {
  return (TYPE_LABELS as Record<string, string>)[type] ?? type;
}
