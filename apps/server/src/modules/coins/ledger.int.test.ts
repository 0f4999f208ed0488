import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countToday } from "../../test/daily-counts.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import {
  type Credit,
  creditCoins,
  creditCoinsMany,
  expireBonusCoins,
  reverseEntry,
  spendCoins,
  systemAccountId,
  type WalletCredit,
} from "./ledger.ts";
import { checkLedger } from "./ledger-check.ts";
import { ledgerAccounts, ledgerEntries, ledgerPostings } from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 24 * 60 * 60 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
let keys = 0;

const credit = (userId: string, values: Partial<Credit>) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    creditCoins(platform.deps, tx, userId, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `test:${++keys}`,
      ...values,
    }),
  );
const spend = (userId: string, amount: number) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    spendCoins(platform.deps, tx, userId, { amount, memo: `Spent ${amount}` }),
  );
const reverse = (entryId: string) =>
  platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
    reverseEntry(platform.deps, tx, entryId, { memo: "Refund", createdBy: null }),
  );
const balanceOf = async (user: Awaited<ReturnType<typeof createUser>>) =>
  callerFor(platform, user).coins.getCoinBalance();
const expectConsistent = async () => expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

describe("coins.getCoinBalance", () => {
  it("is zero for a new wallet and refuses anonymous callers", async () => {
    const caller = callerFor(platform, await createUser(platform));
    expect(await caller.coins.getCoinBalance()).toEqual({ total: 0, purchased: 0, bonus: 0 });
    await expect(callerFor(platform).coins.getCoinBalance()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("counts purchased coins however old, and bonus coins until they expire", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 120 });
    await credit(me.id, { kind: "purchase", purchased: 30, grantedAt: daysAgo(400) });
    await credit(me.id, { bonus: 40 });
    await credit(me.id, { bonus: 5, grantedAt: daysAgo(BONUS_COIN_LIFETIME_DAYS - 1) });
    await credit(me.id, { bonus: 500, grantedAt: daysAgo(BONUS_COIN_LIFETIME_DAYS + 1) });
    await credit(other.id, { kind: "purchase", purchased: 999 });
    expect(await balanceOf(me)).toEqual({ total: 195, purchased: 150, bonus: 45 });
    expect(await balanceOf(other)).toEqual({ total: 999, purchased: 999, bonus: 0 });
    await expectConsistent();
  });

  it("re-runs live when the caller's wallet changes, not another user's", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const caller = callerFor(platform, me);
    const live = watchLiveRuns(platform, () => caller.coins.getCoinBalance());
    await live.waitForRuns(1);
    await credit(other.id, { kind: "purchase", purchased: 100 });
    await live.settle();
    expect(live.runs).toBe(1);
    await credit(me.id, { bonus: 40 });
    await live.waitForRuns(2);
    expect(live.latest).toEqual({ total: 40, purchased: 0, bonus: 40 });
    live.stop();
  });
});

describe("creditCoins", () => {
  it("credits once per idempotency key", async () => {
    const me = await createUser(platform);
    const first = await credit(me.id, {
      kind: "purchase",
      purchased: 50,
      bonus: 5,
      idempotencyKey: "payment:1",
    });
    const again = await credit(me.id, {
      kind: "purchase",
      purchased: 50,
      bonus: 5,
      idempotencyKey: "payment:1",
    });
    expect(first).not.toBeNull();
    expect(again).toBeNull();
    expect(await balanceOf(me)).toEqual({ total: 55, purchased: 50, bonus: 5 });
    const bonusAccounts = await platform.deps.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.userId, me.id));
    expect(bonusAccounts.filter((account) => account.kind === "bonus")).toHaveLength(1);
  });

  it("gives bonus coins an expiry BONUS_COIN_LIFETIME_DAYS after the grant", async () => {
    const me = await createUser(platform);
    const grantedAt = daysAgo(2);
    await credit(me.id, { bonus: 10, grantedAt });
    const [account] = await platform.deps.db
      .select()
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.kind, "bonus"));
    expect(account?.expiresAt?.getTime()).toBe(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * DAY_MS);
  });

  it("refuses amounts that are not whole numbers of coins, empty credits and missing memos", async () => {
    const me = await createUser(platform);
    for (const amount of [-5, 1.5, Number.NaN, 2 ** 31]) {
      await expect(credit(me.id, { purchased: amount }), String(amount)).rejects.toThrow(/whole number/);
    }
    await expect(credit(me.id, {})).rejects.toThrow(/at least one coin/);
    await expect(credit(me.id, { bonus: 5, memo: " " })).rejects.toThrow(/description/);
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
  });
});

