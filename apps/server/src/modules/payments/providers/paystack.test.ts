// Paystack against a stand-in for its REST API that answers as Paystack documents: JSON both ways,
// a Bearer secret key, and every answer wrapped as `{ status, message, data }`. What we send, how
// its answers become checkouts and verified payments, and how its signed webhooks are read.
import { createHash, createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WebhookSignatureError } from "../provider.ts";
import { type Answer, fakeProviderApi, type SentRequest } from "./fake-provider-api.test-support.ts";
import { PaystackProvider } from "./paystack.ts";

const API = "https://api.paystack.test";
const KEY = "sk_test_paystack";

type Json = Record<string, unknown>;

const checkout = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  amountMinor: 250_000,
  currency: "NGN",
  description: "550 coins + 50 bonus",
  customerEmail: "reader@example.test",
  successUrl: "https://litverse.test/coins/verify?payment=1",
  cancelUrl: "https://litverse.test/coins/verify?payment=1&canceled=1",
};
const subscriptionCheckout = {
  ...checkout,
  subscriptionId: "22222222-2222-4222-8222-222222222222",
  interval: "month" as const,
  providerPlanId: "PLN_monthly",
};

/** What Paystack answers to /transaction/initialize, given the reference we sent. */
let initialized: (reference: string) => Json;
let transaction: Json;
let subscription: Json;
let requests: SentRequest[];

function paystackApi(request: SentRequest): Answer {
  if (request.headers.authorization !== `Bearer ${KEY}`) {
    return { status: 401, json: { status: false, message: "Invalid key" } };
  }
  if (request.path === "/transaction/initialize") {
    const sent = JSON.parse(request.body ?? "{}") as { reference: string };
    return {
      json: { status: true, message: "Authorization URL created", data: initialized(sent.reference) },
    };
  }
  if (request.path.startsWith("/transaction/verify/")) {
    return { json: { status: true, message: "Verification successful", data: transaction } };
  }
  if (request.path === "/refund")
    return { json: { status: true, message: "Refund has been queued for processing" } };
  if (request.path === "/subscription/disable" || request.path === "/subscription/enable") {
    return { json: { status: true, message: "Subscription disabled successfully" } };
  }
  if (request.path === "/subscription/SUB_1") {
    return { json: { status: true, message: "Subscription retrieved", data: subscription } };
  }
  return { status: 404, json: { status: false, message: "Not found" } };
}

let paystack: PaystackProvider;
beforeEach(() => {
  initialized = (reference) => ({
    authorization_url: "https://checkout.paystack.test/abc",
    access_code: "abc",
    reference,
  });
  transaction = { status: "success", amount: 250_000, currency: "NGN", reference: "lv_ref" };
  subscription = { subscription_code: "SUB_1", email_token: "tok_1", status: "active" };
  requests = fakeProviderApi(API, paystackApi).requests;
  paystack = new PaystackProvider({ secretKey: KEY, apiBase: API });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const sentJson = (request: SentRequest | undefined) => JSON.parse(request?.body ?? "null") as Json;

describe("initialising a transaction", () => {
  it("sends our own reference, the amount in minor units and the payment id as JSON", async () => {
    const started = await paystack.createCheckout(checkout);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      path: "/transaction/initialize",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    });
    const sent = sentJson(requests[0]);
    expect(sent).toEqual({
      email: "reader@example.test",
      amount: 250_000,
      currency: "NGN",
      reference: expect.stringMatching(/^lv_[0-9a-f]{24}$/),
      callback_url: checkout.successUrl,
      metadata: { paymentId: checkout.paymentId, cancel_action: checkout.cancelUrl },
    });
    expect(started).toEqual({ url: "https://checkout.paystack.test/abc", reference: sent.reference });
  });

  it("makes a new reference for every transaction", async () => {
    await paystack.createCheckout(checkout);
    await paystack.createCheckout(checkout);
    expect(sentJson(requests[0]).reference).not.toBe(sentJson(requests[1]).reference);
  });

  it("keeps the reference Paystack answers with, or ours when it answers with none", async () => {
    initialized = () => ({
      authorization_url: "https://checkout.paystack.test/abc",
      reference: "T_paystack",
    });
    expect(await paystack.createCheckout(checkout)).toMatchObject({ reference: "T_paystack" });
    initialized = () => ({ authorization_url: "https://checkout.paystack.test/abc" });
    const started = await paystack.createCheckout(checkout);
    expect(started.reference).toBe(sentJson(requests[1]).reference);
    expect(started.reference).toMatch(/^lv_/);
  });

  it("needs the buyer's email, and asks Paystack nothing without it", async () => {
    await expect(paystack.createCheckout({ ...checkout, customerEmail: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Paystack needs an email address on your account to take a payment.",
    });
    expect(requests).toEqual([]);
  });

  it("fails when Paystack's answer has no page to send the buyer to", async () => {
    initialized = (reference) => ({ reference });
    await expect(paystack.createCheckout(checkout)).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Paystack did not return a checkout page.",
    });
  });

  it("starts a subscription on the plan's Paystack code, with the subscription id in the metadata", async () => {
    await paystack.createSubscriptionCheckout(subscriptionCheckout);
    expect(sentJson(requests[0])).toEqual({
      email: "reader@example.test",
      amount: 250_000,
      currency: "NGN",
      reference: expect.stringMatching(/^lv_[0-9a-f]{24}$/),
      callback_url: checkout.successUrl,
      plan: "PLN_monthly",
      metadata: {
        paymentId: checkout.paymentId,
        subscriptionId: subscriptionCheckout.subscriptionId,
        cancel_action: checkout.cancelUrl,
      },
    });
  });

  it("refuses a subscription whose plan has no Paystack code yet", async () => {
    await expect(
      paystack.createSubscriptionCheckout({ ...subscriptionCheckout, providerPlanId: null }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "This plan has no Paystack plan code yet; an admin must add one.",
    });
    expect(requests).toEqual([]);
  });
});

