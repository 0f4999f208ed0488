// A payment provider for tests, standing in for Paystack: its charges live in memory, the test
// decides what it answers (a refusal, an outage, a different amount), and it records what the
// platform asked of it. Its webhooks are the event itself as JSON, "signed" by one fixed header.
import { randomUUID } from "node:crypto";
import type {
  Checkout,
  CheckoutRequest,
  PaymentProvider,
  VerifiedPayment,
  WebhookEvent,
} from "./provider.ts";
import { WebhookSignatureError } from "./provider.ts";
import type { Headers } from "./providers/signatures.ts";

export const SCRIPTED_SIGNATURE_HEADER = "x-scripted-signature";
export const SCRIPTED_SIGNATURE = "genuine";

export interface ScriptedCharge {
  amountMinor: number;
  currency: string;
  status: VerifiedPayment["status"];
}

export class ScriptedProvider implements PaymentProvider {
  readonly id = "paystack" as const;
  readonly charges = new Map<string, ScriptedCharge>();
  readonly checkouts: CheckoutRequest[] = [];
  readonly verified: string[] = [];
  readonly refunds: Array<{ reference: string; amountMinor: number }> = [];
  /** Thrown by the next calls, while set. */
  checkoutError: unknown = null;
  verifyError: unknown = null;
  refundError: unknown = null;
  parseError: unknown = null;
  /** Awaited before a refund is answered, so that a test can look at the moment in between. */
  refundGate: Promise<void> | null = null;
  /** Replaces the provider's answer about a charge (another reference, another amount). */
  answer: ((charge: VerifiedPayment) => VerifiedPayment) | null = null;

  /** A charge the provider holds, as if the buyer had gone through its checkout. */
  addCharge(charge: Partial<ScriptedCharge> = {}): string {
    const reference = `ps_${randomUUID()}`;
    this.charges.set(reference, { amountMinor: 499, currency: "USD", status: "paid", ...charge });
    return reference;
  }

  setStatus(reference: string, status: ScriptedCharge["status"]) {
    const charge = this.charges.get(reference);
    if (!charge) throw new Error(`no charge ${reference}`);
    charge.status = status;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    this.checkouts.push(request);
    if (this.checkoutError) throw this.checkoutError;
    const reference = this.addCharge({
      amountMinor: request.amountMinor,
      currency: request.currency,
      status: "pending",
    });
    return { url: `https://pay.example/${reference}`, reference };
  }

  async createSubscriptionCheckout(request: CheckoutRequest): Promise<Checkout> {
    return this.createCheckout(request);
  }

  async verifyPayment(reference: string): Promise<VerifiedPayment> {
    this.verified.push(reference);
    if (this.verifyError) throw this.verifyError;
    const charge = this.charges.get(reference);
    const found: VerifiedPayment = charge
      ? { reference, ...charge }
      : { reference, status: "failed", amountMinor: 0, currency: "USD" };
    return this.answer ? this.answer(found) : found;
  }

  async refundPayment(reference: string, amountMinor: number): Promise<void> {
    await this.refundGate;
    if (this.refundError) throw this.refundError;
    this.refunds.push({ reference, amountMinor });
    this.setStatus(reference, "refunded");
  }

  async cancelSubscription(): Promise<void> {}

  async resumeSubscription(): Promise<void> {}

  parseWebhook(rawBody: Buffer, headers: Headers): WebhookEvent {
    if (this.parseError) throw this.parseError;
    if (headers[SCRIPTED_SIGNATURE_HEADER] !== SCRIPTED_SIGNATURE) {
      throw new WebhookSignatureError("The signature does not match.");
    }
    return JSON.parse(rawBody.toString()) as WebhookEvent;
  }
}
