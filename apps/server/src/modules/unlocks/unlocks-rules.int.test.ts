// The unlock ladder's rules, pinned down one by one: the exact refusals a reader or admin sees, what
// the options offer to whom, the ledger memos, the live updates, and the admins' list and refunds.
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  refusalOf,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { creditCoins } from "../coins/ledger.ts";
import { ledgerEntries } from "../coins/schema.ts";
import type { ContentFields } from "../content/content-writing.service.ts";
import { users } from "../users/schema.ts";
import { episodeUnlocks } from "./schema.ts";
import { adminListUnlocks } from "./unlocks.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

let grants = 0;
const grant = (user: TestUser, purchased: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, user.id, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `rules:${++grants}`,
      purchased,
    }),
  );
const balanceOf = async (user: TestUser) => (await callerFor(platform, user).coins.getCoinBalance()).total;
const memosOf = async (user: TestUser, kind: string) =>
  (await platform.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id)))
    .filter((entry) => entry.kind === kind)
    .map((entry) => entry.memo);

/** "2026-11-23 14:05 UTC", as the refusals name a moment. */
const moment = (iso: string) => `${iso.slice(0, 16).replace("T", " ")} UTC`;

/** A published book called Moby-Dick whose chapters cost `prices` (0: free). */
async function pricedTitle(prices: number[], fields: Partial<ContentFields> = {}) {
  const title = await createTitle(platform, { title: "Moby-Dick", ...fields });
  const overrides = Object.fromEntries(prices.map((priceCoins, index) => [index, { priceCoins }]));
  const chapters = await addChapters(platform, title.id, prices.length, overrides);
  return { title, ids: chapters.map((chapter) => chapter.id) };
}

async function reader(coins = 0, age: 13 | 16 | 18 = 18): Promise<TestUser> {
  const user = await readerAged(platform, age);
  if (coins > 0) await grant(user, coins);
  return user;
}

const admin = async () => callerFor(platform, await createUser(platform, "admin"));

const lockOf = async (user: TestUser, contentId: string, number: number) =>
  (await callerFor(platform, user).content.getContent({ contentId })).episodes.find(
    (episode) => episode.number === number,
  )?.lock ?? null;

describe("which episodes a reader may reach", () => {
  it("refuses an unknown episode, an unpublished title and one above the reader's age, with their messages", async () => {
    const { ids: draft } = await pricedTitle([10], { status: "draft" });
    const { ids: adult } = await pricedTitle([10], { ageRating: 18 });
    const teen = callerFor(platform, await reader(0, 16));
    expect(await refusalOf(teen.unlocks.getUnlockOptions({ episodeId: randomUUID() }))).toEqual({
      code: "NOT_FOUND",
      message: "This episode is not out yet.",
    });
    expect(await refusalOf(teen.unlocks.getUnlockOptions({ episodeId: draft[0] as string }))).toEqual({
      code: "NOT_FOUND",
      message: "No such title.",
    });
    expect(await refusalOf(teen.unlocks.getUnlockOptions({ episodeId: adult[0] as string }))).toEqual({
      code: "FORBIDDEN",
      message: "This title is rated 18+.",
    });
  });

  it("lets a reader exactly the title's age rating see and unlock its episodes", async () => {
    const { ids } = await pricedTitle([10], { ageRating: 16 });
    const teen = callerFor(platform, await reader(10, 16));
    expect((await teen.unlocks.getUnlockOptions({ episodeId: ids[0] as string })).priceCoins).toBe(10);
    const result = await teen.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "coins",
      expectedPriceCoins: 10,
    });
    expect(result.spentCoins).toBe(10);
  });
});

describe("plans and coins", () => {
  it("lets a plan holder buy a priced episode of a plan title with coins", async () => {
    const { ids } = await pricedTitle([0, 7], { accessType: "premium" });
    const holder = await reader(10);
    await platform.deps.db.execute(sql`
      insert into vvip_grants (user_id, reason, ends_at) values (${holder.id}, 'test', now() + interval '1 day')`);
    const result = await callerFor(platform, holder).unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 7,
    });
    expect(result).toMatchObject({ kind: "coins", spentCoins: 7, wasAlreadyUnlocked: false });
    expect(await balanceOf(holder)).toBe(3);
  });

  it("refuses coins for a plan episode without the plan, naming the plan", async () => {
    const { ids } = await pricedTitle([0, 7], { accessType: "premium" });
    const caller = callerFor(platform, await reader(10));
    expect(
      await refusalOf(
        caller.unlocks.unlockEpisode({ episodeId: ids[1] as string, method: "coins", expectedPriceCoins: 7 }),
      ),
    ).toEqual({
      code: "FORBIDDEN",
      message: "Episode 2 of “Moby-Dick” comes with a Premium plan; it cannot be unlocked with coins.",
    });
  });
});

