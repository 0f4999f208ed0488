// The W3C's EPUB 3 reading-system tests (fixtures/epub-tests), run the way a publisher and a reader
// would meet them: each test publication zipped into an EPUB file, imported with the admin command
// line as its own title, and opened in the reader, where the check written for it in
// support/epub-checks.ts looks at what the page shows. The outcome of every test (pass, fail with
// the reason, declined by design, or pending) goes to test-results/epub-conformance.json, from
// which `npm run report:epub` writes docs/epub-conformance.md. A test failing today does not fail
// this spec; fewer passes than MIN_PASSES does, so that what works stays working.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import {
  readSuite,
  type SuiteTest,
  zipPublication,
} from "../../server/src/media/import/epub-conformance/suite.test-support.ts";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { runCli } from "./support/cli.ts";
import { mainDataDir, REPO_ROOT } from "./support/env.ts";
import { type CheckOutcome, EPUB_CHECKS, type EpubCheck, type ImportedTest } from "./support/epub-checks.ts";

const SUITE_ROOT = path.join(REPO_ROOT, "fixtures", "epub-tests");
const RESULTS_FILE = path.join(REPO_ROOT, "test-results", "epub-conformance.json");

/**
 * How many tests pass today. Raise it when a fix makes more pass; a run with fewer means something
 * that worked broke (the JSON file says which).
 */
const MIN_PASSES = 100;

/**
 * Imports run this many command lines at once, while the browser checks the titles already in.
 * Each command is mostly Node starting up and then waiting on the server's import job.
 */
const IMPORTS_AT_ONCE = 4;

/**
 * EPUB_TESTS=folder,folder runs only those tests, to work on their checks: the outcomes are
 * printed, and neither the results file nor the floor is touched.
 */
const ONLY = process.env.EPUB_TESTS?.split(",").map((folder) => folder.trim());

/**
 * Pages checking at once: on two cores, a second page keeps the browser busy while the first
 * waits on the server.
 */
const CHECK_PAGES = 2;

/** Longest one test's check may take; a check that hangs fails alone rather than the spec. */
const CHECK_TIMEOUT_MS = 30_000;
/** Checks wait on elements rather than on time; one that never comes fails its test in this long. */
const ACTION_TIMEOUT_MS = 10_000;
const NAVIGATION_TIMEOUT_MS = 15_000;

type Outcome = "pass" | "fail" | "declined" | "pending";

interface ConformanceResult {
  folder: string;
  id: string;
  title: string;
  coverage: string;
  required: boolean;
  /** The requirement's level as the suite files it: must, should, may (or deprecated). */
  level: string;
  references: string[];
  result: Outcome;
  /** Why it failed, was declined or is pending; empty for a pass. */
  reason: string;
  durationMs: number;
}

/** The requirement level the suite's own tooling reads: the `belongs-to-collection` meta, must by default. */
async function requirementLevel(folder: string): Promise<string> {
  const dir = path.join(SUITE_ROOT, folder);
  const container = await readFile(path.join(dir, "META-INF", "container.xml"), "utf8");
  const packagePath = /full-path="([^"]+)"/.exec(container)?.[1] ?? "";
  const packageXml = await readFile(path.join(dir, ...packagePath.split("/")), "utf8");
  const level = /<meta\b[^>]*property="belongs-to-collection"[^>]*>\s*([^<\s]+)\s*</.exec(packageXml)?.[1];
  return level?.toLowerCase() ?? "must";
}

/** The suite's commit, as fixtures/epub-tests/README.md records it. */
async function suiteCommit(): Promise<string> {
  const readme = await readFile(path.join(SUITE_ROOT, "README.md"), "utf8");
  return /commit `([0-9a-f]{7,40})`/.exec(readme)?.[1] ?? "unknown";
}

interface ImportOutcome {
  contentId: string | null;
  output: string;
  refusal: string | null;
}

