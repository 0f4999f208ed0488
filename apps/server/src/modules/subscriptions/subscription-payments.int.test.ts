// What settled payments, a provider's subscription events and the upkeep job do to a subscription:
// the periods they set, the refusals, and the notices the subscriber gets.
import { randomUUID } from "node:crypto";
import type { PlanFields } from "@litverse/shared/subscriptions-inputs";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { notifications } from "../notifications/schema.ts";
import { type PaymentRow, settlePayment } from "../payments/index.ts";
import { flushSandboxWebhooks, sandboxProvider } from "../payments/providers/registry.ts";
import { payments, sandboxCharges } from "../payments/schema.ts";
import { addMonths } from "./periods.ts";
import { subscriptions } from "./schema.ts";
import {
  grantDuePlanBonuses,
  handleSubscriptionEvent,
  onSubscriptionPaymentSettled,
  runSubscriptionUpkeep,
  type SubscriptionRow,
} from "./subscription-payments.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());
afterEach(async () => {
  vi.useRealTimers();
  await flushSandboxWebhooks(platform.deps);
});

const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);

const PREMIUM_MONTHLY: PlanFields = {
  name: "Premium monthly",
  priceMinor: 499,
  currency: "USD",
  interval: "month",
  tier: "premium",
  monthlyBonusCoins: 100,
  benefits: "Every premium title",
};

async function createPlan(data: Partial<PlanFields> = {}) {
  const admin = callerFor(platform, await createUser(platform, "superadmin"));
  return admin.subscriptions.createPlan({ data: { ...PREMIUM_MONTHLY, ...data } });
}

/** A subscription as the provider's events and earlier payments left it. */
async function storeSubscription(
  user: TestUser,
  planId: string,
  values: Partial<typeof subscriptions.$inferInsert> = {},
): Promise<SubscriptionRow> {
  const [row] = await platform.deps.db
    .insert(subscriptions)
    .values({
      userId: user.id,
      planId,
      provider: "sandbox",
      status: "active",
      providerSubscriptionId: `sbx_sub_${randomUUID()}`,
      ...values,
    })
    .returning();
  if (!row) throw new Error("no subscription");
  return row;
}

async function subscriptionById(id: string): Promise<SubscriptionRow> {
  const [row] = await platform.deps.db.select().from(subscriptions).where(eq(subscriptions.id, id));
  if (!row) throw new Error("no subscription");
  return row;
}

/** A charge the sandbox holds (paid unless said otherwise), as for a renewal it made. */
async function sandboxCharge(status: "paid" | "open" = "paid", amountMinor = 499): Promise<string> {
  const reference = `sbx_ch_${randomUUID().replaceAll("-", "").slice(0, 24)}`;
  await platform.deps.db.insert(sandboxCharges).values({
    reference,
    amountMinor,
    currency: "USD",
    description: "Subscription renewal",
    status,
    successUrl: "",
    cancelUrl: "",
  });
  return reference;
}

/** A further payment for the subscription, paid at the sandbox, settled through the payments module. */
async function payFor(subscription: SubscriptionRow) {
  const reference = await sandboxCharge();
  const [payment] = await platform.deps.db
    .insert(payments)
    .values({
      userId: subscription.userId,
      purpose: "subscription",
      subscriptionId: subscription.id,
      provider: "sandbox",
      providerReference: reference,
      amountMinor: 499,
      currency: "USD",
    })
    .returning();
  if (!payment) throw new Error("no payment");
  return settlePayment(platform.deps, payment.id);
}

/** Subscribes through the sandbox's checkout: start, pay on its page, let its webhook arrive. */
async function subscribe(user: TestUser, planId: string) {
  const start = await callerFor(platform, user).subscriptions.startSubscriptionCheckout({ planId });
  const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, start.paymentId));
  await (await sandboxProvider(platform.deps)).completeCharge(payment?.providerReference ?? "", "pay");
  await flushSandboxWebhooks(platform.deps);
  return subscriptionById(payment?.subscriptionId ?? "");
}