describe("unlocks.getUnlockOptions: what is offered to whom", () => {
  const ladder = { rentalPriceCoins: 3, rentalHours: 24, waitForFreeHours: 72, bulkDiscountPercent: 10 };

  it("offers no rental, timer or bulk for an episode behind a plan, even with a priced preview", async () => {
    const { ids } = await pricedTitle([5, 10], { accessType: "vvip", ...ladder });
    const options = await callerFor(platform, await reader(40)).unlocks.getUnlockOptions({
      episodeId: ids[1] as string,
    });
    expect(options).toMatchObject({
      lock: { reason: "tier", accessType: "vvip" },
      rental: null,
      waitForFree: null,
      bulk: null,
    });
  });

  it("offers an admin nothing to buy", async () => {
    const { ids } = await pricedTitle([10, 10], ladder);
    const options = await (await admin()).unlocks.getUnlockOptions({ episodeId: ids[0] as string });
    expect(options).toMatchObject({
      lock: null,
      isOwned: false,
      rental: null,
      waitForFree: null,
      bulk: null,
    });
  });

  it("offers no rental or timer for a free episode, and no bulk once nothing priced is left", async () => {
    const { ids } = await pricedTitle([0, 10], ladder);
    const me = await reader(20);
    const caller = callerFor(platform, me);
    const free = await caller.unlocks.getUnlockOptions({ episodeId: ids[0] as string });
    expect(free).toMatchObject({ lock: null, rental: null, waitForFree: null, bulk: { episodeCount: 1 } });
    await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 10,
    });
    expect((await caller.unlocks.getUnlockOptions({ episodeId: ids[0] as string })).bulk).toBeNull();
  });

  it("still offers a rented episode in the bulk, since a rental is not owning", async () => {
    const { ids } = await pricedTitle([10, 10], { rentalPriceCoins: 4, rentalHours: 48 });
    const caller = callerFor(platform, await reader(20));
    const rented = await caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "rental",
      expectedPriceCoins: 4,
    });
    const options = await caller.unlocks.getUnlockOptions({ episodeId: ids[0] as string });
    expect(options).toMatchObject({
      rentedUntil: rented.expiresAt,
      rental: null,
      bulk: { episodeCount: 2, fullPriceCoins: 20 },
    });
  });

  it("follows a change of the episode's price live", async () => {
    const { ids } = await pricedTitle([10]);
    const caller = callerFor(platform, await reader(20));
    const live = watchLiveRuns(platform, () =>
      caller.unlocks.getUnlockOptions({ episodeId: ids[0] as string }),
    );
    await live.waitForRuns(1);
    expect(live.latest?.priceCoins).toBe(10);
    await (await admin()).contentAdmin.updateEpisode({ id: ids[0] as string, data: { priceCoins: 12 } });
    await live.waitForRuns(2);
    expect(live.latest?.priceCoins).toBe(12);
    live.stop();
  });
});