describe("creditCoinsMany", () => {
  it("credits many wallets at once by creditCoins' rules, once per key, in the order given", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const grantedAt = daysAgo(3);
    await credit(ada.id, { bonus: 7, idempotencyKey: "prize:1" });
    const many = (credits: WalletCredit[]) =>
      platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
        creditCoinsMany(platform.deps, tx, credits),
      );
    const base = { kind: "grant" as const, memo: " Prize ", grantedAt };
    const entries = await many([
      { ...base, userId: ada.id, bonus: 50, idempotencyKey: "prize:1" },
      { ...base, userId: ben.id, bonus: 30, idempotencyKey: "prize:1" },
      { ...base, userId: ben.id, bonus: 99, idempotencyKey: "prize:1" },
      { ...base, userId: ada.id, kind: "purchase", purchased: 20, bonus: 2, idempotencyKey: "payment:9" },
    ]);
    expect(entries.map((entry) => entry?.userId ?? null)).toEqual([null, ben.id, null, ada.id]);
    expect(entries[1]).toMatchObject({ kind: "grant", memo: "Prize", idempotencyKey: "prize:1" });
    expect(entries[1]?.createdAt.getTime()).toBe(grantedAt.getTime());
    expect(await balanceOf(ada)).toEqual({ total: 29, purchased: 20, bonus: 9 });
    expect(await balanceOf(ben)).toEqual({ total: 30, purchased: 0, bonus: 30 });
    const [benLot] = await platform.deps.db
      .select()
      .from(ledgerAccounts)
      .where(and(eq(ledgerAccounts.userId, ben.id), eq(ledgerAccounts.kind, "bonus")));
    expect(benLot?.expiresAt?.getTime()).toBe(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * DAY_MS);
    // Again: every key is used now, so nothing moves.
    expect(
      await many([
        { ...base, userId: ben.id, bonus: 30, idempotencyKey: "prize:1" },
        { ...base, userId: ada.id, purchased: 20, idempotencyKey: "payment:9" },
      ]),
    ).toEqual([null, null]);
    // One bad credit refuses them all.
    await expect(
      many([
        { ...base, userId: ben.id, bonus: 5, idempotencyKey: "prize:2" },
        { ...base, userId: ada.id, bonus: 1.5, idempotencyKey: "prize:3" },
      ]),
    ).rejects.toThrow(/whole number/);
    expect(await balanceOf(ben)).toEqual({ total: 30, purchased: 0, bonus: 30 });
    await expectConsistent();
  });
});

describe("spendCoins", () => {
  it("counts the coins spent toward today's figure, and nothing for a spend refused", async () => {
    const me = await createUser(platform);
    await credit(me.id, { bonus: 10 });
    await spend(me.id, 7);
    await expect(spend(me.id, 7)).rejects.toMatchObject({ code: "INSUFFICIENT_COINS" });
    expect(await countToday(platform, "coins.spent")).toBe(7);
  });

  it("spends bonus coins first, soonest to expire first, then purchased coins", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 100 });
    await credit(me.id, { bonus: 10, grantedAt: daysAgo(1) });
    await credit(me.id, { bonus: 10, grantedAt: daysAgo(20) });
    const entry = await spend(me.id, 15);
    const postings = await platform.deps.db
      .select({
        amount: ledgerPostings.amount,
        kind: ledgerAccounts.kind,
        expiresAt: ledgerAccounts.expiresAt,
      })
      .from(ledgerPostings)
      .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerPostings.accountId))
      .where(eq(ledgerPostings.entryId, entry.id))
      .orderBy(ledgerPostings.id);
    const older = daysAgo(20).getTime() + BONUS_COIN_LIFETIME_DAYS * DAY_MS;
    expect(postings.map((posting) => [posting.kind, posting.amount])).toEqual([
      ["bonus", -10],
      ["bonus", -5],
      ["spending", 15],
    ]);
    expect(Math.abs((postings[0]?.expiresAt?.getTime() ?? 0) - older)).toBeLessThan(5_000);
    await spend(me.id, 10);
    expect(await balanceOf(me)).toEqual({ total: 95, purchased: 95, bonus: 0 });
    await expectConsistent();
  });

  it("never spends expired bonus coins, and refuses more than the wallet holds, changing nothing", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 5 });
    await credit(me.id, { bonus: 100, grantedAt: daysAgo(BONUS_COIN_LIFETIME_DAYS + 1) });
    await expect(spend(me.id, 6)).rejects.toMatchObject({ code: "INSUFFICIENT_COINS" });
    await expect(spend(me.id, 6)).rejects.toThrow("You need 6 coins and have 5. Buy 1 more to continue.");
    const entries = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, "unlock"));
    expect(entries).toEqual([]);
    await spend(me.id, 5);
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
  });

  it("lets exactly the affordable spends through when 50 compete for the last coins", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 17 });
    await credit(me.id, { bonus: 13 });
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => spend(me.id, 3)));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(10);
    const refused = results.filter((result) => result.status === "rejected");
    expect(
      refused.every((result) => (result as PromiseRejectedResult).reason.code === "INSUFFICIENT_COINS"),
    ).toBe(true);
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
    await expectConsistent();
  });
});