/** One test's publication zipped (and rewritten, if its check asks) and imported as a new title. */
async function importPublication(
  suiteTest: SuiteTest,
  entry: EpubCheck,
  dir: string,
): Promise<ImportOutcome> {
  let epub = await zipPublication(path.join(SUITE_ROOT, suiteTest.folder));
  if ("archive" in entry && entry.archive) epub = entry.archive(epub);
  const file = path.join(dir, `${suiteTest.folder}.epub`);
  await writeFile(file, epub);
  try {
    const { stdout } = await runCli(["content:import", file], mainDataDir());
    const contentId = /title id ([0-9a-f-]{36})/.exec(stdout)?.[1] ?? null;
    return { contentId, output: stdout, refusal: contentId ? null : `no title id in: ${stdout.trim()}` };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    // The command's own words ("Import failed: …") are on its error output.
    const said = /stderr: ([\s\S]*)$/.exec(message)?.[1]?.trim();
    return { contentId: null, output: "", refusal: said || message };
  }
}

/**
 * Starts every import, IMPORTS_AT_ONCE at a time in the tests' order, and answers each test's
 * outcome as a promise, so that checks begin as soon as their own title is in.
 */
function importAll(tests: SuiteTest[], dir: string): Map<string, Promise<ImportOutcome>> {
  const lanes: Array<Promise<unknown>> = Array.from({ length: IMPORTS_AT_ONCE }, () => Promise.resolve());
  const outcomes = new Map<string, Promise<ImportOutcome>>();
  tests.forEach((suiteTest, index) => {
    const lane = index % IMPORTS_AT_ONCE;
    const entry = EPUB_CHECKS[suiteTest.folder] as EpubCheck;
    const outcome = (lanes[lane] as Promise<unknown>).then(() => importPublication(suiteTest, entry, dir));
    lanes[lane] = outcome;
    outcomes.set(suiteTest.folder, outcome);
  });
  return outcomes;
}

/** Runs one check; an error or a timeout is a failure with its message, never the spec's. */
async function runCheck(
  page: Page,
  check: (page: Page, imported: ImportedTest) => Promise<CheckOutcome>,
  imported: ImportedTest,
): Promise<{ result: Outcome; reason: string }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve(`the check did not finish in ${CHECK_TIMEOUT_MS / 1000} s`),
      CHECK_TIMEOUT_MS,
    );
  });
  try {
    const outcome = await Promise.race([check(page, imported), timeout]);
    if (outcome === true) return { result: "pass", reason: "" };
    return { result: "fail", reason: outcome === false ? "the check failed" : outcome };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { result: "fail", reason: message.split("\n")[0] ?? message };
  } finally {
    clearTimeout(timer);
  }
}

test.use({ reducedMotion: "reduce" });

