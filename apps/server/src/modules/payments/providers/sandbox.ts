// The embedded sandbox provider, the default: what a real provider does, kept in its own tables
// (sandbox_charges, sandbox_subscriptions) so that the platform deals with it exactly as with
// Stripe or Paystack. Its hosted checkout page is served by this server (sandbox-page.ts); paying,
// failing or cancelling there updates the sandbox's books and sends a signed webhook.
//
// Webhooks are delivered in-process: the signed raw body and headers go through the very function
// the HTTP route calls (receiveWebhook), signature check included, on a later turn of the event
// loop. An HTTP POST to PUBLIC_URL would be closer to a real provider, but the server cannot count
// on reaching its own public address (TLS ending at a proxy, a load balancer, tests without a
// listening server), and what the HTTP route adds before receiveWebhook is only the reading of
// the body. Tests replay the captured deliveries through the real HTTP route.
import { randomBytes } from "node:crypto";
import type { PlanInterval } from "@litverse/shared/coins";
import { and, eq, gte, lte } from "drizzle-orm";
import type { Transaction } from "../../../core/db/client.ts";
import { AppError } from "../../../core/errors.ts";
import type { ServiceDeps } from "../../../core/service-deps.ts";
import type {
  Checkout,
  CheckoutRequest,
  PaymentProvider,
  SubscriptionCheckoutRequest,
  VerifiedPayment,
  WebhookEvent,
} from "../provider.ts";
import { sandboxCharges, sandboxSubscriptions } from "../schema.ts";
import {
  type Headers,
  headerValue,
  parseJsonObject,
  signTimestamped,
  verifyTimestamped,
} from "./signatures.ts";

export const SANDBOX_SIGNATURE_HEADER = "sandbox-signature";

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
/**
 * What the tester decides on the sandbox's checkout page. "pay_lost": paid, but the notification
 * never arrives and the buyer never comes back (a closed tab): the "charged but no coins" case that
 * only asking the provider again settles.
 */
export type SandboxOutcome = "pay" | "pay_lost" | "fail" | "cancel";

/** Hands a signed webhook to the platform: the raw body and the headers, as sent over HTTP. */
export type WebhookDelivery = (rawBody: Buffer, headers: Record<string, string>) => Promise<void>;

const newReference = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

