// Stripe through its REST API (form-encoded requests, JSON answers): Checkout Sessions in payment
// and subscription mode carrying our payment id as metadata, verification by reading the session
// (or, for renewals, the invoice) back, refunds, cancellation at period end, and webhooks signed
// with the Stripe-Signature scheme. STRIPE_API_BASE points it elsewhere (tests use a local fake).
import type { PlanInterval } from "@litverse/shared/coins";
import { AppError } from "../../../core/errors.ts";
import type {
  Checkout,
  CheckoutRequest,
  PaymentProvider,
  SubscriptionCheckoutRequest,
  VerifiedPayment,
  WebhookEvent,
} from "../provider.ts";
import { type Headers, headerValue, parseJsonObject, verifyTimestamped } from "./signatures.ts";

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  apiBase: string;
}

type Json = Record<string, unknown>;
type FormValue = string | number | boolean | null | undefined;

/** Stripe's bracketed form encoding: { metadata: { paymentId } } → metadata[paymentId]=… */
export function toForm(values: Record<string, unknown>, prefix = "", form = new URLSearchParams()) {
  for (const [key, value] of Object.entries(values)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        if (typeof item === "object" && item !== null) toForm(item as Json, `${name}[${index}]`, form);
        else form.append(`${name}[${index}]`, String(item));
      });
    } else if (typeof value === "object") {
      toForm(value as Json, name, form);
    } else {
      form.append(name, String(value as FormValue));
    }
  }
  return form;
}

const unixDate = (value: unknown): Date | null => (typeof value === "number" ? new Date(value * 1000) : null);
const idOf = (value: unknown): string | null =>
  typeof value === "string"
    ? value
    : typeof value === "object" && value && "id" in value
      ? String(value.id)
      : null;

export class StripeProvider implements PaymentProvider {
  readonly id = "stripe" as const;
  private readonly settings: StripeSettings;

  constructor(settings: StripeSettings) {
    this.settings = settings;
  }

