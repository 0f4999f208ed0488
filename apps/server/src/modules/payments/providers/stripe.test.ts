// Stripe against a stand-in for its REST API that answers as Stripe documents: form-encoded
// requests with a Bearer key, JSON objects back, `{ error: { message } }` when refused. What we
// send, how Stripe's answers become verified payments, refunds and webhook events.
import { createHmac } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { type Answer, fakeProviderApi, type SentRequest } from "./fake-provider-api.test-support.ts";
import { StripeProvider, toForm } from "./stripe.ts";

const API = "https://api.stripe.test";
const KEY = "sk_test_key";
const WEBHOOK_SECRET = "whsec_test";

type Json = Record<string, unknown>;

const checkout = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  amountMinor: 499,
  currency: "USD",
  description: "550 coins + 50 bonus",
  customerEmail: "reader@example.test",
  successUrl: "https://litverse.test/coins/verify?payment=1",
  cancelUrl: "https://litverse.test/coins/verify?payment=1&canceled=1",
};
const subscriptionCheckout = {
  ...checkout,
  description: "Premium monthly",
  subscriptionId: "22222222-2222-4222-8222-222222222222",
  interval: "month" as const,
  providerPlanId: null,
};

/** Stripe's objects by id, as its API would return them; each test fills what it needs. */
let sessions: Record<string, Json>;
let invoices: Record<string, Json>;
let createdSession: Json;
let requests: SentRequest[];

function stripeApi(request: SentRequest): Answer {
  if (request.headers.authorization !== `Bearer ${KEY}`) {
    return {
      status: 401,
      json: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } },
    };
  }
  const notFound = {
    status: 404,
    json: { error: { type: "invalid_request_error", message: "No such object" } },
  };
  const [, , collection, id] = request.path.split("/").map(decodeURIComponent);
  if (request.path === "/v1/checkout/sessions" && request.method === "POST") return { json: createdSession };
  if (collection === "checkout") {
    const session = sessions[request.path.slice("/v1/checkout/sessions/".length)];
    return session ? { json: session } : notFound;
  }
  if (collection === "invoices") {
    const invoice = invoices[id ?? ""];
    return invoice ? { json: invoice } : notFound;
  }
  if (collection === "refunds") {
    const form = new URLSearchParams(request.body);
    if (!form.get("payment_intent")) {
      return { status: 400, json: { error: { message: "Must provide either charge or payment_intent." } } };
    }
    return { json: { id: "re_1", object: "refund", status: "succeeded" } };
  }
  if (collection === "subscriptions") return { json: { id, object: "subscription" } };
  return notFound;
}

