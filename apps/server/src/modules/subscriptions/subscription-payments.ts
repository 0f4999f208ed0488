// What a settled subscription payment and a provider's subscription events do to our
// subscriptions. Called by the payments module once the provider has confirmed the payment.

import type { PaymentProviderId } from "@litverse/shared/coins";
import type { Transaction } from "../../db/client.ts";
import type { payments } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import type { ServiceDeps } from "../../rpc/context.ts";
import type { VerifiedPayment, WebhookEvent } from "../payments/provider.ts";

export type PaymentRow = typeof payments.$inferSelect;

/**
 * A subscription's payment (first or renewal) was confirmed paid by the provider, inside the
 * transaction that marks it paid: start or extend the subscription and grant the plan's bonus.
 */
export async function onSubscriptionPaymentSettled(
  _deps: ServiceDeps,
  _tx: Transaction,
  _payment: PaymentRow,
  _verified: VerifiedPayment,
): Promise<void> {
  throw new AppError("UNAVAILABLE", "Subscriptions are not available yet.");
}

/** A provider's subscription.renewed / subscription.updated webhook, signature already checked. */
export async function handleSubscriptionEvent(
  _deps: ServiceDeps,
  _provider: PaymentProviderId,
  _event: Extract<WebhookEvent, { type: "subscription.renewed" | "subscription.updated" }>,
): Promise<void> {
  throw new AppError("UNAVAILABLE", "Subscriptions are not available yet.");
}
