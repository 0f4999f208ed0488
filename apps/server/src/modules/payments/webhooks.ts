// Webhooks from payment providers: the signature is checked by the provider's own scheme, each
// event is handled once (payment_events), and a payment event only prompts settlePayment, which
// asks the provider again before anything is credited.
import { PAYMENT_PROVIDERS, type PaymentProviderId } from "@litverse/shared/coins";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { findPaymentByReference, settlePayment } from "./payments.service.ts";
import { type WebhookEvent, WebhookSignatureError } from "./provider.ts";
import { paymentProvider } from "./providers/registry.ts";
import type { Headers } from "./providers/signatures.ts";
import { paymentHandlers } from "./purposes.ts";
import { paymentEvents } from "./schema.ts";

export interface WebhookOutcome {
  statusCode: 200 | 400 | 404 | 500 | 503;
  body: { received: boolean; duplicate?: boolean; error?: string };
}

const isProviderId = (value: string): value is PaymentProviderId =>
  (PAYMENT_PROVIDERS as readonly string[]).includes(value);

/**
 * Handles one webhook delivery: what POST /webhooks/payments/:provider does with the raw body and
 * headers, and what the sandbox's in-process delivery calls. A bad, missing or stale signature is
 * a 400 with nothing changed; a failure while handling is a 5xx, so that the provider delivers it
 * again, and the event is not marked as handled.
 */
export async function receiveWebhook(
  deps: ServiceDeps,
  providerName: string,
  rawBody: Buffer,
  headers: Headers,
): Promise<WebhookOutcome> {
  if (!isProviderId(providerName))
    return { statusCode: 404, body: { received: false, error: "Unknown provider." } };
  let event: WebhookEvent;
  try {
    const provider = await paymentProvider(deps, providerName);
    event = provider.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      return { statusCode: 400, body: { received: false, error: error.message } };
    }
    if (error instanceof AppError && error.code === "UNAVAILABLE") {
      return { statusCode: 404, body: { received: false, error: error.message } };
    }
    throw error;
  }
  if (!event.eventId) return { statusCode: 400, body: { received: false, error: "The event has no id." } };

  const [claimed] = await deps.db
    .insert(paymentEvents)
    .values({ provider: providerName, eventId: event.eventId, type: event.type })
    // Stryker disable next-line ObjectLiteral: (provider, event id) is the only unique value this insert can repeat
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
    .returning({ id: paymentEvents.id });
  if (!claimed) return { statusCode: 200, body: { received: true, duplicate: true } };
  try {
    await handleEvent(deps, providerName, event);
  } catch (error) {
    // Not handled after all: the provider's next delivery of it must be taken.
    await deps.db
      .delete(paymentEvents)
      .where(and(eq(paymentEvents.provider, providerName), eq(paymentEvents.eventId, event.eventId)));
    const isUnavailable = error instanceof AppError && error.code === "UNAVAILABLE";
    return {
      statusCode: isUnavailable ? 503 : 500,
      body: {
        received: false,
        error: error instanceof AppError ? error.message : "The event could not be handled.",
      },
    };
  }
  return { statusCode: 200, body: { received: true } };
}

async function handleEvent(
  deps: ServiceDeps,
  provider: PaymentProviderId,
  event: WebhookEvent,
): Promise<void> {
  switch (event.type) {
    case "payment.settled": {
      const payment = await findPaymentByReference(deps.db, provider, event.reference);
      // Not one of ours (another system on the same account): nothing to do.
      if (payment) await settlePayment(deps, payment.id);
      return;
    }
    case "subscription.renewed":
    case "subscription.updated":
      await paymentHandlers().subscriptionEvent(deps, provider, event);
      return;
    // Stryker disable next-line ConditionalExpression,StringLiteral: an event no case takes is ignored all the same
    case "ignored":
      return;
  }
}
