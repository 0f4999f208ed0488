import { PAYMENT_PROVIDERS, PLAN_INTERVALS, PLAN_TIERS } from "@litverse/shared/coins";
import { SUBSCRIPTION_STATUSES } from "@litverse/shared/subscriptions";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { personColumn } from "../users/schema.ts";

export const subscriptionPlans = pgTable(
  "subscription_plans",
  {
    id: idColumn(),
    name: text("name").notNull(),
    priceMinor: integer("price_minor").notNull(),
    currency: text("currency").notNull(),
    interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
    tier: text("tier", { enum: PLAN_TIERS }).notNull(),
    /** Bonus coins granted at the start of every month of the subscription. */
    monthlyBonusCoins: integer("monthly_bonus_coins").notNull().default(0),
    /** One benefit per line, as shown on /subscription/plans. */
    benefits: text("benefits").notNull().default(""),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    /** The plan's id at each provider that needs one: { stripe: "price_…", paystack: "PLN_…" }. */
    providerPlanIds: jsonb("provider_plan_ids").$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [
    check("subscription_plans_price_check", sql`${table.priceMinor} > 0`),
    check("subscription_plans_bonus_check", sql`${table.monthlyBonusCoins} >= 0`),
    check("subscription_plans_currency_check", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check("subscription_plans_interval_check", oneOf(table.interval, PLAN_INTERVALS)),
    check("subscription_plans_tier_check", oneOf(table.tier, PLAN_TIERS)),
  ],
);

export const subscriptions = pgTable(
  "subscriptions",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    planId: uuid("plan_id")
      .notNull()
      .references(() => subscriptionPlans.id, { onDelete: "restrict" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's id for the subscription, once its checkout has completed. */
    providerSubscriptionId: text("provider_subscription_id"),
    status: text("status", { enum: SUBSCRIPTION_STATUSES }).notNull().default("incomplete"),
    /** The subscriber asked to stop; access lasts until the end of the paid period. */
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("subscriptions_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("subscriptions_status_check", oneOf(table.status, SUBSCRIPTION_STATUSES)),
    uniqueIndex("subscriptions_provider_ref_idx").on(table.provider, table.providerSubscriptionId),
    /** At most one subscription in force per user. */
    uniqueIndex("subscriptions_one_live_idx")
      .on(table.userId)
      .where(sql`${table.status} in ('active', 'past_due')`),
    index("subscriptions_user_idx").on(table.userId, table.status),
  ],
);
