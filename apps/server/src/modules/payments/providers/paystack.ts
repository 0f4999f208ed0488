// Paystack through its REST API (JSON): transactions initialised with our own reference and the
// payment id as metadata, verified by reference, refunds, subscriptions disabled and enabled with
// their email token, and webhooks signed with HMAC-SHA512 of the raw body under the secret key.
// Paystack's signature carries no timestamp, so its webhooks cannot be refused as stale; replays
// are caught by the event log (payment_events) and by settling only what the API confirms.
import { createHash, randomBytes } from "node:crypto";
import { AppError } from "../../../core/errors.ts";
import type {
  Checkout,
  CheckoutRequest,
  PaymentProvider,
  SubscriptionCheckoutRequest,
  VerifiedPayment,
  WebhookEvent,
} from "../provider.ts";
import { WebhookSignatureError } from "../provider.ts";
import { type Headers, headerValue, hmacHex, parseJsonObject, sameHex } from "./signatures.ts";

export interface PaystackSettings {
  secretKey: string;
  apiBase: string;
}

type Json = Record<string, unknown>;

const dateOf = (value: unknown): Date | null => {
  if (typeof value !== "string" && typeof value !== "number") return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
};

export class PaystackProvider implements PaymentProvider {
  readonly id = "paystack" as const;
  private readonly settings: PaystackSettings;

  constructor(settings: PaystackSettings) {
    this.settings = settings;
  }

  private async request(method: "GET" | "POST", path: string, body?: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.secretKey}`,
          ...(body ? { "content-type": "application/json" } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new AppError("UNAVAILABLE", "Paystack could not be reached. Please try again.");
    }
    const json = (await response.json().catch(() => ({}))) as Json;
    if (!response.ok || json.status !== true) {
      const message = typeof json.message === "string" ? json.message : `status ${response.status}`;
      throw new AppError(
        response.status >= 500 ? "UNAVAILABLE" : "BAD_REQUEST",
        `Paystack refused: ${message}`,
      );
    }
    return (json.data ?? {}) as Json;
  }

  private async initialize(request: CheckoutRequest, extra: Json): Promise<Checkout> {
    if (!request.customerEmail) {
      throw new AppError("BAD_REQUEST", "Paystack needs an email address on your account to take a payment.");
    }
    const reference = `lv_${randomBytes(12).toString("hex")}`;
    const data = await this.request("POST", "/transaction/initialize", {
      email: request.customerEmail,
      amount: request.amountMinor,
      currency: request.currency,
      reference,
      callback_url: request.successUrl,
      metadata: { paymentId: request.paymentId, cancel_action: request.cancelUrl },
      ...extra,
    });
    if (typeof data.authorization_url !== "string") {
      throw new AppError("UNAVAILABLE", "Paystack did not return a checkout page.");
    }
    return {
      url: data.authorization_url,
      reference: typeof data.reference === "string" ? data.reference : reference,
    };
  }

  createCheckout(request: CheckoutRequest): Promise<Checkout> {
    return this.initialize(request, {});
  }

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<Checkout> {
    if (!request.providerPlanId) {
      throw new AppError("BAD_REQUEST", "This plan has no Paystack plan code yet; an admin must add one.");
    }
    return this.initialize(request, {
      plan: request.providerPlanId,
      metadata: {
        paymentId: request.paymentId,
        subscriptionId: request.subscriptionId,
        cancel_action: request.cancelUrl,
      },
    });
  }

  async verifyPayment(reference: string): Promise<VerifiedPayment> {
    const data = await this.request("GET", `/transaction/verify/${encodeURIComponent(reference)}`);
    const statusOf: Record<string, VerifiedPayment["status"]> = {
      success: "paid",
      failed: "failed",
      abandoned: "canceled",
      reversed: "refunded",
    };
    return {
      reference,
      status: statusOf[String(data.status)] ?? "pending",
      amountMinor: Number(data.amount ?? 0),
      currency: String(data.currency ?? "").toUpperCase(),
      subscriptionReference: null,
    };
  }

  async refundPayment(reference: string, amountMinor: number): Promise<void> {
    await this.request("POST", "/refund", { transaction: reference, amount: amountMinor });
  }

  /** Paystack only stops renewals; the paid period runs out on our side either way. */
  async cancelSubscription(subscriptionReference: string, _atPeriodEnd: boolean): Promise<void> {
    const token = await this.emailToken(subscriptionReference);
    await this.request("POST", "/subscription/disable", { code: subscriptionReference, token });
  }

  async resumeSubscription(subscriptionReference: string): Promise<void> {
    const token = await this.emailToken(subscriptionReference);
    await this.request("POST", "/subscription/enable", { code: subscriptionReference, token });
  }

  private async emailToken(subscriptionReference: string): Promise<string> {
    const data = await this.request("GET", `/subscription/${encodeURIComponent(subscriptionReference)}`);
    if (typeof data.email_token !== "string")
      throw new AppError("UNAVAILABLE", "Paystack did not return the subscription's token.");
    return data.email_token;
  }

  parseWebhook(rawBody: Buffer, headers: Headers): WebhookEvent {
    const signature = headerValue(headers, "x-paystack-signature");
    if (!signature) throw new WebhookSignatureError("The webhook is not signed.");
    if (!sameHex(signature, hmacHex("sha512", this.settings.secretKey, rawBody))) {
      throw new WebhookSignatureError("The webhook's signature does not match.");
    }
    const body = parseJsonObject(rawBody);
    const type = String(body.event ?? "");
    const data = (body.data ?? {}) as Json;
    // Paystack events carry no id of their own: the same body delivered again is the same event.
    const eventId = `${type}:${createHash("sha256").update(rawBody).digest("hex")}`;
    const subscription = (data.subscription ?? {}) as Json;
    switch (type) {
      case "charge.success":
        return { type: "payment.settled", eventId, reference: String(data.reference ?? "") };
      case "invoice.update":
      case "invoice.payment_failed": {
        const transaction = (data.transaction ?? {}) as Json;
        const subscriptionReference = String(subscription.subscription_code ?? "");
        if (!subscriptionReference) return { type: "ignored", eventId, providerType: type };
        if (type === "invoice.payment_failed" || data.paid !== true) {
          return {
            type: "subscription.updated",
            eventId,
            subscriptionReference,
            status: "past_due",
            cancelAtPeriodEnd: false,
            periodEnd: dateOf(data.period_end),
          };
        }
        return {
          type: "subscription.renewed",
          eventId,
          subscriptionReference,
          paymentReference: String(transaction.reference ?? ""),
          amountMinor: Number(transaction.amount ?? data.amount ?? 0),
          currency: String(transaction.currency ?? data.currency ?? "").toUpperCase(),
          periodStart: dateOf(data.period_start) ?? new Date(),
          periodEnd: dateOf(data.period_end) ?? new Date(),
        };
      }
      case "subscription.create":
      case "subscription.enable":
      case "subscription.not_renew":
      case "subscription.disable":
        return {
          type: "subscription.updated",
          eventId,
          subscriptionReference: String(data.subscription_code ?? ""),
          status: type === "subscription.disable" ? "canceled" : "active",
          cancelAtPeriodEnd: type === "subscription.not_renew",
          periodEnd: dateOf(data.next_payment_date),
        };
      default:
        return { type: "ignored", eventId, providerType: type };
    }
  }
}