describe("reverseEntry", () => {
  it("puts an unlock's coins back where they came from, once", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 20 });
    await credit(me.id, { bonus: 5 });
    const unlock = await spend(me.id, 10);
    await reverse(unlock.id);
    expect(await balanceOf(me)).toEqual({ total: 25, purchased: 20, bonus: 5 });
    await expect(reverse(unlock.id)).rejects.toThrow("This has already been refunded.");
    await expectConsistent();
  });

  it("refuses to take back a purchase whose coins are spent, and reversing a reversal", async () => {
    const me = await createUser(platform);
    const purchase = await credit(me.id, { kind: "purchase", purchased: 20 });
    const unlock = await spend(me.id, 15);
    await expect(reverse(purchase?.id ?? "")).rejects.toThrow(/already been spent/);
    const refund = await reverse(unlock.id);
    await expect(reverse(refund.id)).rejects.toThrow(/cannot be reversed/);
    await reverse(purchase?.id ?? "");
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
    await expectConsistent();
  });
});

describe("expireBonusCoins", () => {
  it("moves what is left of expired bonus lots to the expired account, once, and shows it in the history", async () => {
    const me = await createUser(platform);
    await credit(me.id, { bonus: 30, grantedAt: daysAgo(BONUS_COIN_LIFETIME_DAYS + 2) });
    await credit(me.id, { bonus: 7 });
    expect(await expireBonusCoins(platform.deps)).toBe(1);
    expect(await expireBonusCoins(platform.deps)).toBe(0);
    const wallet = await callerFor(platform, me).coins.getWallet({});
    expect(wallet.entries[0]).toMatchObject({ kind: "expiry", bonus: -30, purchased: 0 });
    expect(wallet.bonusLots.map((lot) => [lot.granted, lot.remaining, lot.expired])).toEqual([
      [30, 0, true],
      [7, 7, false],
    ]);
    await expectConsistent();
  });
});

describe("the database's own guards", () => {
  it("refuses edits and deletions of entries and postings", async () => {
    const me = await createUser(platform);
    const entry = await credit(me.id, { kind: "purchase", purchased: 10 });
    const { db } = platform.deps;
    await expect(
      db
        .update(ledgerPostings)
        .set({ amount: 1000 })
        .where(eq(ledgerPostings.entryId, entry?.id ?? "")),
    ).rejects.toThrow();
    await expect(
      db.delete(ledgerPostings).where(eq(ledgerPostings.entryId, entry?.id ?? "")),
    ).rejects.toThrow();
    await expect(
      db
        .update(ledgerEntries)
        .set({ memo: "x" })
        .where(eq(ledgerEntries.id, entry?.id ?? "")),
    ).rejects.toThrow();
    await expect(db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry?.id ?? ""))).rejects.toThrow();
    expect(await balanceOf(me)).toEqual({ total: 10, purchased: 10, bonus: 0 });
  });

  it("refuses an unbalanced entry and an overdraft, even from code that skips the ledger module", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 10 });
    const { db } = platform.deps;
    const [wallet] = await db.select().from(ledgerAccounts).where(eq(ledgerAccounts.userId, me.id));
    const spending = await systemAccountId(db, "spending");
    const post = (amounts: [string, number][]) =>
      db.transaction(async (tx) => {
        const [entry] = await tx
          .insert(ledgerEntries)
          .values({ kind: "unlock", userId: me.id, memo: "sneaky" })
          .returning();
        await tx
          .insert(ledgerPostings)
          .values(amounts.map(([accountId, amount]) => ({ entryId: entry?.id ?? "", accountId, amount })));
      });
    // PostgreSQL reports the deferred check on the commit statement, with the reason as its cause.
    const error = await post([[wallet?.id ?? "", -5]]).catch((failure: Error) => failure);
    expect(`${error} ${(error as Error).cause}`).toMatch(/does not balance/);
    await expect(
      post([
        [wallet?.id ?? "", -11],
        [spending, 11],
      ]),
    ).rejects.toThrow();
    expect(await balanceOf(me)).toEqual({ total: 10, purchased: 10, bonus: 0 });
    await expectConsistent();
  });

  it("lets the checker name a wallet whose stored balance disagrees with its postings", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 10 });
    await platform.deps.db.execute(sql`update ledger_accounts set balance = 11 where user_id = ${me.id}`);
    const { violations } = await checkLedger(platform.deps.db);
    expect(violations.map((violation) => violation.rule)).toEqual([
      "a wallet account's balance is the sum of its postings",
    ]);
  });
});