let stripe: StripeProvider;
beforeEach(() => {
  sessions = {};
  invoices = {};
  createdSession = {
    id: "cs_test_1",
    object: "checkout.session",
    url: "https://checkout.stripe.test/c/pay/cs_test_1",
  };
  requests = fakeProviderApi(API, stripeApi).requests;
  stripe = new StripeProvider({ secretKey: KEY, webhookSecret: WEBHOOK_SECRET, apiBase: API });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const formOf = (request: SentRequest | undefined) => Object.fromEntries(new URLSearchParams(request?.body));

describe("toForm", () => {
  it("leaves out empty values and indexes a list's items, plain or nested", () => {
    const form = toForm({
      missing: undefined,
      empty: null,
      expand: ["payment_intent", "invoice"],
      line_items: [{ quantity: 1, price: "price_1" }],
      amount: 0,
      cancel_at_period_end: false,
    });
    expect([...form.entries()]).toEqual([
      ["expand[0]", "payment_intent"],
      ["expand[1]", "invoice"],
      ["line_items[0][quantity]", "1"],
      ["line_items[0][price]", "price_1"],
      ["amount", "0"],
      ["cancel_at_period_end", "false"],
    ]);
  });
});

describe("creating a Checkout Session", () => {
  it("sends a payment-mode session with the buyer's email and our payment id on the session and its payment", async () => {
    expect(await stripe.createCheckout(checkout)).toEqual({
      url: "https://checkout.stripe.test/c/pay/cs_test_1",
      reference: "cs_test_1",
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      method: "POST",
      path: "/v1/checkout/sessions",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/x-www-form-urlencoded" },
    });
    expect(formOf(requests[0])).toEqual({
      mode: "payment",
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      client_reference_id: checkout.paymentId,
      customer_email: "reader@example.test",
      "metadata[paymentId]": checkout.paymentId,
      "payment_intent_data[metadata][paymentId]": checkout.paymentId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "499",
      "line_items[0][price_data][product_data][name]": "550 coins + 50 bonus",
    });
  });

  it("leaves the email for Stripe's page to ask when the account has none", async () => {
    await stripe.createCheckout({ ...checkout, customerEmail: null });
    await stripe.createSubscriptionCheckout({ ...subscriptionCheckout, customerEmail: null });
    expect(requests.map((request) => "customer_email" in formOf(request))).toEqual([false, false]);
  });

  it("sends a subscription-mode session with an inline monthly price when the plan has no Stripe price", async () => {
    expect(await stripe.createSubscriptionCheckout(subscriptionCheckout)).toEqual({
      url: "https://checkout.stripe.test/c/pay/cs_test_1",
      reference: "cs_test_1",
    });
    expect(formOf(requests[0])).toEqual({
      mode: "subscription",
      success_url: checkout.successUrl,
      cancel_url: checkout.cancelUrl,
      client_reference_id: checkout.paymentId,
      customer_email: "reader@example.test",
      "metadata[paymentId]": checkout.paymentId,
      "metadata[subscriptionId]": subscriptionCheckout.subscriptionId,
      "subscription_data[metadata][paymentId]": checkout.paymentId,
      "subscription_data[metadata][subscriptionId]": subscriptionCheckout.subscriptionId,
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "499",
      "line_items[0][price_data][recurring][interval]": "month",
      "line_items[0][price_data][product_data][name]": "Premium monthly",
    });
  });

  it("uses the plan's Stripe price when it has one", async () => {
    await stripe.createSubscriptionCheckout({ ...subscriptionCheckout, providerPlanId: "price_123" });
    const sent = formOf(requests[0]);
    expect(sent).toMatchObject({ "line_items[0][quantity]": "1", "line_items[0][price]": "price_123" });
    expect(Object.keys(sent).filter((key) => key.includes("price_data"))).toEqual([]);
  });

  it("fails when Stripe's answer has no session id or no page to send the buyer to", async () => {
    const noPage = { code: "UNAVAILABLE", message: "Stripe did not return a checkout page." };
    createdSession = { id: "cs_test_1", object: "checkout.session", url: null };
    await expect(stripe.createCheckout(checkout)).rejects.toMatchObject(noPage);
    createdSession = { object: "checkout.session", url: "https://checkout.stripe.test/c/pay/cs_test_1" };
    await expect(stripe.createSubscriptionCheckout(subscriptionCheckout)).rejects.toMatchObject(noPage);
  });
});

describe("when Stripe refuses or cannot be reached", () => {
  it("reads without a body or a content type", async () => {
    sessions.cs_1 = { id: "cs_1", status: "open" };
    await stripe.verifyPayment("cs_1");
    expect(requests[0]).toEqual({
      method: "GET",
      path: "/v1/checkout/sessions/cs_1",
      headers: { authorization: `Bearer ${KEY}` },
      body: undefined,
    });
  });

  it("passes Stripe's own message on as a bad request", async () => {
    const wrongKey = new StripeProvider({
      secretKey: "sk_wrong",
      webhookSecret: WEBHOOK_SECRET,
      apiBase: API,
    });
    await expect(wrongKey.verifyPayment("cs_1")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Stripe refused: Invalid API Key provided",
    });
  });

  it("says the status when Stripe fails without a readable error, and that it is unavailable from 500 on", async () => {
    let status = 500;
    fakeProviderApi(API, () => ({ status, text: "<html>Internal Server Error</html>" }));
    await expect(stripe.verifyPayment("cs_1")).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Stripe refused: status 500",
    });
    status = 499;
    await expect(stripe.verifyPayment("cs_1")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Stripe refused: status 499",
    });
  });

  it("asks to try again when the network fails", async () => {
    fakeProviderApi(API, () => "unreachable");
    await expect(stripe.verifyPayment("cs_1")).rejects.toMatchObject({
      code: "UNAVAILABLE",
      message: "Stripe could not be reached. Please try again.",
    });
  });
});

