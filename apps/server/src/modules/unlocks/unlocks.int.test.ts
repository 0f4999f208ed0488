import { randomUUID } from "node:crypto";
import type { TRPCError } from "@trpc/server";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addChapters, createTitle, readerAged } from "../../test/catalogue.ts";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { auditEvents } from "../audit/schema.ts";
import { creditCoins } from "../coins/ledger.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { ledgerAccounts, ledgerEntries } from "../coins/schema.ts";
import type { ContentFields } from "../content/content-writing.service.ts";
import { episodes } from "../content/schema.ts";
import { episodeUnlocks } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

async function messageOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "OK";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

let grants = 0;
const grant = (user: TestUser, coins: { purchased?: number; bonus?: number }) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, user.id, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `test:${++grants}`,
      ...coins,
    }),
  );
const balanceOf = async (user: TestUser) => (await callerFor(platform, user).coins.getCoinBalance()).total;
const expectConsistent = async () => expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
const unlocksOf = (user: TestUser) =>
  platform.deps.db.select().from(episodeUnlocks).where(eq(episodeUnlocks.userId, user.id));
const entriesOf = (user: TestUser) =>
  platform.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, user.id));

/** A published book whose chapters cost `prices` (0: free). */
async function pricedTitle(prices: number[], fields: Partial<ContentFields> = {}) {
  const title = await createTitle(platform, { title: "Moby-Dick", ...fields });
  const overrides = Object.fromEntries(prices.map((priceCoins, index) => [index, { priceCoins }]));
  const chapters = await addChapters(platform, title.id, prices.length, overrides);
  return { title, chapters, ids: chapters.map((chapter) => chapter.id) };
}

async function reader(coins = 0): Promise<TestUser> {
  const user = await readerAged(platform, 18);
  if (coins > 0) await grant(user, { purchased: coins });
  return user;
}

const lockOf = async (user: TestUser, contentId: string, number: number) =>
  (await callerFor(platform, user).content.getContent({ contentId })).episodes.find(
    (episode) => episode.number === number,
  )?.lock ?? null;

