import type { RevenueAnalytics, RevenueDay } from "@litverse/shared/revenue";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Transaction } from "../../core/db/client.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { type Credit, creditCoins, expireBonusCoins, reverseEntry, spendCoins } from "../coins/ledger.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { coinPackages } from "../coins/schema.ts";
import { seedDemoRevenue } from "../payments/demo.ts";
import { PAYMENTS_TOPIC } from "../payments/payments.service.ts";
import { payments } from "../payments/schema.ts";
import { subscriptionPlans, subscriptions } from "../subscriptions/schema.ts";
import { SUBSCRIPTIONS_ADMIN_TOPIC } from "../subscriptions/topics.ts";
import { DEMO_PERSONA_ISSUER } from "../users/demo-personas.ts";
import { users } from "../users/schema.ts";
import { userTopic } from "../users/topics.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 86_400_000;
/** Midnight UTC today. */
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
/** `hours` hours into the UTC day `days` days before today. */
const at = (days: number, hours = 12) => new Date(today - days * DAY_MS + hours * 3_600_000);
const day = (days: number) => at(days, 0).toISOString().slice(0, 10);

let keys = 0;
const inTx = <T>(work: (tx: Transaction) => Promise<T>) =>
  platform.deps.changes.inTransaction(platform.deps.db, work);
const credit = (userId: string, values: Partial<Credit>) =>
  inTx((tx) =>
    creditCoins(platform.deps, tx, userId, {
      kind: "grant",
      memo: "test coins",
      idempotencyKey: `test:${++keys}`,
      ...values,
    }),
  );
const spend = async (userId: string, amount: number) =>
  inTx((tx) => spendCoins(platform.deps, tx, userId, { amount, memo: `Unlocked for ${amount}` }));
const reverse = (entryId: string) =>
  inTx((tx) => reverseEntry(platform.deps, tx, entryId, { memo: "Refund", createdBy: null }));

async function makePackage(name: string, coins: number, bonusCoins: number) {
  const [row] = await platform.deps.db
    .insert(coinPackages)
    .values({ name, coins, bonusCoins, priceMinor: 499, currency: "USD" })
    .returning();
  if (!row) throw new Error("no package");
  return row;
}

let references = 0;
/** A payment row as the payments module stores one; paid ones credit the wallet as settling does. */
async function pay(
  user: TestUser,
  values: {
    purpose?: "coins" | "subscription";
    packageId?: string | null;
    subscriptionId?: string | null;
    amountMinor: number;
    currency?: string;
    coins?: number;
    bonusCoins?: number;
    status?: "pending" | "paid" | "failed";
    paidAt?: Date;
  },
) {
  const status = values.status ?? "paid";
  const [row] = await platform.deps.db
    .insert(payments)
    .values({
      userId: user.id,
      purpose: values.purpose ?? "coins",
      packageId: values.packageId ?? null,
      subscriptionId: values.subscriptionId ?? null,
      provider: "sandbox",
      providerReference: `ref-${++references}`,
      amountMinor: values.amountMinor,
      currency: values.currency ?? "USD",
      coins: values.coins ?? 0,
      bonusCoins: values.bonusCoins ?? 0,
      status,
      paidAt: status === "paid" ? (values.paidAt ?? new Date()) : null,
      createdAt: values.paidAt ?? new Date(),
    })
    .returning();
  if (!row) throw new Error("no payment");
  if (status === "paid" && (row.coins > 0 || row.bonusCoins > 0)) {
    const entry = await credit(user.id, {
      kind: "purchase",
      purchased: row.coins,
      bonus: row.bonusCoins,
      grantedAt: row.paidAt ?? undefined,
      idempotencyKey: `payment:${row.id}`,
    });
    await platform.deps.db.update(payments).set({ creditEntryId: entry?.id }).where(eq(payments.id, row.id));
    return { ...row, creditEntryId: entry?.id ?? null };
  }
  return row;
}

