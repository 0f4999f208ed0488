// Subscription plans, a reader's subscription and VVIP grants, as the functions return them.
// Prices are integers in the currency's minor unit (cents, kobo); dates are ISO strings.
import type { PaymentProviderId, PlanInterval, PlanTier } from "./coins.ts";

export const SUBSCRIPTION_STATUSES = ["incomplete", "active", "past_due", "canceled", "expired"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** A plan as readers see it on /subscription/plans. */
export interface PlanView {
  id: string;
  name: string;
  priceMinor: number;
  currency: string;
  interval: PlanInterval;
  tier: PlanTier;
  monthlyBonusCoins: number;
  /** One benefit per entry, in the order written. */
  benefits: string[];
}

/** A plan as superadmins manage it. */
export interface AdminPlanRow extends PlanView {
  isActive: boolean;
  sortOrder: number;
  providerPlanIds: Record<string, string>;
  /** Subscriptions in force on this plan now. */
  subscribers: number;
  updatedAt: string;
}

export interface SubscriptionView {
  id: string;
  status: SubscriptionStatus;
  plan: PlanView;
  provider: PaymentProviderId;
  /** The subscriber asked to stop: access lasts until `currentPeriodEnd`, then ends. */
  cancelAtPeriodEnd: boolean;
  currentPeriodStart: string | null;
  currentPeriodEnd: string | null;
  canceledAt: string | null;
  /** It gives access now (paid and inside its period). */
  isInForce: boolean;
}

/** What /subscription/plans shows about the caller. */
export interface MySubscription {
  /** The subscription in force, else the latest one that ended or failed; null for none ever. */
  subscription: SubscriptionView | null;
  /** Every tier the caller holds now, from a plan or a VVIP grant. */
  tiers: PlanTier[];
  /** The end of the caller's VVIP grant in force, when they have one. */
  vvipGrantEndsAt: string | null;
}

export interface AdminSubscriptionRow {
  id: string;
  userId: string;
  userEmail: string | null;
  userName: string | null;
  planName: string;
  tier: PlanTier;
  interval: PlanInterval;
  status: SubscriptionStatus;
  provider: PaymentProviderId;
  cancelAtPeriodEnd: boolean;
  currentPeriodEnd: string | null;
  isInForce: boolean;
  createdAt: string;
}

export interface AdminSubscriptionPage {
  items: AdminSubscriptionRow[];
  nextCursor: string | null;
}

export const VVIP_GRANT_STATES = ["active", "ended", "revoked"] as const;
export type VvipGrantState = (typeof VVIP_GRANT_STATES)[number];

/** One VVIP grant: the grant and, when revoked, the revocation; never deleted (the audit trail). */
export interface VvipGrantView {
  id: string;
  state: VvipGrantState;
  user: { id: string; email: string | null; name: string | null };
  reason: string;
  endsAt: string;
  grantedAt: string;
  grantedBy: string | null;
  revokedAt: string | null;
  revokedBy: string | null;
  revokeReason: string | null;
}

/** The longest VVIP grant a superadmin can give in one go. */
export const VVIP_MAX_YEARS = 5;
