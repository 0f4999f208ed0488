import type { PlanFields } from "@litverse/shared/subscriptions-inputs";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { flushSandboxWebhooks, sandboxProvider } from "../payments/providers/registry.ts";
import { payments, sandboxSubscriptions } from "../payments/schema.ts";
import { receiveWebhook } from "../payments/webhooks.ts";
import { addMonths } from "./periods.ts";
import { subscriptions } from "./schema.ts";
import {
  grantDuePlanBonuses,
  handleSubscriptionEvent,
  runSubscriptionUpkeep,
} from "./subscription-payments.ts";
import { activeTiers } from "./tiers.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const DAY_MS = 24 * 60 * 60 * 1000;

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

const tiersOf = async (user: TestUser) => [...(await activeTiers(platform.deps.db, user.id))].sort();
const balanceOf = (user: TestUser) => callerFor(platform, user).coins.getCoinBalance();
const expectConsistentLedger = async () =>
  expect((await checkLedger(platform.deps.db)).violations).toEqual([]);

async function subscriptionRow(userId: string) {
  const rows = await platform.deps.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return rows;
}

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Subscribes through the sandbox's checkout: start, pay on its page, let its webhook arrive. */
async function subscribe(user: TestUser, planId: string) {
  const start = await callerFor(platform, user).subscriptions.startSubscriptionCheckout({
    planId,
    returnTo: "/content/abc",
  });
  const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, start.paymentId));
  const sandbox = await sandboxProvider(platform.deps);
  await sandbox.completeCharge(payment?.providerReference ?? "", "pay");
  await flushSandboxWebhooks(platform.deps);
  const [subscription] = await platform.deps.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.id, payment?.subscriptionId ?? ""));
  if (!subscription) throw new Error("no subscription");
  return { start, subscription };
}