/** Refunds a paid payment as the payments module does: a reversal, then the payment marked. */
async function refundPayment(payment: { id: string; creditEntryId: string | null }) {
  if (payment.creditEntryId) await reverse(payment.creditEntryId);
  await platform.deps.db
    .update(payments)
    .set({ status: "refunded", refundedAt: new Date() })
    .where(eq(payments.id, payment.id));
}

async function subscribe(user: TestUser) {
  const [plan] = await platform.deps.db
    .insert(subscriptionPlans)
    .values({ name: "Premium", priceMinor: 999, currency: "USD", interval: "month", tier: "premium" })
    .returning();
  if (!plan) throw new Error("no plan");
  const [subscription] = await platform.deps.db
    .insert(subscriptions)
    .values({ userId: user.id, planId: plan.id, provider: "sandbox", status: "active" })
    .returning();
  if (!subscription) throw new Error("no subscription");
  return subscription;
}

const expectConsistent = async () => expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
const dayOf = (analytics: RevenueAnalytics, days: number): RevenueDay => {
  const found = analytics.daily.find((row) => row.day === day(days));
  if (!found) throw new Error(`no figures for ${day(days)}`);
  return found;
};

/**
 * A week of business (today is day 0): purchases in two currencies, a subscription with a renewal
 * and a cancellation, unlocks today (one refunded), a purchase refunded today, and bonus lots that
 * expire inside and before the week.
 */
async function aWeekOfBusiness() {
  const [buyer, other, old] = [
    await createUser(platform),
    await createUser(platform),
    await createUser(platform),
  ];
  const starter = await makePackage("Starter", 100, 20);
  const big = await makePackage("Big", 500, 0);

  // Before the week: 540 purchased coins, a bonus lot that expires in it and one that expired before.
  await credit(old.id, { kind: "purchase", purchased: 40, grantedAt: at(20) });
  await credit(old.id, { bonus: 30, grantedAt: at(32) }); // expires day 2, at noon
  await credit(old.id, { bonus: 50, grantedAt: at(40) }); // expired on day 10
  await pay(buyer, { packageId: big.id, amountMinor: 1999, coins: 500, paidAt: at(7, 23.9) }); // too early

  await pay(buyer, {
    packageId: starter.id,
    amountMinor: 499,
    coins: 100,
    bonusCoins: 20,
    paidAt: at(5, 10),
  });
  await pay(buyer, { packageId: big.id, amountMinor: 1999, coins: 500, paidAt: at(3, 23.5) });
  const naira = await pay(other, {
    packageId: starter.id,
    amountMinor: 150_000,
    currency: "NGN",
    coins: 100,
    bonusCoins: 20,
    paidAt: at(3, 1),
  });
  await pay(other, { packageId: big.id, amountMinor: 1999, coins: 500, status: "pending", paidAt: at(3) });
  await pay(other, { packageId: big.id, amountMinor: 1999, coins: 500, status: "failed", paidAt: at(3) });

  const subscription = await subscribe(buyer);
  await pay(buyer, {
    purpose: "subscription",
    subscriptionId: subscription.id,
    amountMinor: 999,
    paidAt: at(4),
  });
  await pay(buyer, {
    purpose: "subscription",
    subscriptionId: subscription.id,
    amountMinor: 999,
    paidAt: at(1),
  });
  await platform.deps.db
    .update(subscriptions)
    .set({ canceledAt: at(1, 18), cancelAtPeriodEnd: true })
    .where(eq(subscriptions.id, subscription.id));

  // Today: an unlock refunded, another kept, a purchase refunded, and the expiry job.
  const unlock = await spend(buyer.id, 150); // 20 bonus and 130 purchased
  await reverse(unlock.id);
  await spend(buyer.id, 10); // bonus first
  await refundPayment(naira);
  expect(await expireBonusCoins(platform.deps)).toBe(2);
  await expectConsistent();
  return { buyer, other, old, starter, big };
}

const admin = async () => callerFor(platform, await createUser(platform, "admin"));

