import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshContentStats } from "../../jobs/content-stats.ts";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { episodeViews } from "../library/schema.ts";
import { addEpisodes, bookChapter } from "./add-episodes.ts";
import { episodes } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const titlesOf = (page: { items: Array<{ title: string }> }) => page.items.map((item) => item.title);

describe("content.listContent", () => {
  it("shows published titles within the viewer's age, never drafts", async () => {
    await createTitle(platform, { title: "Everyone", ageRating: 13 });
    await createTitle(platform, { title: "Teens", ageRating: 16 });
    await createTitle(platform, { title: "Adults", ageRating: 18 });
    await createTitle(platform, { title: "Draft", status: "draft" });
    const sortedTitles = async (caller: ReturnType<typeof callerFor>) =>
      titlesOf(await caller.content.listContent({ sort: "new" })).sort();

    expect(await sortedTitles(callerFor(platform))).toEqual(["Everyone"]);
    expect(await sortedTitles(callerFor(platform, await readerAged(platform, null)))).toEqual(["Everyone"]);
    expect(await sortedTitles(callerFor(platform, await readerAged(platform, 16)))).toEqual([
      "Everyone",
      "Teens",
    ]);
    expect(await sortedTitles(callerFor(platform, await readerAged(platform, 18)))).toEqual([
      "Adults",
      "Everyone",
      "Teens",
    ]);
  });

  it("filters by type, genre, release status, access and rating", async () => {
    await createTitle(platform, { title: "Whale Book", genres: ["adventure", "classics"] });
    await createTitle(platform, {
      title: "Comic",
      contentType: "comic",
      genres: ["comedy"],
      releaseStatus: "completed",
      accessType: "premium",
    });
    await createTitle(platform, { title: "Drama", contentType: "drama", ageRating: 16 });
    const caller = callerFor(platform, await readerAged(platform, 18));
    expect(titlesOf(await caller.content.listContent({ type: "comic" }))).toEqual(["Comic"]);
    expect(titlesOf(await caller.content.listContent({ genre: "Classics" }))).toEqual(["Whale Book"]);
    expect(titlesOf(await caller.content.listContent({ releaseStatus: "completed" }))).toEqual(["Comic"]);
    expect(titlesOf(await caller.content.listContent({ accessType: "premium" }))).toEqual(["Comic"]);
    expect(titlesOf(await caller.content.listContent({ ageRating: 16 }))).toEqual(["Drama"]);
  });

  it("searches title, author, tags and description, stemmed, the last word as a prefix", async () => {
    await createTitle(platform, {
      title: "Moby-Dick",
      author: "Herman Melville",
      description: "A captain hunts the white whale across the oceans.",
      tags: ["whaling"],
    });
    await createTitle(platform, {
      title: "Pride and Prejudice",
      author: "Jane Austen",
      description: "Manners.",
    });
    const caller = callerFor(platform);
    const search = async (query: string) =>
      titlesOf(await caller.content.listContent({ query, sort: "relevance" }));
    expect(await search("moby")).toEqual(["Moby-Dick"]);
    expect(await search("Melvi")).toEqual(["Moby-Dick"]);
    expect(await search("whales ocean")).toEqual(["Moby-Dick"]);
    expect(await search("whaling")).toEqual(["Moby-Dick"]);
    expect(await search("prid")).toEqual(["Pride and Prejudice"]);
    // "and" is a stop word to text search; the title still matches as typed.
    expect(await search("pride and")).toEqual(["Pride and Prejudice"]);
    expect(await search("austen whale")).toEqual([]);
    expect(await search("%")).toEqual([]);
  });

  it("pages through results with a cursor, and refuses a forged one", async () => {
    for (let index = 0; index < 5; index++) await createTitle(platform, { title: `Book ${index}` });
    const caller = callerFor(platform);
    // As TanStack's infinite queries ask for a first page.
    const first = await caller.content.listContent({
      limit: 2,
      sort: "new",
      cursor: null,
      direction: "forward",
    });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(5);
    const second = await caller.content.listContent({
      limit: 2,
      sort: "new",
      cursor: first.nextCursor ?? "",
    });
    const third = await caller.content.listContent({
      limit: 2,
      sort: "new",
      cursor: second.nextCursor ?? "",
    });
    expect(third.nextCursor).toBeNull();
    expect(third.total).toBe(5);
    expect(new Set([...titlesOf(first), ...titlesOf(second), ...titlesOf(third)]).size).toBe(5);
    expect(await codeOf(caller.content.listContent({ cursor: "not-a-cursor" }))).toBe("BAD_REQUEST");
  });

  it("refuses bad input", async () => {
    const caller = callerFor(platform);
    // biome-ignore lint/suspicious/noExplicitAny: invalid on purpose
    const bad = caller.content.listContent as (input: any) => Promise<unknown>;
    expect(await codeOf(bad({ limit: 500 }))).toBe("BAD_REQUEST");
    expect(await codeOf(bad({ type: "podcast" }))).toBe("BAD_REQUEST");
    expect(await codeOf(bad({ query: "x".repeat(201) }))).toBe("BAD_REQUEST");
    expect(await codeOf(bad({ sort: "random" }))).toBe("BAD_REQUEST");
    expect(await codeOf(bad({ unexpected: true }))).toBe("BAD_REQUEST");
  });

  it("orders by popularity and rating from the refreshed figures", async () => {
    const quiet = await createTitle(platform, { title: "Quiet" });
    const loved = await createTitle(platform, { title: "Loved" });
    const [episode] = await addChapters(platform, loved.id, 1);
    await addChapters(platform, quiet.id, 1);
    for (const rating of [5, 4]) {
      const reader = await readerAged(platform, 18);
      const caller = callerFor(platform, reader);
      await caller.content.getEpisode({ contentId: loved.id, number: 1 });
      await caller.content.rateContent({ contentId: loved.id, rating });
    }
    const critic = callerFor(platform, await readerAged(platform, 18));
    await critic.content.rateContent({ contentId: quiet.id, rating: 2 });
    await refreshContentStats(platform.deps);

    const caller = callerFor(platform);
    expect(titlesOf(await caller.content.listContent({ sort: "popular" }))).toEqual(["Loved", "Quiet"]);
    const topRated = await caller.content.listContent({ sort: "top_rated" });
    expect(titlesOf(topRated)).toEqual(["Loved", "Quiet"]);
    expect(topRated.items[0]).toMatchObject({
      ratingAverage: 4.5,
      ratingCount: 2,
      viewCount: 2,
      episodeCount: 1,
    });
    expect(episode).toBeDefined();
  });
});

