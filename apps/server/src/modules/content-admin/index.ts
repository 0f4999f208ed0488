// What the content-admin module offers the other modules; everything else in this folder is its own.
// The demo catalogue's plain data and helpers, for the demo steps of the modules that play on it
// (the demo readers, unlocks, reels). Never the seeding steps themselves: only the composition root
// runs those.
export { renderDemoCover } from "./demo/covers.ts";
export { randomFrom } from "./demo/random.ts";
export { DEMO_TITLES, type EngagementPlan } from "./demo/titles.ts";
export { IMPORT_JOB_KIND } from "./imports/imports.service.ts";
