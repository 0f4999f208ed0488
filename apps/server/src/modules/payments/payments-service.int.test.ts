// The payments service against a provider whose answers each test decides: what a checkout hands
// the provider, what a refused or unreachable provider leaves behind, how a settlement treats odd
// answers, the admins' list (filters, pages, live updates) and refunds that the provider refuses.
import { randomUUID } from "node:crypto";
import { ADMIN_PAYMENTS_PAGE_SIZE } from "@litverse/shared/payments";
import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { coinPackages, ledgerEntries } from "../coins/schema.ts";
import { subscriptions } from "../subscriptions/schema.ts";
import { users } from "../users/schema.ts";
import { adminListPayments, settlePayment, startCoinCheckout } from "./payments.service.ts";
import { paymentsSettingsFromEnv } from "./payments-config.ts";
import { configurePayments } from "./providers/registry.ts";
import { payments } from "./schema.ts";
import { ScriptedProvider } from "./scripted-provider.ts";

let platform: TestPlatform;
let provider: ScriptedProvider;
const PUBLIC_URL = "http://litverse.test";

/** Checkouts go to the scripted provider; the platform has no logger, as in scripts and jobs. */
function usePaymentsOf(deps: ServiceDeps, log?: FastifyBaseLogger) {
  configurePayments(
    deps,
    {
      ...paymentsSettingsFromEnv(PUBLIC_URL, { SANDBOX_WEBHOOK_SECRET: "test-secret" }),
      defaultProvider: "paystack",
    },
    { overrides: { paystack: provider }, ...(log ? { log } : {}) },
  );
}

beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(async () => {
  await platform.reset();
  provider = new ScriptedProvider();
  usePaymentsOf(platform.deps);
});

/** The same platform, seen through a logger that keeps what it is told. */
function withLog() {
  const lines: Array<{ level: string; data: unknown; message: string }> = [];
  const keep = (level: string) => (data: unknown, message: string) => lines.push({ level, data, message });
  const log = {
    warn: keep("warn"),
    error: keep("error"),
    info: keep("info"),
  } as unknown as FastifyBaseLogger;
  const deps: ServiceDeps = { ...platform.deps };
  usePaymentsOf(deps, log);
  return { deps, lines };
}

const expectConsistentLedger = async () =>
  expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

async function addPackage(values: Partial<typeof coinPackages.$inferInsert> = {}) {
  const [row] = await platform.deps.db
    .insert(coinPackages)
    .values({ name: "Popular", coins: 550, bonusCoins: 50, priceMinor: 499, currency: "USD", ...values })
    .returning();
  if (!row) throw new Error("package not stored");
  return row;
}

async function paymentRow(paymentId: string) {
  const [row] = await platform.deps.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row) throw new Error("no payment");
  return row;
}

async function emailOf(user: TestUser) {
  const [row] = await platform.deps.db.select().from(users).where(eq(users.id, user.id));
  return row?.email;
}

/** A coin checkout started by `user`, with the reference the provider gave it. */
async function checkout(user: TestUser, values: Partial<typeof coinPackages.$inferInsert> = {}) {
  const pkg = await addPackage(values);
  const { paymentId } = await callerFor(platform, user).payments.startCoinCheckout({ packageId: pkg.id });
  return { paymentId, reference: (await paymentRow(paymentId)).providerReference ?? "" };
}

/** A coin purchase paid at the provider and settled. */
async function paidPurchase(user: TestUser) {
  const started = await checkout(user);
  provider.setStatus(started.reference, "paid");
  await settlePayment(platform.deps, started.paymentId);
  return started;
}

