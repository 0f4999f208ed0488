// What the stories module offers the other modules; everything else in this folder is its own.
export { storyReportTarget } from "./moderation-targets.ts";