describe("unlocks.unlockEpisode: refusals and results", () => {
  it("tells an admin they need no unlock", async () => {
    const { ids } = await pricedTitle([10]);
    expect(
      await refusalOf(
        (await admin()).unlocks.unlockEpisode({
          episodeId: ids[0] as string,
          method: "coins",
          expectedPriceCoins: 10,
        }),
      ),
    ).toEqual({ code: "BAD_REQUEST", message: "Administrators open every episode without unlocking it." });
  });

  it("names the title that offers no rental or timer, and a wait for free that expects a price", async () => {
    const { ids } = await pricedTitle([10]);
    const { ids: timed } = await pricedTitle([10], { waitForFreeHours: 24 });
    const caller = callerFor(platform, await reader(20));
    const unlock = (episodeId: string, method: "rental" | "wait_free", expectedPriceCoins: number) =>
      refusalOf(caller.unlocks.unlockEpisode({ episodeId, method, expectedPriceCoins }));
    expect(await unlock(ids[0] as string, "rental", 4)).toEqual({
      code: "BAD_REQUEST",
      message: "“Moby-Dick” does not offer rentals.",
    });
    expect(await unlock(ids[0] as string, "wait_free", 0)).toEqual({
      code: "BAD_REQUEST",
      message: "“Moby-Dick” has no wait-for-free timer.",
    });
    expect(await unlock(timed[0] as string, "wait_free", 10)).toEqual({
      code: "BAD_REQUEST",
      message: "Waiting for free costs nothing: the expected price must be 0.",
    });
  });

  it("a second click on an episode held for good returns it, even once the wallet is empty", async () => {
    const { ids } = await pricedTitle([10]);
    const me = await reader(10);
    const caller = callerFor(platform, me);
    const input = { episodeId: ids[0] as string, method: "coins" as const, expectedPriceCoins: 10 };
    const first = await caller.unlocks.unlockEpisode(input);
    expect(first.wasAlreadyUnlocked).toBe(false);
    expect(await balanceOf(me)).toBe(0);
    expect(await caller.unlocks.unlockEpisode(input)).toEqual({
      ...first,
      spentCoins: 0,
      wasAlreadyUnlocked: true,
    });
  });

  it("of simultaneous clicks exactly one pays, and the others say the episode was held", async () => {
    const { ids } = await pricedTitle([7]);
    const me = await reader(30);
    const caller = callerFor(platform, me);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        caller.unlocks.unlockEpisode({ episodeId: ids[0] as string, method: "coins", expectedPriceCoins: 7 }),
      ),
    );
    expect(results.map((result) => result.wasAlreadyUnlocked).sort()).toEqual([false, true, true, true]);
    expect(new Set(results.map((result) => result.unlockId)).size).toBe(1);
    expect(results.map((result) => result.spentCoins).sort()).toEqual([0, 0, 0, 7]);
    expect(await balanceOf(me)).toBe(23);
  });

  it("of simultaneous wait-for-free clicks on one episode, all get it and one opens it", async () => {
    const { ids } = await pricedTitle([10], { waitForFreeHours: 24 });
    const caller = callerFor(platform, await reader());
    const results = await Promise.all(
      Array.from({ length: 3 }, () =>
        caller.unlocks.unlockEpisode({
          episodeId: ids[0] as string,
          method: "wait_free",
          expectedPriceCoins: 0,
        }),
      ),
    );
    expect(results.map((result) => result.wasAlreadyUnlocked).sort()).toEqual([false, true, true]);
    expect(new Set(results.map((result) => result.unlockId)).size).toBe(1);
  });

  it("rents with a memo naming the hours, opens the episode live, and says until when it is rented", async () => {
    const { title, ids } = await pricedTitle([10, 10], { rentalPriceCoins: 4, rentalHours: 48 });
    const { ids: short } = await pricedTitle([10], { title: "Emma", rentalPriceCoins: 2, rentalHours: 1 });
    const me = await reader(30);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.content.getContent({ contentId: title.id }));
    await live.waitForRuns(1);
    expect(live.latest?.episodes[0]?.lock).toEqual({ reason: "price", priceCoins: 10 });
    const rent = (episodeId: string, expectedPriceCoins: number) =>
      caller.unlocks.unlockEpisode({ episodeId, method: "rental", expectedPriceCoins });

    const result = await rent(ids[0] as string, 4);
    expect(result).toMatchObject({ kind: "rental", spentCoins: 4, wasAlreadyUnlocked: false });
    await live.waitForRuns(2);
    expect(live.latest?.episodes[0]?.lock).toBeNull();
    live.stop();
    await rent(short[0] as string, 2);
    expect((await memosOf(me, "unlock")).sort()).toEqual([
      "Rented “Emma”, episode 1, for 1 hour",
      "Rented “Moby-Dick”, episode 1, for 48 hours",
    ]);
    expect(await refusalOf(rent(ids[0] as string, 4))).toEqual({
      code: "CONFLICT",
      message: `You are renting episode 1 until ${moment(result.expiresAt ?? "")}.`,
    });

    await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 10,
    });
    expect(await refusalOf(rent(ids[1] as string, 4))).toEqual({
      code: "CONFLICT",
      message: "Episode 2 is yours already.",
    });
    expect(await balanceOf(me)).toBe(14);
  });

  it("opens an episode free, live, and names the moment the next free one is due", async () => {
    const { title, ids } = await pricedTitle([10, 10], { waitForFreeHours: 24 });
    const me = await reader();
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.content.getContent({ contentId: title.id }));
    await live.waitForRuns(1);
    const first = await caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "wait_free",
      expectedPriceCoins: 0,
    });
    expect(first).toMatchObject({ kind: "wait_free", spentCoins: 0, wasAlreadyUnlocked: false });
    await live.waitForRuns(2);
    expect(live.latest?.episodes[0]?.lock).toBeNull();
    live.stop();
    const [row] = await platform.deps.db
      .select()
      .from(episodeUnlocks)
      .where(eq(episodeUnlocks.id, first.unlockId));
    const next = new Date((row?.createdAt.getTime() ?? 0) + 24 * 3_600_000).toISOString();
    expect(
      await refusalOf(
        caller.unlocks.unlockEpisode({
          episodeId: ids[1] as string,
          method: "wait_free",
          expectedPriceCoins: 0,
        }),
      ),
    ).toEqual({
      code: "CONFLICT",
      message: `Your next free episode of “Moby-Dick” is available from ${moment(next)}.`,
    });
  });
});