describe("revenue.getRevenueAnalytics", () => {
  it("gives each day's purchases, subscriptions, refunds, unlocks, expiry and coins in circulation", async () => {
    const { buyer, other, old, starter, big } = await aWeekOfBusiness();
    const analytics = await (await admin()).revenue.getRevenueAnalytics({ from: day(6), to: day(0) });

    expect(analytics.daily.map((row) => row.day)).toEqual([6, 5, 4, 3, 2, 1, 0].map(day));
    expect(analytics.currencies).toEqual(["USD", "NGN"]);
    const empty = {
      purchases: 0,
      purchaseAmounts: [],
      coinsSold: 0,
      bonusCoinsSold: 0,
      subscriptionsNew: 0,
      subscriptionRenewals: 0,
      subscriptionCancellations: 0,
      subscriptionAmounts: [],
      refunds: 0,
      refundAmounts: [],
      coinsReversed: 0,
      unlocks: 0,
      coinsSpent: 0,
      unlockRefunds: 0,
      coinsReturned: 0,
      bonusExpired: 0,
    };
    // Before the week: 540 purchased, and the 30 bonus coins that expire on day 2.
    expect(dayOf(analytics, 6)).toEqual({
      ...empty,
      day: day(6),
      circulationPurchased: 540,
      circulationBonus: 30,
    });
    expect(dayOf(analytics, 5)).toEqual({
      ...empty,
      day: day(5),
      purchases: 1,
      purchaseAmounts: [{ currency: "USD", amountMinor: 499 }],
      coinsSold: 100,
      bonusCoinsSold: 20,
      circulationPurchased: 640,
      circulationBonus: 50,
    });
    expect(dayOf(analytics, 4)).toMatchObject({
      purchases: 0,
      subscriptionsNew: 1,
      subscriptionRenewals: 0,
      subscriptionAmounts: [{ currency: "USD", amountMinor: 999 }],
    });
    // 23:30 UTC counts on its own day, whatever the server's time zone.
    expect(dayOf(analytics, 3)).toMatchObject({
      purchases: 2,
      purchaseAmounts: [
        { currency: "NGN", amountMinor: 150_000 },
        { currency: "USD", amountMinor: 1999 },
      ],
      coinsSold: 600,
      bonusCoinsSold: 20,
      circulationPurchased: 1240,
      circulationBonus: 70,
    });
    // The old lot expired at noon on day 2: gone from that day's end, before the job recorded it.
    expect(dayOf(analytics, 2)).toMatchObject({
      bonusExpired: 0,
      circulationPurchased: 1240,
      circulationBonus: 40,
    });
    expect(dayOf(analytics, 1)).toMatchObject({
      subscriptionsNew: 0,
      subscriptionRenewals: 1,
      subscriptionCancellations: 1,
      subscriptionAmounts: [{ currency: "USD", amountMinor: 999 }],
    });
    expect(dayOf(analytics, 0)).toEqual({
      ...empty,
      day: day(0),
      refunds: 1,
      refundAmounts: [{ currency: "NGN", amountMinor: 150_000 }],
      coinsReversed: 120,
      unlocks: 2,
      coinsSpent: 160,
      unlockRefunds: 1,
      coinsReturned: 150,
      bonusExpired: 80,
      circulationPurchased: 1140,
      circulationBonus: 10,
    });

    // At the end of today the wallets hold exactly what the figures say is in circulation.
    let purchased = 0;
    let bonus = 0;
    for (const user of [buyer, other, old]) {
      const balance = await callerFor(platform, user).coins.getCoinBalance();
      purchased += balance.purchased;
      bonus += balance.bonus;
    }
    expect({ purchased, bonus }).toEqual({ purchased: 1140, bonus: 10 });

    expect(analytics.totals).toEqual({
      purchases: 3,
      purchaseAmounts: [
        { currency: "NGN", amountMinor: 150_000 },
        { currency: "USD", amountMinor: 2498 },
      ],
      coinsSold: 700,
      bonusCoinsSold: 40,
      subscriptionsNew: 1,
      subscriptionRenewals: 1,
      subscriptionCancellations: 1,
      subscriptionAmounts: [{ currency: "USD", amountMinor: 1998 }],
      refunds: 1,
      refundAmounts: [{ currency: "NGN", amountMinor: 150_000 }],
      coinsReversed: 120,
      unlocks: 2,
      coinsSpent: 160,
      unlockRefunds: 1,
      coinsReturned: 150,
      bonusExpired: 80,
      netAmounts: [
        { currency: "NGN", amountMinor: 0 },
        { currency: "USD", amountMinor: 4496 },
      ],
      circulationAtStart: { purchased: 540, bonus: 30 },
      circulationAtEnd: { purchased: 1140, bonus: 10 },
    });
    expect(analytics.packages).toEqual([
      {
        packageId: big.id,
        name: "Big",
        currency: "USD",
        purchases: 1,
        amountMinor: 1999,
        coins: 500,
        bonusCoins: 0,
        refunded: 0,
      },
      {
        packageId: starter.id,
        name: "Starter",
        currency: "NGN",
        purchases: 1,
        amountMinor: 150_000,
        coins: 100,
        bonusCoins: 20,
        refunded: 1,
      },
      {
        packageId: starter.id,
        name: "Starter",
        currency: "USD",
        purchases: 1,
        amountMinor: 499,
        coins: 100,
        bonusCoins: 20,
        refunded: 0,
      },
    ]);
  });

  it("starts a range in the past from the coins held at its start, and counts only its days", async () => {
    await aWeekOfBusiness();
    const analytics = await (await admin()).revenue.getRevenueAnalytics({ from: day(3), to: day(2) });
    expect(analytics.daily.map((row) => [row.day, row.circulationPurchased, row.circulationBonus])).toEqual([
      [day(3), 1240, 70],
      [day(2), 1240, 40],
    ]);
    expect(analytics.totals).toMatchObject({
      purchases: 2,
      subscriptionsNew: 0,
      refunds: 0,
      unlocks: 0,
      circulationAtStart: { purchased: 640, bonus: 50 },
      circulationAtEnd: { purchased: 1240, bonus: 40 },
    });
    expect(analytics.packages.map((row) => [row.name, row.currency])).toEqual([
      ["Big", "USD"],
      ["Starter", "NGN"],
    ]);
  });

  it("names a deleted package, and is all zeros on a quiet range", async () => {
    const buyer = await createUser(platform);
    const gone = await makePackage("Gone", 10, 0);
    await pay(buyer, { packageId: gone.id, amountMinor: 100, coins: 10, paidAt: at(1) });
    await platform.deps.db.delete(coinPackages).where(eq(coinPackages.id, gone.id));
    const caller = await admin();
    const analytics = await caller.revenue.getRevenueAnalytics({ from: day(1), to: day(1) });
    expect(analytics.packages).toMatchObject([{ packageId: null, name: "Deleted package", purchases: 1 }]);

    const quiet = await caller.revenue.getRevenueAnalytics({ from: day(400), to: day(370) });
    expect(quiet.daily).toHaveLength(31);
    expect(quiet.currencies).toEqual([]);
    expect(quiet.packages).toEqual([]);
    expect(quiet.daily.every((row) => row.purchases === 0 && row.circulationPurchased === 0)).toBe(true);
  });

  it("re-runs live when coins move or a payment or subscription changes", async () => {
    const buyer = await createUser(platform);
    const caller = await admin();
    const live = watchLiveRuns(platform, () =>
      caller.revenue.getRevenueAnalytics({ from: day(1), to: day(0) }),
    );
    await live.waitForRuns(1);
    expect(live.latest?.totals.circulationAtEnd).toEqual({ purchased: 0, bonus: 0 });
    await credit(buyer.id, { kind: "purchase", purchased: 25 });
    await live.waitForRuns(2);
    expect(live.latest?.totals.circulationAtEnd).toEqual({ purchased: 25, bonus: 0 });
    // Payments and subscriptions announce their own topics, which the figures follow too.
    await inTx(async () => platform.deps.changes.changed(PAYMENTS_TOPIC));
    await live.waitForRuns(3);
    await inTx(async () => platform.deps.changes.changed(SUBSCRIPTIONS_ADMIN_TOPIC));
    await live.waitForRuns(4);
    live.stop();
  });

  it("takes ISO days, in order, at most 366 days apart, and changes nothing", async () => {
    const caller = await admin();
    await expect(
      caller.revenue.getRevenueAnalytics({ from: "2026-03-01", to: "2026-02-28" }),
    ).rejects.toThrow(/The range ends before it starts/);
    await expect(caller.revenue.getRevenueAnalytics({ from: "2026-3-1", to: "2026-03-02" })).rejects.toThrow(
      /A day as YYYY-MM-DD/,
    );
    await expect(
      caller.revenue.getRevenueAnalytics({ from: "2026-02-30", to: "2026-03-02" }),
    ).rejects.toThrow(/A day as YYYY-MM-DD/);
    await expect(
      caller.revenue.getRevenueAnalytics({ from: "2025-01-01", to: "2026-01-02" }),
    ).rejects.toThrow(/At most 366 days at a time/);
    await expect(
      // @ts-expect-error: no other fields
      caller.revenue.getRevenueAnalytics({ from: "2026-01-01", to: "2026-01-02", currency: "USD" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // A leap year's 366 days are fine.
    const year = await caller.revenue.getRevenueAnalytics({ from: "2028-01-01", to: "2028-12-31" });
    expect(year.daily).toHaveLength(366);
    expect(year.daily.at(-1)?.day).toBe("2028-12-31");
    await expectConsistent();
  });

  it("is for administrators and superadmins only", async () => {
    const range = { from: day(1), to: day(0) };
    await expect(callerFor(platform).revenue.getRevenueAnalytics(range)).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(
      callerFor(platform, await createUser(platform)).revenue.getRevenueAnalytics(range),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    const superadmin = await createUser(platform, "superadmin");
    expect((await callerFor(platform, superadmin).revenue.getRevenueAnalytics(range)).daily).toHaveLength(2);
    // The role is read from the database on every call: a demoted admin is refused at once.
    const demoted = await createUser(platform, "admin");
    await platform.deps.db.update(users).set({ role: "user" }).where(eq(users.id, demoted.id));
    // As every change to a user row does: the callers' kept rows drop it.
    platform.deps.changes.changed(userTopic(demoted.id));
    await expect(callerFor(platform, demoted).revenue.getRevenueAnalytics(range)).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });
});

describe("the demo's month of sales", () => {
  it("adds sales the figures count, wallets that agree with the ledger, and nothing when seeded again", async () => {
    await platform.deps.db.insert(users).values(
      [1, 2, 3].map((index) => ({
        issuer: DEMO_PERSONA_ISSUER,
        subject: `persona-${index}`,
        name: `Persona ${index}`,
        role: "user" as const,
      })),
    );
    await makePackage("Starter", 100, 0);
    await makePackage("Popular", 550, 50);
    const added = await seedDemoRevenue(platform.deps);
    expect(added).toBeGreaterThan(30);
    expect(await seedDemoRevenue(platform.deps)).toBe(0);
    await expectConsistent();

    const analytics = await (await admin()).revenue.getRevenueAnalytics({ from: day(30), to: day(0) });
    expect(analytics.totals.purchases).toBe(added);
    expect(analytics.totals.refunds).toBe(2);
    expect(analytics.currencies).toEqual(["USD"]);
    expect(analytics.packages.map((row) => row.name).sort()).toEqual(["Popular", "Starter"]);
    const sold = analytics.totals.coinsSold - analytics.totals.coinsReversed;
    expect(analytics.totals.circulationAtEnd.purchased).toBeLessThanOrEqual(
      sold + analytics.totals.bonusCoinsSold,
    );
  });
});
