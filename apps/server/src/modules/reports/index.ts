// What the reports module offers the other modules; everything else in this folder is its own.
export { HIDDEN_ITEMS_TOPIC, type Onlooker, visibleItem } from "./hidden-items.ts";
export {
  connectReportHooks,
  createReport,
  hideThresholds,
  type ReportHooks,
  type ReportTarget,
  reporterWeight,
  reportsInvolving,
} from "./reports.service.ts";
export { REPORTS_TOPIC } from "./topics.ts";
