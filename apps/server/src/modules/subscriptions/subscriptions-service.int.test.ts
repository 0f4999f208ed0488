// A reader's view of their subscription, its checkout, cancelling and resuming, and the
// superadmins' list: what each shows and refuses, and that the pages showing them follow live.
import { randomUUID } from "node:crypto";
import type { PlanFields } from "@litverse/shared/subscriptions-inputs";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../core/errors.ts";
import {
  callerFor,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import type { SubscriptionCheckoutRequest } from "../payments/provider.ts";
import { flushSandboxWebhooks, sandboxProvider } from "../payments/providers/registry.ts";
import { payments, sandboxCharges, sandboxSubscriptions } from "../payments/schema.ts";
import { users } from "../users/schema.ts";
import { vvipGrants } from "../vvip/schema.ts";
import { subscriptionPlans, subscriptions } from "./schema.ts";
import { ADMIN_SUBSCRIPTIONS_PAGE_SIZE } from "./subscriptions.service.ts";

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

async function superadmin() {
  return callerFor(platform, await createUser(platform, "superadmin"));
}

async function createPlan(data: Partial<PlanFields> = {}) {
  return (await superadmin()).subscriptions.createPlan({ data: { ...PREMIUM_MONTHLY, ...data } });
}

async function storeSubscription(
  user: TestUser,
  planId: string,
  values: Partial<typeof subscriptions.$inferInsert> = {},
) {
  const [row] = await platform.deps.db
    .insert(subscriptions)
    .values({ userId: user.id, planId, provider: "sandbox", status: "active", ...values })
    .returning();
  if (!row) throw new Error("no subscription");
  return row;
}

const inForce = () => ({ currentPeriodStart: daysFromNow(-10), currentPeriodEnd: daysFromNow(20) });

async function waitUntil(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe("subscriptions.getMySubscription", () => {
  it("shows the period and whether it gives access now", async () => {
    const plan = await createPlan();
    const mine = async (values: Partial<typeof subscriptions.$inferInsert>) => {
      const reader = await createUser(platform);
      await storeSubscription(reader, plan.id, values);
      return (await callerFor(platform, reader).subscriptions.getMySubscription()).subscription;
    };
    const period = inForce();
    expect(await mine({ status: "past_due", ...period })).toMatchObject({
      status: "past_due",
      isInForce: true,
      currentPeriodStart: period.currentPeriodStart.toISOString(),
      currentPeriodEnd: period.currentPeriodEnd.toISOString(),
    });
    expect(await mine({ status: "canceled", ...period })).toMatchObject({ isInForce: false });
    expect(
      await mine({
        status: "active",
        currentPeriodStart: daysFromNow(-31),
        currentPeriodEnd: daysFromNow(-1),
      }),
    ).toMatchObject({ status: "active", isInForce: false });
    expect(await mine({ status: "canceled" })).toMatchObject({
      status: "canceled",
      isInForce: false,
      currentPeriodStart: null,
      currentPeriodEnd: null,
    });
  });

  it("no longer counts a period in force at the moment it ends", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const now = new Date(Math.floor(Date.now() / 1000) * 1000);
    await storeSubscription(reader, plan.id, { currentPeriodStart: daysFromNow(-30), currentPeriodEnd: now });
    vi.useFakeTimers({ toFake: ["Date"], now });
    const { subscription } = await callerFor(platform, reader).subscriptions.getMySubscription();
    vi.useRealTimers();
    expect(subscription?.isInForce).toBe(false);
  });

  it("lists the tiers held in order, from a subscription and a VVIP grant", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    await storeSubscription(reader, plan.id, inForce());
    const endsAt = daysFromNow(40);
    await platform.deps.db.insert(vvipGrants).values({ userId: reader.id, reason: "Winner", endsAt });
    expect(await callerFor(platform, reader).subscriptions.getMySubscription()).toMatchObject({
      tiers: ["premium", "vvip"],
      vvipGrantEndsAt: endsAt.toISOString(),
    });
  });

  it("follows a change of the plan live", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    await storeSubscription(reader, plan.id, inForce());
    const caller = callerFor(platform, reader);
    const live = watchLiveRuns(platform, () => caller.subscriptions.getMySubscription());
    await live.waitForRuns(1);
    await (await superadmin()).subscriptions.updatePlan({ id: plan.id, data: { name: "Premium plus" } });
    await waitUntil(() => live.latest?.subscription?.plan.name === "Premium plus");
    live.stop();
  });
});

