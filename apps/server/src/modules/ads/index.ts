// What the ads module offers the rest of the server; everything else in this folder is its own.
export { adReportTarget } from "./moderation-target.ts";
export { forgetAdServing } from "./serving.ts";
export { ADS_UPKEEP_MS, runAdsUpkeep } from "./upkeep.ts";
