// POST /webhooks/payments/:provider as a provider meets it: what each refusal answers (so that it
// stops, or delivers again), a replay taking effect once, and an event that failed to be handled
// being taken when it comes again.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AppError } from "../../core/errors.ts";
import { callerFor, createUser, openTestPlatform, type TestPlatform } from "../../test/test-platform.ts";
import { startTestServer, type TestServer } from "../../test/test-server.ts";
import { paymentsSettingsFromEnv } from "./payments-config.ts";
import type { WebhookEvent } from "./provider.ts";
import { configurePayments } from "./providers/registry.ts";
import { paymentEvents, payments } from "./schema.ts";
import { SCRIPTED_SIGNATURE, SCRIPTED_SIGNATURE_HEADER, ScriptedProvider } from "./scripted-provider.ts";

let platform: TestPlatform;
let server: TestServer;
let provider: ScriptedProvider;

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
});
afterAll(async () => {
  await server.close();
  await platform.dispose();
});
beforeEach(async () => {
  await platform.reset();
  provider = new ScriptedProvider();
  // After the server, which configures payments from the environment: no Stripe keys here.
  configurePayments(platform.deps, paymentsSettingsFromEnv("http://litverse.test", {}), {
    overrides: { paystack: provider },
  });
});

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  fetch(`${server.url}/webhooks/payments/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });

/** Delivers `event` as the scripted provider would, genuinely signed. */
async function deliver(event: WebhookEvent) {
  const response = await post("paystack", JSON.stringify(event), {
    [SCRIPTED_SIGNATURE_HEADER]: SCRIPTED_SIGNATURE,
  });
  return { status: response.status, body: await response.json() };
}

/** A pending coin payment whose charge the provider already holds as paid. */
async function paidAtProvider() {
  const me = await createUser(platform);
  const reference = provider.addCharge();
  const [payment] = await platform.deps.db
    .insert(payments)
    .values({
      userId: me.id,
      purpose: "coins",
      provider: "paystack",
      providerReference: reference,
      amountMinor: 499,
      currency: "USD",
      coins: 100,
    })
    .returning();
  if (!payment) throw new Error("no payment");
  return { me, reference, paymentId: payment.id };
}

async function statusOf(paymentId: string) {
  const [row] = await platform.deps.db.select().from(payments).where(eq(payments.id, paymentId));
  return row?.status;
}

const settled = (reference: string, eventId = `evt_${randomUUID()}`): WebhookEvent => ({
  type: "payment.settled",
  eventId,
  reference,
});

describe("POST /webhooks/payments/:provider", () => {
  it("answers 404, saying why, for a provider that does not exist or is not set up here", async () => {
    const unknown = await post("paypal", "{}");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ received: false, error: "Unknown provider." });
    const stripe = await post("stripe", "{}");
    expect(stripe.status).toBe(404);
    expect(await stripe.json()).toEqual({
      received: false,
      error: "Payments through stripe are not set up on this server.",
    });
  });

  it("answers 500 when the provider cannot read the delivery for another reason", async () => {
    const { reference } = await paidAtProvider();
    for (const error of [new AppError("BAD_REQUEST", "Unreadable."), new Error("Unreadable.")]) {
      provider.parseError = error;
      expect((await deliver(settled(reference))).status).toBe(500);
    }
  });

  it("refuses a forged signature and an event without an id with 400, changing nothing", async () => {
    const { paymentId, reference } = await paidAtProvider();
    const forged = await post("paystack", JSON.stringify(settled(reference)), {
      [SCRIPTED_SIGNATURE_HEADER]: "forged",
    });
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ received: false, error: "The signature does not match." });
    expect(await deliver(settled(reference, ""))).toEqual({
      status: 400,
      body: { received: false, error: "The event has no id." },
    });
    expect(await statusOf(paymentId)).toBe("pending");
    expect(await platform.deps.db.select().from(paymentEvents)).toEqual([]);
  });

  it("settles on the first delivery and answers a replay as a duplicate", async () => {
    const { me, paymentId, reference } = await paidAtProvider();
    const event = settled(reference);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(await statusOf(paymentId)).toBe("paid");
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, duplicate: true } });
    expect(await callerFor(platform, me).coins.getCoinBalance()).toMatchObject({ total: 100 });
    expect(provider.verified).toEqual([reference]);
  });

  it("answers 503 while the provider cannot be asked, and takes the event when it comes again", async () => {
    const { paymentId, reference } = await paidAtProvider();
    const event = settled(reference);
    provider.verifyError = new AppError("UNAVAILABLE", "The provider is down.");
    expect(await deliver(event)).toEqual({
      status: 503,
      body: { received: false, error: "The provider is down." },
    });
    expect(await statusOf(paymentId)).toBe("pending");
    expect(await platform.deps.db.select().from(paymentEvents)).toEqual([]);

    provider.verifyError = null;
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true } });
    expect(await statusOf(paymentId)).toBe("paid");
  });

  it("answers 500 for any other failure, with our own message or a general one", async () => {
    const { reference } = await paidAtProvider();
    provider.verifyError = new AppError("CONFLICT", "The provider's answer made no sense.");
    expect(await deliver(settled(reference))).toEqual({
      status: 500,
      body: { received: false, error: "The provider's answer made no sense." },
    });
    // Someone else's error that happens to carry the same code is still not ours to trust.
    for (const error of [new Error("boom"), Object.assign(new Error("boom"), { code: "UNAVAILABLE" })]) {
      provider.verifyError = error;
      expect(await deliver(settled(reference))).toEqual({
        status: 500,
        body: { received: false, error: "The event could not be handled." },
      });
    }
    expect(await platform.deps.db.select().from(paymentEvents)).toEqual([]);
  });

  it("hands a subscription's renewals and updates to the subscriptions", async () => {
    const subscriptionReference = `sub_${randomUUID()}`;
    const notFound = {
      status: 500,
      body: {
        received: false,
        error: `No subscription has the paystack reference ${subscriptionReference}.`,
      },
    };
    expect(
      await deliver({
        type: "subscription.renewed",
        eventId: `evt_${randomUUID()}`,
        subscriptionReference,
        paymentReference: `ps_${randomUUID()}`,
        amountMinor: 499,
        currency: "USD",
        periodStart: new Date(),
        periodEnd: new Date(),
      }),
    ).toEqual(notFound);
    expect(
      await deliver({
        type: "subscription.updated",
        eventId: `evt_${randomUUID()}`,
        subscriptionReference,
        status: "canceled",
        cancelAtPeriodEnd: false,
        periodEnd: null,
      }),
    ).toEqual(notFound);
    expect(
      await deliver({ type: "ignored", eventId: `evt_${randomUUID()}`, providerType: "charge.dispute" }),
    ).toEqual({ status: 200, body: { received: true } });
  });
});
