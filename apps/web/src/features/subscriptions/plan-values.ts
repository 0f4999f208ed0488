// How plans and subscriptions read: "$4.99 / month", "Renews on Dec 23, 2026".
import type { PlanInterval, PlanTier } from "@litverse/shared/coins";
import { formatPrice } from "@litverse/shared/payments";
import type { PlanView, SubscriptionStatus, SubscriptionView } from "@litverse/shared/subscriptions";
import { formatDate } from "../../lib/format.ts";

export const TIER_LABELS: Record<PlanTier, string> = { premium: "Premium", vvip: "VVIP" };
export const INTERVAL_LABELS: Record<PlanInterval, string> = { month: "month", year: "year" };
export const INTERVAL_ADJECTIVES: Record<PlanInterval, string> = { month: "Monthly", year: "Yearly" };

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: "Awaiting payment",
  active: "Active",
  past_due: "Payment due",
  canceled: "Canceled",
  expired: "Ended",
};

/** "$4.99 / month". */
export function priceLabel(plan: Pick<PlanView, "priceMinor" | "currency" | "interval">): string {
  return `${formatPrice(plan.priceMinor, plan.currency)} / ${INTERVAL_LABELS[plan.interval]}`;
}

/** A tier read from the address (`?tier=vvip`), or null for anything else. */
export function tierParam(value: string | null): PlanTier | null {
  return value === "premium" || value === "vvip" ? value : null;
}

/**
 * The one line that says where a subscription stands: "Renews on …", "Active until … (canceled)",
 * "Ended on …". Dates in the reader's time zone unless `timeZone` is given (tests).
 */
export function subscriptionStatusLine(subscription: SubscriptionView, timeZone?: string): string {
  const end = subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd, timeZone) : "";
  if (subscription.isInForce) {
    if (subscription.cancelAtPeriodEnd) return `Canceled: access until ${end}, then it ends.`;
    if (subscription.status === "past_due")
      return `Payment due: access until ${end} while the renewal is retried.`;
    return `Renews on ${end}.`;
  }
  if (subscription.status === "past_due")
    return `The renewal payment did not go through; access ended on ${end}.`;
  return end ? `Ended on ${end}.` : "Ended.";
}

/** True when `plan` is what the reader already has. */
export function isCurrentPlan(plan: PlanView, subscription: SubscriptionView | null): boolean {
  return !!subscription?.isInForce && subscription.plan.id === plan.id;
}