const noticesOf = (user: TestUser) =>
  platform.deps.db
    .select({
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      dedupeKey: notifications.dedupeKey,
    })
    .from(notifications)
    .where(eq(notifications.userId, user.id));

const balanceOf = (user: TestUser) => callerFor(platform, user).coins.getCoinBalance();

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function updated(
  subscription: SubscriptionRow,
  fields: {
    status: "active" | "past_due" | "canceled" | "expired";
    cancelAtPeriodEnd?: boolean;
    periodEnd?: Date | null;
  },
) {
  return handleSubscriptionEvent(platform.deps, "sandbox", {
    type: "subscription.updated",
    eventId: randomUUID(),
    subscriptionReference: subscription.providerSubscriptionId ?? "",
    status: fields.status,
    cancelAtPeriodEnd: fields.cancelAtPeriodEnd ?? false,
    periodEnd: fields.periodEnd ?? null,
  });
}

function renewed(
  subscription: SubscriptionRow,
  fields: { paymentReference: string; periodStart: Date; periodEnd: Date; amountMinor?: number },
) {
  return handleSubscriptionEvent(platform.deps, "sandbox", {
    type: "subscription.renewed",
    eventId: randomUUID(),
    subscriptionReference: subscription.providerSubscriptionId ?? "",
    paymentReference: fields.paymentReference,
    amountMinor: fields.amountMinor ?? 499,
    currency: "usd",
    periodStart: fields.periodStart,
    periodEnd: fields.periodEnd,
  });
}

const PAST_DUE_NOTICE = {
  kind: "subscription_failed",
  title: "We could not renew your subscription",
  body: "The payment for your plan did not go through. Check your payment details to keep your benefits.",
  link: "/subscription/plans",
};

