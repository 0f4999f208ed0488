import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { addEpisodes, bookChapter } from "../content/add-episodes.ts";
import { findMatches } from "../content/book-search.ts";
import { episodeViews } from "../library/schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

describe("positions within a title", () => {
  it("keeps each episode's place, says which tab moved, and follows moves live", async () => {
    const title = await createTitle(platform);
    const [one, two] = await addChapters(platform, title.id, 2);
    const caller = callerFor(platform, await readerAged(platform, 18));
    expect((await caller.library.getTitleProgress({ contentId: title.id })).episodes).toEqual([]);

    const probe = watchLiveRuns(platform, () => caller.library.getTitleProgress({ contentId: title.id }));
    await probe.waitForRuns(1);
    await caller.library.recordProgress({
      episodeId: two?.id ?? "",
      fraction: 0.25,
      locator: { p: 12, o: 40 },
      clientId: "tab-a",
    });
    await probe.waitForRuns(2);
    expect(probe.latest?.episodes).toEqual([
      {
        episodeId: two?.id,
        number: 2,
        fraction: expect.closeTo(0.25, 5),
        locator: { p: 12, o: 40 },
        isCompleted: false,
        updatedAt: expect.any(String),
        clientId: "tab-a",
      },
    ]);
    probe.stop();

    await caller.library.recordProgress({ episodeId: one?.id ?? "", fraction: 1, isCompleted: true });
    const progress = await caller.library.getTitleProgress({ contentId: title.id });
    expect(
      progress.episodes.map((episode) => [episode.number, episode.isCompleted, episode.clientId]),
    ).toEqual([
      [1, true, null],
      [2, false, "tab-a"],
    ]);
  });

  it("lets a position recorded offline arrive late without undoing a newer one", async () => {
    const title = await createTitle(platform);
    const [episode] = await addChapters(platform, title.id, 1);
    const caller = callerFor(platform, await readerAged(platform, 18));
    const episodeId = episode?.id ?? "";
    await caller.library.recordProgress({ episodeId, fraction: 0.6, locator: { p: 60 } });
    // Recorded a minute ago, sent now: older than what is kept, so ignored.
    const aMinuteAgo = new Date(Date.now() - 60_000).toISOString();
    await caller.library.recordProgress({
      episodeId,
      fraction: 0.3,
      locator: { p: 30 },
      recordedAt: aMinuteAgo,
    });
    let [kept] = (await caller.library.getTitleProgress({ contentId: title.id })).episodes;
    expect(kept?.locator).toEqual({ p: 60 });
    // A clock ahead of the server's counts as now, and a later move still replaces it.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    await caller.library.recordProgress({
      episodeId,
      fraction: 0.7,
      locator: { p: 70 },
      recordedAt: tomorrow,
    });
    await caller.library.recordProgress({ episodeId, fraction: 0.8, locator: { p: 80 } });
    [kept] = (await caller.library.getTitleProgress({ contentId: title.id })).episodes;
    expect(kept?.locator).toEqual({ p: 80 });
    expect(Date.parse(kept?.updatedAt ?? "")).toBeLessThanOrEqual(Date.now());
  });

  it("shows a title's positions only to someone who may see the title", async () => {
    const mature = await createTitle(platform, { ageRating: 18 });
    const caller = callerFor(platform, await readerAged(platform, 13));
    expect(await codeOf(caller.library.getTitleProgress({ contentId: mature.id }))).toBe("FORBIDDEN");
    expect(
      await codeOf(
        caller.library.recordProgress({
          episodeId: "00000000-0000-4000-8000-000000000000",
          fraction: 0,
          recordedAt: "yesterday",
        }),
      ),
    ).toBe("BAD_REQUEST");
  });
});

describe("views of episodes fetched ahead", () => {
  it("counts an episode fetched ahead once the reader records a position in it", async () => {
    const title = await createTitle(platform);
    const [, second] = await addChapters(platform, title.id, 2);
    const caller = callerFor(platform, await readerAged(platform, 18));
    const views = async () =>
      (
        await platform.deps.db
          .select()
          .from(episodeViews)
          .where(eq(episodeViews.episodeId, second?.id ?? ""))
      ).length;
    await caller.content.getEpisode({ contentId: title.id, number: 2, isPrefetch: true });
    expect(await views()).toBe(0);
    await caller.library.recordProgress({ episodeId: second?.id ?? "", fraction: 0.1 });
    await caller.library.recordProgress({ episodeId: second?.id ?? "", fraction: 0.2 });
    expect(await views()).toBe(1);
    // Opened outright, it counts at once (and only once in half an hour).
    await caller.content.getEpisode({ contentId: title.id, number: 2 });
    expect(await views()).toBe(1);
  });
});

