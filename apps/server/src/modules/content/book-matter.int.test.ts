import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../../core/config.ts";
import { createTitle, readerAged } from "../../test/catalogue.ts";
import { mediaPath } from "../../test/media-files.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
} from "../../test/test-platform.ts";
import { deleteTitle } from "../content-admin/content-admin.service.ts";
import { runImport } from "../content-admin/imports/imports.service.ts";
import { matterMediaKey } from "./book-matter.ts";
import { updateContent } from "./content-writing.service.ts";
import { bookMatter } from "./schema.ts";

const FIXTURES = path.join(REPO_ROOT, "fixtures");
let platform: TestPlatform;
let mobyDick: string;

async function importBook(file: string, contentId: string | null = null) {
  const upload = await platform.deps.media.uploads.fromLocalFiles("test", [path.join(FIXTURES, file)]);
  return runImport(
    platform.deps,
    { uploadId: upload.id, type: "book", contentId, publish: true, fileNames: [] },
    null,
  );
}

beforeAll(async () => {
  platform = await openTestPlatform();
  await platform.reset();
  mobyDick = (await importBook("books/moby-dick.epub")).contentId;
}, 120_000);
afterAll(() => platform.dispose());

describe("a book's front and back matter", () => {
  it("is kept apart from the episodes: Moby-Dick starts at Loomings and ends at the Epilogue", async () => {
    const reader = callerFor(platform, await readerAged(platform, 18));
    const detail = await reader.content.getContent({ contentId: mobyDick });
    expect(detail.episodeCount).toBe(136);
    expect(detail.episodes[0]).toMatchObject({ number: 1, title: "Chapter 1. Loomings." });
    expect(detail.episodes.at(-1)).toMatchObject({ number: 136, title: "Epilogue" });

    const matter = await reader.content.listBookMatter({ contentId: mobyDick });
    expect(matter.map((page) => [page.position, page.placement, page.title])).toEqual([
      [1, "front", "Moby-Dick"],
      [2, "front", "Brief Contents"],
      [3, "front", "Original Transcriber’s Notes:"],
      [4, "front", "ETYMOLOGY."],
      [5, "front", "EXTRACTS (Supplied by a Sub-Sub-Librarian)."],
      [6, "back", "Copyright Page"],
    ]);
    // Anyone who may see the title may see what it holds.
    expect(await callerFor(platform).content.listBookMatter({ contentId: mobyDick })).toHaveLength(6);
  });

  it("is read like a chapter, its pictures at signed addresses, leading into the story and out of it", async () => {
    const reader = callerFor(platform, await readerAged(platform, 18));
    const titlePage = await reader.content.getBookMatter({ contentId: mobyDick, position: 1 });
    expect(titlePage.matter).toMatchObject({ placement: "front", title: "Moby-Dick" });
    const [, src = ""] = titlePage.html.match(/<img[^>]*\ssrc="([^"]*)"/) ?? [];
    expect(src).toMatch(new RegExp(`^/media/episodes/${titlePage.matter._id}/[^/]+/images/`));
    expect(existsSync(mediaPath(platform, matterMediaKey(titlePage.matter._id)))).toBe(true);
    expect(titlePage).toMatchObject({ previous: null, next: { position: 2, title: "Brief Contents" } });

    const contents = await reader.content.getBookMatter({ contentId: mobyDick, position: 2 });
    expect(contents.html).toContain('href="?episode=1"');
    const extracts = await reader.content.getBookMatter({ contentId: mobyDick, position: 5 });
    expect(extracts).toMatchObject({
      previous: { position: 4 },
      next: { episodeNumber: 1, title: "Chapter 1. Loomings." },
    });
    const copyright = await reader.content.getBookMatter({ contentId: mobyDick, position: 6 });
    expect(copyright).toMatchObject({ previous: { episodeNumber: 136, title: "Epilogue" }, next: null });
  });

  it("is open to every signed-in reader who may see the title, even when its episodes are for members", async () => {
    await updateContent(platform.deps, mobyDick, { accessType: "premium" });
    try {
      const reader = callerFor(platform, await readerAged(platform, 18));
      expect(await codeOf(reader.content.getEpisode({ contentId: mobyDick, number: 2 }))).toBe("FORBIDDEN");
      const page = await reader.content.getBookMatter({ contentId: mobyDick, position: 4 });
      expect(page.html).toContain("ETYMOLOGY");
      // Signed out: the list, not the pages, as with episodes.
      expect(
        await codeOf(callerFor(platform).content.getBookMatter({ contentId: mobyDick, position: 4 })),
      ).toBe("UNAUTHORIZED");
    } finally {
      await updateContent(platform.deps, mobyDick, { accessType: "free" });
    }
  });

  it("is hidden with its title: above the reader's age, or a draft", async () => {
    const young = callerFor(platform, await readerAged(platform, 13));
    await updateContent(platform.deps, mobyDick, { ageRating: 18 });
    try {
      expect(await codeOf(young.content.listBookMatter({ contentId: mobyDick }))).toBe("FORBIDDEN");
      expect(await codeOf(young.content.getBookMatter({ contentId: mobyDick, position: 1 }))).toBe(
        "FORBIDDEN",
      );
    } finally {
      await updateContent(platform.deps, mobyDick, { ageRating: 13 });
    }
    const draft = await createTitle(platform, { status: "draft" });
    expect(await codeOf(young.content.listBookMatter({ contentId: draft.id }))).toBe("NOT_FOUND");
  });

  it("refuses bad input and pages that do not exist", async () => {
    const reader = callerFor(platform, await readerAged(platform, 18));
    expect(await codeOf(reader.content.getBookMatter({ contentId: mobyDick, position: 0 }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(reader.content.getBookMatter({ contentId: "nope", position: 1 }))).toBe(
      "BAD_REQUEST",
    );
    expect(await codeOf(reader.content.getBookMatter({ contentId: mobyDick, position: 7 }))).toBe(
      "NOT_FOUND",
    );
    const plain = await createTitle(platform);
    expect(await reader.content.listBookMatter({ contentId: plain.id })).toEqual([]);
  });

  it("comes only with a new title, and goes with it", { timeout: 60_000 }, async () => {
    const admin = await createUser(platform, "admin");
    const book = await importBook("books/childrens-literature.epub");
    const [contents] = await platform.deps.db
      .select()
      .from(bookMatter)
      .where(eq(bookMatter.contentId, book.contentId));
    expect(contents).toMatchObject({ placement: "front", position: 1, title: "THE CONTENTS" });

    const added = await importBook("books/childrens-literature.epub", book.contentId);
    expect(added.episodeCount).toBe(1);
    expect(added.warnings).toContain(
      "The book's front and back matter (title page, contents, notes…) were left out: only a new title keeps them.",
    );
    expect(
      await callerFor(platform, admin).content.listBookMatter({ contentId: book.contentId }),
    ).toHaveLength(1);

    await deleteTitle(platform.deps, book.contentId);
    expect(
      await platform.deps.db.select().from(bookMatter).where(eq(bookMatter.contentId, book.contentId)),
    ).toEqual([]);
    expect(existsSync(mediaPath(platform, matterMediaKey(contents?.id ?? "")))).toBe(false);
  });
});
