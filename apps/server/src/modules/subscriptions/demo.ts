// The demo's subscription plans for /subscription/plans: prices in cents, US dollars.

import type { ServiceDeps } from "../../core/service-deps.ts";
import { subscriptionPlans } from "./schema.ts";
import { PLANS_TOPIC } from "./topics.ts";

export const DEMO_SUBSCRIPTION_PLANS = [
  {
    name: "Premium monthly",
    priceMinor: 499,
    currency: "USD",
    interval: "month",
    tier: "premium",
    monthlyBonusCoins: 100,
    benefits: "Read and listen to every premium title\nEvery episode, no waiting\nCancel any time",
    sortOrder: 10,
  },
  {
    name: "Premium yearly",
    priceMinor: 4999,
    currency: "USD",
    interval: "year",
    tier: "premium",
    monthlyBonusCoins: 100,
    benefits: "Everything in Premium monthly\nTwo months free compared with paying monthly",
    sortOrder: 20,
  },
  {
    name: "VVIP monthly",
    priceMinor: 1499,
    currency: "USD",
    interval: "month",
    tier: "vvip",
    monthlyBonusCoins: 400,
    benefits: "Every VVIP and premium title\nNew VVIP releases first\nCancel any time",
    sortOrder: 30,
  },
] as const;

/** Adds the demo plans unless there are plans already. Returns how many it added. */
export async function seedDemoSubscriptionPlans(deps: ServiceDeps): Promise<number> {
  const [existing] = await deps.db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).limit(1);
  if (existing) return 0;
  const rows = await deps.db
    .insert(subscriptionPlans)
    .values(DEMO_SUBSCRIPTION_PLANS.map((plan) => ({ ...plan })))
    .returning({ id: subscriptionPlans.id });
  deps.changes.changed(PLANS_TOPIC);
  return rows.length;
}