describe("bookmarks and highlights", () => {
  it("adds, lists in reading order, edits and removes the reader's own marks, live", async () => {
    const title = await createTitle(platform);
    const [one, two] = await addChapters(platform, title.id, 2);
    const reader = await readerAged(platform, 18);
    const caller = callerFor(platform, reader);
    const probe = watchLiveRuns(platform, () => caller.library.getMarks({ contentId: title.id }));
    await probe.waitForRuns(1);

    const highlight = await caller.library.addMark({
      episodeId: two?.id ?? "",
      kind: "highlight",
      locator: { p: 1, o: 0, e: 5 },
      quote: "Words",
      note: "  A note  ",
    });
    expect(highlight).toMatchObject({ episodeNumber: 2, color: "yellow", note: "A note", quote: "Words" });
    await probe.waitForRuns(2);
    const bookmark = await caller.library.addMark({
      episodeId: one?.id ?? "",
      kind: "bookmark",
      locator: { p: 0 },
    });
    expect(bookmark.color).toBeNull();
    await probe.waitForRuns(3);
    expect(probe.latest?.map((mark) => [mark.episodeNumber, mark.kind])).toEqual([
      [1, "bookmark"],
      [2, "highlight"],
    ]);
    probe.stop();

    await caller.library.updateMark({ markId: highlight._id, color: "blue", note: "" });
    let marks = await caller.library.getMarks({ contentId: title.id });
    expect(marks[1]).toMatchObject({ color: "blue", note: null });
    await caller.library.removeMark({ markId: bookmark._id });
    marks = await caller.library.getMarks({ contentId: title.id });
    expect(marks.map((mark) => mark._id)).toEqual([highlight._id]);
  });

  it("refuses someone else's marks, locked episodes, colours on bookmarks and long notes", async () => {
    const title = await createTitle(platform);
    const [free, paid] = await addChapters(platform, title.id, 2, { 1: { priceCoins: 10 } });
    const owner = callerFor(platform, await readerAged(platform, 18));
    const stranger = callerFor(platform, await readerAged(platform, 18));
    const mark = await owner.library.addMark({
      episodeId: free?.id ?? "",
      kind: "highlight",
      locator: { p: 0 },
    });

    expect(await codeOf(stranger.library.removeMark({ markId: mark._id }))).toBe("NOT_FOUND");
    expect(await codeOf(stranger.library.updateMark({ markId: mark._id, note: "mine" }))).toBe("NOT_FOUND");
    expect(await stranger.library.getMarks({ contentId: title.id })).toEqual([]);
    expect(
      await codeOf(owner.library.addMark({ episodeId: paid?.id ?? "", kind: "bookmark", locator: { p: 0 } })),
    ).toBe("FORBIDDEN");
    expect(
      await codeOf(
        owner.library.addMark({
          episodeId: free?.id ?? "",
          kind: "bookmark",
          locator: { p: 0 },
          color: "pink",
        }),
      ),
    ).toBe("BAD_REQUEST");
    expect(await codeOf(owner.library.updateMark({ markId: mark._id, color: null }))).toBe("BAD_REQUEST");
    expect(await codeOf(owner.library.updateMark({ markId: mark._id, note: "x".repeat(2001) }))).toBe(
      "BAD_REQUEST",
    );
    // Nothing changed.
    expect((await owner.library.getMarks({ contentId: title.id }))[0]).toMatchObject({
      color: "yellow",
      note: null,
    });
  });
});

describe("search within a book", () => {
  it("finds words in the chapters the reader may open, with the words around them", async () => {
    const title = await createTitle(platform);
    await addEpisodes(platform.deps, title.id, [
      bookChapter(
        "Loomings",
        "<h1>Loomings</h1><p>Call me <em>Ishmael</em>. Some years ago, Ishmael went to sea.</p>",
      ),
      bookChapter("The Carpet-Bag", "<p>No mention here &amp; none there.</p>"),
      { ...bookChapter("Paid", "<p>Ishmael again, behind a price.</p>"), priceCoins: 5 },
    ]);
    const caller = callerFor(platform, await readerAged(platform, 18));
    const found = await caller.content.searchBook({ contentId: title.id, query: "ishmael" });
    expect(found.total).toBe(2);
    expect(found.results).toEqual([
      {
        number: 1,
        title: "Loomings",
        before: "LoomingsCall me ",
        match: "Ishmael",
        after: ". Some years ago, Ishmael went to sea.",
        occurrence: 0,
      },
      {
        number: 1,
        title: "Loomings",
        before: "LoomingsCall me Ishmael. Some years ago, ",
        match: "Ishmael",
        after: " went to sea.",
        occurrence: 1,
      },
    ]);
    // Entities are text, as the browser reads them.
    expect((await caller.content.searchBook({ contentId: title.id, query: "& none" })).total).toBe(1);
    expect(await codeOf(caller.content.searchBook({ contentId: title.id, query: "x" }))).toBe("BAD_REQUEST");
    const comic = await createTitle(platform, { contentType: "comic" });
    expect(await codeOf(caller.content.searchBook({ contentId: comic.id, query: "ishmael" }))).toBe(
      "BAD_REQUEST",
    );
  });

  it("counts every match and cuts snippets to the words around", () => {
    const text = `${"a".repeat(100)}needle${"b".repeat(100)} needle`;
    const hits = findMatches(text, "NEEDLE");
    expect(hits).toHaveLength(2);
    expect(hits[0]?.before).toHaveLength(50);
    expect(hits[0]?.after).toHaveLength(50);
    expect(hits[1]).toMatchObject({ occurrence: 1, after: "" });
  });
});
