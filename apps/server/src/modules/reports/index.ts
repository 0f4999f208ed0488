// What the reports module offers the other modules; everything else in this folder is its own.
export { createReport, REPORTS_TOPIC, reportsInvolving } from "./reports.service.ts";