describe("a subscription's first payment", () => {
  it("starts the period when paid, even when the provider's news of the subscription came first", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, { status: "incomplete" });
    const providerEnd = daysFromNow(45);
    // The provider calls it active before its payment is confirmed: it stays incomplete.
    await updated(subscription, { status: "active", periodEnd: providerEnd });
    expect(await subscriptionById(subscription.id)).toMatchObject({
      status: "incomplete",
      currentPeriodEnd: providerEnd,
      canceledAt: null,
    });
    await updated(subscription, { status: "past_due", periodEnd: providerEnd });
    expect((await subscriptionById(subscription.id)).status).toBe("incomplete");
    expect(await noticesOf(reader)).toEqual([]);

    expect((await payFor(subscription)).status).toBe("paid");
    const active = await subscriptionById(subscription.id);
    expect(active.status).toBe("active");
    expect(Math.abs((active.currentPeriodStart?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(active.currentPeriodEnd).toEqual(addMonths(active.currentPeriodStart as Date, 1));
    expect(await balanceOf(reader)).toEqual({ total: 100, purchased: 0, bonus: 100 });
  });

  it("ends with the provider's cancellation before it is ever paid", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, { status: "incomplete" });
    await updated(subscription, { status: "canceled" });
    const canceled = await subscriptionById(subscription.id);
    expect(canceled).toMatchObject({ status: "canceled", currentPeriodEnd: null });
    expect(canceled.canceledAt).not.toBeNull();
  });

  it("takes the user's place from a subscription whose period ran out unpaid", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const old = await storeSubscription(reader, plan.id, {
      status: "past_due",
      currentPeriodStart: daysFromNow(-60),
      currentPeriodEnd: daysFromNow(-30),
    });
    const fresh = await subscribe(reader, plan.id);
    expect(fresh.status).toBe("active");
    expect((await subscriptionById(old.id)).status).toBe("expired");
  });

  it("is refused when two checkouts were paid side by side: the second stays unsettled for a refund", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const caller = callerFor(platform, reader);
    const first = await caller.subscriptions.startSubscriptionCheckout({ planId: plan.id });
    const second = await caller.subscriptions.startSubscriptionCheckout({ planId: plan.id });
    const sandbox = await sandboxProvider(platform.deps);
    const [firstPayment, secondPayment] = await Promise.all(
      [first, second].map(async (start) => {
        const [row] = await platform.deps.db.select().from(payments).where(eq(payments.id, start.paymentId));
        return row as PaymentRow;
      }),
    );
    await sandbox.completeCharge(firstPayment?.providerReference ?? "", "pay");
    await flushSandboxWebhooks(platform.deps);
    await sandbox.completeCharge(secondPayment?.providerReference ?? "", "pay_lost");
    await expect(settlePayment(platform.deps, second.paymentId)).rejects.toMatchObject({
      code: "CONFLICT",
      message:
        "This account already has a subscription in force; the payment for the second one must be refunded.",
    });
    const [stillPending] = await platform.deps.db
      .select()
      .from(payments)
      .where(eq(payments.id, second.paymentId));
    expect(stillPending?.status).toBe("pending");
    expect((await subscriptionById(secondPayment?.subscriptionId ?? "")).status).toBe("incomplete");
    expect(await balanceOf(reader)).toMatchObject({ bonus: 100 });
  });

  it("gives no coins on a plan without a monthly bonus", async () => {
    const plan = await createPlan({ monthlyBonusCoins: 0 });
    const reader = await createUser(platform);
    expect((await subscribe(reader, plan.id)).status).toBe("active");
    expect(await balanceOf(reader)).toEqual({ total: 0, purchased: 0, bonus: 0 });
  });

  it("refuses to settle a payment that is not a subscription's, or whose subscription is gone", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const start = await callerFor(platform, reader).subscriptions.startSubscriptionCheckout({
      planId: plan.id,
    });
    const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, start.paymentId));
    if (!payment) throw new Error("no payment");
    const verified = { reference: "x", status: "paid" as const, amountMinor: 499, currency: "USD" };
    const settle = (row: PaymentRow) =>
      platform.deps.changes.inTransaction(platform.deps.db, (tx) =>
        onSubscriptionPaymentSettled(platform.deps, tx, row, verified),
      );
    for (const row of [
      { ...payment, purpose: "coins" as const },
      { ...payment, subscriptionId: null },
    ]) {
      await expect(settle(row)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: "This payment is not for a subscription.",
      });
    }
    await expect(settle({ ...payment, subscriptionId: randomUUID() })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "The payment's subscription no longer exists.",
    });
  });
});

describe("a further payment of a subscription", () => {
  it("extends the period from the end of the one paid before, with the month's bonus", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const end = daysFromNow(5);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-25),
      currentPeriodEnd: end,
    });
    await payFor(subscription);
    expect(await subscriptionById(subscription.id)).toMatchObject({
      status: "active",
      currentPeriodStart: end,
      currentPeriodEnd: addMonths(end, 1),
    });
    expect(await balanceOf(reader)).toMatchObject({ bonus: 100 });
  });

  it("follows on from a period that ended days ago", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const end = daysFromNow(-10);
    const subscription = await storeSubscription(reader, plan.id, {
      status: "past_due",
      currentPeriodStart: daysFromNow(-40),
      currentPeriodEnd: end,
    });
    await payFor(subscription);
    expect(await subscriptionById(subscription.id)).toMatchObject({
      status: "active",
      currentPeriodStart: end,
    });
  });

  it("follows on from a period that ended exactly thirty days ago", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    const end = new Date(now.getTime() - 30 * DAY_MS);
    const subscription = await storeSubscription(reader, plan.id, {
      status: "past_due",
      currentPeriodStart: addMonths(end, -1),
      currentPeriodEnd: end,
    });
    vi.useFakeTimers({ toFake: ["Date"], now });
    await payFor(subscription);
    vi.useRealTimers();
    expect((await subscriptionById(subscription.id)).currentPeriodStart).toEqual(end);
  });

  it("starts a new period now after a long lapse", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, {
      status: "past_due",
      currentPeriodStart: daysFromNow(-70),
      currentPeriodEnd: daysFromNow(-40),
    });
    await payFor(subscription);
    const renewedRow = await subscriptionById(subscription.id);
    expect(Math.abs((renewedRow.currentPeriodStart?.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });
});