describe("unlocks.unlockEpisode with coins", () => {
  it("pays the price once, records the unlock and opens the episode, live", async () => {
    const { title, ids } = await pricedTitle([0, 15, 20]);
    const me = await reader(50);
    const caller = callerFor(platform, me);
    await expect(caller.content.getEpisode({ contentId: title.id, number: 2 })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    const live = watchLiveRuns(platform, () => caller.content.getContent({ contentId: title.id }));
    await live.waitForRuns(1);
    expect(live.latest?.episodes[1]?.lock).toEqual({ reason: "price", priceCoins: 15 });

    const result = await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 15,
    });
    expect(result).toMatchObject({
      kind: "coins",
      spentCoins: 15,
      expiresAt: null,
      wasAlreadyUnlocked: false,
    });
    await live.waitForRuns(2);
    expect(live.latest?.episodes[1]?.lock).toBeNull();
    expect(live.latest?.episodes[2]?.lock).toEqual({ reason: "price", priceCoins: 20 });
    live.stop();

    const opened = await caller.content.getEpisode({ contentId: title.id, number: 2 });
    expect(opened.payload.kind).toBe("book");
    expect(await balanceOf(me)).toBe(35);
    const [entry] = (await entriesOf(me)).filter((row) => row.kind === "unlock");
    expect(entry?.memo).toBe("Unlocked “Moby-Dick”, episode 2");
    const [unlock] = await unlocksOf(me);
    expect(unlock).toMatchObject({ kind: "coins", entryId: entry?.id, episodeId: ids[1], revokedAt: null });
    await expectConsistent();
  });

  it("a second click pays nothing and returns the unlock held", async () => {
    const { ids } = await pricedTitle([10]);
    const me = await reader(25);
    const caller = callerFor(platform, me);
    const input = { episodeId: ids[0] as string, method: "coins" as const, expectedPriceCoins: 10 };
    const first = await caller.unlocks.unlockEpisode(input);
    const second = await caller.unlocks.unlockEpisode(input);
    expect(second).toMatchObject({ unlockId: first.unlockId, spentCoins: 0, wasAlreadyUnlocked: true });
    // And two at once.
    const { ids: other } = await pricedTitle([7]);
    const both = await Promise.all([
      caller.unlocks.unlockEpisode({ episodeId: other[0] as string, method: "coins", expectedPriceCoins: 7 }),
      caller.unlocks.unlockEpisode({ episodeId: other[0] as string, method: "coins", expectedPriceCoins: 7 }),
    ]);
    expect(both.map((result) => result.spentCoins).sort()).toEqual([0, 7]);
    expect(await balanceOf(me)).toBe(8);
    expect(await unlocksOf(me)).toHaveLength(2);
    await expectConsistent();
  });

  it("refuses a price that changed since the reader saw it, charging nothing", async () => {
    const { ids } = await pricedTitle([10]);
    const me = await reader(30);
    const caller = callerFor(platform, me);
    const input = { episodeId: ids[0] as string, method: "coins" as const, expectedPriceCoins: 8 };
    expect(await codeOf(caller.unlocks.unlockEpisode(input))).toBe("CONFLICT");
    expect(await messageOf(caller.unlocks.unlockEpisode(input))).toMatch(/price has changed to 10 coins/);
    expect(await balanceOf(me)).toBe(30);
    expect(await unlocksOf(me)).toEqual([]);
  });

  it("leaves everything as it was when the coins are not enough", async () => {
    const { ids } = await pricedTitle([40]);
    const me = await reader(25);
    const caller = callerFor(platform, me);
    const attempt = caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "coins",
      expectedPriceCoins: 40,
    });
    await expect(attempt).rejects.toMatchObject({ code: "PRECONDITION_FAILED" });
    expect(await messageOf(attempt)).toMatch(/need 40 coins and have 25/);
    expect(await balanceOf(me)).toBe(25);
    expect(await unlocksOf(me)).toEqual([]);
    expect((await entriesOf(me)).map((entry) => entry.kind)).toEqual(["grant"]);
    await expectConsistent();
  });

  it("refuses free, unreleased, unknown, too-old and tier-locked episodes, and admins", async () => {
    const { ids } = await pricedTitle([0, 10]);
    const { ids: drafts } = await pricedTitle([10, 10]);
    await platform.deps.db
      .update(episodes)
      .set({ publishAt: null })
      .where(eq(episodes.id, drafts[0] as string));
    await platform.deps.db
      .update(episodes)
      .set({ publishAt: new Date(Date.now() + 86_400_000) })
      .where(eq(episodes.id, drafts[1] as string));
    const { ids: adult } = await pricedTitle([10], { ageRating: 18 });
    const { ids: draftTitle } = await pricedTitle([10], { status: "draft" });
    const { ids: premium } = await pricedTitle([5, 5], { accessType: "premium" });
    const me = await reader(100);
    const teen = await readerAged(platform, 16);
    await grant(teen, { purchased: 100 });
    const unlock = (user: TestUser, episodeId: string, expectedPriceCoins = 10) =>
      callerFor(platform, user).unlocks.unlockEpisode({ episodeId, method: "coins", expectedPriceCoins });

    expect(await messageOf(unlock(me, ids[0] as string, 0))).toMatch(/free: there is nothing to unlock/);
    expect(await codeOf(unlock(me, ids[0] as string, 0))).toBe("BAD_REQUEST");
    expect(await codeOf(unlock(me, drafts[0] as string))).toBe("NOT_FOUND");
    expect(await codeOf(unlock(me, drafts[1] as string))).toBe("NOT_FOUND");
    expect(await codeOf(unlock(me, randomUUID()))).toBe("NOT_FOUND");
    expect(await codeOf(unlock(me, draftTitle[0] as string))).toBe("NOT_FOUND");
    expect(await codeOf(unlock(teen, adult[0] as string))).toBe("FORBIDDEN");
    expect(await messageOf(unlock(me, premium[1] as string, 5))).toMatch(
      /comes with a Premium plan; it cannot be unlocked with coins/,
    );
    // The preview episode of a premium title is open tier-wise: its price is all it takes.
    expect((await unlock(me, premium[0] as string, 5)).spentCoins).toBe(5);
    const admin = await createUser(platform, "admin");
    expect(await codeOf(unlock(admin, ids[1] as string))).toBe("BAD_REQUEST");
    expect(
      await codeOf(
        callerFor(platform).unlocks.unlockEpisode({
          episodeId: ids[1] as string,
          method: "coins",
          expectedPriceCoins: 10,
        }),
      ),
    ).toBe("UNAUTHORIZED");
    const caller = callerFor(platform, me);
    // biome-ignore lint/suspicious/noExplicitAny: bad input on purpose
    const bad = (input: any) => codeOf(caller.unlocks.unlockEpisode(input));
    expect(await bad({ episodeId: "nope", method: "coins", expectedPriceCoins: 10 })).toBe("BAD_REQUEST");
    expect(await bad({ episodeId: ids[1], method: "gift", expectedPriceCoins: 10 })).toBe("BAD_REQUEST");
    expect(await bad({ episodeId: ids[1], method: "coins", expectedPriceCoins: -1 })).toBe("BAD_REQUEST");
    expect(await bad({ episodeId: ids[1], method: "coins", expectedPriceCoins: 1.5 })).toBe("BAD_REQUEST");
    expect(await bad({ episodeId: ids[1], method: "coins" })).toBe("BAD_REQUEST");
    expect(await balanceOf(me)).toBe(95);
    expect(await unlocksOf(me)).toHaveLength(1);
    await expectConsistent();
  });

  it("opens tier-locked episodes to plan holders without coins", async () => {
    const { title } = await pricedTitle([0, 0], { accessType: "premium" });
    const me = await reader();
    expect(await lockOf(me, title.id, 2)).toEqual({ reason: "tier", accessType: "premium" });
    await platform.deps.db.execute(sql`
      insert into vvip_grants (user_id, reason, ends_at) values (${me.id}, 'test', now() + interval '1 day')`);
    expect(await lockOf(me, title.id, 2)).toBeNull();
  });

  it("of 50 concurrent unlocks competing for a wallet's last coins, exactly the affordable ones succeed", async () => {
    const { ids } = await pricedTitle(Array.from({ length: 50 }, () => 3));
    const me = await reader();
    await grant(me, { purchased: 70, bonus: 30 });
    const caller = callerFor(platform, me);
    const results = await Promise.allSettled(
      ids.map((episodeId) =>
        caller.unlocks.unlockEpisode({ episodeId, method: "coins", expectedPriceCoins: 3 }),
      ),
    );
    const succeeded = results.filter((result) => result.status === "fulfilled");
    const refused = results.filter(
      (result) => result.status === "rejected" && (result.reason as TRPCError).code === "PRECONDITION_FAILED",
    );
    expect(succeeded).toHaveLength(33);
    expect(refused).toHaveLength(17);
    expect(await balanceOf(me)).toBe(1);
    expect(await unlocksOf(me)).toHaveLength(33);
    await expectConsistent();
  });
});