describe("verifying a payment", () => {
  it("reads a renewal's invoice: paid, void, uncollectible or still open", async () => {
    const cases: Array<[string, string]> = [
      ["paid", "paid"],
      ["void", "canceled"],
      ["uncollectible", "failed"],
      ["open", "pending"],
      ["draft", "pending"],
    ];
    for (const [given, expected] of cases) {
      invoices.in_1 = {
        id: "in_1",
        object: "invoice",
        status: given,
        amount_paid: 999,
        currency: "eur",
        subscription: "sub_1",
      };
      expect(await stripe.verifyPayment("in_1")).toEqual({
        reference: "in_1",
        status: expected,
        amountMinor: 999,
        currency: "EUR",
        subscriptionReference: "sub_1",
      });
    }
    expect(requests.every((request) => request.path === "/v1/invoices/in_1")).toBe(true);
  });

  it("finds an invoice's subscription under `parent` (newer API versions) or expanded", async () => {
    invoices.in_new = {
      id: "in_new",
      status: "paid",
      parent: { type: "subscription_details", subscription_details: { subscription: "sub_2" } },
    };
    invoices.in_expanded = {
      id: "in_expanded",
      status: "paid",
      subscription: { id: "sub_3", object: "subscription" },
    };
    expect(await stripe.verifyPayment("in_new")).toMatchObject({ subscriptionReference: "sub_2" });
    expect(await stripe.verifyPayment("in_expanded")).toMatchObject({ subscriptionReference: "sub_3" });
  });

  it("reads an invoice that says nothing as pending, of nothing, with no subscription", async () => {
    invoices.in_bare = { id: "in_bare" };
    expect(await stripe.verifyPayment("in_bare")).toEqual({
      reference: "in_bare",
      status: "pending",
      amountMinor: 0,
      currency: "",
      subscriptionReference: null,
    });
  });

  it("counts a session as paid only once it is complete and paid (or needed no payment)", async () => {
    const cases: Array<[string, string, string]> = [
      ["complete", "paid", "paid"],
      ["complete", "no_payment_required", "paid"],
      // A bank debit: the session is complete, the money is not there yet.
      ["complete", "unpaid", "pending"],
      // A free trial's session before the buyer has gone through it.
      ["open", "no_payment_required", "pending"],
      ["open", "unpaid", "pending"],
      ["expired", "unpaid", "canceled"],
    ];
    for (const [status, paymentStatus, expected] of cases) {
      sessions.cs_1 = {
        id: "cs_1",
        status,
        payment_status: paymentStatus,
        amount_total: 499,
        currency: "usd",
      };
      expect(await stripe.verifyPayment("cs_1"), `${status}/${paymentStatus}`).toEqual({
        reference: "cs_1",
        status: expected,
        amountMinor: 499,
        currency: "USD",
        subscriptionReference: null,
      });
    }
  });

  it("gives a subscription session's subscription, as an id or expanded", async () => {
    sessions.cs_sub = { id: "cs_sub", status: "complete", payment_status: "paid", subscription: "sub_1" };
    sessions.cs_expanded = {
      id: "cs_expanded",
      status: "complete",
      payment_status: "paid",
      subscription: { id: "sub_2", object: "subscription" },
    };
    expect(await stripe.verifyPayment("cs_sub")).toMatchObject({ subscriptionReference: "sub_1" });
    expect(await stripe.verifyPayment("cs_expanded")).toMatchObject({ subscriptionReference: "sub_2" });
  });

  it("reads a session that says nothing as pending, of nothing", async () => {
    sessions.cs_bare = { id: "cs_bare" };
    expect(await stripe.verifyPayment("cs_bare")).toEqual({
      reference: "cs_bare",
      status: "pending",
      amountMinor: 0,
      currency: "",
      subscriptionReference: null,
    });
  });
});