describe("subscriptions.startSubscriptionCheckout", () => {
  it("refuses a plan that does not exist", async () => {
    const caller = callerFor(platform, await createUser(platform));
    await expect(
      caller.subscriptions.startSubscriptionCheckout({ planId: randomUUID() }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "This plan is not available.",
    });
  });

  it("asks the provider for a checkout of the plan, for the buyer, and shows it to the admins live", async () => {
    const plan = await createPlan();
    await platform.deps.db
      .update(subscriptionPlans)
      .set({ providerPlanIds: { sandbox: "sbx_plan_1" } })
      .where(eq(subscriptionPlans.id, plan.id));
    const yearly = await createPlan({ name: "Premium yearly", interval: "year", priceMinor: 4999 });
    const reader = await createUser(platform);
    const [buyer] = await platform.deps.db.select().from(users).where(eq(users.id, reader.id));
    const sandbox = await sandboxProvider(platform.deps);
    const requests: SubscriptionCheckoutRequest[] = [];
    const original = sandbox.createSubscriptionCheckout.bind(sandbox);
    sandbox.createSubscriptionCheckout = (request) => {
      requests.push(request);
      return original(request);
    };
    const admin = await superadmin();
    const live = watchLiveRuns(platform, () => admin.payments.adminListPayments({}));
    try {
      await live.waitForRuns(1);
      const start = await callerFor(platform, reader).subscriptions.startSubscriptionCheckout({
        planId: plan.id,
      });
      await waitUntil(() => live.latest?.items.length === 1);
      expect(live.latest?.items[0]?.id).toBe(start.paymentId);
      // Another buyer's checkout of a plan with no id at the sandbox.
      await callerFor(platform, await createUser(platform)).subscriptions.startSubscriptionCheckout({
        planId: yearly.id,
      });
    } finally {
      live.stop();
      delete (sandbox as Partial<typeof sandbox>).createSubscriptionCheckout;
    }
    expect(requests).toMatchObject([
      {
        description: "Premium monthly, billed every month",
        customerEmail: buyer?.email,
        interval: "month",
        providerPlanId: "sbx_plan_1",
        amountMinor: 499,
      },
      { description: "Premium yearly, billed every year", interval: "year", providerPlanId: null },
    ]);
    const charges = await platform.deps.db.select().from(sandboxCharges);
    expect(charges.map((charge) => charge.description).sort()).toEqual([
      "Premium monthly, billed every month",
      "Premium yearly, billed every year",
    ]);
  });

  it("fails the payment and ends the subscription when the provider cannot open a checkout", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const caller = callerFor(platform, reader);
    const sandbox = await sandboxProvider(platform.deps);
    const admin = await superadmin();
    const live = watchLiveRuns(platform, () => admin.payments.adminListPayments({}));
    await live.waitForRuns(1);
    const failWith = (error: unknown) => {
      sandbox.createSubscriptionCheckout = async () => {
        // The admins' list has shown the pending payment before the failure is recorded.
        await waitUntil(() => live.latest?.items.some((item) => item.status === "pending") ?? false);
        throw error;
      };
    };
    const lastPayment = async () => {
      const rows = await platform.deps.db.select().from(payments).where(eq(payments.userId, reader.id));
      const [payment] = rows.filter((row) => row.status === "failed").slice(-1);
      return payment;
    };
    try {
      failWith(new Error("the provider is down"));
      await expect(caller.subscriptions.startSubscriptionCheckout({ planId: plan.id })).rejects.toMatchObject(
        {
          code: "SERVICE_UNAVAILABLE",
          message: "The payment provider could not open the checkout. Please try again.",
        },
      );
      await waitUntil(() => live.latest?.items[0]?.status === "failed");
      const failed = await lastPayment();
      expect(failed?.failureReason).toBe("The checkout could not be opened: the provider is down");
      const [ended] = await platform.deps.db
        .select()
        .from(subscriptions)
        .where(eq(subscriptions.id, failed?.subscriptionId ?? ""));
      expect(ended?.status).toBe("expired");

      await platform.deps.db.delete(payments);
      failWith(new AppError("BAD_REQUEST", "The provider refused this currency."));
      await expect(caller.subscriptions.startSubscriptionCheckout({ planId: plan.id })).rejects.toMatchObject(
        {
          code: "BAD_REQUEST",
          message: "The provider refused this currency.",
        },
      );

      await platform.deps.db.delete(payments);
      failWith(`x${"y".repeat(600)}`);
      await expect(caller.subscriptions.startSubscriptionCheckout({ planId: plan.id })).rejects.toMatchObject(
        {
          code: "SERVICE_UNAVAILABLE",
        },
      );
      const long = await lastPayment();
      expect(long?.failureReason).toHaveLength(500);
      expect(long?.failureReason?.startsWith("The checkout could not be opened: xyyy")).toBe(true);
    } finally {
      live.stop();
      delete (sandbox as Partial<typeof sandbox>).createSubscriptionCheckout;
    }
  });
});

