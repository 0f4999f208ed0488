// What the platform needs from a payment provider. Three implement it: the embedded sandbox (the
// default, with its own hosted checkout page and signed webhooks), Stripe and Paystack. Nothing is
// credited on the word of a browser: every path (return page, verify call, webhook) asks the
// provider for the payment's status, amount and currency first.
import type { PaymentProviderId, PlanInterval } from "@litverse/shared/coins";

export interface CheckoutRequest {
  /** Our payments row id; providers echo it back as metadata where they can. */
  paymentId: string;
  amountMinor: number;
  currency: string;
  /** Shown on the provider's page: "120 coins", "Premium monthly". */
  description: string;
  customerEmail: string | null;
  /** Absolute URLs the provider sends the buyer back to. */
  successUrl: string;
  cancelUrl: string;
}

export interface SubscriptionCheckoutRequest extends CheckoutRequest {
  /** Our subscriptions row id. */
  subscriptionId: string;
  interval: PlanInterval;
  /** The plan's id at this provider, where it needs one (Stripe price, Paystack plan code). */
  providerPlanId: string | null;
}

export interface Checkout {
  /** Where to send the buyer's browser. */
  url: string;
  /** The provider's reference for this payment: stored, unique per provider. */
  reference: string;
}

/** What the provider says about a payment: the only basis for crediting it. */
export interface VerifiedPayment {
  reference: string;
  status: "paid" | "pending" | "failed" | "canceled" | "refunded";
  amountMinor: number;
  currency: string;
  /** For a subscription's payment: the provider's subscription reference, once known. */
  subscriptionReference?: string | null;
}

/** A webhook, its signature checked, reduced to what the platform acts on. */
export type WebhookEvent =
  | { type: "payment.settled"; eventId: string; reference: string }
  | {
      type: "subscription.renewed";
      eventId: string;
      subscriptionReference: string;
      /** The renewal's own payment. */
      paymentReference: string;
      amountMinor: number;
      currency: string;
      periodStart: Date;
      periodEnd: Date;
    }
  | {
      type: "subscription.updated";
      eventId: string;
      subscriptionReference: string;
      status: "active" | "past_due" | "canceled" | "expired";
      cancelAtPeriodEnd: boolean;
      periodEnd: Date | null;
    }
  | { type: "ignored"; eventId: string; providerType: string };

export class WebhookSignatureError extends Error {}

export interface PaymentProvider {
  readonly id: PaymentProviderId;
  createCheckout(request: CheckoutRequest): Promise<Checkout>;
  createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<Checkout>;
  /** Asks the provider about one payment. */
  verifyPayment(reference: string): Promise<VerifiedPayment>;
  /** Returns the money of a paid payment to the buyer. */
  refundPayment(reference: string, amountMinor: number): Promise<void>;
  /** Stops renewals; access continues to the end of the paid period. */
  cancelSubscription(subscriptionReference: string, atPeriodEnd: boolean): Promise<void>;
  /** Undoes a cancellation at period end before the period ends. */
  resumeSubscription(subscriptionReference: string): Promise<void>;
  /**
   * Checks the signature (and its age, where the scheme dates it) and parses the event. Throws
   * WebhookSignatureError for a bad, missing or stale signature.
   */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): WebhookEvent;
}