describe("refunding", () => {
  const refunded = () => formOf(requests.find((request) => request.path === "/v1/refunds"));
  const paths = () => requests.map((request) => `${request.method} ${request.path}`);

  it("refunds a one-off payment through its session's payment intent, without reading an invoice", async () => {
    // A session's `invoice` is set too when Stripe made one for the payment; the intent wins.
    sessions.cs_1 = { id: "cs_1", payment_intent: "pi_1", invoice: "in_receipt" };
    invoices.in_receipt = { id: "in_receipt", payment_intent: "pi_other" };
    await stripe.refundPayment("cs_1", 499);
    expect(paths()).toEqual(["GET /v1/checkout/sessions/cs_1", "POST /v1/refunds"]);
    expect(refunded()).toEqual({ payment_intent: "pi_1", amount: "499" });
  });

  it("takes the id of an expanded payment intent", async () => {
    sessions.cs_1 = { id: "cs_1", payment_intent: { id: "pi_2", object: "payment_intent" }, invoice: null };
    await stripe.refundPayment("cs_1", 250);
    expect(refunded()).toEqual({ payment_intent: "pi_2", amount: "250" });
  });

  it("refunds a subscription's first payment through the session's invoice", async () => {
    sessions.cs_sub = { id: "cs_sub", payment_intent: null, invoice: "in_first" };
    invoices.in_first = { id: "in_first", payment_intent: "pi_first" };
    await stripe.refundPayment("cs_sub", 999);
    expect(paths()).toEqual([
      "GET /v1/checkout/sessions/cs_sub",
      "GET /v1/invoices/in_first",
      "POST /v1/refunds",
    ]);
    expect(refunded()).toEqual({ payment_intent: "pi_first", amount: "999" });
  });

  it("refunds a renewal through its invoice without looking for a session", async () => {
    invoices.in_renewal = {
      id: "in_renewal",
      payment_intent: { id: "pi_renewal", object: "payment_intent" },
    };
    await stripe.refundPayment("in_renewal", 999);
    expect(paths()).toEqual(["GET /v1/invoices/in_renewal", "POST /v1/refunds"]);
    expect(refunded()).toEqual({ payment_intent: "pi_renewal", amount: "999" });
  });

  it("refuses, without asking Stripe to refund, when nothing was captured", async () => {
    const nothing = { code: "CONFLICT", message: "Stripe has no captured payment to refund for this." };
    sessions.cs_open = { id: "cs_open", payment_intent: null, invoice: null };
    invoices.in_free = { id: "in_free", payment_intent: null };
    await expect(stripe.refundPayment("cs_open", 499)).rejects.toMatchObject(nothing);
    await expect(stripe.refundPayment("in_free", 499)).rejects.toMatchObject(nothing);
    expect(paths()).not.toContain("POST /v1/refunds");
  });
});