describe("when Paystack refuses or cannot be reached", () => {
  it("passes Paystack's own message on as a bad request", async () => {
    const wrongKey = new PaystackProvider({ secretKey: "sk_wrong", apiBase: API });
    await expect(wrongKey.verifyPayment("lv_ref")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Paystack refused: Invalid key",
    });
  });

  it("refuses an answer whose status is false even when the HTTP status is 200", async () => {
    fakeProviderApi(API, () => ({ json: { status: false, message: "Transaction reference not found" } }));
    await expect(paystack.verifyPayment("lv_ref")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Paystack refused: Transaction reference not found",
    });
  });

  it("refuses a failed HTTP status even when the body claims success", async () => {
    fakeProviderApi(API, () => ({ status: 503, json: { status: true, data: transaction } }));
    await expect(paystack.verifyPayment("lv_ref")).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Paystack refused: status 503",
    });
  });

  it("says the status when Paystack fails without a readable answer, and that it is unavailable from 500 on", async () => {
    let status = 500;
    fakeProviderApi(API, () => ({ status, text: "<html>Bad gateway</html>" }));
    await expect(paystack.verifyPayment("lv_ref")).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Paystack refused: status 500",
    });
    status = 499;
    await expect(paystack.verifyPayment("lv_ref")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Paystack refused: status 499",
    });
  });

  it("asks to try again when the network fails", async () => {
    fakeProviderApi(API, () => "unreachable");
    await expect(paystack.verifyPayment("lv_ref")).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Paystack could not be reached. Please try again.",
    });
  });
});

describe("verifying a transaction", () => {
  it("reads it by reference, without a body or a content type", async () => {
    transaction = { status: "success", amount: 250_000, currency: "ngn" };
    expect(await paystack.verifyPayment("lv ref/1")).toEqual({
      reference: "lv ref/1",
      status: "paid",
      amountMinor: 250_000,
      currency: "NGN",
      subscriptionReference: null,
    });
    expect(requests[0]).toEqual({
      method: "GET",
      path: "/transaction/verify/lv%20ref%2F1",
      headers: { authorization: `Bearer ${KEY}` },
      body: undefined,
    });
  });

  it("reads an answer without data as a pending payment of nothing", async () => {
    fakeProviderApi(API, () => ({ json: { status: true, message: "Verification successful" } }));
    expect(await paystack.verifyPayment("lv_ref")).toEqual({
      reference: "lv_ref",
      status: "pending",
      amountMinor: 0,
      currency: "",
      subscriptionReference: null,
    });
  });
});

describe("refunds and subscriptions", () => {
  it("refunds the transaction by its reference", async () => {
    await paystack.refundPayment("lv_ref", 100_000);
    expect(requests.map((request) => [request.method, request.path, sentJson(request)])).toEqual([
      ["POST", "/refund", { transaction: "lv_ref", amount: 100_000 }],
    ]);
  });

  it("does not disable or enable a subscription whose email token Paystack does not give", async () => {
    subscription = { subscription_code: "SUB_1", status: "active" };
    const noToken = { code: "UNAVAILABLE", message: "Paystack did not return the subscription's token." };
    await expect(paystack.cancelSubscription("SUB_1", true)).rejects.toMatchObject(noToken);
    await expect(paystack.resumeSubscription("SUB_1")).rejects.toMatchObject(noToken);
    expect(requests.map((request) => request.path)).toEqual(["/subscription/SUB_1", "/subscription/SUB_1"]);
  });
});