  private async request(method: "GET" | "POST" | "DELETE", path: string, body?: Json): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${this.settings.apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.settings.secretKey}`,
          ...(body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: body ? toForm(body).toString() : undefined,
        signal: AbortSignal.timeout(20_000),
      });
    } catch {
      throw new AppError("UNAVAILABLE", "Stripe could not be reached. Please try again.");
    }
    const json = (await response.json().catch(() => ({}))) as Json;
    if (!response.ok) {
      const error = (json.error ?? {}) as Json;
      const message = typeof error.message === "string" ? error.message : `status ${response.status}`;
      throw new AppError(
        response.status >= 500 ? "UNAVAILABLE" : "BAD_REQUEST",
        `Stripe refused: ${message}`,
      );
    }
    return json;
  }

  private checkoutOf(session: Json): Checkout {
    if (typeof session.id !== "string" || typeof session.url !== "string") {
      throw new AppError("UNAVAILABLE", "Stripe did not return a checkout page.");
    }
    return { url: session.url, reference: session.id };
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const session = await this.request("POST", "/v1/checkout/sessions", {
      mode: "payment",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.paymentId,
      customer_email: request.customerEmail ?? undefined,
      metadata: { paymentId: request.paymentId },
      payment_intent_data: { metadata: { paymentId: request.paymentId } },
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amountMinor,
            product_data: { name: request.description },
          },
        },
      ],
    });
    return this.checkoutOf(session);
  }

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<Checkout> {
    const metadata = { paymentId: request.paymentId, subscriptionId: request.subscriptionId };
    const lineItem = request.providerPlanId
      ? { quantity: 1, price: request.providerPlanId }
      : {
          quantity: 1,
          price_data: {
            currency: request.currency.toLowerCase(),
            unit_amount: request.amountMinor,
            recurring: { interval: request.interval satisfies PlanInterval },
            product_data: { name: request.description },
          },
        };
    const session = await this.request("POST", "/v1/checkout/sessions", {
      mode: "subscription",
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
      client_reference_id: request.paymentId,
      customer_email: request.customerEmail ?? undefined,
      metadata,
      subscription_data: { metadata },
      line_items: [lineItem],
    });
    return this.checkoutOf(session);
  }

  /** A Checkout Session ("cs_…") or, for a renewal, an invoice ("in_…"). */
  async verifyPayment(reference: string): Promise<VerifiedPayment> {
    if (reference.startsWith("in_")) {
      const invoice = await this.request("GET", `/v1/invoices/${encodeURIComponent(reference)}`);
      return {
        reference,
        status:
          invoice.status === "paid"
            ? "paid"
            : invoice.status === "void"
              ? "canceled"
              : invoice.status === "uncollectible"
                ? "failed"
                : "pending",
        amountMinor: Number(invoice.amount_paid ?? 0),
        currency: String(invoice.currency ?? "").toUpperCase(),
        subscriptionReference: invoiceSubscription(invoice),
      };
    }
    const session = await this.request("GET", `/v1/checkout/sessions/${encodeURIComponent(reference)}`);
    const isPaid =
      session.status === "complete" &&
      (session.payment_status === "paid" || session.payment_status === "no_payment_required");
    return {
      reference,
      status: isPaid ? "paid" : session.status === "expired" ? "canceled" : "pending",
      amountMinor: Number(session.amount_total ?? 0),
      currency: String(session.currency ?? "").toUpperCase(),
      subscriptionReference: idOf(session.subscription),
    };
  }

  async refundPayment(reference: string, amountMinor: number): Promise<void> {
    let paymentIntent: string | null = null;
    let invoiceId: string | null = reference.startsWith("in_") ? reference : null;
    if (!invoiceId) {
      const session = await this.request("GET", `/v1/checkout/sessions/${encodeURIComponent(reference)}`);
      paymentIntent = idOf(session.payment_intent);
      invoiceId = idOf(session.invoice);
    }
    if (!paymentIntent && invoiceId) {
      const invoice = await this.request("GET", `/v1/invoices/${encodeURIComponent(invoiceId)}`);
      paymentIntent = idOf(invoice.payment_intent);
    }
    if (!paymentIntent) throw new AppError("CONFLICT", "Stripe has no captured payment to refund for this.");
    await this.request("POST", "/v1/refunds", { payment_intent: paymentIntent, amount: amountMinor });
  }

  async cancelSubscription(subscriptionReference: string, atPeriodEnd: boolean): Promise<void> {
    const path = `/v1/subscriptions/${encodeURIComponent(subscriptionReference)}`;
    if (atPeriodEnd) await this.request("POST", path, { cancel_at_period_end: true });
    else await this.request("DELETE", path);
  }

  async resumeSubscription(subscriptionReference: string): Promise<void> {
    await this.request("POST", `/v1/subscriptions/${encodeURIComponent(subscriptionReference)}`, {
      cancel_at_period_end: false,
    });
  }

  parseWebhook(rawBody: Buffer, headers: Headers): WebhookEvent {
    verifyTimestamped(this.settings.webhookSecret, rawBody, headerValue(headers, "stripe-signature"));
    const event = parseJsonObject(rawBody);
    const eventId = String(event.id ?? "");
    const type = String(event.type ?? "");
    const object = ((event.data as Json | undefined)?.object ?? {}) as Json;
    switch (type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
      case "checkout.session.async_payment_failed":
      case "checkout.session.expired":
        // Which way it went is read back from Stripe when the payment settles.
        return { type: "payment.settled", eventId, reference: String(object.id ?? "") };
      case "invoice.paid": {
        const subscriptionReference = invoiceSubscription(object);
        // The first invoice is the checkout's own payment, settled through its session.
        if (!subscriptionReference || object.billing_reason === "subscription_create") {
          return { type: "ignored", eventId, providerType: type };
        }
        const period = invoicePeriod(object);
        return {
          type: "subscription.renewed",
          eventId,
          subscriptionReference,
          paymentReference: String(object.id ?? ""),
          amountMinor: Number(object.amount_paid ?? 0),
          currency: String(object.currency ?? "").toUpperCase(),
          periodStart: period.start,
          periodEnd: period.end,
        };
      }
      case "customer.subscription.updated":
      case "customer.subscription.deleted":
        // Not yet paid for: nothing the platform acts on until its checkout completes.
        if (type === "customer.subscription.updated" && object.status === "incomplete") {
          return { type: "ignored", eventId, providerType: type };
        }
        return {
          type: "subscription.updated",
          eventId,
          subscriptionReference: String(object.id ?? ""),
          status: type === "customer.subscription.deleted" ? "canceled" : subscriptionStatus(object.status),
          cancelAtPeriodEnd: object.cancel_at_period_end === true,
          periodEnd: unixDate(object.current_period_end) ?? unixDate(firstItem(object)?.current_period_end),
        };
      default:
        return { type: "ignored", eventId, providerType: type };
    }
  }
}

function firstItem(subscription: Json): Json | undefined {
  const items = subscription.items as { data?: Json[] } | undefined;
  return items?.data?.[0];
}

/** The invoice's subscription: a top-level field in older API versions, under `parent` in newer. */
function invoiceSubscription(invoice: Json): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } } | undefined;
  return idOf(invoice.subscription) ?? idOf(parent?.subscription_details?.subscription);
}

function invoicePeriod(invoice: Json): { start: Date; end: Date } {
  const line = (invoice.lines as { data?: Json[] } | undefined)?.data?.[0];
  const period = (line?.period ?? {}) as Json;
  const start = unixDate(period.start) ?? unixDate(invoice.period_start) ?? new Date();
  const end = unixDate(period.end) ?? unixDate(invoice.period_end) ?? start;
  return { start, end };
}

function subscriptionStatus(status: unknown): "active" | "past_due" | "canceled" | "expired" {
  switch (status) {
    case "active":
    case "trialing":
      return "active";
    case "past_due":
    case "unpaid":
      return "past_due";
    case "incomplete_expired":
      return "expired";
    default:
      return "canceled";
  }
}
