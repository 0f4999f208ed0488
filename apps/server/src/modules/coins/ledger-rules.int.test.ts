// The ledger's rules at their edges: what each write refuses (with the code and the words a person
// is shown), the largest amounts, idempotency, and what is stored when several credits or expiry
// runs meet.
import { BONUS_COIN_LIFETIME_DAYS } from "@litverse/shared/coins";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import {
  type Credit,
  creditCoins,
  creditCoinsMany,
  type EntryPlan,
  expireBonusCoins,
  lockWallet,
  lockWallets,
  MAX_COIN_AMOUNT,
  MAX_CREDITS_AT_ONCE,
  postEntries,
  postEntry,
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
const expiredGrant = () => daysAgo(BONUS_COIN_LIFETIME_DAYS + 2);
let keys = 0;

const inTransaction = <T>(fn: Parameters<typeof platform.deps.changes.inTransaction<T>>[1]) =>
  platform.deps.changes.inTransaction(platform.deps.db, fn);
const credit = (userId: string, values: Partial<Credit>) =>
  inTransaction((tx) =>
    creditCoins(platform.deps, tx, userId, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `rules:${++keys}`,
      ...values,
    }),
  );
const creditMany = (credits: WalletCredit[]) =>
  inTransaction((tx) => creditCoinsMany(platform.deps, tx, credits));
const spend = (userId: string, amount: number, idempotencyKey?: string) =>
  inTransaction((tx) =>
    spendCoins(platform.deps, tx, userId, { amount, memo: `Spent ${amount}`, idempotencyKey }),
  );
const reverse = (entryId: string) =>
  inTransaction((tx) => reverseEntry(platform.deps, tx, entryId, { memo: "Refund", createdBy: null }));
const balanceOf = (user: TestUser) => callerFor(platform, user).coins.getCoinBalance();
const walletOf = (user: TestUser) => callerFor(platform, user).coins.getWallet({});
const expectConsistent = async () => expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
const refusal = (code: string, message: string) => ({ code, message });
const accountsOf = (userId: string, kind: "purchased" | "bonus") =>
  platform.deps.db
    .select()
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.userId, userId), eq(ledgerAccounts.kind, kind)));
const systemAccounts = (kind: "sales" | "promotions") =>
  platform.deps.db.select().from(ledgerAccounts).where(eq(ledgerAccounts.kind, kind));
const postingsOf = (entryId: string) =>
  platform.deps.db
    .select({ accountId: ledgerPostings.accountId, amount: ledgerPostings.amount })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.entryId, entryId))
    .orderBy(ledgerPostings.id);

describe("amounts of coins", () => {
  it("names what is wrong with an amount, in words a person can act on", async () => {
    const me = await createUser(platform);
    const range = `must be a whole number of coins from 0 to ${MAX_COIN_AMOUNT}.`;
    await expect(credit(me.id, { purchased: -1 })).rejects.toMatchObject(
      refusal("BAD_REQUEST", `Purchased coins ${range}`),
    );
    await expect(credit(me.id, { bonus: 2.5 })).rejects.toMatchObject(
      refusal("BAD_REQUEST", `Bonus coins ${range}`),
    );
    await expect(spend(me.id, 1.5)).rejects.toMatchObject(refusal("BAD_REQUEST", `A price ${range}`));
    await expect(spend(me.id, MAX_COIN_AMOUNT + 1)).rejects.toMatchObject(
      refusal("BAD_REQUEST", `A price ${range}`),
    );
  });

  it("accepts the largest amount a column holds, and refuses a credit whose two parts add up to more", async () => {
    const me = await createUser(platform);
    // The largest price is a price: refused only because the wallet cannot pay it.
    await expect(spend(me.id, MAX_COIN_AMOUNT)).rejects.toMatchObject(
      refusal(
        "INSUFFICIENT_COINS",
        `You need ${MAX_COIN_AMOUNT} coins and have 0. Buy ${MAX_COIN_AMOUNT} more to continue.`,
      ),
    );
    await expect(
      credit(me.id, { kind: "purchase", purchased: MAX_COIN_AMOUNT, bonus: 1 }),
    ).rejects.toMatchObject(refusal("BAD_REQUEST", "That is too many coins."));
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
    await credit(me.id, { kind: "purchase", purchased: MAX_COIN_AMOUNT - 1, bonus: 1 });
    expect(await balanceOf(me)).toEqual({ total: MAX_COIN_AMOUNT, purchased: MAX_COIN_AMOUNT - 1, bonus: 1 });
    await expectConsistent();
  });
});

