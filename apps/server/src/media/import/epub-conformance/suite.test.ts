// Every vendored W3C EPUB 3 reading-system test, zipped and imported as an upload would be. The
// suite was written for readers (rendering, scripting, layout), so passing here means only that
// Litverse takes the publication in; which tests are refused today is pinned in
// EXPECTED_TO_FAIL_TODAY. `EPUB_SUITE_TABLE=1 npx vitest run <this folder>` prints every outcome.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { readImport } from "../read-import.ts";
import { REPO_ROOT, removeTempDirs, tempDir } from "../test-files.ts";
import { readSuite, type SuiteTest, zipPublication } from "./suite.test-support.ts";

const SUITE_ROOT = path.join(REPO_ROOT, "fixtures", "epub-tests");

/**
 * Tests (by folder: test identifiers are not unique) that Litverse refuses today, each with a part
 * of the refusal's message. Every test not listed must import, and a listed test that starts to
 * import fails this file until its row is removed.
 *
 * (The three `pub-foreign_*-spine` tests, a non-XHTML spine item with a fallback to XHTML, were
 * refused with "has no chapters to read" until the importer followed manifest fallbacks.)
 */
const EXPECTED_TO_FAIL_TODAY: Record<string, string> = {};

type Outcome =
  | { folder: string; ok: true; contentType: string; episodes: number; warnings: string[] }
  | { folder: string; ok: false; message: string };

async function importTest(test: SuiteTest): Promise<Outcome> {
  const dir = await tempDir("lv-epub-suite-");
  const file = path.join(dir, `${test.id}.epub`);
  await writeFile(file, await zipPublication(path.join(SUITE_ROOT, test.folder)));
  try {
    const title = await readImport([{ path: file, name: `${test.id}.epub` }], {
      stagingDir: path.join(dir, "stage"),
    });
    return {
      folder: test.folder,
      ok: true,
      contentType: title.contentType,
      episodes: title.episodes.length,
      warnings: title.warnings,
    };
  } catch (error) {
    return {
      folder: test.folder,
      ok: false,
      message: error instanceof Error ? error.message : String(error),
    };
  }
}

function printOutcomes(outcomes: Outcome[]): void {
  console.table(
    outcomes.map((outcome) =>
      outcome.ok
        ? {
            folder: outcome.folder,
            result: `${outcome.contentType}, ${outcome.episodes} episode(s)`,
            detail: outcome.warnings.join(" | "),
          }
        : { folder: outcome.folder, result: "refused", detail: outcome.message },
    ),
  );
}

let suite: SuiteTest[] = [];
const outcomes = new Map<string, Outcome>();

beforeAll(async () => {
  suite = await readSuite(SUITE_ROOT);
  // Two at a time, in folder order in the map.
  const results: Outcome[] = new Array(suite.length);
  let next = 0;
  const worker = async () => {
    for (let index = next++; index < suite.length; index = next++) {
      results[index] = await importTest(suite[index] as SuiteTest);
    }
  };
  await Promise.all([worker(), worker()]);
  for (const outcome of results) outcomes.set(outcome.folder, outcome);
  if (process.env.EPUB_SUITE_TABLE) printOutcomes(results);
}, 60_000);

afterAll(removeTempDirs);

/** Entry names, compression methods and local-header extra field lengths of a ZIP, in order. */
async function zipEntries(zip: Buffer) {
  const file = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const entries: Array<{ name: string; method: number; localExtra: number }> = [];
  await new Promise<void>((resolve, reject) => {
    file.on("entry", (entry: yauzl.Entry) => {
      const offset = entry.relativeOffsetOfLocalHeader;
      entries.push({
        name: entry.fileName,
        method: entry.compressionMethod,
        localExtra: zip.readUInt16LE(offset + 28),
      });
      file.readEntry();
    });
    file.on("end", resolve);
    file.on("error", reject);
    file.readEntry();
  });
  return entries;
}