/** A payment stored as it stands, for states a checkout does not reach by itself. */
async function storePayment(user: TestUser, values: Partial<typeof payments.$inferInsert> = {}) {
  const [row] = await platform.deps.db
    .insert(payments)
    .values({
      userId: user.id,
      purpose: "coins",
      provider: "paystack",
      amountMinor: 499,
      currency: "USD",
      coins: 100,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no payment");
  return row;
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("the condition never held");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("starting a coin checkout", () => {
  it("hands the provider the buyer's email, what the package gives, and where to come back", async () => {
    const me = await createUser(platform);
    const { paymentId } = await checkout(me, { coins: 100, bonusCoins: 0, priceMinor: 99 });
    expect(provider.checkouts).toEqual([
      {
        paymentId,
        amountMinor: 99,
        currency: "USD",
        description: "100 coins",
        customerEmail: await emailOf(me),
        successUrl: `${PUBLIC_URL}/subscription/verify?payment=${paymentId}`,
        cancelUrl: `${PUBLIC_URL}/subscription/verify?payment=${paymentId}&canceled=1`,
      },
    ]);
  });

  it("shows the new checkout on the admins' live list once the provider has it", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const live = watchLiveRuns(platform, () => admin.payments.adminListPayments({}));
    await live.waitForRuns(1);
    expect(live.latest?.items).toEqual([]);
    const { reference } = await checkout(me);
    await waitUntil(() => live.latest?.items[0]?.providerReference === reference);
    expect(live.latest?.items[0]).toMatchObject({ status: "pending", provider: "paystack" });
    live.stop();
  });

  it("marks the payment failed and passes on the provider's own refusal", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const pkg = await addPackage();
    const live = watchLiveRuns(platform, () => admin.payments.adminListPayments({}));
    await live.waitForRuns(1);
    provider.checkoutError = new AppError("BAD_REQUEST", "Cards from this country are not accepted.");
    await expect(
      callerFor(platform, me).payments.startCoinCheckout({ packageId: pkg.id }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Cards from this country are not accepted." });
    const [row] = await platform.deps.db.select().from(payments);
    expect(row).toMatchObject({
      status: "failed",
      failureReason: "The checkout could not be started.",
      providerReference: null,
    });
    // The admins see the failed attempt without reloading.
    await waitUntil(() => live.latest?.items[0]?.status === "failed");
    live.stop();
  });

  it("answers that the provider could not be reached when it fails for another reason, and logs it", async () => {
    const me = await createUser(platform);
    const pkg = await addPackage();
    const outage = new Error("connect ECONNREFUSED");
    provider.checkoutError = outage;
    await expect(
      callerFor(platform, me).payments.startCoinCheckout({ packageId: pkg.id }),
    ).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The payment provider could not be reached. Please try again.",
    });

    const { deps, lines } = withLog();
    await expect(startCoinCheckout(deps, me, { packageId: pkg.id })).rejects.toMatchObject({
      code: "UNAVAILABLE",
    });
    expect(lines).toEqual([
      { level: "error", data: { err: outage }, message: "checkout could not be started" },
    ]);
    const rows = await platform.deps.db.select().from(payments);
    expect(rows.map((row) => row.status)).toEqual(["failed", "failed"]);
  });
});

describe("reading and settling a payment", () => {
  it("tells someone else's payment apart from nothing at all", async () => {
    const me = await createUser(platform);
    const { paymentId } = await checkout(me);
    await expect(
      callerFor(platform, await createUser(platform)).payments.getPayment({ paymentId }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "There is no such payment." });
    await expect(settlePayment(platform.deps, randomUUID())).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "There is no such payment.",
    });
  });

  it("updates a payment's live page for that payment only", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const watched = await checkout(me);
    const other = await checkout(me);
    const live = watchLiveRuns(platform, () => caller.payments.getPayment({ paymentId: watched.paymentId }));
    await live.waitForRuns(1);
    provider.setStatus(other.reference, "paid");
    await settlePayment(platform.deps, other.paymentId);
    await live.settle();
    expect(live.runs).toBe(1);
    provider.setStatus(watched.reference, "failed");
    await settlePayment(platform.deps, watched.paymentId);
    await live.waitForRuns(2);
    expect(live.latest).toMatchObject({ status: "failed" });
    live.stop();
  });

  it("returns the settled payment with the ledger entry that credited it", async () => {
    const me = await createUser(platform);
    const { paymentId, reference } = await checkout(me);
    provider.setStatus(reference, "paid");
    const settled = await settlePayment(platform.deps, paymentId);
    const [entry] = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, me.id));
    expect(settled).toMatchObject({ status: "paid", creditEntryId: entry?.id });
    expect(entry?.id).toEqual(expect.any(String));
  });

  it("does not ask the provider again about a payment that is settled or never reached it", async () => {
    const me = await createUser(platform);
    const admin = await createUser(platform, "admin");
    const { paymentId } = await paidPurchase(me);
    const asked = provider.verified.length;
    expect(await settlePayment(platform.deps, paymentId)).toMatchObject({ status: "paid" });
    await callerFor(platform, admin).payments.refundPayment({ paymentId, reason: "Asked for it" });
    expect(await settlePayment(platform.deps, paymentId)).toMatchObject({ status: "refunded" });

    provider.checkoutError = new AppError("BAD_REQUEST", "Declined.");
    const pkg = await addPackage();
    await expect(startCoinCheckout(platform.deps, me, { packageId: pkg.id })).rejects.toThrow("Declined.");
    const failed = (await platform.deps.db.select().from(payments)).find((row) => row.id !== paymentId);
    expect(
      await callerFor(platform, me).payments.verifyPayment({ paymentId: failed?.id ?? "" }),
    ).toMatchObject({ status: "failed" });
    expect(provider.verified.length).toBe(asked);
  });

  it("leaves a pending payment alone while the provider reports anything but paid, failed or cancelled", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const { paymentId, reference } = await checkout(me);
    const live = watchLiveRuns(platform, () => caller.payments.getPayment({ paymentId }));
    await live.waitForRuns(1);
    for (const status of ["pending", "refunded"] as const) {
      provider.setStatus(reference, status);
      expect(await settlePayment(platform.deps, paymentId)).toMatchObject({ status: "pending" });
    }
    expect(await paymentRow(paymentId)).toMatchObject({ status: "pending", failureReason: null });
    await live.settle();
    expect(live.runs).toBe(1);
    live.stop();
  });

  it("records a failure once, and a later cancellation does not overwrite it", async () => {
    const me = await createUser(platform);
    const caller = callerFor(platform, me);
    const { paymentId, reference } = await checkout(me);
    const live = watchLiveRuns(platform, () => caller.payments.getPayment({ paymentId }));
    await live.waitForRuns(1);
    provider.setStatus(reference, "failed");
    expect(await settlePayment(platform.deps, paymentId)).toMatchObject({ id: paymentId, status: "failed" });
    await live.waitForRuns(2);
    expect(live.latest).toMatchObject({ status: "failed" });

    provider.setStatus(reference, "canceled");
    expect(await settlePayment(platform.deps, paymentId)).toMatchObject({ id: paymentId, status: "failed" });
    await live.settle();
    expect(live.runs).toBe(2);
    live.stop();
  });

  it("refuses to credit what the provider says about another payment", async () => {
    const me = await createUser(platform);
    const { paymentId, reference } = await checkout(me);
    provider.setStatus(reference, "paid");
    provider.answer = (charge) => ({ ...charge, reference: "ps_someone_else" });
    const settled = await settlePayment(platform.deps, paymentId);
    expect(settled).toMatchObject({
      status: "failed",
      failureReason: "The provider answered about another payment.",
    });
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 0 });
  });

  it("compares the currency whatever its case, and names the difference in capitals", async () => {
    const me = await createUser(platform);
    const matching = await checkout(me);
    provider.setStatus(matching.reference, "paid");
    provider.answer = (charge) => ({ ...charge, currency: "usd" });
    expect(await settlePayment(platform.deps, matching.paymentId)).toMatchObject({ status: "paid" });

    const differing = await checkout(me);
    provider.setStatus(differing.reference, "paid");
    provider.answer = (charge) => ({ ...charge, amountMinor: 99, currency: "eur" });
    expect(await settlePayment(platform.deps, differing.paymentId)).toMatchObject({
      status: "failed",
      failureReason: "The provider reported 99 EUR, not 499 USD.",
    });
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 600 });
  });

  it("logs a payment the provider reports differently", async () => {
    const me = await createUser(platform);
    const { paymentId, reference } = await checkout(me);
    provider.setStatus(reference, "paid");
    provider.answer = (charge) => ({ ...charge, amountMinor: 1 });
    const { deps, lines } = withLog();
    await settlePayment(deps, paymentId);
    expect(lines).toEqual([
      {
        level: "warn",
        data: { paymentId, mismatch: "The provider reported 1 USD, not 499 USD." },
        message: "provider reported a different payment; not credited",
      },
    ]);
  });

  it("settles a plan's payment, which credits no coins, and names the plan", async () => {
    const me = await createUser(platform);
    const superadmin = callerFor(platform, await createUser(platform, "superadmin"));
    const plan = await superadmin.subscriptions.createPlan({
      data: {
        name: "Premium monthly",
        priceMinor: 499,
        currency: "USD",
        interval: "month",
        tier: "premium",
        monthlyBonusCoins: 0,
        benefits: "Every premium title",
      },
    });
    const [subscription] = await platform.deps.db
      .insert(subscriptions)
      .values({ userId: me.id, planId: plan.id, provider: "paystack" })
      .returning();
    const payment = await storePayment(me, {
      purpose: "subscription",
      subscriptionId: subscription?.id,
      coins: 0,
      providerReference: provider.addCharge(),
    });
    expect(await settlePayment(platform.deps, payment.id)).toMatchObject({
      status: "paid",
      creditEntryId: null,
    });
    expect(await callerFor(platform, me).payments.getPayment({ paymentId: payment.id })).toMatchObject({
      status: "paid",
      planName: "Premium monthly",
    });
    await expect(
      callerFor(platform, await createUser(platform, "admin")).payments.refundPayment({
        paymentId: payment.id,
        reason: "Asked for it",
      }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Subscription payments are refunded by cancelling the subscription.",
    });
  });
});

