// Mutation testing of one area (MUTATION_AREA, see scripts/mutation-areas.ts); `npm run
// test:mutation` runs every area through scripts/mutation.ts, which sets it. Results are kept per
// area (incremental), so a run after a change tests only what changed. See
// docs/decisions/0038-mutation-testing.md.
import { MUTATION_AREAS } from "./scripts/mutation-areas.ts";

const areaName = process.env.MUTATION_AREA ?? "";
const area = MUTATION_AREAS[areaName];
if (!area) {
  throw new Error(`MUTATION_AREA must name one area: ${Object.keys(MUTATION_AREAS).join(", ")}`);
}
const reports = `reports/mutation/${areaName}`;

/** @type {import("@stryker-mutator/api/core").PartialStrykerOptions} */
export default {
  testRunner: "vitest",
  vitest: { configFile: "vitest.config.ts", related: false },
  plugins: ["@stryker-mutator/vitest-runner"],
  mutate: area.mutate,
  testFiles: area.testFiles,
  // Per-test coverage: a mutant runs only the tests that reach it.
  coverageAnalysis: "perTest",
  // Mutants reached only while a module loads would need every test re-run in a fresh process.
  ignoreStatic: true,
  concurrency: 2,
  // The integration tests open a database per file; a busy two-core machine needs the slack.
  timeoutMS: 30_000,
  incremental: true,
  incrementalFile: `${reports}/incremental.json`,
  reporters: ["clear-text", "progress", "html", "json"],
  htmlReporter: { fileName: `${reports}/index.html` },
  jsonReporter: { fileName: `${reports}/mutation.json` },
  thresholds: { high: 90, low: 85, break: 85 },
  ignorePatterns: [
    "/data",
    "/dist",
    "/apps/web/dist",
    "/test-results",
    "/playwright-report",
    "/bench/results",
  ],
  tempDirName: ".stryker-tmp",
  cleanTempDir: "always",
};