describe("a provider's renewal event", () => {
  it("refuses a renewal without a positive whole amount, storing no payment", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-25),
      currentPeriodEnd: daysFromNow(5),
    });
    const paymentReference = await sandboxCharge();
    for (const amountMinor of [0, -499, 4.99]) {
      await expect(
        renewed(subscription, {
          paymentReference,
          amountMinor,
          periodStart: daysFromNow(5),
          periodEnd: daysFromNow(35),
        }),
      ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "A renewal must have a positive amount." });
    }
    expect(await platform.deps.db.select().from(payments)).toEqual([]);
  });

  it("is refused for a subscription the provider's reference does not name", async () => {
    await expect(
      handleSubscriptionEvent(platform.deps, "sandbox", {
        type: "subscription.updated",
        eventId: "e1",
        subscriptionReference: "sbx_sub_unknown",
        status: "active",
        cancelAtPeriodEnd: false,
        periodEnd: null,
      }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "No subscription has the sandbox reference sbx_sub_unknown.",
    });
  });

  it("is refused when its payment belongs to another subscription or to a coin purchase", async () => {
    const plan = await createPlan();
    const other = await subscribe(await createUser(platform), plan.id);
    const [otherPayment] = await platform.deps.db
      .select()
      .from(payments)
      .where(eq(payments.subscriptionId, other.id));
    const reader = await createUser(platform);
    const periodEnd = daysFromNow(5);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-25),
      currentPeriodEnd: periodEnd,
    });
    const coinCharge = await sandboxCharge();
    await platform.deps.db.insert(payments).values({
      userId: reader.id,
      purpose: "coins",
      provider: "sandbox",
      providerReference: coinCharge,
      amountMinor: 499,
      currency: "USD",
      coins: 500,
    });
    for (const paymentReference of [otherPayment?.providerReference ?? "", coinCharge]) {
      await expect(
        renewed(subscription, {
          paymentReference,
          periodStart: periodEnd,
          periodEnd: addMonths(periodEnd, 1),
        }),
      ).rejects.toMatchObject({
        code: "CONFLICT",
        message: "The renewal's payment belongs to something else.",
      });
    }
    expect((await subscriptionById(subscription.id)).currentPeriodEnd).toEqual(periodEnd);
    expect(await balanceOf(reader)).toMatchObject({ total: 0 });
  });

  it("records a renewal not yet paid at the provider, and changes nothing until it is", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const periodEnd = daysFromNow(5);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-25),
      currentPeriodEnd: periodEnd,
    });
    const admin = callerFor(platform, await createUser(platform, "superadmin"));
    const live = watchLiveRuns(platform, () => admin.payments.adminListPayments({}));
    await live.waitForRuns(1);
    expect(live.latest?.items).toEqual([]);
    const paymentReference = await sandboxCharge("open");
    await renewed(subscription, {
      paymentReference,
      periodStart: periodEnd,
      periodEnd: addMonths(periodEnd, 1),
    });
    await waitUntil(() => live.latest?.items.length === 1);
    expect(live.latest?.items[0]).toMatchObject({ status: "pending", providerReference: paymentReference });
    live.stop();
    expect(await subscriptionById(subscription.id)).toMatchObject({
      currentPeriodStart: subscription.currentPeriodStart,
      currentPeriodEnd: periodEnd,
    });
    expect(await noticesOf(reader)).toEqual([]);
    expect(await balanceOf(reader)).toMatchObject({ total: 0 });
  });

  it("takes the provider's dates once paid, tells the subscriber once, and follows corrected dates", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-29),
      currentPeriodEnd: daysFromNow(1),
    });
    const paymentReference = await sandboxCharge();
    const periodStart = new Date("2031-02-05T12:00:00Z");
    await renewed(subscription, {
      paymentReference,
      periodStart,
      periodEnd: new Date("2031-03-05T12:00:00Z"),
    });
    expect(await subscriptionById(subscription.id)).toMatchObject({
      status: "active",
      currentPeriodStart: periodStart,
      currentPeriodEnd: new Date("2031-03-05T12:00:00Z"),
    });
    const [payment] = await platform.deps.db
      .select()
      .from(payments)
      .where(and(eq(payments.provider, "sandbox"), eq(payments.providerReference, paymentReference)));
    expect(await noticesOf(reader)).toEqual([
      {
        kind: "subscription_renewed",
        title: "Your subscription renewed",
        body: "Your plan continues until 5 March 2031.",
        link: "/subscription/plans",
        dedupeKey: `renewal:${payment?.id}`,
      },
    ]);

    const caller = callerFor(platform, reader);
    const live = watchLiveRuns(platform, () => caller.subscriptions.getMySubscription());
    await live.waitForRuns(1);
    // The same event again: nothing changes, so the subscriber's page is not even refreshed.
    await renewed(subscription, {
      paymentReference,
      periodStart,
      periodEnd: new Date("2031-03-05T12:00:00Z"),
    });
    await live.settle();
    expect(live.runs).toBe(1);
    expect(await noticesOf(reader)).toHaveLength(1);

    // The provider corrects the period's end, then its start: each is taken, live.
    await renewed(subscription, {
      paymentReference,
      periodStart,
      periodEnd: new Date("2031-03-06T12:00:00Z"),
    });
    await waitUntil(() => live.latest?.subscription?.currentPeriodEnd === "2031-03-06T12:00:00.000Z");
    const earlierStart = new Date("2031-02-04T12:00:00Z");
    await renewed(subscription, {
      paymentReference,
      periodStart: earlierStart,
      periodEnd: new Date("2031-03-06T12:00:00Z"),
    });
    expect(await subscriptionById(subscription.id)).toMatchObject({
      currentPeriodStart: earlierStart,
      currentPeriodEnd: new Date("2031-03-06T12:00:00Z"),
    });
    live.stop();
    expect(await balanceOf(reader)).toMatchObject({ bonus: 100 });
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
  });

  it("leaves the period alone when an older renewal arrives late", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const end = daysFromNow(3);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-27),
      currentPeriodEnd: end,
    });
    // Its payment extends the period from `end`; its dates end a day into that period.
    await renewed(subscription, {
      paymentReference: await sandboxCharge(),
      periodStart: addMonths(end, -1),
      periodEnd: new Date(end.getTime() + DAY_MS),
    });
    expect(await subscriptionById(subscription.id)).toMatchObject({
      currentPeriodStart: end,
      currentPeriodEnd: addMonths(end, 1),
    });
  });
});