/** The end of a billing period that starts at `start`: one calendar month or year later. */
export function periodEnd(start: Date, interval: PlanInterval): Date {
  const end = new Date(start);
  if (interval === "year") end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

interface SandboxEvent {
  id: string;
  type: string;
  created: number;
  data: Record<string, unknown>;
}

export class SandboxProvider implements PaymentProvider {
  readonly id = "sandbox" as const;
  private readonly deps: ServiceDeps;
  readonly publicUrl: string;
  private readonly secret: Buffer | string;
  /** Replaceable, so that tests can capture the deliveries. */
  deliver: WebhookDelivery;

  constructor(options: {
    deps: ServiceDeps;
    publicUrl: string;
    secret: Buffer | string;
    deliver: WebhookDelivery;
  }) {
    this.deps = options.deps;
    this.publicUrl = options.publicUrl;
    this.secret = options.secret;
    this.deliver = options.deliver;
  }

  checkoutUrl(reference: string): string {
    return `${this.publicUrl}/sandbox/checkout/${encodeURIComponent(reference)}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<Checkout> {
    const reference = newReference("sbx_ch");
    await this.deps.db.insert(sandboxCharges).values({
      reference,
      amountMinor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      metadata: { paymentId: request.paymentId },
    });
    return { url: this.checkoutUrl(reference), reference };
  }

  async createSubscriptionCheckout(request: SubscriptionCheckoutRequest): Promise<Checkout> {
    const reference = newReference("sbx_ch");
    await this.deps.db.insert(sandboxCharges).values({
      reference,
      amountMinor: request.amountMinor,
      currency: request.currency,
      description: request.description,
      successUrl: request.successUrl,
      cancelUrl: request.cancelUrl,
      metadata: {
        paymentId: request.paymentId,
        subscriptionId: request.subscriptionId,
        interval: request.interval,
        kind: "subscription",
      },
    });
    return { url: this.checkoutUrl(reference), reference };
  }

  async findCharge(reference: string): Promise<SandboxChargeRow | null> {
    const [charge] = await this.deps.db
      .select()
      .from(sandboxCharges)
      .where(eq(sandboxCharges.reference, reference));
    return charge ?? null;
  }

  async verifyPayment(reference: string): Promise<VerifiedPayment> {
    const charge = await this.findCharge(reference);
    if (!charge) throw new AppError("NOT_FOUND", `The sandbox has no charge ${reference}.`);
    const status = charge.status === "open" ? "pending" : charge.status;
    return {
      reference,
      status,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      subscriptionReference: charge.subscriptionReference,
    };
  }

  /**
   * What the hosted checkout page's buttons do. A charge is decided once: asking again (a double
   * click, the back button) changes nothing and sends the buyer where the first answer did.
   * Returns where to send the browser.
   */
  async completeCharge(reference: string, outcome: SandboxOutcome): Promise<string> {
    const result = await this.deps.db.transaction(async (tx) => {
      const [charge] = await tx
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.reference, reference))
        .for("update");
      if (!charge) throw new AppError("NOT_FOUND", "There is no such checkout.");
      if (charge.status !== "open") return { charge, event: null };
      const status =
        outcome === "pay" || outcome === "pay_lost" ? "paid" : outcome === "fail" ? "failed" : "canceled";
      let subscriptionReference: string | null = null;
      if (status === "paid" && charge.metadata.kind === "subscription") {
        subscriptionReference = await this.startSubscription(tx, charge);
      }
      const [updated] = await tx
        .update(sandboxCharges)
        .set({ status, subscriptionReference })
        .where(eq(sandboxCharges.reference, reference))
        .returning();
      const type = { paid: "checkout.completed", failed: "checkout.failed", canceled: "checkout.canceled" }[
        status
      ];
      const event = outcome === "pay_lost" ? null : this.event(type, { reference, subscriptionReference });
      return { charge: updated ?? charge, event };
    });
    if (result.event) this.send(result.event);
    if (outcome === "pay_lost") return `${this.publicUrl}/`;
    return result.charge.status === "canceled" ? result.charge.cancelUrl : result.charge.successUrl;
  }

  private async startSubscription(tx: Transaction, charge: SandboxChargeRow): Promise<string> {
    const reference = newReference("sbx_sub");
    const start = new Date();
    const interval: PlanInterval = charge.metadata.interval === "year" ? "year" : "month";
    await tx.insert(sandboxSubscriptions).values({
      reference,
      amountMinor: charge.amountMinor,
      currency: charge.currency,
      interval,
      currentPeriodStart: start,
      currentPeriodEnd: periodEnd(start, interval),
      metadata: { ...charge.metadata },
    });
    return reference;
  }

  async refundPayment(reference: string, amountMinor: number): Promise<void> {
    const [charge] = await this.deps.db
      .update(sandboxCharges)
      .set({ status: "refunded" })
      .where(
        and(
          eq(sandboxCharges.reference, reference),
          eq(sandboxCharges.status, "paid"),
          gte(sandboxCharges.amountMinor, amountMinor),
        ),
      )
      .returning();
    if (!charge) throw new AppError("CONFLICT", "The sandbox refunds only a paid charge, up to its amount.");
    this.send(this.event("charge.refunded", { reference, amountMinor }));
  }

  async cancelSubscription(subscriptionReference: string, atPeriodEnd: boolean): Promise<void> {
    const [subscription] = await this.deps.db
      .update(sandboxSubscriptions)
      .set(atPeriodEnd ? { cancelAtPeriodEnd: true } : { status: "canceled", cancelAtPeriodEnd: false })
      .where(
        and(
          eq(sandboxSubscriptions.reference, subscriptionReference),
          eq(sandboxSubscriptions.status, "active"),
        ),
      )
      .returning();
    if (!subscription)
      throw new AppError("CONFLICT", "The sandbox has no active subscription by that reference.");
    this.send(this.subscriptionUpdated(subscription));
  }

  async resumeSubscription(subscriptionReference: string): Promise<void> {
    const [subscription] = await this.deps.db
      .update(sandboxSubscriptions)
      .set({ cancelAtPeriodEnd: false })
      .where(
        and(
          eq(sandboxSubscriptions.reference, subscriptionReference),
          eq(sandboxSubscriptions.status, "active"),
        ),
      )
      .returning();
    if (!subscription)
      throw new AppError("CONFLICT", "The sandbox has no active subscription by that reference.");
    this.send(this.subscriptionUpdated(subscription));
  }

  /**
   * Renews the subscriptions whose period has ended: a new paid charge and the next period, or,
   * for one cancelled at period end, its end. Each renewal is claimed with a conditional update,
   * so two processes running this together renew a subscription once. Returns how many changed.
   */
  async renewDue(now = new Date()): Promise<number> {
    const due = await this.deps.db
      .select({ reference: sandboxSubscriptions.reference })
      .from(sandboxSubscriptions)
      .where(and(eq(sandboxSubscriptions.status, "active"), lte(sandboxSubscriptions.currentPeriodEnd, now)))
      .limit(200);
    let changed = 0;
    for (const { reference } of due) {
      if (await this.renew(reference, { onlyIfDue: now })) changed++;
    }
    return changed;
  }

  /** Renews one subscription; with `onlyIfDue`, only when its period has ended by then. */
  async renew(reference: string, options: { onlyIfDue?: Date } = {}): Promise<boolean> {
    const event = await this.deps.db.transaction(async (tx) => {
      const [subscription] = await tx
        .select()
        .from(sandboxSubscriptions)
        .where(eq(sandboxSubscriptions.reference, reference))
        .for("update");
      if (subscription?.status !== "active") return null;
      if (options.onlyIfDue && subscription.currentPeriodEnd > options.onlyIfDue) return null;
      if (subscription.cancelAtPeriodEnd) {
        const [ended] = await tx
          .update(sandboxSubscriptions)
          .set({ status: "canceled" })
          .where(eq(sandboxSubscriptions.reference, reference))
          .returning();
        return ended ? this.subscriptionUpdated(ended) : null;
      }
      const start = subscription.currentPeriodEnd;
      const end = periodEnd(start, subscription.interval);
      const chargeReference = newReference("sbx_ch");
      await tx.insert(sandboxCharges).values({
        reference: chargeReference,
        subscriptionReference: reference,
        amountMinor: subscription.amountMinor,
        currency: subscription.currency,
        description: "Subscription renewal",
        status: "paid",
        successUrl: "",
        cancelUrl: "",
        metadata: { ...subscription.metadata, kind: "renewal" },
      });
      await tx
        .update(sandboxSubscriptions)
        .set({ currentPeriodStart: start, currentPeriodEnd: end })
        .where(eq(sandboxSubscriptions.reference, reference));
      return this.event("subscription.renewed", {
        subscriptionReference: reference,
        paymentReference: chargeReference,
        amountMinor: subscription.amountMinor,
        currency: subscription.currency,
        periodStart: start.toISOString(),
        periodEnd: end.toISOString(),
      });
    });
    if (!event) return false;
    this.send(event);
    return true;
  }

  parseWebhook(rawBody: Buffer, headers: Headers): WebhookEvent {
    verifyTimestamped(this.secret, rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER));
    const body = parseJsonObject(rawBody);
    const eventId = String(body.id ?? "");
    const type = String(body.type ?? "");
    const data = (body.data ?? {}) as Record<string, unknown>;
    const text = (key: string) => String(data[key] ?? "");
    switch (type) {
      case "checkout.completed":
      case "checkout.failed":
      case "checkout.canceled":
        return { type: "payment.settled", eventId, reference: text("reference") };
      case "subscription.renewed":
        return {
          type: "subscription.renewed",
          eventId,
          subscriptionReference: text("subscriptionReference"),
          paymentReference: text("paymentReference"),
          amountMinor: Number(data.amountMinor),
          currency: text("currency"),
          periodStart: new Date(text("periodStart")),
          periodEnd: new Date(text("periodEnd")),
        };
      case "subscription.updated":
        return {
          type: "subscription.updated",
          eventId,
          subscriptionReference: text("subscriptionReference"),
          status: data.status === "canceled" ? "canceled" : "active",
          cancelAtPeriodEnd: data.cancelAtPeriodEnd === true,
          periodEnd: data.periodEnd ? new Date(text("periodEnd")) : null,
        };
      default:
        return { type: "ignored", eventId, providerType: type };
    }
  }

  private subscriptionUpdated(subscription: typeof sandboxSubscriptions.$inferSelect): SandboxEvent {
    return this.event("subscription.updated", {
      subscriptionReference: subscription.reference,
      status: subscription.status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      periodEnd: subscription.currentPeriodEnd.toISOString(),
    });
  }

  private event(type: string, data: Record<string, unknown>): SandboxEvent {
    return { id: newReference("evt"), type, created: Math.floor(Date.now() / 1000), data };
  }

  /** Signs an event and hands it to the delivery, after the current work has finished. */
  private send(event: SandboxEvent): void {
    const rawBody = Buffer.from(JSON.stringify(event));
    const headers = {
      "content-type": "application/json",
      [SANDBOX_SIGNATURE_HEADER]: signTimestamped(this.secret, rawBody),
    };
    this.deliver(rawBody, headers).catch(() => {
      // The delivery retries and logs on its own; the verify paths settle the payment anyway.
    });
  }
}
