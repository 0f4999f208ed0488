import type { Age } from "@litverse/shared/constants";
import { type CuratedList, SHELF_ITEM_LIMIT } from "@litverse/shared/content";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { refreshContentStats } from "../../../jobs/content-stats.ts";
import { addChapters } from "../../../test/catalogue.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../../test/test-platform.ts";
import { auditEvents } from "../../audit/schema.ts";
import { type ContentFields, createContent, updateContent } from "../../content/content-writing.service.ts";
import { content } from "../../content/schema.ts";
import { setUserAge } from "../../users/users.service.ts";
import { curatedListItems, curatedLists } from "../schema.ts";
import {
  type CuratedListFields,
  createCuratedList,
  setCuratedListItems,
  updateCuratedList,
} from "./content-curation.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

let titleCounter = 0;

/** A published book unless told otherwise. */
async function title(fields: Partial<ContentFields> = {}) {
  titleCounter++;
  return createContent(platform.deps, {
    contentType: "book",
    title: `Title ${titleCounter}`,
    author: `Author ${titleCounter}`,
    status: "published",
    ...fields,
  });
}

async function list(fields: Partial<CuratedListFields>, contentIds: string[] = []) {
  return createCuratedList(platform.deps, { listType: "editors_picks", ...fields }, contentIds);
}

async function userAged(age: Age | null): Promise<TestUser> {
  const user = await createUser(platform);
  if (age !== null) await setUserAge(platform.deps, user, age);
  return user;
}

const shelves = (user: TestUser | null = null) =>
  callerFor(platform, user).contentCuration.getActiveCuratedLists();
const titlesOf = (lists: CuratedList[], index = 0) => lists[index]?.content.map((card) => card.title);

describe("contentCuration.getActiveCuratedLists", () => {
  it("returns the active lists in position order, in the shared shape, empty ones included", async () => {
    const book = await title({ title: "Emma", author: "Jane Austen", coverImage: "/c/emma.svg" });
    const second = await list({ listType: "editors_picks", contentType: "book", position: 2 }, [book.id]);
    const first = await list(
      { listType: "custom", customName: "Quiet reads", description: "Slow and lovely", position: 1 },
      [],
    );
    await list({ listType: "must_watch", position: 0, isActive: false }, [book.id]);

    expect(await shelves()).toEqual([
      {
        _id: first.id,
        listType: "custom",
        customName: "Quiet reads",
        description: "Slow and lovely",
        contentType: "all",
        content: [],
      },
      {
        _id: second.id,
        listType: "editors_picks",
        customName: null,
        description: null,
        contentType: "book",
        content: [
          {
            _id: book.id,
            title: "Emma",
            author: "Jane Austen",
            coverImage: "/c/emma.svg",
            accessType: "free",
            contentType: "book",
          },
        ],
      },
    ]);
  });

  it("answers with no lists at all", async () => {
    expect(await shelves()).toEqual([]);
  });

  it("shows published titles in the list's order, at most SHELF_ITEM_LIMIT", async () => {
    const titles = [];
    for (let i = 0; i < SHELF_ITEM_LIMIT + 3; i++) titles.push(await title({ title: `Book ${i}` }));
    const draft = await title({ title: "Draft", status: "draft" });
    // Deliberately not in creation order.
    const order = [draft, ...titles].reverse();
    await list({}, [draft.id, ...order.filter((row) => row !== draft).map((row) => row.id)]);
    const [shown] = await shelves();
    expect(shown?.content).toHaveLength(SHELF_ITEM_LIMIT);
    expect(shown?.content.map((card) => card.title)).toEqual(
      order
        .filter((row) => row !== draft)
        .slice(0, SHELF_ITEM_LIMIT)
        .map((row) => row.title),
    );
  });

  it("shows only titles of the list's content type, unless the list is for all types", async () => {
    const book = await title({ contentType: "book", title: "A book" });
    const drama = await title({ contentType: "drama", title: "A drama" });
    const comic = await title({ contentType: "comic", title: "A comic" });
    await list({ listType: "must_watch", contentType: "drama", position: 0 }, [book.id, drama.id, comic.id]);
    await list({ listType: "custom", customName: "All kinds", contentType: "all", position: 1 }, [
      book.id,
      drama.id,
      comic.id,
    ]);
    const lists = await shelves();
    expect(titlesOf(lists, 0)).toEqual(["A drama"]);
    expect(titlesOf(lists, 1)).toEqual(["A book", "A drama", "A comic"]);
  });

  it("shows titles rated at most the caller's age; anonymous callers and callers without an age see 13 only", async () => {
    const teen = await title({ title: "Rated 13", ageRating: 13 });
    const older = await title({ title: "Rated 16", ageRating: 16 });
    const adult = await title({ title: "Rated 18", ageRating: 18 });
    await list({}, [adult.id, older.id, teen.id]);

    expect(titlesOf(await shelves())).toEqual(["Rated 13"]);
    expect(titlesOf(await shelves(await userAged(null)))).toEqual(["Rated 13"]);
    expect(titlesOf(await shelves(await userAged(13)))).toEqual(["Rated 13"]);
    expect(titlesOf(await shelves(await userAged(16)))).toEqual(["Rated 16", "Rated 13"]);
    expect(titlesOf(await shelves(await userAged(18)))).toEqual(["Rated 18", "Rated 16", "Rated 13"]);

    // A caller whose token has expired is treated as anonymous rather than refused.
    const adultUser = await userAged(18);
    const expired = { ...adultUser, identity: { ...adultUser.identity, expiresAt: Date.now() - 1 } };
    expect(titlesOf(await shelves(expired))).toEqual(["Rated 13"]);
  });

  it("fills a shelf past hidden titles up to the limit", async () => {
    const adult = [];
    for (let i = 0; i < 3; i++) adult.push(await title({ title: `Adult ${i}`, ageRating: 18 }));
    const teen = [];
    for (let i = 0; i < SHELF_ITEM_LIMIT; i++) teen.push(await title({ title: `Teen ${i}` }));
    await list(
      {},
      [...adult, ...teen].map((row) => row.id),
    );
    expect(titlesOf(await shelves())).toEqual(teen.map((row) => row.title));
    expect(titlesOf(await shelves(await userAged(18)))).toEqual(
      [...adult, ...teen].slice(0, SHELF_ITEM_LIMIT).map((row) => row.title),
    );
  });
});