describe("creditCoins' refusals", () => {
  it("refuses a credit of nothing, one without a description and one without an idempotency key", async () => {
    const me = await createUser(platform);
    await expect(credit(me.id, { purchased: 0, bonus: 0 })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "A credit must add at least one coin."),
    );
    await expect(credit(me.id, { bonus: 5, memo: "  " })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "A credit needs a description."),
    );
    await expect(credit(me.id, { bonus: 5, idempotencyKey: " " })).rejects.toMatchObject(
      refusal("BAD_REQUEST", "A credit needs an idempotency key."),
    );
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
  });

  it("credits equal parts of purchased and bonus coins", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 5, bonus: 5 });
    expect(await balanceOf(me)).toEqual({ total: 10, purchased: 5, bonus: 5 });
  });
});

describe("who made an entry happen", () => {
  it("is stored for a grant and a refund made by someone else, and left empty otherwise", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "superadmin");
    const grant = await credit(me.id, { purchased: 9, createdBy: admin.id });
    const own = await credit(me.id, { kind: "purchase", purchased: 3 });
    const refund = await inTransaction((tx) =>
      reverseEntry(platform.deps, tx, grant?.id ?? "", { memo: "Taken back", createdBy: admin.id }),
    );
    const stored = await platform.deps.db
      .select({ id: ledgerEntries.id, createdBy: ledgerEntries.createdBy })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, me.id));
    const byId = new Map(stored.map((entry) => [entry.id, entry.createdBy]));
    expect(byId.get(grant?.id ?? "")).toBe(admin.id);
    expect(byId.get(refund.id)).toBe(admin.id);
    expect(byId.get(own?.id ?? "")).toBeNull();
  });
});

describe("creditCoinsMany's accounts", () => {
  it("opens the promotions account only for bonus coins", async () => {
    const buyer = await createUser(platform);
    await creditMany([
      { userId: buyer.id, kind: "purchase", purchased: 100, memo: "Bought 100", idempotencyKey: "payment:1" },
    ]);
    expect(await systemAccounts("promotions")).toEqual([]);
    expect(await systemAccounts("sales")).toHaveLength(1);
  });

  it("opens the sales account only for purchased coins", async () => {
    const winner = await createUser(platform);
    await creditMany([
      { userId: winner.id, kind: "grant", bonus: 20, memo: "Prize", idempotencyKey: "prize:1" },
    ]);
    expect(await systemAccounts("sales")).toEqual([]);
    expect(await systemAccounts("promotions")).toHaveLength(1);
  });

  it("opens a bonus lot only for a credit with bonus coins, also among credits that have some", async () => {
    const buyer = await createUser(platform);
    const winner = await createUser(platform);
    await creditMany([
      { userId: buyer.id, kind: "purchase", purchased: 100, memo: "Bought 100", idempotencyKey: "payment:1" },
      { userId: winner.id, kind: "grant", bonus: 30, memo: "Prize", idempotencyKey: "prize:2" },
    ]);
    expect(await accountsOf(buyer.id, "bonus")).toEqual([]);
    expect((await walletOf(buyer)).bonusLots).toEqual([]);
    expect(await accountsOf(winner.id, "bonus")).toHaveLength(1);
    expect(await balanceOf(buyer)).toEqual({ total: 100, purchased: 100, bonus: 0 });
    expect(await balanceOf(winner)).toEqual({ total: 30, purchased: 0, bonus: 30 });

    const single = await createUser(platform);
    await credit(single.id, { kind: "purchase", purchased: 10 });
    expect(await accountsOf(single.id, "bonus")).toEqual([]);
    await expectConsistent();
  });

  it("opens one bonus lot for a key given twice in one list, and credits it once", async () => {
    const me = await createUser(platform);
    const prize = { userId: me.id, kind: "grant" as const, memo: "Prize", idempotencyKey: "prize:week-1" };
    const entries = await creditMany([
      { ...prize, bonus: 30 },
      { ...prize, bonus: 99 },
    ]);
    expect(entries[0]).toMatchObject({ userId: me.id, idempotencyKey: "prize:week-1" });
    expect(entries[1]).toBeNull();
    expect(await accountsOf(me.id, "bonus")).toHaveLength(1);
    expect((await walletOf(me)).bonusLots.map((lot) => lot.granted)).toEqual([30]);
    expect(await balanceOf(me)).toEqual({ total: 30, purchased: 0, bonus: 30 });
  });

  it("returns nothing for an empty list", async () => {
    expect(await creditMany([])).toEqual([]);
  });

  it(`takes up to ${MAX_CREDITS_AT_ONCE} credits in one call, and refuses one more, crediting nothing`, async () => {
    const me = await createUser(platform);
    const credits = (count: number, batch: string): WalletCredit[] =>
      Array.from({ length: count }, (_, index) => ({
        userId: me.id,
        kind: "grant",
        purchased: 1,
        memo: "Prize",
        idempotencyKey: `${batch}:${index}`,
      }));
    await expect(creditMany(credits(MAX_CREDITS_AT_ONCE + 1, "too-many"))).rejects.toMatchObject(
      refusal("BAD_REQUEST", `At most ${MAX_CREDITS_AT_ONCE} credits at once.`),
    );
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
    const entries = await creditMany(credits(MAX_CREDITS_AT_ONCE, "most"));
    expect(entries.filter((entry) => entry !== null)).toHaveLength(MAX_CREDITS_AT_ONCE);
    expect(await balanceOf(me)).toEqual({
      total: MAX_CREDITS_AT_ONCE,
      purchased: MAX_CREDITS_AT_ONCE,
      bonus: 0,
    });
  }, 60_000);
});

