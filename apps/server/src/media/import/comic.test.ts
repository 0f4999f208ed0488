import { access, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseComicInfo } from "./comic.ts";
import { DEFAULT_IMPORT_LIMITS } from "./limits.ts";
import { readImport } from "./read-import.ts";
import { buildZip, fixture, image, pngClaiming, removeTempDirs, tempDir, upload } from "./test-files.ts";
import type { ImportInput } from "./types.ts";
import { SafeZip } from "./zip.ts";

afterAll(removeTempDirs);

async function importInto(inputs: ImportInput[]) {
  const stagingDir = await tempDir("lv-stage-");
  return { title: await readImport(inputs, { stagingDir }), stagingDir };
}

function pagesOf(title: Awaited<ReturnType<typeof readImport>>, episode = 0) {
  const payload = title.episodes[episode]?.payload;
  if (payload?.kind !== "comic") throw new Error("not a comic episode");
  return payload.pages;
}

const COMIC_INFO = `<?xml version="1.0"?>
<ComicInfo xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <Title>The First Night</Title>
  <Series>Moon Cats</Series>
  <Number>3</Number>
  <Summary>&lt;p&gt;Cats &lt;b&gt;on&lt;/b&gt; the moon.&lt;/p&gt;</Summary>
  <Writer>Ann Author</Writer>
  <Penciller>Pat Pencil, Ann Author</Penciller>
  <Genre>Action, Comedy</Genre>
  <Tags>cats;space</Tags>
  <LanguageISO>ja</LanguageISO>
  <Manga>YesAndRightToLeft</Manga>
  <Pages><Page Image="0" Type="Story"/><Page Image="1" Type="FrontCover"/></Pages>
</ComicInfo>`;