describe("unlocks.unlockEpisode: rentals and wait for free", () => {
  it("rents a priced episode for the title's hours, then locks it again when the rental ends", async () => {
    const { title, ids } = await pricedTitle([10, 10], { rentalPriceCoins: 4, rentalHours: 48 });
    const me = await reader(20);
    const caller = callerFor(platform, me);
    const rent = (expectedPriceCoins = 4) =>
      caller.unlocks.unlockEpisode({ episodeId: ids[0] as string, method: "rental", expectedPriceCoins });
    expect(await codeOf(rent(10))).toBe("CONFLICT");
    const result = await rent();
    expect(result).toMatchObject({ kind: "rental", spentCoins: 4 });
    const hours = (Date.parse(result.expiresAt ?? "") - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThan(48.1);
    expect(await lockOf(me, title.id, 1)).toBeNull();
    expect(await messageOf(rent())).toMatch(/You are renting episode 1 until/);
    expect((await caller.unlocks.getUnlockOptions({ episodeId: ids[0] as string })).rentedUntil).toBe(
      result.expiresAt,
    );

    await platform.deps.db
      .update(episodeUnlocks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(episodeUnlocks.id, result.unlockId));
    expect(await lockOf(me, title.id, 1)).toEqual({ reason: "price", priceCoins: 10 });
    // Buying it for good after renting is still possible.
    expect(
      (
        await caller.unlocks.unlockEpisode({
          episodeId: ids[0] as string,
          method: "coins",
          expectedPriceCoins: 10,
        })
      ).spentCoins,
    ).toBe(10);
    expect(await codeOf(rent())).toBe("CONFLICT");
    expect(await balanceOf(me)).toBe(6);
    await expectConsistent();
  });

  it("refuses rentals and wait for free on titles that do not offer them", async () => {
    const { ids } = await pricedTitle([10]);
    const caller = callerFor(platform, await reader(20));
    expect(
      await messageOf(
        caller.unlocks.unlockEpisode({
          episodeId: ids[0] as string,
          method: "rental",
          expectedPriceCoins: 4,
        }),
      ),
    ).toMatch(/does not offer rentals/);
    expect(
      await messageOf(
        caller.unlocks.unlockEpisode({
          episodeId: ids[0] as string,
          method: "wait_free",
          expectedPriceCoins: 0,
        }),
      ),
    ).toMatch(/no wait-for-free timer/);
  });

  it("opens one priced episode free every N hours per reader, without touching the wallet", async () => {
    const { ids } = await pricedTitle([10, 10, 10], { waitForFreeHours: 24 });
    const me = await reader();
    const other = await reader();
    const caller = callerFor(platform, me);
    const waitFree = (index: number, user = caller, expectedPriceCoins = 0) =>
      user.unlocks.unlockEpisode({
        episodeId: ids[index] as string,
        method: "wait_free",
        expectedPriceCoins,
      });
    expect(await codeOf(waitFree(0, caller, 10))).toBe("BAD_REQUEST");
    const first = await waitFree(0);
    expect(first).toMatchObject({ kind: "wait_free", spentCoins: 0 });
    expect(await entriesOf(me)).toEqual([]);
    expect(await messageOf(waitFree(1))).toMatch(/next free episode of “Moby-Dick” is available from/);
    // The same episode again is simply held.
    expect((await waitFree(0)).wasAlreadyUnlocked).toBe(true);
    // Another reader has a timer of their own.
    expect((await waitFree(1, callerFor(platform, other))).kind).toBe("wait_free");

    const options = await caller.unlocks.getUnlockOptions({ episodeId: ids[1] as string });
    expect(options.waitForFree?.isAvailable).toBe(false);
    const next = Date.parse(options.waitForFree?.nextAt ?? "");
    expect(Math.abs(next - (Date.now() + 24 * 3_600_000))).toBeLessThan(60_000);

    await platform.deps.db
      .update(episodeUnlocks)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(episodeUnlocks.id, first.unlockId));
    expect((await caller.unlocks.getUnlockOptions({ episodeId: ids[1] as string })).waitForFree).toEqual({
      hours: 24,
      isAvailable: true,
      nextAt: null,
    });
    expect((await waitFree(1)).kind).toBe("wait_free");
    expect(await codeOf(waitFree(2))).toBe("CONFLICT");
  });
});

