// The transparency report as CSV, made in the browser from the figures on the page: one table after
// another, each under a row naming it, written as the analytics exports are (comma separated,
// quoted where needed, CRLF line ends, and a cell a spreadsheet would run as a formula kept as text).
import {
  MODERATION_ACTION_LABELS,
  MODERATION_KIND_LABELS,
  REPORT_CATEGORY_LABELS,
  type TransparencyReport,
} from "@litverse/shared/moderation";

type Cell = string | number | null;

function csvCell(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

function toCsv(rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  return rows
    .map((row) => row.map(csvCell).join(","))
    .join("\r\n")
    .concat("\r\n");
}

/** Every table of the report, each under its name, with a blank row between them. */
export function transparencyCsv(report: TransparencyReport): string {
  const { appeals } = report;
  return toCsv([
    ["Period", report.from, report.to],
    [],
    ["Reports and notices by category"],
    ["Category", "Reports", "Notices"],
    ...report.reportsByCategory.map((row) => [
      REPORT_CATEGORY_LABELS[row.category],
      row.reports,
      row.notices,
    ]),
    [],
    ["Reports and notices by kind of content"],
    ["Kind", "Reports", "Notices"],
    ...report.reportsByKind.map((row) => [MODERATION_KIND_LABELS[row.kind], row.reports, row.notices]),
    [],
    ["Decisions by action"],
    ["Action", "Automated", "By a moderator"],
    ...report.decisionsByAction.map((row) => [
      MODERATION_ACTION_LABELS[row.action],
      row.automated,
      row.human,
    ]),
    [],
    ["Median hours from first report to decision", report.medianHoursToDecision],
    [],
    ["Appeals"],
    ["Received", "Upheld", "Rejected", "Pending"],
    [appeals.received, appeals.upheld, appeals.rejected, appeals.pending],
  ]);
}

/** "transparency-report-2026-01-01-to-2026-01-31.csv" */
export const reportFileName = (from: string, to: string) => `transparency-report-${from}-to-${to}.csv`;

/** "statements-of-reasons-2026-01-01-to-2026-01-31.csv" */
export const statementsFileName = (from: string, to: string) => `statements-of-reasons-${from}-to-${to}.csv`;
