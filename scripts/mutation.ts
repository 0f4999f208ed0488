// `npm run test:mutation [-- area ...]`: mutation testing of every area (or the ones named), one
// Stryker run each, then a summary of the scores in reports/mutation/README.md. Fails when an
// area scores under the bar. Takes hours on two cores; it is not part of `npm test`.
// `-- --summary` only writes the summary from the areas' last reports (after runs of single areas
// with `MUTATION_AREA=<area> npx stryker run stryker.config.mjs`).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { MUTATION_AREAS } from "./mutation-areas.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const REPORTS = path.join(ROOT, "reports/mutation");
/** The score every area must reach (stryker.config.mjs breaks the run under it too). */
const BAR = 85;

const summaryOnly = process.argv.includes("--summary");
const asked = process.argv.slice(2).filter((arg) => arg !== "--summary");
const unknown = asked.filter((name) => !MUTATION_AREAS[name]);
if (unknown.length > 0) {
  console.error(`Unknown area ${unknown.join(", ")}: one of ${Object.keys(MUTATION_AREAS).join(", ")}`);
  process.exit(2);
}
const areas = summaryOnly ? [] : asked.length > 0 ? asked : Object.keys(MUTATION_AREAS);

/** When each area was last run, for the summary (a clone's file times say nothing). */
const RUNS = path.join(REPORTS, "runs.json");
const runs: Record<string, string> = existsSync(RUNS) ? JSON.parse(readFileSync(RUNS, "utf8")) : {};

for (const area of areas) {
  console.log(`\n== ${area}`);
  spawnSync("npx", ["stryker", "run", "stryker.config.mjs"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, MUTATION_AREA: area },
  });
  runs[area] = new Date().toISOString().slice(0, 10);
  writeFileSync(RUNS, `${JSON.stringify(runs, null, 2)}\n`);
}

interface Counts {
  killed: number;
  timedOut: number;
  survived: number;
  noCoverage: number;
  /** Reached only while a module loads; not run (ignoreStatic). */
  static: number;
  /** Marked equivalent in the code, with a reason. */
  equivalent: number;
  errors: number;
}

/** What an area's last run found, from Stryker's JSON report (mutation-testing-report-schema). */
function countsOf(area: string): Counts | null {
  const file = path.join(REPORTS, area, "mutation.json");
  if (!existsSync(file)) return null;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    files: Record<string, { mutants: Array<{ status: string; statusReason?: string }> }>;
  };
  const counts: Counts = {
    killed: 0,
    timedOut: 0,
    survived: 0,
    noCoverage: 0,
    static: 0,
    equivalent: 0,
    errors: 0,
  };
  for (const { mutants } of Object.values(report.files)) {
    for (const { status, statusReason } of mutants) {
      if (status === "Killed") counts.killed++;
      else if (status === "Timeout") counts.timedOut++;
      else if (status === "Survived") counts.survived++;
      else if (status === "NoCoverage") counts.noCoverage++;
      else if (status === "Ignored" && statusReason?.startsWith("Static mutant")) counts.static++;
      else if (status === "Ignored") counts.equivalent++;
      else counts.errors++;
    }
  }
  return counts;
}

/** Stryker's mutation score: mutants detected (killed or timed out) of all that count. */
function scoreOf(counts: Counts): number {
  const detected = counts.killed + counts.timedOut;
  const counted = detected + counts.survived + counts.noCoverage;
  return counted === 0 ? 100 : (100 * detected) / counted;
}

const rows: string[] = [];
let failing = 0;
for (const area of Object.keys(MUTATION_AREAS)) {
  const counts = countsOf(area);
  if (!counts) {
    const partly = existsSync(path.join(REPORTS, area, "incremental.json"));
    rows.push(`| ${area} | ${partly ? "partly run, resumes" : "not run yet"} | | | | | | |`);
    continue;
  }
  // An area run on its own (MUTATION_AREA=…) is dated by its report.
  runs[area] ??= statSync(path.join(REPORTS, area, "mutation.json"))
    .mtime.toISOString()
    .slice(0, 10);
  const score = scoreOf(counts);
  if (score < BAR) failing++;
  rows.push(
    `| ${area} | ${score.toFixed(1)} % | ${counts.killed + counts.timedOut} | ${counts.survived} | ${counts.noCoverage} | ${counts.equivalent} | ${counts.static} | ${runs[area] ?? ""} |`,
  );
}
writeFileSync(RUNS, `${JSON.stringify(runs, null, 2)}\n`);
writeFileSync(
  path.join(REPORTS, "README.md"),
  `# Mutation testing

Written by \`npm run test:mutation\` ([decision 0038](../../docs/decisions/0038-mutation-testing.md)).
Each area's full report is \`<area>/index.html\` after a run (not committed); \`<area>/mutation.json\`
lists every mutant, and the reason of each one marked equivalent in the code
(\`// Stryker disable … : reason\`) shows as "Ignored". The bar is ${BAR} %. Survivors left
unmarked (a comment would also hide killable mutants on the same line) are explained in
[equivalent.md](equivalent.md).

| area | score | killed | survived | no test reaches it | marked equivalent | static, not run | run |
| --- | --- | --- | --- | --- | --- | --- | --- |
${rows.join("\n")}
`,
);
console.log(`\nSummary in ${path.relative(ROOT, path.join(REPORTS, "README.md"))}`);
process.exit(failing > 0 ? 1 : 0);
