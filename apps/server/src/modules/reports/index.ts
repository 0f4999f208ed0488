// What the reports module offers the other modules; everything else in this folder is its own.

export type { ReportTarget } from "@litverse/shared/moderation";
export { HIDDEN_ITEMS_TOPIC, type Onlooker, visibleItem } from "./hidden-items.ts";
export {
  connectReportHooks,
  createReport,
  hideThresholds,
  type ReportHooks,
  reporterWeight,
  reportsInvolving,
} from "./reports.service.ts";
export { REPORTS_TOPIC } from "./topics.ts";