describe("postEntry and postEntries", () => {
  it("refuses an entry that moves nothing or does not balance, writing nothing", async () => {
    const me = await createUser(platform);
    const post = (amounts: number[]) =>
      inTransaction(async (tx) => {
        const wallet = await lockWallet(tx, me.id);
        const sales = await systemAccountId(tx, "sales");
        const accounts = [wallet, sales, sales];
        return postEntry(
          platform.deps,
          tx,
          { kind: "grant", userId: me.id, memo: "by hand" },
          amounts.map((amount, index) => ({ accountId: accounts[index] ?? sales, amount })),
        );
      });
    await expect(post([0, 0])).rejects.toMatchObject(
      refusal("BAD_REQUEST", "An entry must move some coins."),
    );
    await expect(post([])).rejects.toMatchObject(refusal("BAD_REQUEST", "An entry must move some coins."));
    await expect(post([5, -4])).rejects.toMatchObject(
      refusal("BAD_REQUEST", "An entry's postings must sum to zero."),
    );
    await expect(post([5, -3, -1])).rejects.toMatchObject(
      refusal("BAD_REQUEST", "An entry's postings must sum to zero."),
    );
    expect(await platform.deps.db.select().from(ledgerEntries)).toEqual([]);
  });

  it("stores only the postings that move coins", async () => {
    const me = await createUser(platform);
    const { entry, wallet, sales } = await inTransaction(async (tx) => {
      const wallet = await lockWallet(tx, me.id);
      const sales = await systemAccountId(tx, "sales");
      const entry = await postEntry(
        platform.deps,
        tx,
        { kind: "purchase", userId: me.id, memo: "Bought 7", idempotencyKey: "payment:7" },
        [
          { accountId: wallet, amount: 7 },
          { accountId: sales, amount: 0 },
          { accountId: sales, amount: -7 },
        ],
      );
      return { entry, wallet, sales };
    });
    expect(await postingsOf(entry?.id ?? "")).toEqual([
      { accountId: wallet, amount: 7 },
      { accountId: sales, amount: -7 },
    ]);
    expect(await balanceOf(me)).toEqual({ total: 7, purchased: 7, bonus: 0 });
  });

  it("writes nothing for an empty list, and gives null in place of each entry whose key was used", async () => {
    const me = await createUser(platform);
    const plan = async (key: string, amount: number): Promise<EntryPlan> => {
      const [wallet, sales] = await inTransaction(async (tx) =>
        Promise.all([lockWallet(tx, me.id), systemAccountId(tx, "sales")]),
      );
      return {
        entry: { kind: "grant", userId: me.id, memo: `Gift ${amount}`, idempotencyKey: key },
        postings: [
          { accountId: wallet, amount },
          { accountId: sales, amount: -amount },
        ],
      };
    };
    const post = (plans: EntryPlan[]) => inTransaction((tx) => postEntries(platform.deps, tx, plans));
    expect(await post([])).toStrictEqual([]);
    const first = await plan("gift:1", 10);
    const second = await plan("gift:2", 4);
    const [written] = await post([first]);
    expect(written).toMatchObject({ kind: "grant", memo: "Gift 10", idempotencyKey: "gift:1" });
    expect(await post([first])).toStrictEqual([null]);
    const mixed = await post([first, second]);
    expect(mixed[0]).toBeNull();
    expect(mixed[1]).toMatchObject({ memo: "Gift 4", idempotencyKey: "gift:2" });
    expect(await postingsOf(mixed[1]?.id ?? "")).toHaveLength(2);
    expect(await balanceOf(me)).toEqual({ total: 14, purchased: 14, bonus: 0 });
    await expectConsistent();
  });
});