describe("unlocks.getUnlockOptions", () => {
  it("says what opens the episode: price, balance, rental, timer and the bulk offer", async () => {
    const { ids } = await pricedTitle([0, 10, 12, 9], {
      rentalPriceCoins: 3,
      rentalHours: 24,
      waitForFreeHours: 72,
      bulkDiscountPercent: 25,
    });
    const me = await reader(40);
    const caller = callerFor(platform, me);
    const options = await caller.unlocks.getUnlockOptions({ episodeId: ids[1] as string });
    expect(options).toMatchObject({
      episode: { _id: ids[1], number: 2 },
      content: { title: "Moby-Dick" },
      lock: { reason: "price", priceCoins: 10 },
      priceCoins: 10,
      balance: 40,
      isOwned: false,
      rentedUntil: null,
      rental: { priceCoins: 3, hours: 24 },
      waitForFree: { hours: 72, isAvailable: true, nextAt: null },
      // 31 coins less 25 %, rounded down.
      bulk: { episodeCount: 3, fullPriceCoins: 31, priceCoins: 23, savingCoins: 8, discountPercent: 25 },
    });
    await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 10,
    });
    const after = await caller.unlocks.getUnlockOptions({ episodeId: ids[1] as string });
    expect(after).toMatchObject({ lock: null, isOwned: true, rental: null, waitForFree: null, balance: 30 });
    expect(after.bulk).toMatchObject({ episodeCount: 2, fullPriceCoins: 21, priceCoins: 15 });
  });

  it("names the plan for tier-locked episodes and offers no coins", async () => {
    const { ids } = await pricedTitle([0, 10], { accessType: "vvip" });
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

  it("follows the wallet and the unlocks live, and refuses anonymous callers and bad ids", async () => {
    const { ids } = await pricedTitle([10]);
    const me = await reader(5);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () =>
      caller.unlocks.getUnlockOptions({ episodeId: ids[0] as string }),
    );
    await live.waitForRuns(1);
    expect(live.latest?.balance).toBe(5);
    await grant(me, { purchased: 10 });
    await live.waitForRuns(2);
    expect(live.latest?.balance).toBe(15);
    await caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "coins",
      expectedPriceCoins: 10,
    });
    await live.waitForRuns(3);
    expect(live.latest).toMatchObject({ lock: null, balance: 5 });
    live.stop();
    expect(await codeOf(callerFor(platform).unlocks.getUnlockOptions({ episodeId: ids[0] as string }))).toBe(
      "UNAUTHORIZED",
    );
    expect(await codeOf(caller.unlocks.getUnlockOptions({ episodeId: "x" }))).toBe("BAD_REQUEST");
    expect(await codeOf(caller.unlocks.getUnlockOptions({ episodeId: randomUUID() }))).toBe("NOT_FOUND");
  });
});