describe("content.listGenres", () => {
  it("counts the genres of visible titles", async () => {
    await createTitle(platform, { genres: ["fantasy", "romance"] });
    await createTitle(platform, { genres: ["fantasy"] });
    await createTitle(platform, { genres: ["horror"], ageRating: 18 });
    expect(await callerFor(platform).content.listGenres({})).toEqual([
      { genre: "fantasy", count: 2 },
      { genre: "romance", count: 1 },
    ]);
  });
});

describe("content.getContent", () => {
  it("shows a title with its released episodes, what locks them and when the next comes", async () => {
    const title = await createTitle(platform, {
      title: "Serial",
      accessType: "premium",
      genres: ["mystery"],
    });
    const tomorrow = new Date(Date.now() + 86_400_000);
    await addChapters(platform, title.id, 5, {
      2: { priceCoins: 20 },
      3: { publishAt: tomorrow },
      4: { publishAt: null },
    });
    const reader = await readerAged(platform, 18);
    const detail = await callerFor(platform, reader).content.getContent({ contentId: title.id });
    expect(detail).toMatchObject({ title: "Serial", genres: ["mystery"], episodeCount: 3 });
    expect(detail.episodes.map((episode) => [episode.number, episode.lock])).toEqual([
      [1, null],
      [2, { reason: "tier", accessType: "premium" }],
      [3, { reason: "tier", accessType: "premium" }],
    ]);
    expect(detail.nextReleaseAt).toBe(tomorrow.toISOString());
    expect(detail.viewer).toEqual({ isFollowing: false, isLiked: false, rating: null, continueEpisode: 1 });
    expect((await callerFor(platform).content.getContent({ contentId: title.id })).viewer).toBeNull();
  });

  it("hides drafts from readers but not from admins, and says when a title is above the reader's age", async () => {
    const draft = await createTitle(platform, { status: "draft" });
    const mature = await createTitle(platform, { ageRating: 18 });
    const reader = callerFor(platform, await readerAged(platform, 16));
    expect(await codeOf(reader.content.getContent({ contentId: draft.id }))).toBe("NOT_FOUND");
    expect(await codeOf(reader.content.getContent({ contentId: mature.id }))).toBe("FORBIDDEN");
    await expect(reader.content.getContent({ contentId: mature.id })).rejects.toThrow("rated 18+");
    const admin = callerFor(platform, await createUser(platform, "admin"));
    expect((await admin.content.getContent({ contentId: draft.id })).title).toBe(draft.title);
    expect(await codeOf(reader.content.getContent({ contentId: "not-an-id" }))).toBe("BAD_REQUEST");
  });

  it("follows likes, follows and ratings live, and only for that title", async () => {
    const title = await createTitle(platform);
    const other = await createTitle(platform);
    const reader = await readerAged(platform, 18);
    const caller = callerFor(platform, reader);
    const probe = watchLiveRuns(platform, () => caller.content.getContent({ contentId: title.id }));
    await probe.waitForRuns(1);

    await caller.content.likeContent({ contentId: title.id });
    await probe.waitForRuns(2);
    expect(probe.latest).toMatchObject({ likeCount: 1, viewer: { isLiked: true } });

    await caller.library.followContent({ contentId: title.id });
    await caller.content.rateContent({ contentId: title.id, rating: 4 });
    await expect
      .poll(() => probe.latest, { timeout: 5_000 })
      .toMatchObject({
        followerCount: 1,
        ratingAverage: 4,
        ratingCount: 1,
        viewer: { isFollowing: true, rating: 4 },
      });

    const runs = probe.runs;
    const stranger = callerFor(platform, await readerAged(platform, 18));
    await stranger.content.likeContent({ contentId: other.id });
    await probe.settle();
    expect(probe.runs).toBe(runs);

    await caller.content.unlikeContent({ contentId: title.id });
    await expect
      .poll(() => probe.latest, { timeout: 5_000 })
      .toMatchObject({ likeCount: 0, viewer: { isLiked: false } });
    probe.stop();
  });

  it("refuses ratings outside 1 to 5", async () => {
    const title = await createTitle(platform);
    const caller = callerFor(platform, await readerAged(platform, 18));
    expect(await codeOf(caller.content.rateContent({ contentId: title.id, rating: 6 }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.content.rateContent({ contentId: title.id, rating: 2.5 }))).toBe(
      "BAD_REQUEST",
    );
  });
});

describe("content.getEpisode", () => {
  it("hands out a free chapter with media URLs that carry a signature, and counts one view per half hour", async () => {
    const title = await createTitle(platform);
    await addEpisodes(platform.deps, title.id, [
      bookChapter("One", '<p>Call me Ishmael.</p><img src="lv-media:images/map.png" alt="Map">'),
      bookChapter("Two", "<p>Two.</p>"),
    ]);
    const caller = callerFor(platform, await readerAged(platform, 18));
    const first = await caller.content.getEpisode({ contentId: title.id, number: 1 });
    expect(first.payload.kind).toBe("book");
    if (first.payload.kind !== "book") return;
    expect(first.payload.html).toContain("Call me Ishmael.");
    expect(first.payload.html).toMatch(
      /src="\/media\/episodes\/[0-9a-f-]{36}\/\d+\.[\w-]+\/images\/map\.png"/,
    );
    expect(first.payload.html).not.toContain("lv-media:");
    expect(first).toMatchObject({ previousNumber: null, nextNumber: 2 });
    expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.now() + 5 * 3_600_000);

    await caller.content.getEpisode({ contentId: title.id, number: 1 });
    const views = await platform.deps.db
      .select()
      .from(episodeViews)
      .where(eq(episodeViews.contentId, title.id));
    expect(views).toHaveLength(1);
  });

  it("keeps locked, scheduled and unknown episodes closed, and asks anonymous callers to sign in", async () => {
    const title = await createTitle(platform);
    await addChapters(platform, title.id, 3, {
      1: { priceCoins: 15 },
      2: { publishAt: new Date(Date.now() + 60_000) },
    });
    const caller = callerFor(platform, await readerAged(platform, 18));
    await expect(caller.content.getEpisode({ contentId: title.id, number: 2 })).rejects.toThrow(
      "This episode costs 15 coins to unlock.",
    );
    expect(await codeOf(caller.content.getEpisode({ contentId: title.id, number: 3 }))).toBe("NOT_FOUND");
    expect(await codeOf(caller.content.getEpisode({ contentId: title.id, number: 9 }))).toBe("NOT_FOUND");
    expect(await codeOf(callerFor(platform).content.getEpisode({ contentId: title.id, number: 1 }))).toBe(
      "UNAUTHORIZED",
    );
    // Admins check what they publish, scheduled and priced episodes included.
    const admin = callerFor(platform, await createUser(platform, "admin"));
    expect((await admin.content.getEpisode({ contentId: title.id, number: 3 })).episode.number).toBe(3);
    const [row] = await platform.deps.db.select().from(episodes).where(eq(episodes.number, 2));
    expect(row?.priceCoins).toBe(15);
  });
});