describe("readSuite", () => {
  it("reads every vendored test's description from its package document", () => {
    expect(suite.length).toBe(131);
    for (const test of suite) {
      expect(test.id, test.folder).not.toBe("");
      expect(test.title, test.folder).not.toBe("");
      expect(test.description, test.folder).not.toBe("");
      expect(test.coverage, test.folder).not.toBe("");
      expect(test.references.length, test.folder).toBeGreaterThan(0);
      for (const reference of test.references)
        expect(reference, test.folder).toMatch(/^https:\/\/[^\s#]+#\S+$/);
    }
    expect(new Set(suite.map((test) => test.folder)).size).toBe(suite.length);
  });

  it("takes what the suite's own tooling takes: the alternative title, the collection as the requirement level", () => {
    const byFolder = new Map(suite.map((test) => [test.folder, test]));
    // The first package the container lists, as the suite's tooling does.
    expect(byFolder.get("ocf-package_multiple")?.id).toBe("ocf-package_multiple");
    // Identifiers are the test's own, not the folder's name.
    expect(byFolder.get("ocf-font_obfuscation_bis")).toMatchObject({
      id: "ocf-font_obfuscation-bis",
      coverage: "Open Container Format",
      required: false,
      references: [
        "https://www.w3.org/TR/epub-rs/#confreq-ocf-fobfus",
        "https://www.w3.org/TR/epub/#obfus-key-unique-id",
      ],
    });
    expect(byFolder.get("pkg-unique-id_duplicate")?.id).toBe("pkg-unique-id");
    // dc:title holds right-to-left text under test; dcterms:alternative names the test.
    expect(byFolder.get("pkg-dir_rtl-root-ltr")?.title).toBe("pkg-dir_rtl-root-ltr");
    // No collection: a MUST. Descriptions have their line breaks folded.
    expect(byFolder.get("pkg-unique-id")).toMatchObject({ required: true, coverage: "Package Documents" });
    expect(byFolder.get("pkg-unique-id")?.description).toMatch(
      /^The package document's dc:identifier [^\n]+$/,
    );
    const notRequired = suite.filter((test) => !test.required).length;
    expect(notRequired).toBeGreaterThan(0);
    expect(notRequired).toBeLessThan(suite.length);
  });
});

describe("zipPublication", () => {
  it("writes mimetype first and stored with no extra field, the rest deflated in sorted order, the same each time", async () => {
    const folder = path.join(SUITE_ROOT, "ocf-font_obfuscation");
    const zip = await zipPublication(folder);
    expect(zip.subarray(30, 38 + "application/epub+zip".length).toString("latin1")).toBe(
      "mimetypeapplication/epub+zip",
    );
    const entries = await zipEntries(zip);
    expect(entries.map((entry) => entry.name)).toEqual([
      "mimetype",
      "EPUB/content_001.xhtml",
      "EPUB/fonts/Lobster.ttf",
      "EPUB/media/text_image.png",
      "EPUB/nav.xhtml",
      "EPUB/package.opf",
      "META-INF/container.xml",
      "META-INF/encryption.xml",
    ]);
    expect(entries[0]).toEqual({ name: "mimetype", method: 0, localExtra: 0 });
    for (const entry of entries.slice(1)) expect(entry.method, entry.name).toBe(8);
    expect(await zipPublication(folder)).toEqual(zip);
  });
});

describe("importing the vendored W3C EPUB 3 tests", () => {
  it("imports every test as a book, except the ones known to be refused today", () => {
    expect(outcomes.size).toBe(suite.length);
    const unexpected = [...outcomes.values()].flatMap((outcome) => {
      const expected = EXPECTED_TO_FAIL_TODAY[outcome.folder];
      if (outcome.ok) {
        if (expected !== undefined) return [`${outcome.folder}: imported, but listed as refused today`];
        if (outcome.contentType !== "book" || outcome.episodes === 0) {
          return [`${outcome.folder}: imported as ${outcome.contentType} with ${outcome.episodes} episodes`];
        }
        return [];
      }
      if (expected !== undefined && outcome.message.includes(expected)) return [];
      return [`${outcome.folder}: refused: ${outcome.message}`];
    });
    expect(unexpected).toEqual([]);
    expect(Object.keys(EXPECTED_TO_FAIL_TODAY).filter((folder) => !outcomes.has(folder))).toEqual([]);
  });
});