describe("lockWallet and lockWallets", () => {
  it("open a wallet on first use and give back its purchased account every time after", async () => {
    const ada = await createUser(platform);
    const ben = await createUser(platform);
    const first = await inTransaction((tx) => lockWallet(tx, ada.id));
    const [account] = await accountsOf(ada.id, "purchased");
    expect(first).toBe(account?.id);
    expect(await inTransaction((tx) => lockWallet(tx, ada.id))).toBe(first);
    const both = await inTransaction((tx) => lockWallets(tx, [ben.id, ada.id, ben.id]));
    const [benAccount] = await accountsOf(ben.id, "purchased");
    expect(both).toEqual(
      new Map([
        [ada.id, first],
        [ben.id, benAccount?.id],
      ]),
    );
    expect(await inTransaction((tx) => lockWallets(tx, []))).toEqual(new Map());
    expect(await accountsOf(ada.id, "purchased")).toHaveLength(1);
  });
});

describe("spendCoins' refusals", () => {
  it("refuses a price of nothing, and a second payment with the same idempotency key", async () => {
    const me = await createUser(platform);
    await credit(me.id, { kind: "purchase", purchased: 10 });
    await expect(spend(me.id, 0)).rejects.toMatchObject(refusal("BAD_REQUEST", "Nothing to pay."));
    await spend(me.id, 3, "unlock:episode-1");
    await expect(spend(me.id, 3, "unlock:episode-1")).rejects.toMatchObject(
      refusal("CONFLICT", "This was already paid for."),
    );
    expect(await balanceOf(me)).toEqual({ total: 7, purchased: 7, bonus: 0 });
  });
});

describe("reverseEntry's refusals", () => {
  it("refuses an unknown entry and an expiry", async () => {
    const me = await createUser(platform);
    await expect(reverse(crypto.randomUUID())).rejects.toMatchObject(
      refusal("NOT_FOUND", "There is no such ledger entry."),
    );
    await credit(me.id, { bonus: 12, grantedAt: expiredGrant() });
    await expireBonusCoins(platform.deps);
    const [expiry] = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, "expiry"));
    const refused = reverse(expiry?.id ?? "");
    await expect(refused).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(refused).rejects.toThrow(/expiry entry cannot be reversed\.$/);
    await expectConsistent();
  });

  it("refuses a second refund of a purchase as already refunded, and a refund of spent coins as a conflict", async () => {
    const me = await createUser(platform);
    const purchase = await credit(me.id, { kind: "purchase", purchased: 20 });
    const spent = await credit(me.id, { kind: "purchase", purchased: 8 });
    await spend(me.id, 25);
    await expect(reverse(spent?.id ?? "")).rejects.toMatchObject(
      refusal(
        "CONFLICT",
        "Some of these coins have already been spent, so this cannot be refunded. Refund what they paid for first.",
      ),
    );
    await credit(me.id, { kind: "purchase", purchased: 17 });
    await reverse(purchase?.id ?? "");
    await expect(reverse(purchase?.id ?? "")).rejects.toMatchObject(
      refusal("CONFLICT", "This has already been refunded."),
    );
    expect(await balanceOf(me)).toEqual({ total: 0, purchased: 0, bonus: 0 });
    await expectConsistent();
  });
});

describe("expireBonusCoins' entries", () => {
  it("writes one entry per expired lot, saying how many coins went and on which day", async () => {
    const me = await createUser(platform);
    const older = daysAgo(BONUS_COIN_LIFETIME_DAYS + 40);
    const newer = expiredGrant();
    await credit(me.id, { bonus: 30, grantedAt: older });
    await credit(me.id, { bonus: 12, grantedAt: newer });
    const day = (grantedAt: Date) =>
      new Date(grantedAt.getTime() + BONUS_COIN_LIFETIME_DAYS * DAY_MS).toISOString().slice(0, 10);
    expect(await expireBonusCoins(platform.deps)).toBe(2);
    const expiries = await platform.deps.db
      .select({ memo: ledgerEntries.memo })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, "expiry"));
    expect(expiries.map((entry) => entry.memo).sort()).toEqual(
      [`12 bonus coins expired (${day(newer)})`, `30 bonus coins expired (${day(older)})`].sort(),
    );
    expect((await accountsOf(me.id, "bonus")).map((lot) => lot.balance)).toEqual([0, 0]);
    await expectConsistent();
  });

  it("empties each lot once when two runs overlap", async () => {
    const me = await createUser(platform);
    await credit(me.id, { bonus: 30, grantedAt: expiredGrant() });
    const runs = await Promise.all([expireBonusCoins(platform.deps), expireBonusCoins(platform.deps)]);
    expect(runs[0] + runs[1]).toBe(1);
    const expiries = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.kind, "expiry"));
    expect(expiries).toHaveLength(1);
    await expectConsistent();
  });
});
