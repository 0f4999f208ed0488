// The W3C EPUB 3 reading-system tests vendored under fixtures/epub-tests: each folder is one
// unzipped publication exercising one feature. This reads what each test says about itself (from
// its own package document, never a list kept here) and zips a folder back into an EPUB file.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import yazl from "yazl";
import { attribute, elements, parseXml, textOf } from "../xml.ts";

export interface SuiteTest {
  /** The test's own identifier (its `dc:identifier`); not always the folder's name, nor unique. */
  id: string;
  /** The folder's name under the suite's root; unique. */
  folder: string;
  title: string;
  description: string;
  /** The feature area (`dc:coverage`), e.g. "Package Documents". */
  coverage: string;
  /** Links to the specification sections the test checks (`dcterms:isReferencedBy`). */
  references: string[];
  /**
   * Whether the test checks a MUST requirement. The suite's own tooling treats a test as MUST
   * unless a `belongs-to-collection` meta says otherwise ("should", "may" or "deprecated").
   */
  required: boolean;
}

/** Every test folder under `root` (folders with a META-INF/container.xml), sorted by folder name. */
export async function readSuite(root: string): Promise<SuiteTest[]> {
  const entries = await readdir(root, { withFileTypes: true });
  const folders = entries
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const tests = await Promise.all(folders.map((folder) => readTest(root, folder)));
  return tests.filter((test): test is SuiteTest => test !== null);
}

async function readTest(root: string, folder: string): Promise<SuiteTest | null> {
  const dir = path.join(root, folder);
  let container: string;
  try {
    container = await readFile(path.join(dir, "META-INF", "container.xml"), "utf8");
  } catch {
    return null;
  }
  // As the suite's tooling does: the first package listed is the test's.
  const fullPath = attribute(elements(parseXml(container), "rootfile").first(), "full-path");
  if (!fullPath) throw new Error(`${folder}: container.xml names no package document.`);
  const $ = parseXml(await readFile(path.join(dir, ...fullPath.split("/")), "utf8"));
  const metadata = elements($, "metadata").first();
  const dc = (name: string) => textOf(elements($, name, metadata).first());
  const metas = (property: string) =>
    elements($, "meta", metadata)
      .filter((_, element) => element.attribs.property === property)
      .map((_, element) => textOf($(element)))
      .get();

  const collection = metas("belongs-to-collection")[0]?.toLowerCase();
  return {
    id: dc("identifier") || folder,
    folder,
    title: metas("dcterms:alternative")[0] || dc("title") || folder,
    description: dc("description"),
    coverage: dc("coverage"),
    references: metas("dcterms:isReferencedBy"),
    required: collection === undefined || collection === "must",
  };
}

/** Paths of every file under `dir`, relative to it with "/" separators, sorted. */
async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

/**
 * One test folder as an EPUB file: `mimetype` first and stored, every other file deflated, in
 * sorted order with a fixed date, so the same folder always gives the same bytes.
 */
export async function zipPublication(folder: string): Promise<Buffer> {
  const files = await listFiles(folder);
  const ordered = [
    ...files.filter((file) => file === "mimetype"),
    ...files.filter((file) => file !== "mimetype"),
  ];
  const zip = new yazl.ZipFile();
  const mtime = new Date(2000, 0, 1);
  for (const file of ordered) {
    const data = await readFile(path.join(folder, ...file.split("/")));
    // DOS timestamps only: the OCF forbids an extra field on `mimetype`, and yazl would add one.
    zip.addBuffer(data, file, { compress: file !== "mimetype", mtime, forceDosTimestamp: true });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