describe("Paystack's webhooks", () => {
  const signed = (event: Json) => {
    const body = Buffer.from(JSON.stringify(event));
    return { body, signature: createHmac("sha512", KEY).update(body).digest("hex") };
  };
  const parse = (event: Json) => {
    const { body, signature } = signed(event);
    return paystack.parseWebhook(body, { "X-Paystack-Signature": signature });
  };
  const idOf = (event: Json) =>
    `${String(event.event ?? "")}:${createHash("sha256").update(JSON.stringify(event)).digest("hex")}`;

  it("refuses an unsigned body and one signed with another key", () => {
    const { body } = signed({ event: "charge.success", data: {} });
    expect(() => paystack.parseWebhook(body, {})).toThrow(
      new WebhookSignatureError("The webhook is not signed."),
    );
    const forged = createHmac("sha512", "sk_other").update(body).digest("hex");
    expect(() => paystack.parseWebhook(body, { "x-paystack-signature": forged })).toThrow(
      new WebhookSignatureError("The webhook's signature does not match."),
    );
  });

  it("names an event by its type and a hash of its body", () => {
    const event = { event: "charge.success", data: { reference: "lv_ref" } };
    expect(parse(event)).toEqual({ type: "payment.settled", eventId: idOf(event), reference: "lv_ref" });
    expect(parse({ event: "charge.success", data: {} })).toMatchObject({ reference: "" });
  });

  it("ignores a body without an event under an empty name", () => {
    expect(parse({})).toEqual({ type: "ignored", eventId: idOf({}), providerType: "" });
  });

  it("ignores an invoice event that names no subscription", () => {
    const event = { event: "invoice.update", data: { paid: true, subscription: {} } };
    expect(parse(event)).toEqual({ type: "ignored", eventId: idOf(event), providerType: "invoice.update" });
  });

  it("marks the subscription past due when an invoice fails or is updated unpaid", () => {
    const data = {
      paid: false,
      period_end: "2026-02-01T00:00:00.000Z",
      subscription: { subscription_code: "SUB_1" },
    };
    for (const event of [
      { event: "invoice.payment_failed", data },
      // The event's type is what counts, whatever the flag says.
      { event: "invoice.payment_failed", data: { ...data, paid: true } },
      { event: "invoice.update", data },
    ]) {
      expect(parse(event)).toEqual({
        type: "subscription.updated",
        eventId: idOf(event),
        subscriptionReference: "SUB_1",
        status: "past_due",
        cancelAtPeriodEnd: false,
        periodEnd: new Date("2026-02-01T00:00:00.000Z"),
      });
    }
  });

  it("renews on a paid invoice, with its transaction and period", () => {
    const event = {
      event: "invoice.update",
      data: {
        paid: true,
        period_start: "2026-01-01T00:00:00.000Z",
        period_end: "2026-02-01T00:00:00.000Z",
        subscription: { subscription_code: "SUB_1" },
        transaction: { reference: "T_renewal", amount: 250_000, currency: "ngn" },
      },
    };
    expect(parse(event)).toEqual({
      type: "subscription.renewed",
      eventId: idOf(event),
      subscriptionReference: "SUB_1",
      paymentReference: "T_renewal",
      amountMinor: 250_000,
      currency: "NGN",
      periodStart: new Date("2026-01-01T00:00:00.000Z"),
      periodEnd: new Date("2026-02-01T00:00:00.000Z"),
    });
  });

  it("takes a renewal's amount and currency from the invoice when it carries no transaction", () => {
    const renewal = {
      event: "invoice.update",
      data: {
        paid: true,
        amount: 250_000,
        currency: "ghs",
        // Epoch milliseconds are read as well as ISO dates.
        period_start: Date.UTC(2026, 0, 1),
        period_end: Date.UTC(2026, 1, 1),
        subscription: { subscription_code: "SUB_1" },
      },
    };
    expect(parse(renewal)).toMatchObject({
      paymentReference: "",
      amountMinor: 250_000,
      currency: "GHS",
      periodStart: new Date(Date.UTC(2026, 0, 1)),
      periodEnd: new Date(Date.UTC(2026, 1, 1)),
    });
    const bare = {
      event: "invoice.update",
      data: { paid: true, subscription: { subscription_code: "SUB_1" } },
    };
    expect(parse(bare)).toMatchObject({ amountMinor: 0, currency: "" });
  });

  it("reads the subscription's own events: started, enabled, not renewing, disabled", () => {
    const cases: Array<[string, string, boolean]> = [
      ["subscription.create", "active", false],
      ["subscription.enable", "active", false],
      ["subscription.not_renew", "active", true],
      ["subscription.disable", "canceled", false],
    ];
    for (const [type, status, cancelAtPeriodEnd] of cases) {
      const event = {
        event: type,
        data: { subscription_code: "SUB_1", status: "active", next_payment_date: "2026-03-01T00:00:00.000Z" },
      };
      expect(parse(event), type).toEqual({
        type: "subscription.updated",
        eventId: idOf(event),
        subscriptionReference: "SUB_1",
        status,
        cancelAtPeriodEnd,
        periodEnd: new Date("2026-03-01T00:00:00.000Z"),
      });
    }
  });

  it("has no period end when the next payment date is empty or unreadable", () => {
    for (const next of [null, "", "not a date", { date: "2026-03-01" }]) {
      const event = {
        event: "subscription.disable",
        data: { subscription_code: "SUB_1", next_payment_date: next },
      };
      expect(parse(event), JSON.stringify(next)).toMatchObject({ periodEnd: null });
    }
    expect(parse({ event: "subscription.disable", data: {} })).toMatchObject({
      subscriptionReference: "",
      periodEnd: null,
    });
  });
});