describe("unlocks.unlockAllRemaining", () => {
  it("unlocks every remaining priced episode for the bulk price in one entry", async () => {
    const { title, ids } = await pricedTitle([0, 10, 10, 10, 5], { bulkDiscountPercent: 20 });
    const draftEpisode = await addChapters(platform, title.id, 1, { 0: { priceCoins: 50, publishAt: null } });
    const me = await reader(100);
    const caller = callerFor(platform, me);
    await caller.unlocks.unlockEpisode({
      episodeId: ids[1] as string,
      method: "coins",
      expectedPriceCoins: 10,
    });
    // 25 coins less 20 %.
    expect(
      await codeOf(caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 25 })),
    ).toBe("CONFLICT");
    const result = await caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 20 });
    expect(result).toEqual({ episodeCount: 3, spentCoins: 20 });
    expect(await balanceOf(me)).toBe(70);
    const rows = (await unlocksOf(me)).filter((row) => row.kind === "bulk");
    expect(rows.map((row) => row.episodeId).sort()).toEqual([ids[2], ids[3], ids[4]].sort());
    expect(new Set(rows.map((row) => row.entryId)).size).toBe(1);
    expect(rows.map((row) => row.episodeId)).not.toContain(draftEpisode[0]?.id);
    const unlockEntries = (await entriesOf(me)).filter((entry) => entry.kind === "unlock");
    expect(unlockEntries).toHaveLength(2);
    expect(await lockOf(me, title.id, 5)).toBeNull();
    expect(
      await messageOf(caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 0 })),
    ).toMatch(/nothing left to unlock/);
    await expectConsistent();
  });

  it("leaves tier-locked episodes to the plan, and refuses without coins, anonymous callers and bad input", async () => {
    const { title } = await pricedTitle([4, 10, 10], { accessType: "premium" });
    const poor = await reader(3);
    const caller = callerFor(platform, poor);
    const options = await caller.unlocks.getUnlockOptions({
      episodeId: (
        await platform.deps.db
          .select()
          .from(episodes)
          .where(and(eq(episodes.contentId, title.id), eq(episodes.number, 1)))
      )[0]?.id as string,
    });
    expect(options.bulk).toMatchObject({ episodeCount: 1, priceCoins: 4 });
    expect(
      await codeOf(caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 4 })),
    ).toBe("PRECONDITION_FAILED");
    expect(await unlocksOf(poor)).toEqual([]);
    expect(
      await codeOf(
        callerFor(platform).unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 4 }),
      ),
    ).toBe("UNAUTHORIZED");
    expect(await codeOf(caller.unlocks.unlockAllRemaining({ contentId: "x", expectedPriceCoins: 4 }))).toBe(
      "BAD_REQUEST",
    );
    expect(
      await codeOf(caller.unlocks.unlockAllRemaining({ contentId: randomUUID(), expectedPriceCoins: 4 })),
    ).toBe("NOT_FOUND");
  });
});