describe("cancelling and resuming", () => {
  it("keeps the first cancellation's moment when asked again", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const caller = callerFor(platform, reader);
    const start = await caller.subscriptions.startSubscriptionCheckout({ planId: plan.id });
    const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, start.paymentId));
    await (await sandboxProvider(platform.deps)).completeCharge(payment?.providerReference ?? "", "pay");
    await flushSandboxWebhooks(platform.deps);

    const first = await caller.subscriptions.cancelSubscription();
    await flushSandboxWebhooks(platform.deps);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const again = await caller.subscriptions.cancelSubscription();
    expect(again.subscription?.canceledAt).toBe(first.subscription?.canceledAt);

    await caller.subscriptions.resumeSubscription();
    await flushSandboxWebhooks(platform.deps);
    const [subscription] = await platform.deps.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, reader.id));
    const [atProvider] = await platform.deps.db
      .select()
      .from(sandboxSubscriptions)
      .where(eq(sandboxSubscriptions.reference, subscription?.providerSubscriptionId ?? ""));
    expect(atProvider?.cancelAtPeriodEnd).toBe(false);
    expect(subscription).toMatchObject({ cancelAtPeriodEnd: false, canceledAt: null });
  });

  it("works, live, for a subscription the provider gave no reference for", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    await storeSubscription(reader, plan.id, inForce());
    const caller = callerFor(platform, reader);
    const live = watchLiveRuns(platform, () => caller.subscriptions.getMySubscription());
    await live.waitForRuns(1);
    expect((await caller.subscriptions.cancelSubscription()).subscription?.cancelAtPeriodEnd).toBe(true);
    await waitUntil(() => live.latest?.subscription?.cancelAtPeriodEnd === true);
    expect((await caller.subscriptions.resumeSubscription()).subscription?.cancelAtPeriodEnd).toBe(false);
    await waitUntil(() => live.latest?.subscription?.cancelAtPeriodEnd === false);
    live.stop();
  });

  it("says how to subscribe again when there is nothing to resume", async () => {
    const caller = callerFor(platform, await createUser(platform));
    await expect(caller.subscriptions.resumeSubscription()).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "You have no subscription to resume. Choose a plan to subscribe again.",
    });
  });
});

describe("subscriptions.adminListSubscriptions", () => {
  it("finds subscribers by part of their name, special characters taken literally", async () => {
    const plan = await createPlan();
    const names = ["Ann_Lee", "AnnXLee", "Bo 100%"];
    for (const name of names) {
      const reader = await createUser(platform);
      await platform.deps.db.update(users).set({ name }).where(eq(users.id, reader.id));
      await storeSubscription(reader, plan.id, { status: "canceled" });
    }
    const admin = await superadmin();
    const found = async (query: string) =>
      (await admin.subscriptions.adminListSubscriptions({ query })).items.map((item) => item.userName).sort();
    expect(await found("n_L")).toEqual(["Ann_Lee"]);
    expect(await found("0%")).toEqual(["Bo 100%"]);
    expect(await found("lee")).toEqual(["AnnXLee", "Ann_Lee"]);
  });

  it("pages through every subscription, newest first", async () => {
    const plan = await createPlan();
    const reader = await createUser(platform);
    const start = Date.now() - 1000 * DAY_MS;
    const store = (index: number) =>
      storeSubscription(reader, plan.id, { status: "canceled", createdAt: new Date(start + index * DAY_MS) });
    for (let index = 0; index < ADMIN_SUBSCRIPTIONS_PAGE_SIZE; index++) await store(index + 1);
    const admin = await superadmin();
    const full = await admin.subscriptions.adminListSubscriptions({});
    expect(full.items).toHaveLength(ADMIN_SUBSCRIPTIONS_PAGE_SIZE);
    expect(full.nextCursor).toBeNull();

    const oldest = await store(0);
    const first = await admin.subscriptions.adminListSubscriptions({});
    expect(first.items).toHaveLength(ADMIN_SUBSCRIPTIONS_PAGE_SIZE);
    expect(first.nextCursor).toBe(first.items.at(-1)?.id);
    const second = await admin.subscriptions.adminListSubscriptions({ cursor: first.nextCursor });
    expect(second).toEqual({ items: [expect.objectContaining({ id: oldest.id })], nextCursor: null });
    // A cursor naming no subscription starts from the top.
    const unknown = await admin.subscriptions.adminListSubscriptions({ cursor: randomUUID() });
    expect(unknown.items[0]?.id).toBe(first.items[0]?.id);
  });

  it("follows new subscribers and plan changes live", async () => {
    const plan = await createPlan();
    const admin = await superadmin();
    const live = watchLiveRuns(platform, () => admin.subscriptions.adminListSubscriptions({}));
    await live.waitForRuns(1);
    const reader = await createUser(platform);
    const caller = callerFor(platform, reader);
    const start = await caller.subscriptions.startSubscriptionCheckout({ planId: plan.id });
    const [payment] = await platform.deps.db.select().from(payments).where(eq(payments.id, start.paymentId));
    await (await sandboxProvider(platform.deps)).completeCharge(payment?.providerReference ?? "", "pay");
    await flushSandboxWebhooks(platform.deps);
    await waitUntil(() => live.latest?.items.length === 1);
    await admin.subscriptions.updatePlan({ id: plan.id, data: { name: "Premium plus" } });
    await waitUntil(() => live.latest?.items[0]?.planName === "Premium plus");
    live.stop();
  });
});