describe("live shelves", () => {
  it("re-runs when lists, their items, their titles or the viewer's age change, and not otherwise", async () => {
    const viewer = await userAged(13);
    const stranger = await userAged(13);
    const shown = await title({ title: "Shown" });
    const draft = await title({ title: "Draft", status: "draft" });
    const adult = await title({ title: "Adult", ageRating: 18 });
    const elsewhere = await title({ title: "On no active list" });
    const inactive = await list({ isActive: false, position: 9 }, [elsewhere.id]);
    const shelf = await list({ position: 0 }, [shown.id, draft.id, adult.id]);

    const caller = callerFor(platform, viewer);
    const live = watchLiveRuns(platform, () => caller.contentCuration.getActiveCuratedLists());
    await live.waitForRuns(1);
    expect(titlesOf(live.latest ?? [])).toEqual(["Shown"]);

    // Nothing the shelves show: another user's row, a title on no active list.
    await setUserAge(platform.deps, stranger, 18);
    await updateContent(platform.deps, elsewhere.id, { title: "Renamed elsewhere" });
    await live.settle();
    expect(live.runs).toBe(1);

    // A shown title changes.
    await updateContent(platform.deps, shown.id, { title: "Shown, renamed" });
    await live.waitForRuns(2);
    expect(titlesOf(live.latest ?? [])).toEqual(["Shown, renamed"]);

    // A title on the list but hidden is published.
    await updateContent(platform.deps, draft.id, { status: "published" });
    await live.waitForRuns(3);
    expect(titlesOf(live.latest ?? [])).toEqual(["Shown, renamed", "Draft"]);

    // The viewer's own age.
    await setUserAge(platform.deps, viewer, 18);
    await live.waitForRuns(4);
    expect(titlesOf(live.latest ?? [])).toEqual(["Shown, renamed", "Draft", "Adult"]);

    // The list's items.
    await setCuratedListItems(platform.deps, shelf.id, [adult.id]);
    await live.waitForRuns(5);
    expect(titlesOf(live.latest ?? [])).toEqual(["Adult"]);

    // Lists themselves.
    await updateCuratedList(platform.deps, inactive.id, { isActive: true });
    await live.waitForRuns(6);
    expect(live.latest?.map((row) => row._id)).toEqual([shelf.id, inactive.id]);

    // The list that just became active now tracks its titles too.
    await updateContent(platform.deps, elsewhere.id, { accessType: "premium" });
    await live.waitForRuns(7);
    expect(live.latest?.[1]?.content[0]?.accessType).toBe("premium");
    live.stop();
  });
});