describe("unlocks.refundUnlock and adminListUnlocks", () => {
  it("gives the coins back to the same lots and locks the episode again, live, once", async () => {
    const { title, ids } = await pricedTitle([12]);
    const me = await reader();
    await grant(me, { purchased: 20, bonus: 5 });
    const caller = callerFor(platform, me);
    const accountsBefore = await platform.deps.db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, me.id))
      .orderBy(ledgerAccounts.id);
    const { unlockId } = await caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "coins",
      expectedPriceCoins: 12,
    });
    expect(await balanceOf(me)).toBe(13);
    const live = watchLiveRuns(platform, () => caller.content.getContent({ contentId: title.id }));
    await live.waitForRuns(1);
    expect(live.latest?.episodes[0]?.lock).toBeNull();

    const admin = callerFor(platform, await createUser(platform, "admin"));
    expect(await codeOf(caller.unlocks.refundUnlock({ unlockId, reason: "by mistake" }))).toBe("FORBIDDEN");
    expect(await codeOf(admin.unlocks.refundUnlock({ unlockId, reason: "" }))).toBe("BAD_REQUEST");
    expect(await codeOf(admin.unlocks.refundUnlock({ unlockId: randomUUID(), reason: "by mistake" }))).toBe(
      "NOT_FOUND",
    );
    expect(await admin.unlocks.refundUnlock({ unlockId, reason: "Opened by mistake" })).toEqual({
      refundedCoins: 12,
      episodeCount: 1,
    });
    await live.waitForRuns(2);
    expect(live.latest?.episodes[0]?.lock).toEqual({ reason: "price", priceCoins: 12 });
    live.stop();
    const accountsAfter = await platform.deps.db
      .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, me.id))
      .orderBy(ledgerAccounts.id);
    expect(accountsAfter).toEqual(accountsBefore);
    expect(await messageOf(admin.unlocks.refundUnlock({ unlockId, reason: "again" }))).toMatch(
      /already been refunded/,
    );
    const reversal = (await entriesOf(me)).find((entry) => entry.kind === "reversal");
    expect(reversal?.memo).toBe("Refund: Unlocked “Moby-Dick”, episode 1 (Opened by mistake)");
    const [event] = await platform.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "unlocks.refundUnlock"));
    expect(event?.changes).toEqual([
      {
        objectType: "unlock",
        objectId: unlockId,
        before: { episodeId: ids[0], revokedAt: null },
        after: { episodeId: ids[0], revokedAt: expect.any(String) },
      },
      {
        objectType: "refund",
        objectId: reversal?.id,
        before: null,
        after: { unlockId, userId: me.id, coins: 12, memo: reversal?.memo },
      },
    ]);
    // The episode can be bought again.
    expect(
      (
        await caller.unlocks.unlockEpisode({
          episodeId: ids[0] as string,
          method: "coins",
          expectedPriceCoins: 12,
        })
      ).spentCoins,
    ).toBe(12);
    await expectConsistent();
  });

  it("refunds a bulk unlock whole, and refuses wait-for-free ones", async () => {
    const { title, ids } = await pricedTitle([5, 5, 5], { waitForFreeHours: 12 });
    const me = await reader(30);
    const caller = callerFor(platform, me);
    const free = await caller.unlocks.unlockEpisode({
      episodeId: ids[0] as string,
      method: "wait_free",
      expectedPriceCoins: 0,
    });
    await caller.unlocks.unlockAllRemaining({ contentId: title.id, expectedPriceCoins: 10 });
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const page = await admin.unlocks.adminListUnlocks({});
    expect(page.items).toHaveLength(3);
    const bulkRow = page.items.find((row) => row.kind === "bulk");
    expect(bulkRow).toMatchObject({ coins: 10, episodesInEntry: 2, isRefundable: true });
    expect(page.items.find((row) => row.kind === "wait_free")).toMatchObject({
      coins: 0,
      isRefundable: false,
    });
    expect(
      await messageOf(admin.unlocks.refundUnlock({ unlockId: free.unlockId, reason: "nothing" })),
    ).toMatch(/no coins to refund/);
    expect(
      await admin.unlocks.refundUnlock({ unlockId: bulkRow?._id as string, reason: "Asked nicely" }),
    ).toEqual({
      refundedCoins: 10,
      episodeCount: 2,
    });
    expect(await balanceOf(me)).toBe(30);
    expect(await lockOf(me, title.id, 2)).toEqual({ reason: "price", priceCoins: 5 });
    expect(await lockOf(me, title.id, 3)).toEqual({ reason: "price", priceCoins: 5 });
    expect(await lockOf(me, title.id, 1)).toBeNull();
    const after = await admin.unlocks.adminListUnlocks({});
    expect(after.items.filter((row) => row.revokedAt !== null)).toHaveLength(2);
    await expectConsistent();
  });

  it("lists unlocks newest first, searchable by email and title, a page at a time, for admins only", async () => {
    const { ids } = await pricedTitle([1, 1, 1]);
    const { ids: other } = await pricedTitle([1], { title: "Emma" });
    const me = await reader(10);
    const caller = callerFor(platform, me);
    for (const episodeId of [...ids, ...other]) {
      await caller.unlocks.unlockEpisode({ episodeId, method: "coins", expectedPriceCoins: 1 });
    }
    const admin = callerFor(platform, await createUser(platform, "admin"));
    expect(
      (await admin.unlocks.adminListUnlocks({ query: "emma" })).items.map((row) => row.content.title),
    ).toEqual(["Emma"]);
    const [row] = (await admin.unlocks.adminListUnlocks({})).items;
    expect(row?.content.title).toBe("Emma");
    const email = row?.user.email ?? "";
    expect((await admin.unlocks.adminListUnlocks({ query: email })).items).toHaveLength(4);
    expect((await admin.unlocks.adminListUnlocks({ query: "nobody" })).items).toEqual([]);
    expect(await codeOf(caller.unlocks.adminListUnlocks({}))).toBe("FORBIDDEN");
    expect(await codeOf(admin.unlocks.adminListUnlocks({ cursor: "x" }))).toBe("BAD_REQUEST");
  });
});

