// The analytics page's exports as CSV: each chart's or table's figures, a header row first, written
// as the audit trail's export is (comma separated, quoted where needed, CRLF line ends, and a cell a
// spreadsheet would run as a formula kept as text).
import {
  ACTIVE_CONTENT_TYPE_LABELS,
  ACTIVE_CONTENT_TYPES,
  type ActiveDay,
  type CohortRow,
  type Funnel,
  type TitleDropOff,
  type TitlePerformance,
} from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { contentTypeLabel, funnelFigures, percentOf } from "./analytics-values.ts";

type Cell = string | number | null;

function csvCell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text, the first row being the header. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  return rows
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** A percent for a CSV cell: one decimal, empty when there is none. */
const percentCell = (percent: number | null): Cell =>
  percent === null ? null : Math.round(percent * 10) / 10;

/** "analytics-retention-2026-01-01-to-2026-03-31.csv" */
export const csvFileName = (what: string, range: Range) =>
  `analytics-${what}-${range.from}-to-${range.to}.csv`;

/** The columns of each activity chart's export, after the day. */
export type ActivityColumns = "people" | "platform" | "types";

/** Each activity chart's columns, for its table and its export. */
export const ACTIVITY_COLUMNS: Record<
  ActivityColumns,
  { header: string; value: (day: ActiveDay) => number }[]
> = {
  people: [
    { header: "Active", value: (day) => day.active },
    { header: "New", value: (day) => day.new },
    { header: "Returning", value: (day) => day.returning },
  ],
  platform: [
    { header: "Active", value: (day) => day.active },
    { header: "App", value: (day) => day.app },
    { header: "Browser", value: (day) => day.browser },
  ],
  types: [
    { header: "Active", value: (day) => day.active },
    ...ACTIVE_CONTENT_TYPES.map((type) => ({
      header: ACTIVE_CONTENT_TYPE_LABELS[type],
      value: (day: ActiveDay) => day.byType[type],
    })),
  ],
};

/** One row a day with the chart's columns. */
export function activityCsv(days: readonly ActiveDay[], columns: ActivityColumns): string {
  const picked = ACTIVITY_COLUMNS[columns];
  return toCsv([
    ["Day", ...picked.map((column) => column.header)],
    ...days.map((day) => [day.day, ...picked.map((column) => column.value(day))]),
  ]);
}

/** One row per cohort and week after sign-up: people active (count and share) and their coins. */
export function cohortsCsv(cohorts: readonly CohortRow[]): string {
  return toCsv([
    [
      "Cohort week",
      "Signed up",
      "Weeks after sign-up",
      "Week",
      "Active",
      "Active %",
      "Coins bought",
      "Coins spent",
    ],
    ...cohorts.flatMap((cohort) =>
      cohort.weeks.map((week) => [
        cohort.cohortWeek,
        cohort.signedUp,
        week.offset,
        week.week,
        week.active,
        percentCell(percentOf(week.active, cohort.signedUp)),
        week.coinsBought,
        week.coinsSpent,
      ]),
    ),
  ]);
}

/** One row per funnel step, with its shares and the period before. */
export function funnelsCsv(funnels: readonly Funnel[], windowDays: number): string {
  return toCsv([
    [
      "Funnel",
      "Step",
      "People",
      "% of first step",
      "% of previous step",
      "Previous period",
      "Change %",
      "Window (days)",
    ],
    ...funnels.flatMap((funnel) =>
      funnelFigures(funnel).map((step) => [
        funnel.title,
        step.label,
        step.people,
        percentCell(step.ofFirst),
        percentCell(step.ofPrevious),
        step.previous,
        percentCell(step.delta.percent),
        windowDays,
      ]),
    ),
  ]);
}

/** One row per title, each figure beside the period before. */
export function titlesCsv(titles: readonly TitlePerformance[]): string {
  return toCsv([
    [
      "Title",
      "Type",
      "New readers",
      "New readers before",
      "Completions",
      "Completions before",
      "Completion %",
      "Coins earned",
      "Coins earned before",
    ],
    ...titles.map((title) => [
      title.title,
      contentTypeLabel(title.contentType),
      title.newReaders.value,
      title.newReaders.previous,
      title.completions.value,
      title.completions.previous,
      title.completionPercent,
      title.coinsEarned.value,
      title.coinsEarned.previous,
    ]),
  ]);
}

/** One row per episode of a title: its new readers, and their share of the first episode's. */
export function dropOffCsv(dropOff: TitleDropOff): string {
  const first = dropOff.episodes[0]?.newReaders ?? 0;
  return toCsv([
    ["Episode", "Title", "New readers", "% of episode 1"],
    ...dropOff.episodes.map((episode) => [
      episode.number,
      episode.title,
      episode.newReaders,
      percentCell(percentOf(episode.newReaders, first)),
    ]),
  ]);
}