describe("Stripe's webhooks", () => {
  const parse = (event: Json) => {
    const body = Buffer.from(JSON.stringify(event));
    const timestamp = Math.floor(Date.now() / 1000);
    const v1 = createHmac("sha256", WEBHOOK_SECRET).update(`${timestamp}.${body.toString()}`).digest("hex");
    return stripe.parseWebhook(body, { "Stripe-Signature": `t=${timestamp},v1=${v1}` });
  };
  const event = (id: string, type: string, object: Json) => ({ id, object: "event", type, data: { object } });

  it("settles a payment on any of a Checkout Session's outcomes", () => {
    for (const type of [
      "checkout.session.completed",
      "checkout.session.async_payment_succeeded",
      "checkout.session.async_payment_failed",
      "checkout.session.expired",
    ]) {
      expect(parse(event("evt_1", type, { id: "cs_1", object: "checkout.session" }))).toEqual({
        type: "payment.settled",
        eventId: "evt_1",
        reference: "cs_1",
      });
    }
    expect(parse(event("evt_2", "checkout.session.completed", {}))).toMatchObject({ reference: "" });
  });

  it("ignores an event without id or type under empty names", () => {
    expect(parse({ object: "event" })).toEqual({ type: "ignored", eventId: "", providerType: "" });
  });

  it("reads a renewal's period from the invoice itself when it has no lines", () => {
    const renewal = parse(
      event("evt_3", "invoice.paid", {
        subscription: "sub_1",
        billing_reason: "subscription_cycle",
        period_start: 1_700_000_000,
        period_end: 1_702_592_000,
      }),
    );
    expect(renewal).toEqual({
      type: "subscription.renewed",
      eventId: "evt_3",
      subscriptionReference: "sub_1",
      paymentReference: "",
      amountMinor: 0,
      currency: "",
      periodStart: new Date(1_700_000_000_000),
      periodEnd: new Date(1_702_592_000_000),
    });
    const linesWithoutData = parse(
      event("evt_4", "invoice.paid", {
        id: "in_4",
        subscription: "sub_1",
        lines: { object: "list" },
        period_start: 1_700_000_000,
        period_end: 1_702_592_000,
      }),
    );
    expect(linesWithoutData).toMatchObject({ periodStart: new Date(1_700_000_000_000) });
  });

  it("ignores a paid invoice that is not a subscription's", () => {
    const quote = { type: "quote_details", quote_details: { quote: "qt_1" }, subscription_details: null };
    expect(parse(event("evt_5", "invoice.paid", { id: "in_5", parent: quote }))).toEqual({
      type: "ignored",
      eventId: "evt_5",
      providerType: "invoice.paid",
    });
    expect(parse(event("evt_6", "invoice.paid", { id: "in_6", subscription: null }))).toMatchObject({
      type: "ignored",
    });
  });

  it("maps each subscription status Stripe reports", () => {
    const cases: Array<[string, string]> = [
      ["active", "active"],
      ["trialing", "active"],
      ["past_due", "past_due"],
      ["unpaid", "past_due"],
      ["incomplete_expired", "expired"],
      ["canceled", "canceled"],
      ["paused", "canceled"],
    ];
    for (const [given, expected] of cases) {
      const subscription = {
        id: "sub_1",
        status: given,
        cancel_at_period_end: false,
        current_period_end: 1_702_592_000,
      };
      expect(parse(event("evt_7", "customer.subscription.updated", subscription)), given).toEqual({
        type: "subscription.updated",
        eventId: "evt_7",
        subscriptionReference: "sub_1",
        status: expected,
        cancelAtPeriodEnd: false,
        periodEnd: new Date(1_702_592_000_000),
      });
    }
  });

  it("ignores a subscription not yet paid for, but not its deletion", () => {
    const incomplete = { id: "sub_1", status: "incomplete" };
    expect(parse(event("evt_8", "customer.subscription.updated", incomplete))).toEqual({
      type: "ignored",
      eventId: "evt_8",
      providerType: "customer.subscription.updated",
    });
    expect(parse(event("evt_9", "customer.subscription.deleted", incomplete))).toMatchObject({
      type: "subscription.updated",
      status: "canceled",
    });
  });

  it("counts a deleted subscription as canceled whatever status it still shows", () => {
    expect(
      parse(event("evt_10", "customer.subscription.deleted", { id: "sub_1", status: "active" })),
    ).toMatchObject({
      status: "canceled",
    });
  });

  it("reads a subscription with no id, period or item data as having none", () => {
    expect(
      parse(
        event("evt_11", "customer.subscription.updated", { status: "active", items: { object: "list" } }),
      ),
    ).toEqual({
      type: "subscription.updated",
      eventId: "evt_11",
      subscriptionReference: "",
      status: "active",
      cancelAtPeriodEnd: false,
      periodEnd: null,
    });
  });
});