describe("unlocks.unlockAllRemaining: refusals, memos and live", () => {
  it("refuses admins, and says an unpublished title does not exist even to them", async () => {
    const { title } = await pricedTitle([10]);
    const { title: draft } = await pricedTitle([10], { status: "draft" });
    const boss = await admin();
    expect(
      await refusalOf(boss.unlocks.unlockAllRemaining({ contentId: draft.id, expectedPriceCoins: 10 })),
    ).toEqual({ code: "NOT_FOUND", message: "No such title." });
    expect(
      await refusalOf(boss.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 10 })),
    ).toEqual({ code: "BAD_REQUEST", message: "Administrators open every episode without unlocking it." });
  });

  it("names the new price, writes a memo counting the episodes, opens them live, then has nothing left", async () => {
    const { title } = await pricedTitle([0, 10, 10, 10], { bulkDiscountPercent: 10 });
    const { title: single } = await pricedTitle([0, 6], { title: "Emma" });
    const me = await reader(100);
    const caller = callerFor(platform, me);
    expect(
      await refusalOf(caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 30 })),
    ).toEqual({
      code: "CONFLICT",
      message:
        "The 3 remaining episodes now cost 27 coins. Nothing was charged; check the new price and try again.",
    });
    const live = watchLiveRuns(platform, () => caller.content.getContent({ contentId: title.id }));
    await live.waitForRuns(1);
    expect(live.latest?.episodes[3]?.lock).toEqual({ reason: "price", priceCoins: 10 });
    expect(await caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 27 })).toEqual({
      episodeCount: 3,
      spentCoins: 27,
    });
    await live.waitForRuns(2);
    expect(live.latest?.episodes[3]?.lock).toBeNull();
    live.stop();
    await caller.unlocks.unlockAllRemaining({ contentId: single.id, expectedPriceCoins: 6 });
    expect((await memosOf(me, "unlock")).sort()).toEqual([
      "Unlocked 1 episode of “Emma”",
      "Unlocked 3 episodes of “Moby-Dick”",
    ]);
    expect(
      await refusalOf(caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 0 })),
    ).toEqual({ code: "BAD_REQUEST", message: "There is nothing left to unlock in “Moby-Dick”." });
  });
});

