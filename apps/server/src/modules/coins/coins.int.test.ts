import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coinLots } from "../../db/schema/index.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { grantCoins } from "./coins.service.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

describe("coins.getCoinBalance", () => {
  it("is zero for a new wallet", async () => {
    const caller = callerFor(platform, await createUser(platform));
    expect(await caller.coins.getCoinBalance()).toEqual({ total: 0, purchased: 0, bonus: 0 });
  });

  it("sums the unspent coins of the caller's lots that have not expired", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    await grantCoins(platform.deps, me.id, "purchased", 120, "purchase:1");
    // Purchased coins never expire, however old.
    await grantCoins(platform.deps, me.id, "purchased", 30, "purchase:0", { grantedAt: daysAgo(400) });
    await grantCoins(platform.deps, me.id, "bonus", 40, "welcome");
    await grantCoins(platform.deps, me.id, "bonus", 5, "daily", {
      grantedAt: daysAgo(BONUS_COIN_LIFETIME_DAYS - 1),
    });
    // Expired bonus coins do not count.
    await grantCoins(platform.deps, me.id, "bonus", 500, "old", {
      grantedAt: daysAgo(BONUS_COIN_LIFETIME_DAYS + 1),
    });
    await grantCoins(platform.deps, other.id, "purchased", 999, "purchase:2");

    expect(await callerFor(platform, me).coins.getCoinBalance()).toEqual({
      total: 195,
      purchased: 150,
      bonus: 45,
    });
    expect(await callerFor(platform, other).coins.getCoinBalance()).toEqual({
      total: 999,
      purchased: 999,
      bonus: 0,
    });
  });

  it("counts what remains of partly spent lots", async () => {
    const me = await createUser(platform);
    const lot = await grantCoins(platform.deps, me.id, "bonus", 40, "welcome");
    await platform.deps.db.update(coinLots).set({ remaining: 15 }).where(eq(coinLots.id, lot.id));
    expect(await callerFor(platform, me).coins.getCoinBalance()).toEqual({
      total: 15,
      purchased: 0,
      bonus: 15,
    });
  });

  it("refuses anonymous callers", async () => {
    await expect(callerFor(platform).coins.getCoinBalance()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("grantCoins", () => {
  it("gives bonus lots an expiry BONUS_COIN_LIFETIME_DAYS after the grant, and purchased lots none", async () => {
    const me = await createUser(platform);
    const grantedAt = daysAgo(2);
    const bonus = await grantCoins(platform.deps, me.id, "bonus", 10, "daily", { grantedAt });
    expect(bonus).toMatchObject({
      kind: "bonus",
      amount: 10,
      remaining: 10,
      source: "daily",
      createdAt: grantedAt,
    });
    expect(bonus.expiresAt?.getTime()).toBe(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * DAY_MS);

    const now = await grantCoins(platform.deps, me.id, "bonus", 10, "daily");
    const lifetime = (now.expiresAt?.getTime() ?? 0) - now.createdAt.getTime();
    expect(lifetime).toBe(BONUS_COIN_LIFETIME_DAYS * DAY_MS);

    const purchased = await grantCoins(platform.deps, me.id, "purchased", 100, "purchase:1");
    expect(purchased.expiresAt).toBeNull();
  });

  it("refuses amounts that are not positive whole numbers, and grants without a source", async () => {
    const me = await createUser(platform);
    for (const amount of [0, -5, 1.5, Number.NaN, 2 ** 31]) {
      await expect(
        grantCoins(platform.deps, me.id, "purchased", amount, "x"),
        String(amount),
      ).rejects.toThrow(/positive whole number/);
    }
    await expect(grantCoins(platform.deps, me.id, "bonus", 5, " ")).rejects.toThrow(/source/);
    expect(await callerFor(platform, me).coins.getCoinBalance()).toEqual({
      total: 0,
      purchased: 0,
      bonus: 0,
    });
  });

  it("is backed by database checks on amounts, remaining coins and expiry", async () => {
    const me = await createUser(platform);
    const lot = await grantCoins(platform.deps, me.id, "purchased", 10, "purchase:1");
    const { db } = platform.deps;
    const update = (values: Partial<typeof coinLots.$inferInsert>) =>
      db.update(coinLots).set(values).where(eq(coinLots.id, lot.id));
    await expect(update({ remaining: 11 })).rejects.toThrow();
    await expect(update({ remaining: -1 })).rejects.toThrow();
    await expect(update({ expiresAt: new Date() })).rejects.toThrow();
    const insert = (values: Partial<typeof coinLots.$inferInsert>) =>
      db
        .insert(coinLots)
        .values({ userId: me.id, kind: "bonus", amount: 5, remaining: 5, source: "x", ...values });
    await expect(insert({ amount: 0, remaining: 0, expiresAt: new Date() })).rejects.toThrow();
    await expect(insert({ expiresAt: null })).rejects.toThrow();
    await update({ remaining: 0 });
  });
});

describe("live coin balance", () => {
  it("re-runs when the caller's wallet changes, not another user's", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.coins.getCoinBalance());
    await live.waitForRuns(1);
    expect(live.latest).toEqual({ total: 0, purchased: 0, bonus: 0 });

    await grantCoins(platform.deps, other.id, "purchased", 100, "purchase:other");
    await live.settle();
    expect(live.runs).toBe(1);

    await grantCoins(platform.deps, me.id, "bonus", 40, "welcome");
    await live.waitForRuns(2);
    expect(live.latest).toEqual({ total: 40, purchased: 0, bonus: 40 });
    live.stop();
  });
});