describe("the admins' list of payments", () => {
  it("pages fifty at a time, newest first", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    for (let i = 0; i < ADMIN_PAYMENTS_PAGE_SIZE; i++) await storePayment(me, { amountMinor: 100 + i });
    const full = await admin.payments.adminListPayments({});
    expect(full.items).toHaveLength(ADMIN_PAYMENTS_PAGE_SIZE);
    expect(full.nextCursor).toBeNull();

    const newest = await storePayment(me, { amountMinor: 999 });
    const first = await admin.payments.adminListPayments({});
    expect(first.items).toHaveLength(ADMIN_PAYMENTS_PAGE_SIZE);
    expect(first.items[0]?.id).toBe(newest.id);
    expect(first.nextCursor).toBe(first.items.at(-1)?.id);
    const second = await admin.payments.adminListPayments({ cursor: first.nextCursor });
    expect(second).toEqual({ items: [expect.objectContaining({ amountMinor: 100 })], nextCursor: null });
    const seen = new Set([...first.items, ...second.items].map((item) => item.id));
    expect(seen.size).toBe(ADMIN_PAYMENTS_PAGE_SIZE + 1);
  });

  it("starts from the top for a page marker that names no payment", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const payment = await storePayment(me);
    for (const cursor of [randomUUID(), `x${payment.id}`, `${payment.id}x`, "not-a-payment"]) {
      const page = await admin.payments.adminListPayments({ cursor });
      expect(
        page.items.map((item) => item.id),
        cursor,
      ).toEqual([payment.id]);
    }
  });

  it("finds buyers by name or email, taking %, _ and \\ literally", async () => {
    const plain = await createUser(platform);
    const odd = await createUser(platform);
    await platform.deps.db.update(users).set({ name: "100%_sure\\yes" }).where(eq(users.id, odd.id));
    const admin = callerFor(platform, await createUser(platform, "admin"));
    await storePayment(plain);
    const oddPayment = await storePayment(odd);
    for (const query of ["%", "_", "\\", "0%_s"]) {
      const found = await admin.payments.adminListPayments({ query });
      expect(
        found.items.map((item) => item.id),
        query,
      ).toEqual([oddPayment.id]);
    }
  });

  it("finds a payment by its id, and only by the whole id", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const payment = await storePayment(me);
    await storePayment(me);
    expect((await admin.payments.adminListPayments({ query: payment.id })).items.map((i) => i.id)).toEqual([
      payment.id,
    ]);
    for (const query of [`x${payment.id}`, `${payment.id}x`]) {
      expect((await admin.payments.adminListPayments({ query })).items, query).toEqual([]);
    }
  });

  it("lists one person's payments for support, whatever spaces surround a search", async () => {
    const me = await createUser(platform);
    const other = await createUser(platform);
    const mine = await storePayment(me);
    await storePayment(other);
    const forMe = await adminListPayments(platform.deps, { userId: me.id });
    expect(forMe.items.map((item) => item.id)).toEqual([mine.id]);
    const email = (await emailOf(me)) ?? "";
    const searched = await adminListPayments(platform.deps, { query: `  ${email}  ` });
    expect(searched.items.map((item) => item.id)).toEqual([mine.id]);
  });
});