describe("curated list rules", () => {
  it("refuses a title twice on one list, and lists of unknown types", async () => {
    const book = await title();
    await expect(list({}, [book.id, book.id])).rejects.toThrow(/only once/);
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
    await expect(list({ listType: "bestsellers" as any })).rejects.toThrow();
    // biome-ignore lint/suspicious/noExplicitAny: deliberately wrong input
    await expect(list({ contentType: "podcast" as any })).rejects.toThrow();
  });

  it("drops a title from its lists when the title is deleted, and items when the list is", async () => {
    const book = await title({ title: "Kept" });
    const gone = await title({ title: "Gone" });
    const shelf = await list({}, [gone.id, book.id]);
    await platform.deps.db.delete(content).where(eq(content.id, gone.id));
    expect(titlesOf(await shelves())).toEqual(["Kept"]);
    await platform.deps.db.delete(curatedLists).where(eq(curatedLists.id, shelf.id));
    expect(await platform.deps.db.select().from(curatedListItems)).toEqual([]);
  });
});

describe("computed shelves", () => {
  /** Views, likes and ratings from `readers` fresh readers, then the figures refreshed. */
  async function engage(contentId: string, readers: number, rating?: number) {
    const [episode] = await addChapters(platform, contentId, 1);
    for (let index = 0; index < readers; index++) {
      const reader = await userAged(18);
      const caller = callerFor(platform, reader);
      await caller.content.getEpisode({ contentId, number: episode?.number ?? 1 });
      if (rating) await caller.content.rateContent({ contentId, rating });
    }
  }

  it("fills trending, top reads, recently added, rising stars and hidden gems from real figures", async () => {
    const old = new Date(Date.now() - 200 * 86_400_000);
    const hit = await title({ title: "Hit", publishedAt: old });
    const riser = await title({ title: "Riser" });
    const gem = await title({ title: "Gem", publishedAt: old });
    const filler = await title({ title: "Filler", publishedAt: old });
    const other = await title({ title: "Other", publishedAt: old });
    await engage(hit.id, 4, 3);
    await engage(riser.id, 2);
    await engage(gem.id, 0);
    await engage(filler.id, 0);
    await engage(other.id, 1);
    for (let index = 0; index < 2; index++) {
      await callerFor(platform, await userAged(18)).content.rateContent({ contentId: gem.id, rating: 5 });
    }
    await refreshContentStats(platform.deps);

    for (const [position, listType] of (
      ["trending", "top_reads", "recently_added", "rising_stars", "hidden_gems"] as const
    ).entries()) {
      await list({ listType, position });
    }
    const lists = await shelves();
    expect(titlesOf(lists, 0)).toEqual(["Hit", "Riser", "Other"]);
    expect(titlesOf(lists, 1)).toEqual(["Hit", "Riser", "Other"]);
    expect(titlesOf(lists, 2)?.[0]).toBe("Riser");
    expect(titlesOf(lists, 3)).toEqual(["Riser"]);
    expect(titlesOf(lists, 4)).toEqual(["Gem"]);
  });

  it("keeps computed shelves to the list's type and the viewer's age", async () => {
    const comic = await title({ title: "Comic", contentType: "comic" });
    const mature = await title({ title: "Mature", ageRating: 18 });
    await list({ listType: "recently_added", contentType: "comic" });
    await list({ listType: "recently_added", position: 1 });
    expect(titlesOf(await shelves(), 0)).toEqual(["Comic"]);
    expect(titlesOf(await shelves(), 1)).toEqual(["Comic"]);
    expect(titlesOf(await shelves(await userAged(18)), 1)).toEqual(["Mature", "Comic"]);
    expect(comic.id).not.toBe(mature.id);
  });

  it("refuses hand-picked titles on a computed shelf", async () => {
    const book = await title();
    await expect(list({ listType: "trending" }, [book.id])).rejects.toThrow("filled automatically");
    const shelf = await list({ listType: "trending" });
    await expect(setCuratedListItems(platform.deps, shelf.id, [book.id])).rejects.toThrow(
      "filled automatically",
    );
  });
});