describe("a provider's update of a subscription", () => {
  it("marks it past due and tells the subscriber once, live", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const periodEnd = daysFromNow(20);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-10),
      currentPeriodEnd: periodEnd,
    });
    const caller = callerFor(platform, reader);
    const live = watchLiveRuns(platform, () => caller.subscriptions.getMySubscription());
    await live.waitForRuns(1);

    await updated(subscription, { status: "past_due" });
    await waitUntil(() => live.latest?.subscription?.status === "past_due");
    live.stop();
    expect(await subscriptionById(subscription.id)).toMatchObject({
      status: "past_due",
      currentPeriodEnd: periodEnd,
      canceledAt: null,
    });
    expect(await noticesOf(reader)).toEqual([
      { ...PAST_DUE_NOTICE, dedupeKey: `past-due:${subscription.id}:${periodEnd.toISOString()}` },
    ]);

    // Still past due, with a new period end: no second notice.
    const newEnd = daysFromNow(25);
    await updated(subscription, { status: "past_due", periodEnd: newEnd });
    expect((await subscriptionById(subscription.id)).currentPeriodEnd).toEqual(newEnd);
    await updated(subscription, { status: "active" });
    await updated(subscription, { status: "active" });
    expect((await subscriptionById(subscription.id)).status).toBe("active");
    expect(await noticesOf(reader)).toHaveLength(1);
  });

  it("tells the subscriber of a subscription with no known period end", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, { status: "canceled" });
    await updated(subscription, { status: "past_due" });
    expect(await noticesOf(reader)).toEqual([
      { ...PAST_DUE_NOTICE, dedupeKey: `past-due:${subscription.id}:none` },
    ]);
  });

  it("records when it was cancelled, keeping the first such moment", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-10),
      currentPeriodEnd: daysFromNow(20),
    });
    await updated(subscription, { status: "active" });
    expect((await subscriptionById(subscription.id)).canceledAt).toBeNull();
    await updated(subscription, { status: "active", cancelAtPeriodEnd: true });
    const first = await subscriptionById(subscription.id);
    expect(first.cancelAtPeriodEnd).toBe(true);
    expect(first.canceledAt).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 5));
    await updated(subscription, { status: "active", cancelAtPeriodEnd: true });
    await updated(subscription, { status: "canceled" });
    expect(await subscriptionById(subscription.id)).toMatchObject({
      status: "canceled",
      cancelAtPeriodEnd: false,
      canceledAt: first.canceledAt,
    });
    // Changing its mind clears it.
    await updated(subscription, { status: "active" });
    expect((await subscriptionById(subscription.id)).canceledAt).toBeNull();
  });

  it("records when the provider ended it", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: daysFromNow(-10),
      currentPeriodEnd: daysFromNow(20),
    });
    await updated(subscription, { status: "expired" });
    const expired = await subscriptionById(subscription.id);
    expect(expired.status).toBe("expired");
    expect(expired.canceledAt).not.toBeNull();
  });

  it("takes a later period end, and ignores one not after the period's start", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const start = daysFromNow(-10);
    const end = daysFromNow(20);
    const subscription = await storeSubscription(reader, plan.id, {
      currentPeriodStart: start,
      currentPeriodEnd: end,
    });
    for (const stale of [null, daysFromNow(-11), start]) {
      await updated(subscription, { status: "active", periodEnd: stale });
      expect((await subscriptionById(subscription.id)).currentPeriodEnd).toEqual(end);
    }
    const later = daysFromNow(22);
    await updated(subscription, { status: "active", periodEnd: later });
    expect((await subscriptionById(subscription.id)).currentPeriodEnd).toEqual(later);
  });
});