describe("contentAdmin.updateContent: the unlock ladder's settings", () => {
  it("saves valid settings and refuses out-of-range or half-set ones", async () => {
    const { title } = await pricedTitle([10]);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const update = (data: Record<string, unknown>) =>
      // biome-ignore lint/suspicious/noExplicitAny: bad input on purpose
      admin.contentAdmin.updateContent({ id: title.id, data } as any);
    await update({ bulkDiscountPercent: 30, waitForFreeHours: 24, rentalPriceCoins: 3, rentalHours: 48 });
    expect(await admin.contentAdmin.getContent({ contentId: title.id })).toMatchObject({
      bulkDiscountPercent: 30,
      waitForFreeHours: 24,
      rentalPriceCoins: 3,
      rentalHours: 48,
    });
    expect(await codeOf(update({ bulkDiscountPercent: 91 }))).toBe("BAD_REQUEST");
    expect(await codeOf(update({ waitForFreeHours: 0 }))).toBe("BAD_REQUEST");
    expect(await codeOf(update({ waitForFreeHours: 721 }))).toBe("BAD_REQUEST");
    expect(await codeOf(update({ rentalPriceCoins: 5 }))).toBe("BAD_REQUEST");
    expect(await codeOf(update({ rentalPriceCoins: 5, rentalHours: null }))).toBe("BAD_REQUEST");
    await update({ rentalPriceCoins: null, rentalHours: null, waitForFreeHours: null });
    expect(await admin.contentAdmin.getContent({ contentId: title.id })).toMatchObject({
      bulkDiscountPercent: 30,
      waitForFreeHours: null,
      rentalPriceCoins: null,
      rentalHours: null,
    });
    const user = callerFor(platform, await reader());
    expect(
      await codeOf(user.contentAdmin.updateContent({ id: title.id, data: { bulkDiscountPercent: 10 } })),
    ).toBe("FORBIDDEN");
  });
});