describe("CBZ import", () => {
  it("imports page-blanche.cbz: 9 pages in order, kept byte for byte, with ComicInfo details", async () => {
    const input = fixture("comics/page-blanche.cbz");
    const { title, stagingDir } = await importInto([input]);
    expect(title).toMatchObject({
      contentType: "comic",
      title: "Page Blanche",
      author: "Unknown",
      language: "fr",
      readingDirection: "ltr",
      coverPath: "cover.jpg",
      warnings: [],
    });
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Issue 1"]);
    const pages = pagesOf(title);
    expect(pages.map((page) => page.file)).toEqual(
      Array.from({ length: 9 }, (_, i) => `pages/${String(i + 1).padStart(4, "0")}.jpg`),
    );
    expect(pages[0]).toMatchObject({ width: 1200, height: 1577 });
    const zip = await SafeZip.open(input.path, "cbz", DEFAULT_IMPORT_LIMITS);
    try {
      for (const [index, page] of pages.entries()) {
        const original = await zip.read(`00${index}.jpg`, 10_000_000);
        expect(await readFile(path.join(stagingDir, "episodes/0001", page.file))).toEqual(original);
      }
      expect(await readFile(path.join(stagingDir, "cover.jpg"))).toEqual(
        await zip.read("000.jpg", 10_000_000),
      );
    } finally {
      zip.close();
    }
  });

  it("orders pages naturally, ignores system files and reads every ComicInfo field", async () => {
    const dir = await tempDir();
    const cbz = await buildZip([
      { name: "page10.png", data: await image(100, 10) },
      { name: "page2.png", data: await image(20, 10) },
      { name: "page1.png", data: await image(10, 10) },
      { name: "__MACOSX/._page1.png", data: "junk" },
      { name: ".DS_Store", data: "junk" },
      { name: "Thumbs.db", data: "junk" },
      { name: "notes.txt", data: "hello" },
      { name: "ComicInfo.xml", data: COMIC_INFO },
    ]);
    const { title, stagingDir } = await importInto([await upload(dir, "moon.cbz", cbz)]);
    expect(pagesOf(title).map((page) => page.width)).toEqual([10, 20, 100]);
    expect(title).toMatchObject({
      title: "Moon Cats",
      author: "Ann Author, Pat Pencil",
      description: "Cats on the moon.",
      genres: ["Action", "Comedy"],
      tags: ["cats", "space"],
      language: "ja",
      readingDirection: "rtl",
      coverPath: "cover.png",
      warnings: ["1 file in “moon.cbz” that is not pages was ignored."],
    });
    expect(title.episodes[0]?.title).toBe("Issue 3");
    // The declared front cover is the second page in reading order.
    expect(await readFile(path.join(stagingDir, "cover.png"))).toEqual(await image(20, 10));
  });

  it("makes one episode per image folder, in natural order, with a lone root picture as cover", async () => {
    const dir = await tempDir();
    const cbz = await buildZip([
      { name: "Series/Chapter 10/01.jpg", data: await image(10, 10, "jpeg") },
      { name: "Series/Chapter 2/01.jpg", data: await image(20, 10, "jpeg") },
      { name: "Series/Chapter 2/02.jpg", data: await image(21, 10, "jpeg") },
      { name: "Series/Chapter 1/01.jpg", data: await image(30, 10, "jpeg") },
      { name: "cover.webp", data: await image(40, 60, "webp") },
    ]);
    const { title, stagingDir } = await importInto([await upload(dir, "series_name.cbz", cbz)]);
    expect(title.title).toBe("Series name");
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Chapter 1", "Chapter 2", "Chapter 10"]);
    expect(pagesOf(title, 1).map((page) => page.width)).toEqual([20, 21]);
    expect(title.coverPath).toBe("cover.webp");
    await access(path.join(stagingDir, "episodes/0003/pages/0001.jpg"));
  });

  it("makes one episode per archive when several are imported together", async () => {
    const dir = await tempDir();
    const volume = async (width: number, info?: string) =>
      buildZip([
        { name: "a.png", data: await image(width, 10) },
        ...(info ? [{ name: "ComicInfo.xml", data: info }] : []),
      ]);
    const inputs = [
      await upload(dir, "Moon Cats 10.cbz", await volume(10)),
      await upload(
        dir,
        "Moon Cats 2.cbz",
        await volume(2, "<ComicInfo><Series>Moon Cats</Series><Number>2</Number></ComicInfo>"),
      ),
    ];
    const { title } = await importInto(inputs);
    expect(title.title).toBe("Moon Cats");
    expect(title.episodes.map((episode) => episode.title)).toEqual(["Issue 2", "Moon Cats 10"]);
    expect(pagesOf(title, 0)[0]?.width).toBe(2);
  });

  it("refuses the whole import when a page is larger than the pixel cap", async () => {
    const dir = await tempDir();
    const cbz = await buildZip([
      { name: "a.png", data: await image(10, 10) },
      { name: "b.png", data: await pngClaiming(10_000, 10_000) },
    ]);
    await expect(importInto([await upload(dir, "big.cbz", cbz)])).rejects.toMatchObject({
      code: "PAYLOAD_TOO_LARGE",
      message:
        "Page 2 (“b.png”) is larger than 50 megapixels (10000 × 10000 pixels); make it smaller and import again.",
    });
  });

  it("leaves out pages that are not images, with a warning", async () => {
    const dir = await tempDir();
    const cbz = await buildZip([
      { name: "1.png", data: await image(10, 10) },
      { name: "2.jpg", data: "not a picture" },
    ]);
    const { title } = await importInto([await upload(dir, "c.cbz", cbz)]);
    expect(pagesOf(title)).toHaveLength(1);
    expect(title.warnings).toEqual(["Page 2 (“2.jpg”) is not a readable image and was left out."]);
  });

  it("reads ComicInfo.xml leniently", () => {
    expect(parseComicInfo("<ComicInfo><Title>Solo</Title><Manga>Yes</Manga></ComicInfo>")).toMatchObject({
      title: "Solo",
      series: null,
      authors: [],
      rightToLeft: false,
      frontCoverIndex: null,
    });
  });
});