describe("the subscription upkeep", () => {
  it("tells subscribers whose period ended unpaid, once, and not those who cancelled", async () => {
    const plan = await createPlan();
    const unpaid = await createUser(platform);
    const leaving = await createUser(platform);
    const end = daysFromNow(-0.5);
    const lapsed = await storeSubscription(unpaid, plan.id, {
      currentPeriodStart: addMonths(end, -1),
      currentPeriodEnd: end,
    });
    await storeSubscription(leaving, plan.id, {
      currentPeriodStart: addMonths(end, -1),
      currentPeriodEnd: end,
      cancelAtPeriodEnd: true,
    });
    expect(await runSubscriptionUpkeep(platform.deps)).toBe(2);
    expect(await runSubscriptionUpkeep(platform.deps)).toBe(0);
    expect(await noticesOf(unpaid)).toEqual([
      { ...PAST_DUE_NOTICE, dedupeKey: `past-due:${lapsed.id}:${end.toISOString()}` },
    ]);
    expect(await noticesOf(leaving)).toEqual([]);
  });

  it("counts each month's bonus once when two runs grant at once", async () => {
    const plan = await createPlan({ name: "Premium yearly", interval: "year", priceMinor: 4999 });
    const reader = await createUser(platform);
    const start = daysFromNow(-75);
    await storeSubscription(reader, plan.id, {
      createdAt: start,
      currentPeriodStart: start,
      currentPeriodEnd: addMonths(start, 12),
    });
    const runs = await Promise.all([grantDuePlanBonuses(platform.deps), grantDuePlanBonuses(platform.deps)]);
    expect(runs[0] + runs[1]).toBe(3);
    expect(await balanceOf(reader)).toMatchObject({ bonus: 300 });
  });
});
