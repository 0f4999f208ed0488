// `npm run report:epub`: turns the results of the EPUB conformance journey
// (apps/web/e2e/epub-conformance.spec.ts writes test-results/epub-conformance.json) into the
// implementation report docs/epub-conformance.md: the totals, then one table per feature area, as
// the W3C reports the reading systems it tests (pass, fail, or not applicable, per test).
// Usage: node scripts/epub-report.ts test-results/epub-conformance.json
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

interface Result {
  folder: string;
  id: string;
  title: string;
  coverage: string;
  required: boolean;
  level: string;
  references: string[];
  result: "pass" | "fail" | "declined" | "pending";
  reason: string;
  durationMs: number;
}

interface Run {
  suite: string;
  suiteCommit: string;
  runAt: string;
  browser: string;
  viewport?: { width: number; height: number } | null;
  durationMs: number;
  minPasses: number;
  results: Result[];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REPORT = path.join(root, "docs", "epub-conformance.md");

/** Where the W3C describes each test: its page of test descriptions, anchored by identifier. */
const TEST_PAGE = "https://w3c.github.io/epub-tests/index.html";

/** The feature areas in the order the W3C's own report lists them; any other area follows. */
const AREAS = [
  "Publication Resources",
  "Core Media Types",
  "Package Documents",
  "Manifest Fallbacks",
  "Internationalization",
  "Content Documents",
  "Navigation Documents",
  "Pre-paginated Layout",
  "Roll Layout",
  "Open Container Format",
  "Scripting",
  "Media Overlays",
  "Structural Semantics",
];

const inputArgument = process.argv[2];
if (!inputArgument) {
  console.error("Usage: node scripts/epub-report.ts test-results/epub-conformance.json");
  process.exit(1);
}
const run = JSON.parse(await readFile(path.resolve(inputArgument), "utf8")) as Run;
if (!Array.isArray(run.results) || run.results.length === 0) {
  console.error(`${inputArgument} holds no results: run the EPUB conformance journey first.`);
  process.exit(1);
}

/** Text for a table cell: one line, with the characters a table would read as its own escaped. */
function cell(text: string): string {
  return text.replace(/\s+/g, " ").replace(/\\/g, "\\\\").replace(/\|/g, "\\|").replace(/</g, "&lt;").trim();
}

/** The level as a specification states it: MUST, SHOULD, MAY (deprecated tests keep the word). */
function level(result: Result): string {
  return /^(must|should|may)$/.test(result.level) ? result.level.toUpperCase() : result.level;
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${Math.round((100 * part) / whole)}%`);

function totals(results: Result[]) {
  const count = (outcome: Result["result"]) => results.filter((result) => result.result === outcome).length;
  const declined = count("declined");
  const applicable = results.length - declined;
  const passed = count("pass");
  return {
    tests: results.length,
    applicable,
    passed,
    failed: count("fail"),
    declined,
    pending: count("pending"),
  };
}

const all = totals(run.results);
const must = totals(run.results.filter((result) => result.level === "must"));
const runDate = run.runAt.slice(0, 10);
/** The window's size matters to fixed-layout books: two pages side by side only on a wide landscape one. */
const windowSize = run.viewport ? ` (a window of ${run.viewport.width} × ${run.viewport.height} px)` : "";

const lines: string[] = [
  "# EPUB 3 conformance: the W3C reading-system tests",
  "",
  "<!-- Written by `npm run report:epub` from test-results/epub-conformance.json; edit the script, not this file. -->",
  "",
  "The W3C's EPUB 3 test suite ([w3c/epub-tests](https://github.com/w3c/epub-tests)) is a set of small",
  "publications, each exercising one requirement of the EPUB 3 and EPUB Reading Systems specifications and",
  "saying in its own text what a reader should see when the requirement is met. Litverse keeps them under",
  `\`fixtures/epub-tests/\` (suite commit \`${run.suiteCommit}\`). The journey`,
  "`apps/web/e2e/epub-conformance.spec.ts` zips each one into an EPUB file, imports it with the admin command",
  "line as a title of its own, opens it in the web reader as a signed-in reader, and checks what the page shows",
  "(`apps/web/e2e/support/epub-checks.ts` has each test's check).",
  "",
  "- **pass**: the page shows what the test says a pass looks like.",
  "- **fail**: it does not; the reason says what the page showed instead.",
  "- **declined**: the test does not apply to Litverse by design (for instance, chapters never run the",
  "  book's own scripts); the W3C's reports call this *not applicable*.",
  "- **pending**: applicable, but its check is not written yet (counted as not run).",
  "",
  `This report is from the run of ${runDate} in ${run.browser}${windowSize}, which took ${Math.round(run.durationMs / 1000)} s.`,
  `The journey fails when fewer than ${run.minPasses} tests pass, so that what works stays working. To run it again:`,
  "",
  "```sh",
  "npm run build",
  "npx playwright test apps/web/e2e/epub-conformance.spec.ts",
  "npm run report:epub",
  "```",
  "",
  "## Totals",
  "",
  "Applicable tests are all but the declined ones; the share of passes is of those.",
  "",
  "| | All tests | MUST tests |",
  "| --- | ---: | ---: |",
  `| Tests | ${all.tests} | ${must.tests} |`,
  `| Applicable | ${all.applicable} | ${must.applicable} |`,
  `| Passed | ${all.passed} | ${must.passed} |`,
  `| Failed | ${all.failed} | ${must.failed} |`,
  `| Declined | ${all.declined} | ${must.declined} |`,
  `| Pending | ${all.pending} | ${must.pending} |`,
  `| **Applicable that pass** | **${percent(all.passed, all.applicable)}** | **${percent(must.passed, must.applicable)}** |`,
  "",
];

const areas = [...new Set(run.results.map((result) => result.coverage))].sort((a, b) => {
  const rank = (area: string) => (AREAS.includes(area) ? AREAS.indexOf(area) : AREAS.length);
  return rank(a) - rank(b) || a.localeCompare(b);
});
for (const area of areas) {
  const results = run.results.filter((result) => result.coverage === area);
  const counts = totals(results);
  lines.push(
    `## ${area}`,
    "",
    `${counts.passed} of ${counts.applicable} applicable tests pass` +
      (counts.declined > 0 ? `; ${counts.declined} declined` : "") +
      (counts.pending > 0 ? `; ${counts.pending} pending` : "") +
      ".",
    "",
    "| Test | Title | Required | Result | Reason |",
    "| --- | --- | --- | --- | --- |",
  );
  for (const result of results) {
    const test = `[${result.id}](${TEST_PAGE}#${encodeURIComponent(result.id)})`;
    const folder = result.folder === result.id ? "" : ` (folder \`${result.folder}\`)`;
    const outcome = result.result === "fail" ? "**fail**" : result.result;
    lines.push(
      `| ${test}${folder} | ${cell(result.title)} | ${level(result)} | ${outcome} | ${cell(result.reason)} |`,
    );
  }
  lines.push("");
}

await writeFile(REPORT, `${lines.join("\n").trimEnd()}\n`);
console.log(
  `Wrote ${path.relative(root, REPORT)}: ${all.passed} of ${all.applicable} applicable tests pass ` +
    `(${percent(all.passed, all.applicable)}), ${all.failed} fail, ${all.declined} declined, ${all.pending} pending.`,
);