describe("unlocks.adminListUnlocks", () => {
  it("shows each unlock's reader, title, episode, rental end and refundability, live", async () => {
    const { title, ids } = await pricedTitle([10, 10], { rentalPriceCoins: 4, rentalHours: 48 });
    const me = await reader(30);
    const [person] = await platform.deps.db.select().from(users).where(eq(users.id, me.id));
    const caller = callerFor(platform, me);
    const boss = await admin();
    const live = watchLiveRuns(platform, () => boss.unlocks.adminListUnlocks({}));
    await live.waitForRuns(1);
    expect(live.latest?.items).toEqual([]);
    const rented = await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "rental",
      expectedPriceCoins: 4,
    });
    await live.waitForRuns(2);
    expect(live.latest?.items).toHaveLength(1);
    live.stop();
    const [row] = (await boss.unlocks.adminListUnlocks({})).items;
    expect(row).toMatchObject({
      _id: rented.unlockId,
      kind: "rental",
      user: { _id: me.id, email: person?.email, name: person?.name },
      content: { _id: title.id, title: "Moby-Dick" },
      episode: { _id: ids[1], number: 2, title: "Chapter 2" },
      coins: 4,
      expiresAt: rented.expiresAt,
      revokedAt: null,
      isRefundable: true,
    });
    await boss.unlocks.refundUnlock({ unlockId: rented.unlockId, reason: "test" });
    const [after] = (await boss.unlocks.adminListUnlocks({})).items;
    expect(after?.revokedAt).not.toBeNull();
    expect(after?.isRefundable).toBe(false);
  });

  it("lists one reader's unlocks only when asked for that reader", async () => {
    const { ids } = await pricedTitle([1, 1]);
    const me = await reader(5);
    const other = await reader(5);
    await callerFor(platform, me).unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "coins",
      expectedPriceCoins: 1,
    });
    await callerFor(platform, other).unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 1,
    });
    const mine = await adminListUnlocks(platform.deps, { userId: me.id });
    expect(mine.items.map((row) => row.user._id)).toEqual([me.id]);
    expect((await adminListUnlocks(platform.deps, {})).items).toHaveLength(2);
  });

  it("searches for % and _ literally", async () => {
    const { ids: percent } = await pricedTitle([1], { title: "100% Pure" });
    const { ids: plain } = await pricedTitle([1], { title: "1000 Nights" });
    const { ids: under } = await pricedTitle([1], { title: "snake_case" });
    const { ids: other } = await pricedTitle([1], { title: "snakeXcase" });
    const caller = callerFor(platform, await reader(10));
    for (const episodeId of [percent[0], plain[0], under[0], other[0]]) {
      await caller.unlocks.unlockEpisode({
        episodeId: episodeId as string,
        method: "coins",
        expectedPriceCoins: 1,
      });
    }
    const boss = await admin();
    const titles = async (query: string) =>
      (await boss.unlocks.adminListUnlocks({ query })).items.map((row) => row.content.title);
    expect(await titles("100%")).toEqual(["100% Pure"]);
    expect(await titles("snake_")).toEqual(["snake_case"]);
  });

  it("pages through more than a page, one unlock at a time, including ones made at the same moment", async () => {
    const { title } = await pricedTitle(Array.from({ length: 50 }, () => 1));
    const { ids: emma } = await pricedTitle([1], { title: "Emma" });
    const caller = callerFor(platform, await reader(51));
    await caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 50 });
    await caller.unlocks.unlockEpisode({
      episodeId: emma[0] as string,
      method: "coins",
      expectedPriceCoins: 1,
    });
    const boss = await admin();
    // Exactly a page: no next one.
    const moby = await boss.unlocks.adminListUnlocks({ query: "moby" });
    expect(moby.items).toHaveLength(50);
    expect(moby.nextCursor).toBeNull();
    const first = await boss.unlocks.adminListUnlocks({});
    expect(first.items).toHaveLength(50);
    expect(first.nextCursor).toBe(first.items[49]?._id);
    const second = await boss.unlocks.adminListUnlocks({ cursor: first.nextCursor });
    expect(second.items).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const all = [...first.items, ...second.items].map((row) => row._id);
    expect(new Set(all).size).toBe(51);
    // A cursor naming no unlock starts from the top.
    const unknown = await boss.unlocks.adminListUnlocks({ cursor: randomUUID() });
    expect(unknown.items.map((row) => row._id)).toEqual(first.items.map((row) => row._id));
  });
});

describe("unlocks.refundUnlock: refusals and memos", () => {
  it("says what cannot be refunded, in words", async () => {
    const { ids } = await pricedTitle([5, 5], { waitForFreeHours: 12 });
    const caller = callerFor(platform, await reader(10));
    const free = await caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "wait_free",
      expectedPriceCoins: 0,
    });
    const paid = await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 5,
    });
    const boss = await admin();
    const refund = (unlockId: string) => refusalOf(boss.unlocks.refundUnlock({ unlockId, reason: "test" }));
    expect(await refund(randomUUID())).toEqual({ code: "NOT_FOUND", message: "There is no such unlock." });
    expect(await refund(free.unlockId)).toEqual({
      code: "BAD_REQUEST",
      message: "This episode was opened for free (wait for free): there are no coins to refund.",
    });
    expect(await refund(paid.unlockId)).toEqual({ code: undefined, message: undefined });
    expect(await refund(paid.unlockId)).toEqual({
      code: "CONFLICT",
      message: "This unlock has already been refunded.",
    });
  });

  it("repeats the memo of the entry that paid, for a bulk unlock too", async () => {
    const { title } = await pricedTitle([5, 5]);
    const me = await reader(10);
    await callerFor(platform, me).unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 10 });
    const [row] = await platform.deps.db
      .select()
      .from(episodeUnlocks)
      .where(and(eq(episodeUnlocks.userId, me.id), eq(episodeUnlocks.kind, "bulk")));
    const boss = await admin();
    expect(await boss.unlocks.refundUnlock({ unlockId: row?.id as string, reason: "Asked nicely" })).toEqual({
      refundedCoins: 10,
      episodeCount: 2,
    });
    expect(await memosOf(me, "reversal")).toEqual([
      "Refund: Unlocked 2 episodes of “Moby-Dick” (Asked nicely)",
    ]);
    expect(await lockOf(me, title.id, 1)).toEqual({ reason: "price", priceCoins: 5 });
  });
});
