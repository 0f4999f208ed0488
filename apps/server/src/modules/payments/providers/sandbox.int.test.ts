// The sandbox provider's subscriptions and refunds, and the signed webhooks it sends about them.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openTestPlatform, type TestPlatform } from "../../../test/test-platform.ts";
import { paymentsSettingsFromEnv } from "../payments-config.ts";
import type { WebhookEvent } from "../provider.ts";
import { renewDueSandboxSubscriptions, renewSandboxSubscriptionNow } from "../sandbox-renewals.ts";
import { sandboxCharges, sandboxSubscriptions } from "../schema.ts";
import { configurePayments, sandboxProvider } from "./registry.ts";
import { periodEnd, type SandboxProvider } from "./sandbox.ts";

let platform: TestPlatform;
let sandbox: SandboxProvider;
const events: WebhookEvent[] = [];

beforeAll(async () => {
  platform = await openTestPlatform();
  configurePayments(platform.deps, paymentsSettingsFromEnv("http://litverse.test", {}));
  sandbox = await sandboxProvider(platform.deps);
  // What the platform would receive: each delivery parsed, signature checked, as the route does.
  sandbox.deliver = async (rawBody, headers) => {
    events.push(sandbox.parseWebhook(rawBody, headers));
  };
});
afterAll(() => platform.dispose());
beforeEach(async () => {
  await platform.reset();
  events.length = 0;
});

const request = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  subscriptionId: "22222222-2222-4222-8222-222222222222",
  amountMinor: 999,
  currency: "USD",
  description: "Premium monthly",
  customerEmail: null,
  successUrl: "http://litverse.test/subscription/verify?payment=1",
  cancelUrl: "http://litverse.test/subscription/verify?payment=1&canceled=1",
  interval: "month" as const,
  providerPlanId: null,
};

async function subscriptionOf(reference: string) {
  const [row] = await platform.deps.db
    .select()
    .from(sandboxSubscriptions)
    .where(eq(sandboxSubscriptions.reference, reference));
  if (!row) throw new Error("no subscription");
  return row;
}

async function subscribe() {
  const checkout = await sandbox.createSubscriptionCheckout(request);
  await sandbox.completeCharge(checkout.reference, "pay");
  await new Promise((resolve) => setImmediate(resolve));
  const verified = await sandbox.verifyPayment(checkout.reference);
  return { checkout, verified, subscriptionReference: verified.subscriptionReference ?? "" };
}

describe("sandbox subscriptions", () => {
  it("start when the first checkout is paid, with a period of one interval", async () => {
    const { verified, subscriptionReference, checkout } = await subscribe();
    expect(verified).toMatchObject({ status: "paid", amountMinor: 999, currency: "USD" });
    expect(subscriptionReference).toMatch(/^sbx_sub_/);
    const row = await subscriptionOf(subscriptionReference);
    expect(row.currentPeriodEnd).toEqual(periodEnd(row.currentPeriodStart, "month"));
    expect(events).toEqual([
      { type: "payment.settled", eventId: expect.stringMatching(/^evt_/), reference: checkout.reference },
    ]);
  });

  it("renew with a new paid charge and a signed subscription.renewed webhook", async () => {
    const { subscriptionReference } = await subscribe();
    const before = await subscriptionOf(subscriptionReference);
    expect(await renewSandboxSubscriptionNow(platform.deps, subscriptionReference)).toBe(true);
    const after = await subscriptionOf(subscriptionReference);
    expect(after.currentPeriodStart).toEqual(before.currentPeriodEnd);
    const renewed = events.at(-1);
    if (renewed?.type !== "subscription.renewed") throw new Error("no renewal event");
    expect(renewed).toMatchObject({
      subscriptionReference,
      amountMinor: 999,
      currency: "USD",
      periodStart: before.currentPeriodEnd,
      periodEnd: after.currentPeriodEnd,
    });
    expect(await sandbox.verifyPayment(renewed.paymentReference)).toMatchObject({
      status: "paid",
      subscriptionReference,
    });
  });

  it("renew only when due, and end at period end once cancelled", async () => {
    const { subscriptionReference } = await subscribe();
    expect(await renewDueSandboxSubscriptions(platform.deps)).toBe(0);
    const row = await subscriptionOf(subscriptionReference);
    const later = new Date(row.currentPeriodEnd.getTime() + 1000);
    expect(await renewDueSandboxSubscriptions(platform.deps, later)).toBe(1);
    expect(await renewDueSandboxSubscriptions(platform.deps, later)).toBe(0);

    await sandbox.cancelSubscription(subscriptionReference, true);
    expect(events.at(-1)).toMatchObject({
      type: "subscription.updated",
      status: "active",
      cancelAtPeriodEnd: true,
    });
    await sandbox.resumeSubscription(subscriptionReference);
    expect(events.at(-1)).toMatchObject({ type: "subscription.updated", cancelAtPeriodEnd: false });
    await sandbox.cancelSubscription(subscriptionReference, true);
    const renewedRow = await subscriptionOf(subscriptionReference);
    const afterEnd = new Date(renewedRow.currentPeriodEnd.getTime() + 1000);
    expect(await renewDueSandboxSubscriptions(platform.deps, afterEnd)).toBe(1);
    expect((await subscriptionOf(subscriptionReference)).status).toBe("canceled");
    expect(events.at(-1)).toMatchObject({ type: "subscription.updated", status: "canceled" });
    await expect(sandbox.resumeSubscription(subscriptionReference)).rejects.toMatchObject({
      code: "CONFLICT",
    });
    expect(await renewSandboxSubscriptionNow(platform.deps, subscriptionReference)).toBe(false);
  });

  it("cancel at once when asked to", async () => {
    const { subscriptionReference } = await subscribe();
    await sandbox.cancelSubscription(subscriptionReference, false);
    expect((await subscriptionOf(subscriptionReference)).status).toBe("canceled");
    expect(events.at(-1)).toMatchObject({ type: "subscription.updated", status: "canceled" });
  });
});

describe("sandbox refunds", () => {
  it("refund only paid charges, never more than charged", async () => {
    const checkout = await sandbox.createCheckout(request);
    await expect(sandbox.refundPayment(checkout.reference, 999)).rejects.toMatchObject({ code: "CONFLICT" });
    await sandbox.completeCharge(checkout.reference, "pay");
    await expect(sandbox.refundPayment(checkout.reference, 1000)).rejects.toMatchObject({ code: "CONFLICT" });
    await sandbox.refundPayment(checkout.reference, 999);
    const [charge] = await platform.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, checkout.reference));
    expect(charge?.status).toBe("refunded");
    expect(await sandbox.verifyPayment(checkout.reference)).toMatchObject({ status: "refunded" });
  });
});
