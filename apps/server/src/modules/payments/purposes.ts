// What a paid payment becomes is the business of the module that sold it: coins credit a wallet,
// a plan starts or extends a subscription. Those modules sit above payments (they start checkouts
// through it), so payments cannot import them; their handlers are handed to it once, by the
// composition root (connect-modules.ts), before any platform opens.

import type { PaymentProviderId } from "@litverse/shared/coins";
import type { PaymentPurpose } from "@litverse/shared/payments";
import type { Transaction } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import type { VerifiedPayment, WebhookEvent } from "./provider.ts";
import type { payments } from "./schema.ts";

export type PaymentRow = typeof payments.$inferSelect;

export interface PurposeHandler {
  /**
   * Called inside the transaction that marked the payment paid (so a failure leaves it unpaid).
   * Returns the ledger entry that credited coins, if one did.
   */
  settled(
    deps: ServiceDeps,
    tx: Transaction,
    payment: PaymentRow,
    verified: VerifiedPayment,
  ): Promise<{ creditEntryId: string } | null>;
}

export type SubscriptionEvent = Extract<
  WebhookEvent,
  { type: "subscription.renewed" | "subscription.updated" }
>;

export interface PaymentHandlers {
  purposes: Record<PaymentPurpose, PurposeHandler>;
  /** A provider's news about a subscription it renews by itself; the signature is already checked. */
  subscriptionEvent(deps: ServiceDeps, provider: PaymentProviderId, event: SubscriptionEvent): Promise<void>;
}

let connected: PaymentHandlers | null = null;

export function connectPaymentHandlers(handlers: PaymentHandlers): void {
  connected = handlers;
}

export function paymentHandlers(): PaymentHandlers {
  if (!connected) throw new Error("Payments have no handlers: the platform connects them as it opens.");
  return connected;
}