describe("subscriptions.startSubscriptionCheckout", () => {
  it("stores an incomplete subscription and its pending payment, and opens the sandbox checkout", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const result = await callerFor(platform, reader).subscriptions.startSubscriptionCheckout({
      planId: plan.id,
      returnTo: "/content/xyz",
    });
    expect(result.checkoutUrl).toMatch(/\/sandbox\/checkout\/sbx_ch_/);
    const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, result.paymentId));
    expect(payment).toMatchObject({
      purpose: "subscription",
      status: "pending",
      amountMinor: 499,
      currency: "USD",
      coins: 0,
      bonusCoins: 0,
      returnTo: "/content/xyz",
      provider: "sandbox",
    });
    expect(payment?.providerReference).toMatch(/^sbx_ch_/);
    const [subscription] = await subscriptionRow(reader.id);
    expect(subscription).toMatchObject({
      id: payment?.subscriptionId,
      status: "incomplete",
      planId: plan.id,
    });
    // Nothing is given before the provider confirms the payment.
    expect(await tiersOf(reader)).toEqual([]);
    expect(await callerFor(platform, reader).subscriptions.getMySubscription()).toMatchObject({
      subscription: null,
      tiers: [],
    });
  });

  it("refuses bad input, plans not on offer and anonymous callers, storing nothing", async () => {
    const plan = await createPlan();
    const hidden = await createPlan({ name: "Retired", isActive: false });
    const reader = callerFor(platform, await createUser(platform));
    await expect(
      reader.subscriptions.startSubscriptionCheckout({ planId: plan.id, returnTo: "https://evil.example/" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(
      reader.subscriptions.startSubscriptionCheckout({ planId: plan.id, returnTo: "//evil.example/" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(reader.subscriptions.startSubscriptionCheckout({ planId: "nope" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await expect(reader.subscriptions.startSubscriptionCheckout({ planId: hidden.id })).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
        message: "This plan is not available.",
      },
    );
    await expect(
      callerFor(platform).subscriptions.startSubscriptionCheckout({ planId: plan.id }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await platform.deps.db.select().from(payments)).toEqual([]);
    expect(await platform.deps.db.select().from(subscriptions)).toEqual([]);
  });

  it("refuses a second subscription while one is in force", async () => {
    const plan = await createPlan();
    const vvip = await createPlan({ name: "VVIP monthly", tier: "vvip", priceMinor: 1499 });
    const reader = await createUser(platform);
    await subscribe(reader, plan.id);
    const caller = callerFor(platform, reader);
    await expect(caller.subscriptions.startSubscriptionCheckout({ planId: plan.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "You already subscribe to Premium monthly.",
    });
    await expect(caller.subscriptions.startSubscriptionCheckout({ planId: vvip.id })).rejects.toMatchObject({
      code: "CONFLICT",
      message: expect.stringMatching(
        /^You already subscribe to Premium monthly\. To change plans, cancel it/,
      ),
    });
  });
});

describe("a subscription's life", () => {
  it("activates on the provider's confirmation, live, with the month's bonus coins, once", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const caller = callerFor(platform, reader);
    const live = watchLiveRuns(platform, () => caller.subscriptions.getMySubscription());
    await live.waitForRuns(1);
    expect(live.latest).toEqual({ subscription: null, tiers: [], vvipGrantEndsAt: null });

    const { subscription, start } = await subscribe(reader, plan.id);
    expect(subscription.status).toBe("active");
    expect(subscription.providerSubscriptionId).toMatch(/^sbx_sub_/);
    const periodDays = ((subscription.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(periodDays).toBeGreaterThan(27);
    expect(periodDays).toBeLessThan(32);
    expect(await tiersOf(reader)).toEqual(["premium"]);
    expect(await balanceOf(reader)).toEqual({ total: 100, purchased: 0, bonus: 100 });

    await live.waitForRuns(2);
    await waitUntil(() => live.latest?.subscription?.status === "active");
    expect(live.latest).toMatchObject({
      subscription: {
        id: subscription.id,
        status: "active",
        isInForce: true,
        cancelAtPeriodEnd: false,
        plan: { name: "Premium monthly", monthlyBonusCoins: 100, benefits: ["Every premium title"] },
        currentPeriodEnd: subscription.currentPeriodEnd?.toISOString(),
      },
      tiers: ["premium"],
    });
    live.stop();

    // The buyer's return page asks again: nothing more is given.
    expect(await caller.payments.verifyPayment({ paymentId: start.paymentId })).toMatchObject({
      status: "paid",
      purpose: "subscription",
      planName: "Premium monthly",
    });
    expect(await balanceOf(reader)).toEqual({ total: 100, purchased: 0, bonus: 100 });
    await expectConsistentLedger();
  });

  it("renews through the provider's webhook: a new period and one bonus, however often the event comes", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const { subscription } = await subscribe(reader, plan.id);
    const reference = subscription.providerSubscriptionId ?? "";
    const sandbox = await sandboxProvider(platform.deps);

    // Capture the sandbox's signed renewal webhook instead of delivering it.
    const captured: Array<{ rawBody: Buffer; headers: Record<string, string> }> = [];
    const deliver = sandbox.deliver;
    sandbox.deliver = async (rawBody, headers) => {
      captured.push({ rawBody, headers });
    };
    try {
      expect(await sandbox.renew(reference)).toBe(true);
    } finally {
      sandbox.deliver = deliver;
    }
    expect(captured).toHaveLength(1);
    const delivery = captured[0];
    if (!delivery) throw new Error("no renewal webhook");

    // The same event twice through the webhook handler, then its content under a new event id.
    for (let i = 0; i < 2; i++) {
      expect(
        await receiveWebhook(platform.deps, "sandbox", delivery.rawBody, delivery.headers),
      ).toMatchObject({
        statusCode: 200,
      });
    }
    const event = sandbox.parseWebhook(delivery.rawBody, delivery.headers);
    if (event.type !== "subscription.renewed") throw new Error(`unexpected ${event.type}`);
    await handleSubscriptionEvent(platform.deps, "sandbox", { ...event, eventId: "another-delivery" });
    await handleSubscriptionEvent(platform.deps, "sandbox", { ...event, eventId: "and-another" });

    const [renewed] = await subscriptionRow(reader.id);
    expect(renewed?.status).toBe("active");
    expect(renewed?.currentPeriodStart?.toISOString()).toBe(event.periodStart.toISOString());
    expect(renewed?.currentPeriodEnd?.toISOString()).toBe(event.periodEnd.toISOString());
    const renewalPayments = await platform.deps.db
      .select()
      .from(payments)
      .where(eq(payments.providerReference, event.paymentReference));
    expect(renewalPayments).toMatchObject([
      { status: "paid", subscriptionId: subscription.id, amountMinor: 499 },
    ]);
    // Two months, two bonuses: the first month's and the renewal's.
    expect(await balanceOf(reader)).toEqual({ total: 200, purchased: 0, bonus: 200 });
    // The upkeep job finds nothing more to grant.
    expect(await grantDuePlanBonuses(platform.deps)).toBe(0);
    await expectConsistentLedger();
  });

  it("cancels at period end: access until then, none after; resume undoes it", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const caller = callerFor(platform, reader);
    const { subscription } = await subscribe(reader, plan.id);

    const canceled = await caller.subscriptions.cancelSubscription();
    expect(canceled.subscription).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
      isInForce: true,
    });
    expect(canceled.subscription?.canceledAt).not.toBeNull();
    expect(await tiersOf(reader)).toEqual(["premium"]);
    // Asking again changes nothing.
    expect((await caller.subscriptions.cancelSubscription()).subscription?.cancelAtPeriodEnd).toBe(true);
    await flushSandboxWebhooks(platform.deps);
    const [atProvider] = await platform.deps.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.reference, subscription.providerSubscriptionId ?? ""));
    expect(atProvider?.cancelAtPeriodEnd).toBe(true);

    const resumed = await caller.subscriptions.resumeSubscription();
    expect(resumed.subscription).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
    await expect(caller.subscriptions.resumeSubscription()).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Your subscription is not set to end, so there is nothing to resume.",
    });
    await caller.subscriptions.cancelSubscription();
    await flushSandboxWebhooks(platform.deps);

    // The period ends (at the provider and here): the provider ends it instead of renewing.
    const past = new Date(Date.now() - 1000);
    await platform.deps.db
      .update(sandboxSubscriptions)
      .set({ currentPeriodEnd: past })
      .where(eq(sandboxSubscriptions.reference, subscription.providerSubscriptionId ?? ""));
    await platform.deps.db
      .update(subscriptions)
      .set({ currentPeriodEnd: past })
      .where(eq(subscriptions.id, subscription.id));
    const live = watchLiveRuns(platform, () => caller.subscriptions.getMySubscription());
    await live.waitForRuns(1);
    expect(await tiersOf(reader)).toEqual([]);
    expect(await runSubscriptionUpkeep(platform.deps)).toBe(1);
    await waitUntil(() => live.latest?.subscription?.status === "canceled");
    expect(live.latest?.subscription).toMatchObject({ status: "canceled", isInForce: false });
    live.stop();
    expect(await (await sandboxProvider(platform.deps)).renewDue()).toBe(1);
    await flushSandboxWebhooks(platform.deps);
    const [ended] = await subscriptionRow(reader.id);
    expect(ended?.status).toBe("canceled");
    expect(await tiersOf(reader)).toEqual([]);
    await expect(caller.subscriptions.cancelSubscription()).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "You have no subscription to cancel.",
    });

    // With the old one ended, a new subscription can start.
    const again = await subscribe(reader, plan.id);
    expect(again.subscription.status).toBe("active");
    expect(await tiersOf(reader)).toEqual(["premium"]);
  });

  it("refuses cancel and resume without a subscription, and anonymous callers", async () => {
    const caller = callerFor(platform, await createUser(platform));
    await expect(caller.subscriptions.cancelSubscription()).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(caller.subscriptions.resumeSubscription()).rejects.toMatchObject({ code: "NOT_FOUND" });
    const anonymous = callerFor(platform);
    await expect(anonymous.subscriptions.getMySubscription()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anonymous.subscriptions.cancelSubscription()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
    await expect(anonymous.subscriptions.resumeSubscription()).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });

  it("grants a yearly plan's bonus month by month, each month once", async () => {
    const plan = await createPlan({ name: "Premium yearly", interval: "year", priceMinor: 4999 });
    const reader = await createUser(platform);
    const { subscription } = await subscribe(reader, plan.id);
    const periodDays = ((subscription.currentPeriodEnd?.getTime() ?? 0) - Date.now()) / DAY_MS;
    expect(periodDays).toBeGreaterThan(360);
    expect(await balanceOf(reader)).toMatchObject({ bonus: 100 });

    // Two and a half months later: the second and third months' bonuses are due.
    const later = new Date(addMonths(new Date(), 2).getTime() + 15 * DAY_MS);
    expect(await grantDuePlanBonuses(platform.deps, later)).toBe(2);
    expect(await grantDuePlanBonuses(platform.deps, later)).toBe(0);
    const wallet = await callerFor(platform, reader).coins.getWallet();
    expect(wallet.entries.map((entry) => entry.bonus)).toEqual([100, 100, 100]);
    await expectConsistentLedger();
  });

  it("tells a plan's tier changes to the title pages (entitlements) at once", async () => {
    const plan = await createPlan({ tier: "vvip", name: "VVIP monthly", priceMinor: 1499 });
    const reader = await createUser(platform);
    await subscribe(reader, plan.id);
    expect(await tiersOf(reader)).toEqual(["vvip"]);
  });
});