describe("refunding a coin purchase", () => {
  it("refuses a payment that does not exist or is being refunded already", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    await expect(
      admin.payments.refundPayment({ paymentId: randomUUID(), reason: "Asked for it" }),
    ).rejects.toMatchObject({ code: "NOT_FOUND", message: "There is no such payment." });

    const { paymentId } = await paidPurchase(me);
    const outcomes = await Promise.allSettled([
      admin.payments.refundPayment({ paymentId, reason: "Asked for it" }),
      admin.payments.refundPayment({ paymentId, reason: "Asked for it" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refused?.reason).toMatchObject({
      code: "CONFLICT",
      message: "This payment has already been refunded.",
    });
    expect(provider.refunds).toHaveLength(1);
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 0 });
    await expectConsistentLedger();
  });

  // Rows from before every paid purchase had its credit entry and reference recorded.
  it("refunds a paid payment that credited nothing, and refuses one without a provider reference", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const reference = provider.addCharge();
    const payment = await storePayment(me, { status: "paid", providerReference: reference, coins: 0 });
    const view = await admin.payments.refundPayment({ paymentId: payment.id, reason: "Asked for it" });
    expect(view).toMatchObject({ id: payment.id, status: "refunded" });
    expect(provider.refunds).toEqual([{ reference, amountMinor: 499 }]);
    expect(await platform.deps.db.select().from(ledgerEntries)).toEqual([]);
    const listed = await admin.payments.adminListPayments({});
    expect(listed.items[0]?.refundedAt).toBe((await paymentRow(payment.id)).refundedAt?.toISOString());

    const unreferenced = await storePayment(me, { status: "paid", coins: 0 });
    await expect(
      admin.payments.refundPayment({ paymentId: unreferenced.id, reason: "Asked for it" }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "This payment has no provider reference." });
  });

  it("puts the coins back when the provider refuses, and can be tried again", async () => {
    const me = await createUser(platform);
    const admin = callerFor(platform, await createUser(platform, "admin"));
    const { paymentId } = await paidPurchase(me);
    const live = watchLiveRuns(platform, () => admin.payments.adminListPayments({}));
    await live.waitForRuns(1);
    expect(live.latest?.items[0]).toMatchObject({ status: "paid", refundedAt: null });

    // The refund waits at the provider while the admins' list shows it under way.
    let answer = () => {};
    provider.refundGate = new Promise((resolve) => {
      answer = resolve;
    });
    provider.refundError = new AppError("BAD_REQUEST", "The charge is disputed.");
    const refused = admin.payments.refundPayment({ paymentId, reason: "Asked for it" });
    await waitUntil(() => live.latest?.items[0]?.status === "refunded");
    expect(live.latest?.items[0]?.refundedAt).toEqual(expect.any(String));
    answer();
    await expect(refused).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message: "The refund did not go through, so the coins were put back. The charge is disputed.",
    });
    await waitUntil(() => live.latest?.items[0]?.status === "paid");
    live.stop();
    provider.refundGate = null;

    provider.refundError = new Error("socket hang up");
    await expect(admin.payments.refundPayment({ paymentId, reason: "Asked for it" })).rejects.toMatchObject({
      code: "SERVICE_UNAVAILABLE",
      message:
        "The refund did not go through, so the coins were put back. The provider could not be reached.",
    });
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 600 });
    const restored = await paymentRow(paymentId);
    const [entry] = await platform.deps.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, restored.creditEntryId ?? randomUUID()));
    expect(entry?.memo).toBe("Refund undone: 550 coins + 50 bonus");

    provider.refundError = null;
    await admin.payments.refundPayment({ paymentId, reason: "Asked for it" });
    expect(await paymentRow(paymentId)).toMatchObject({ status: "refunded" });
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 0 });
    await expectConsistentLedger();
  });
});