test("the W3C EPUB 3 reading-system tests, imported and opened in the reader", async ({ page }) => {
  test.setTimeout(240_000);
  const started = Date.now();
  const everyTest = await readSuite(SUITE_ROOT);
  // Every vendored test is classified, and the table names no test that is not vendored.
  const folders = new Set(everyTest.map((suiteTest) => suiteTest.folder));
  expect(
    everyTest.filter((suiteTest) => !EPUB_CHECKS[suiteTest.folder]).map((suiteTest) => suiteTest.folder),
  ).toEqual([]);
  expect(Object.keys(EPUB_CHECKS).filter((folder) => !folders.has(folder))).toEqual([]);
  const suite = ONLY ? everyTest.filter((suiteTest) => ONLY?.includes(suiteTest.folder)) : everyTest;

  page.setDefaultTimeout(ACTION_TIMEOUT_MS);
  page.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
  await openSignedIn(page, "admin@demo.test");

  const dir = await mkdtemp(path.join(os.tmpdir(), "litverse-epub-suite-"));
  const toImport = suite.filter((suiteTest) => "check" in (EPUB_CHECKS[suiteTest.folder] as EpubCheck));
  const imports = importAll(toImport, dir);
  const titleOf = async (folder: string) => (await imports.get(folder))?.contentId ?? null;
  const checkOne = async (checker: Page, suiteTest: SuiteTest): Promise<ConformanceResult> => {
    const entry = EPUB_CHECKS[suiteTest.folder] as EpubCheck;
    const checkStarted = Date.now();
    let outcome: { result: Outcome; reason: string };
    if ("declined" in entry) outcome = { result: "declined", reason: entry.declined };
    else if ("pending" in entry) outcome = { result: "pending", reason: entry.pending };
    else {
      const imported = await (imports.get(suiteTest.folder) as Promise<ImportOutcome>);
      outcome = await test.step(suiteTest.folder, () =>
        runCheck(checker, entry.check, { ...imported, titleOf }),
      );
    }
    return {
      folder: suiteTest.folder,
      id: suiteTest.id,
      title: suiteTest.title,
      coverage: suiteTest.coverage,
      required: suiteTest.required,
      level: await requirementLevel(suiteTest.folder),
      references: suiteTest.references,
      ...outcome,
      durationMs: Date.now() - checkStarted,
    };
  };
  const byFolder = new Map<string, ConformanceResult>();
  // More pages of the same signed-in context share the tests, each taking the next one in turn.
  const checkers = [page];
  for (let index = 1; index < CHECK_PAGES; index++) {
    const checker = await page.context().newPage();
    checker.setDefaultTimeout(ACTION_TIMEOUT_MS);
    checker.setDefaultNavigationTimeout(NAVIGATION_TIMEOUT_MS);
    checkers.push(checker);
  }
  const queue = [...suite];
  try {
    await Promise.all(
      checkers.map(async (checker) => {
        for (let next = queue.shift(); next; next = queue.shift()) {
          byFolder.set(next.folder, await checkOne(checker, next));
        }
      }),
    );
  } finally {
    // The titles go again, so that the catalogue other specs see is the demo's.
    const settled = await Promise.all([...imports.values()].map((outcome) => outcome.catch(() => null)));
    for (const imported of settled) {
      if (!imported?.contentId) continue;
      await callAs(page, "mutation", "contentAdmin.deleteContent", { id: imported.contentId }).catch(
        (error) => console.warn(`could not delete title ${imported.contentId}: ${error}`),
      );
    }
    await rm(dir, { recursive: true, force: true });
    for (const checker of checkers.slice(1)) await checker.close();
  }

  const results = suite.flatMap((suiteTest) => byFolder.get(suiteTest.folder) ?? []);
  const count = (result: Outcome) => results.filter((entry) => entry.result === result).length;
  const totals = {
    tests: results.length,
    pass: count("pass"),
    fail: count("fail"),
    declined: count("declined"),
    pending: count("pending"),
  };
  if (ONLY) {
    for (const entry of results) console.log(`${entry.result.padEnd(8)} ${entry.folder}  ${entry.reason}`);
    return;
  }
  await mkdir(path.dirname(RESULTS_FILE), { recursive: true });
  await writeFile(
    RESULTS_FILE,
    `${JSON.stringify(
      {
        suite: "W3C EPUB 3 reading-system tests (w3c/epub-tests)",
        suiteCommit: await suiteCommit(),
        runAt: new Date().toISOString(),
        browser: `${page.context().browser()?.browserType().name()} ${page.context().browser()?.version()}`,
        // Fixed-layout books pair pages only on a landscape window at least 800 px wide.
        viewport: page.viewportSize(),
        durationMs: Date.now() - started,
        minPasses: MIN_PASSES,
        totals,
        results,
      },
      null,
      2,
    )}\n`,
  );
  console.log(
    `EPUB conformance: ${totals.pass} pass, ${totals.fail} fail, ${totals.declined} declined, ` +
      `${totals.pending} pending, in ${Math.round((Date.now() - started) / 1000)} s (${path.relative(REPO_ROOT, RESULTS_FILE)})`,
  );
  expect(
    totals.pass,
    "fewer tests pass than before: see test-results/epub-conformance.json",
  ).toBeGreaterThanOrEqual(MIN_PASSES);
});