describe("curation functions for admins", () => {
  it("creates, edits, orders, fills and deletes shelves", async () => {
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const first = await title({ title: "First" });
    const second = await title({ title: "Second" });
    const { id: picks } = await admin.contentCuration.createCuratedList({
      data: { listType: "editors_picks" },
    });
    const { id: custom } = await admin.contentCuration.createCuratedList({
      data: { listType: "custom", customName: "Cosy reads", contentType: "book" },
    });
    await admin.contentCuration.setCuratedListItems({ id: custom, contentIds: [second.id, first.id] });
    await admin.contentCuration.reorderCuratedLists({ listIds: [custom, picks] });
    await admin.contentCuration.updateCuratedList({ id: picks, data: { isActive: false } });

    const all = await admin.contentCuration.listCuratedLists();
    expect(
      all.map((shelf) => [shelf.customName ?? shelf.listType, shelf.isActive, shelf.isComputed]),
    ).toEqual([
      ["Cosy reads", true, false],
      ["editors_picks", false, false],
    ]);
    expect(all[0]?.items.map((item) => item.title)).toEqual(["Second", "First"]);
    expect((await shelves()).map((shelf) => shelf._id)).toEqual([custom]);

    await expect(admin.contentCuration.createCuratedList({ data: { listType: "custom" } })).rejects.toThrow(
      "needs a name",
    );
    await expect(admin.contentCuration.reorderCuratedLists({ listIds: [custom] })).rejects.toThrow(
      "every shelf",
    );
    await expect(
      admin.contentCuration.setCuratedListItems({
        id: custom,
        contentIds: ["00000000-0000-4000-8000-000000000000"],
      }),
    ).rejects.toThrow("does not exist");
    await admin.contentCuration.deleteCuratedList({ id: custom });
    expect((await admin.contentCuration.listCuratedLists()).map((shelf) => shelf._id)).toEqual([picks]);
  });

  it("notes each shelf's change, before and after, in the audit trail", async () => {
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const [first, second] = [await title(), await title()];
    const { id } = await admin.contentCuration.createCuratedList({
      data: { listType: "custom", customName: "Cosy reads" },
    });
    await admin.contentCuration.setCuratedListItems({ id, contentIds: [first.id] });
    await admin.contentCuration.setCuratedListItems({ id, contentIds: [second.id, first.id] });
    await admin.contentCuration.updateCuratedList({ id, data: { customName: "Rainy days" } });
    const changesOf = async (action: string) =>
      (await platform.deps.db.select().from(auditEvents).where(eq(auditEvents.action, action))).map(
        (event) => event.changes,
      );
    expect(await changesOf("contentCuration.createCuratedList")).toEqual([
      [
        {
          objectType: "curated-list",
          objectId: id,
          before: null,
          after: expect.objectContaining({ listType: "custom", customName: "Cosy reads", contentIds: [] }),
        },
      ],
    ]);
    expect((await changesOf("contentCuration.setCuratedListItems")).at(-1)).toEqual([
      {
        objectType: "curated-list",
        objectId: id,
        before: { contentIds: [first.id] },
        after: { contentIds: [second.id, first.id] },
      },
    ]);
    expect(await changesOf("contentCuration.updateCuratedList")).toEqual([
      [
        {
          objectType: "curated-list",
          objectId: id,
          before: expect.objectContaining({ customName: "Cosy reads", isActive: true }),
          after: expect.objectContaining({ customName: "Rainy days", isActive: true }),
        },
      ],
    ]);
  });
});
