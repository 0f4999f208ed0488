// Stripe and Paystack against local fake servers that answer as their documented APIs do: what we
// send, how answers map to verified payments, signatures, and one whole purchase through Stripe.
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callerFor, createUser, openTestPlatform, type TestPlatform } from "../../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../../test/test-server.ts";
import { checkLedger } from "../../coins/ledger-check.ts";
import { coinPackages, ledgerEntries } from "../../coins/schema.ts";
import { paymentsSettingsFromEnv } from "../payments-config.ts";
import { WebhookSignatureError } from "../provider.ts";
import { payments } from "../schema.ts";
import { PaystackProvider } from "./paystack.ts";
import { configurePayments } from "./registry.ts";
import { signTimestamped } from "./signatures.ts";
import { StripeProvider, toForm } from "./stripe.ts";

interface Recorded {
  method: string;
  path: string;
  body: string;
  authorization: string | undefined;
}

type Handler = (request: Recorded) => { status?: number; json: unknown };

/** A local HTTP server that records requests and answers with `handler`. */
async function fakeApi(handler: Handler) {
  const requests: Recorded[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const recorded = {
      method: req.method ?? "GET",
      path: req.url ?? "/",
      body: Buffer.concat(chunks).toString(),
      authorization: req.headers.authorization,
    };
    requests.push(recorded);
    const answer = handler(recorded);
    res.writeHead(answer.status ?? 200, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.json));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const checkout = {
  paymentId: "11111111-1111-4111-8111-111111111111",
  amountMinor: 499,
  currency: "USD",
  description: "550 coins + 50 bonus",
  customerEmail: "reader@example.test",
  successUrl: "http://litverse.test/subscription/verify?payment=1",
  cancelUrl: "http://litverse.test/subscription/verify?payment=1&canceled=1",
};

describe("Stripe", () => {
  const session: Record<string, unknown> = {
    id: "cs_test_1",
    object: "checkout.session",
    url: "https://checkout.stripe.test/c/pay/cs_test_1",
    status: "open",
    payment_status: "unpaid",
    amount_total: 499,
    currency: "usd",
    payment_intent: null,
    subscription: null,
    invoice: null,
  };
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let stripe: StripeProvider;
  beforeAll(async () => {
    api = await fakeApi((request) => {
      if (request.authorization !== "Bearer sk_test_123") {
        return { status: 401, json: { error: { message: "Invalid API Key provided" } } };
      }
      if (request.path === "/v1/checkout/sessions" && request.method === "POST") return { json: session };
      if (request.path === "/v1/checkout/sessions/cs_test_1") return { json: session };
      if (request.path === "/v1/checkout/sessions/cs_missing") {
        return { status: 404, json: { error: { message: "No such checkout.session" } } };
      }
      if (request.path === "/v1/invoices/in_1") {
        return {
          json: {
            id: "in_1",
            status: "paid",
            amount_paid: 999,
            currency: "usd",
            payment_intent: "pi_renewal",
            subscription: "sub_1",
          },
        };
      }
      if (request.path === "/v1/refunds")
        return { json: { id: "re_1", object: "refund", status: "succeeded" } };
      if (request.path.startsWith("/v1/subscriptions/sub_1"))
        return { json: { id: "sub_1", object: "subscription" } };
      return { status: 404, json: { error: { message: "Unrecognized request URL" } } };
    });
    stripe = new StripeProvider({ secretKey: "sk_test_123", webhookSecret: "whsec_test", apiBase: api.url });
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
    Object.assign(session, {
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      amount_total: 499,
    });
  });

  it("encodes nested values the way Stripe's forms expect", () => {
    const form = toForm({
      metadata: { paymentId: "p" },
      line_items: [{ quantity: 1, price_data: { unit_amount: 5 } }],
    });
    expect(form.toString()).toBe(
      "metadata%5BpaymentId%5D=p&line_items%5B0%5D%5Bquantity%5D=1&line_items%5B0%5D%5Bprice_data%5D%5Bunit_amount%5D=5",
    );
  });

  it("creates a Checkout Session in payment mode with our payment id", async () => {
    expect(await stripe.createCheckout(checkout)).toEqual({ url: session.url, reference: "cs_test_1" });
    const sent = new URLSearchParams(api.requests[0]?.body);
    expect(sent.get("mode")).toBe("payment");
    expect(sent.get("metadata[paymentId]")).toBe(checkout.paymentId);
    expect(sent.get("client_reference_id")).toBe(checkout.paymentId);
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("499");
    expect(sent.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(sent.get("success_url")).toBe(checkout.successUrl);
    expect(sent.get("cancel_url")).toBe(checkout.cancelUrl);
  });

  it("creates a subscription-mode session with the plan's price or an inline recurring price", async () => {
    const request = {
      ...checkout,
      subscriptionId: "sub-row",
      interval: "month" as const,
      providerPlanId: null,
    };
    await stripe.createSubscriptionCheckout(request);
    await stripe.createSubscriptionCheckout({ ...request, providerPlanId: "price_123" });
    const inline = new URLSearchParams(api.requests[0]?.body);
    expect(inline.get("mode")).toBe("subscription");
    expect(inline.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(inline.get("subscription_data[metadata][subscriptionId]")).toBe("sub-row");
    expect(new URLSearchParams(api.requests[1]?.body).get("line_items[0][price]")).toBe("price_123");
  });

  it("reads the session back: open, paid or expired, with amount and currency", async () => {
    expect(await stripe.verifyPayment("cs_test_1")).toMatchObject({
      status: "pending",
      amountMinor: 499,
      currency: "USD",
    });
    Object.assign(session, { status: "complete", payment_status: "paid" });
    expect(await stripe.verifyPayment("cs_test_1")).toMatchObject({ status: "paid" });
    Object.assign(session, { status: "expired", payment_status: "unpaid" });
    expect(await stripe.verifyPayment("cs_test_1")).toMatchObject({ status: "canceled" });
    expect(await stripe.verifyPayment("in_1")).toMatchObject({
      status: "paid",
      amountMinor: 999,
      subscriptionReference: "sub_1",
    });
    await expect(stripe.verifyPayment("cs_missing")).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("refunds through the session's payment intent, and cancels or resumes at period end", async () => {
    Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: "pi_1" });
    await stripe.refundPayment("cs_test_1", 499);
    const refund = api.requests.find((request) => request.path === "/v1/refunds");
    expect(new URLSearchParams(refund?.body)).toEqual(
      new URLSearchParams({ payment_intent: "pi_1", amount: "499" }),
    );
    await stripe.cancelSubscription("sub_1", true);
    await stripe.resumeSubscription("sub_1");
    await stripe.cancelSubscription("sub_1", false);
    const calls = api.requests.filter((request) => request.path === "/v1/subscriptions/sub_1");
    expect(calls.map((call) => [call.method, call.body])).toEqual([
      ["POST", "cancel_at_period_end=true"],
      ["POST", "cancel_at_period_end=false"],
      ["DELETE", ""],
    ]);
  });

  it("says so when the key is wrong or Stripe cannot be reached", async () => {
    const wrongKey = new StripeProvider({ secretKey: "sk_wrong", webhookSecret: "x", apiBase: api.url });
    await expect(wrongKey.verifyPayment("cs_test_1")).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Stripe refused: Invalid API Key provided",
    });
    const nowhere = new StripeProvider({
      secretKey: "sk",
      webhookSecret: "x",
      apiBase: "http://127.0.0.1:9",
    });
    await expect(nowhere.verifyPayment("cs_test_1")).rejects.toMatchObject({ code: "UNAVAILABLE" });
  });

  it("verifies Stripe-Signature and maps the events the platform acts on", () => {
    const parse = (event: unknown, timestamp?: number) => {
      const body = Buffer.from(JSON.stringify(event));
      return stripe.parseWebhook(body, {
        "stripe-signature": signTimestamped("whsec_test", body, timestamp),
      });
    };
    expect(
      parse({ id: "evt_1", type: "checkout.session.completed", data: { object: { id: "cs_test_1" } } }),
    ).toEqual({
      type: "payment.settled",
      eventId: "evt_1",
      reference: "cs_test_1",
    });
    const renewal = parse({
      id: "evt_2",
      type: "invoice.paid",
      data: {
        object: {
          id: "in_2",
          billing_reason: "subscription_cycle",
          amount_paid: 999,
          currency: "usd",
          parent: { subscription_details: { subscription: "sub_1" } },
          lines: { data: [{ period: { start: 1_700_000_000, end: 1_702_592_000 } }] },
        },
      },
    });
    expect(renewal).toEqual({
      type: "subscription.renewed",
      eventId: "evt_2",
      subscriptionReference: "sub_1",
      paymentReference: "in_2",
      amountMinor: 999,
      currency: "USD",
      periodStart: new Date(1_700_000_000_000),
      periodEnd: new Date(1_702_592_000_000),
    });
    expect(
      parse({
        id: "evt_3",
        type: "invoice.paid",
        data: { object: { id: "in_3", billing_reason: "subscription_create", subscription: "sub_1" } },
      }),
    ).toMatchObject({ type: "ignored" });
    expect(
      parse({
        id: "evt_4",
        type: "customer.subscription.updated",
        data: {
          object: {
            id: "sub_1",
            status: "active",
            cancel_at_period_end: true,
            items: { data: [{ current_period_end: 1_702_592_000 }] },
          },
        },
      }),
    ).toEqual({
      type: "subscription.updated",
      eventId: "evt_4",
      subscriptionReference: "sub_1",
      status: "active",
      cancelAtPeriodEnd: true,
      periodEnd: new Date(1_702_592_000_000),
    });
    expect(
      parse({
        id: "evt_5",
        type: "customer.subscription.deleted",
        data: { object: { id: "sub_1", status: "canceled" } },
      }),
    ).toMatchObject({
      type: "subscription.updated",
      status: "canceled",
    });
    expect(parse({ id: "evt_6", type: "charge.refunded", data: { object: {} } })).toMatchObject({
      type: "ignored",
    });
    const event = { id: "evt_7", type: "checkout.session.completed", data: { object: { id: "cs" } } };
    expect(() => parse(event, Math.floor(Date.now() / 1000) - 301)).toThrow(WebhookSignatureError);
    expect(() => stripe.parseWebhook(Buffer.from("{}"), {})).toThrow(WebhookSignatureError);
    const body = Buffer.from(JSON.stringify(event));
    expect(() =>
      stripe.parseWebhook(body, { "stripe-signature": signTimestamped("whsec_other", body) }),
    ).toThrow(WebhookSignatureError);
  });
});

describe("Paystack", () => {
  const transaction: Record<string, unknown> = {
    status: "ongoing",
    amount: 499,
    currency: "USD",
    reference: "lv_ref",
  };
  let api: Awaited<ReturnType<typeof fakeApi>>;
  let paystack: PaystackProvider;
  beforeAll(async () => {
    api = await fakeApi((request) => {
      if (request.authorization !== "Bearer sk_test_ps")
        return { status: 401, json: { status: false, message: "Invalid key" } };
      if (request.path === "/transaction/initialize") {
        const sent = JSON.parse(request.body) as { reference: string };
        return {
          json: {
            status: true,
            message: "Authorization URL created",
            data: {
              authorization_url: "https://checkout.paystack.test/abc",
              access_code: "abc",
              reference: sent.reference,
            },
          },
        };
      }
      if (request.path.startsWith("/transaction/verify/")) {
        return { json: { status: true, message: "Verification successful", data: transaction } };
      }
      if (request.path === "/refund")
        return { json: { status: true, message: "Refund has been queued", data: {} } };
      if (request.path === "/subscription/SUB_1") {
        return { json: { status: true, data: { subscription_code: "SUB_1", email_token: "tok_1" } } };
      }
      if (request.path.startsWith("/subscription/"))
        return { json: { status: true, message: "Subscription disabled" } };
      return { status: 404, json: { status: false, message: "Not found" } };
    });
    paystack = new PaystackProvider({ secretKey: "sk_test_ps", apiBase: api.url });
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.requests.length = 0;
  });

  it("initialises a transaction with our reference, the amount in minor units and the payment id", async () => {
    const started = await paystack.createCheckout(checkout);
    expect(started.url).toBe("https://checkout.paystack.test/abc");
    const sent = JSON.parse(api.requests[0]?.body ?? "{}");
    expect(sent).toMatchObject({
      email: checkout.customerEmail,
      amount: 499,
      currency: "USD",
      reference: started.reference,
      callback_url: checkout.successUrl,
      metadata: { paymentId: checkout.paymentId, cancel_action: checkout.cancelUrl },
    });
    await expect(paystack.createCheckout({ ...checkout, customerEmail: null })).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    const subscription = {
      ...checkout,
      subscriptionId: "s",
      interval: "month" as const,
      providerPlanId: null,
    };
    await expect(paystack.createSubscriptionCheckout(subscription)).rejects.toMatchObject({
      code: "BAD_REQUEST",
    });
    await paystack.createSubscriptionCheckout({ ...subscription, providerPlanId: "PLN_1" });
    expect(JSON.parse(api.requests.at(-1)?.body ?? "{}")).toMatchObject({ plan: "PLN_1" });
  });

  it("verifies by reference and maps Paystack's statuses", async () => {
    const cases: Array<[string, string]> = [
      ["success", "paid"],
      ["failed", "failed"],
      ["abandoned", "canceled"],
      ["ongoing", "pending"],
      ["reversed", "refunded"],
    ];
    for (const [given, expected] of cases) {
      transaction.status = given;
      expect(await paystack.verifyPayment("lv_ref")).toMatchObject({
        status: expected,
        amountMinor: 499,
        currency: "USD",
      });
    }
    expect(api.requests[0]?.path).toBe("/transaction/verify/lv_ref");
  });

  it("refunds, and disables or enables subscriptions with their email token", async () => {
    await paystack.refundPayment("lv_ref", 499);
    await paystack.cancelSubscription("SUB_1", true);
    await paystack.resumeSubscription("SUB_1");
    expect(api.requests.map((request) => [request.path, request.body])).toEqual([
      ["/refund", JSON.stringify({ transaction: "lv_ref", amount: 499 })],
      ["/subscription/SUB_1", ""],
      ["/subscription/disable", JSON.stringify({ code: "SUB_1", token: "tok_1" })],
      ["/subscription/SUB_1", ""],
      ["/subscription/enable", JSON.stringify({ code: "SUB_1", token: "tok_1" })],
    ]);
  });

  it("verifies x-paystack-signature (HMAC-SHA512 of the body) and maps events", () => {
    const parse = (event: unknown, key = "sk_test_ps") => {
      const body = Buffer.from(JSON.stringify(event));
      const signature = createHmac("sha512", key).update(body).digest("hex");
      return paystack.parseWebhook(body, { "x-paystack-signature": signature });
    };
    const success = parse({ event: "charge.success", data: { id: 1, reference: "lv_ref" } });
    expect(success).toMatchObject({ type: "payment.settled", reference: "lv_ref" });
    // The same body is the same event; another body another.
    expect(parse({ event: "charge.success", data: { id: 1, reference: "lv_ref" } }).eventId).toBe(
      success.eventId,
    );
    expect(parse({ event: "charge.success", data: { id: 2, reference: "lv_ref" } }).eventId).not.toBe(
      success.eventId,
    );
    expect(
      parse({
        event: "invoice.update",
        data: {
          paid: true,
          period_start: "2026-01-01T00:00:00.000Z",
          period_end: "2026-02-01T00:00:00.000Z",
          subscription: { subscription_code: "SUB_1" },
          transaction: { reference: "T1", amount: 999, currency: "NGN" },
        },
      }),
    ).toMatchObject({
      type: "subscription.renewed",
      subscriptionReference: "SUB_1",
      paymentReference: "T1",
      amountMinor: 999,
      currency: "NGN",
      periodEnd: new Date("2026-02-01T00:00:00.000Z"),
    });
    expect(parse({ event: "subscription.disable", data: { subscription_code: "SUB_1" } })).toMatchObject({
      type: "subscription.updated",
      status: "canceled",
    });
    expect(parse({ event: "subscription.not_renew", data: { subscription_code: "SUB_1" } })).toMatchObject({
      status: "active",
      cancelAtPeriodEnd: true,
    });
    expect(parse({ event: "transfer.success", data: {} })).toMatchObject({ type: "ignored" });
    expect(() => parse({ event: "charge.success", data: {} }, "sk_wrong")).toThrow(WebhookSignatureError);
    expect(() => paystack.parseWebhook(Buffer.from("{}"), {})).toThrow(WebhookSignatureError);
  });
});

describe("a purchase through Stripe, end to end", () => {
  let platform: TestPlatform;
  let server: TestServer;
  let api: Awaited<ReturnType<typeof fakeApi>>;
  const session: Record<string, unknown> = {};

  beforeAll(async () => {
    platform = await openTestPlatform();
    server = await startTestServer(platform);
    api = await fakeApi((request) => {
      if (request.path === "/v1/checkout/sessions" && request.method === "POST") {
        const sent = new URLSearchParams(request.body);
        Object.assign(session, {
          id: "cs_live_1",
          url: "https://checkout.stripe.test/cs_live_1",
          status: "open",
          payment_status: "unpaid",
          amount_total: Number(sent.get("line_items[0][price_data][unit_amount]")),
          currency: sent.get("line_items[0][price_data][currency]"),
        });
        return { json: session };
      }
      if (request.path === "/v1/checkout/sessions/cs_live_1") return { json: session };
      return { status: 404, json: { error: { message: "Unrecognized request URL" } } };
    });
    configurePayments(
      platform.deps,
      paymentsSettingsFromEnv("http://litverse.test", {
        PAYMENT_PROVIDER: "stripe",
        STRIPE_SECRET_KEY: "sk_test_123",
        STRIPE_WEBHOOK_SECRET: "whsec_e2e",
        STRIPE_API_BASE: api.url,
      }),
    );
  });
  afterAll(async () => {
    await api.close();
    await server.close();
    await platform.dispose();
  });

  it("credits once when Stripe's signed webhook arrives, and never for an unsigned one", async () => {
    const me = await createUser(platform);
    const [pkg] = await platform.deps.db
      .insert(coinPackages)
      .values({ name: "Starter", coins: 100, priceMinor: 99, currency: "USD" })
      .returning();
    const caller = callerFor(platform, me);
    const started = await caller.payments.startCoinCheckout({ packageId: pkg?.id ?? "" });
    expect(started.checkoutUrl).toBe("https://checkout.stripe.test/cs_live_1");
    const [row] = await platform.deps.db.select().from(payments).where(eq(payments.id, started.paymentId));
    expect(row).toMatchObject({ provider: "stripe", providerReference: "cs_live_1" });

    const event = Buffer.from(
      JSON.stringify({
        id: "evt_live_1",
        type: "checkout.session.completed",
        data: { object: { id: "cs_live_1" } },
      }),
    );
    const post = (headers: Record<string, string>) =>
      fetch(`${server.url}/webhooks/payments/stripe`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: event,
      });
    // Signed, but Stripe says the session is still open: nothing yet.
    expect((await post({ "stripe-signature": signTimestamped("whsec_e2e", event) })).status).toBe(200);
    expect(await caller.coins.getCoinBalance()).toMatchObject({ total: 0 });

    Object.assign(session, { status: "complete", payment_status: "paid" });
    expect((await post({})).status).toBe(400);
    expect((await post({ "stripe-signature": signTimestamped("whsec_wrong", event) })).status).toBe(400);
    expect(await caller.coins.getCoinBalance()).toMatchObject({ total: 0 });

    // The same event id was handled already: Stripe's next event (or the return page) settles it.
    const retry = Buffer.from(
      JSON.stringify({
        id: "evt_live_2",
        type: "checkout.session.completed",
        data: { object: { id: "cs_live_1" } },
      }),
    );
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        fetch(`${server.url}/webhooks/payments/stripe`, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            "stripe-signature": signTimestamped("whsec_e2e", retry),
          },
          body: retry,
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await caller.payments.verifyPayment({ paymentId: started.paymentId })).toMatchObject({
      status: "paid",
    });
    expect(await caller.coins.getCoinBalance()).toEqual({ total: 100, purchased: 100, bonus: 0 });
    expect(
      await platform.deps.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, me.id)),
    ).toHaveLength(1);
    expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
  });
});