describe("subscriptions.adminListSubscriptions", () => {
  it("lists subscribers with status, plan and period end, for superadmins only", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const other = await createUser(platform);
    const { subscription } = await subscribe(reader, plan.id);
    // A checkout never paid is left out.
    await callerFor(platform, other).subscriptions.startSubscriptionCheckout({ planId: plan.id });
    const admin = callerFor(platform, await createUser(platform, "superadmin"));
    const page = await admin.subscriptions.adminListSubscriptions({});
    expect(page.items).toMatchObject([
      {
        id: subscription.id,
        userId: reader.id,
        planName: "Premium monthly",
        tier: "premium",
        status: "active",
        isInForce: true,
        currentPeriodEnd: subscription.currentPeriodEnd?.toISOString(),
      },
    ]);
    expect(page.nextCursor).toBeNull();
    expect((await admin.subscriptions.adminListSubscriptions({ status: "incomplete" })).items).toHaveLength(
      1,
    );
    expect((await admin.subscriptions.adminListSubscriptions({ query: "nobody-like-this" })).items).toEqual(
      [],
    );
    expect((await admin.subscriptions.adminListPlans())[0]?.subscribers).toBe(1);
    await expect(
      admin.subscriptions.adminListSubscriptions({ status: "gone" as never }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    for (const role of ["user", "admin"] as const) {
      await expect(
        callerFor(platform, await createUser(platform, role)).subscriptions.adminListSubscriptions({}),
      ).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(platform).subscriptions.adminListSubscriptions({})).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});
