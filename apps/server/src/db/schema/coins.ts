// Coins as a double-entry ledger. Every movement of coins is one entry made of postings that sum to
// zero; postings are never changed or deleted (a mistake is undone by a reversing entry). A wallet
// is a set of accounts: one "purchased" account per user, and one "bonus" account per grant of
// bonus coins, which carries that grant's expiry. Balances are derived from the postings; wallet
// accounts also keep their running balance, maintained by a trigger in the posting's transaction,
// so that the database itself refuses an overdraft (see migration 0005).
import {
  LEDGER_ENTRY_KINDS,
  PAYMENT_PROVIDERS,
  PLAN_INTERVALS,
  PLAN_TIERS,
  UNLOCK_KINDS,
} from "@litverse/shared/coins";
import { PAYMENT_PURPOSES, PAYMENT_STATUSES } from "@litverse/shared/payments";
import { SUBSCRIPTION_STATUSES } from "@litverse/shared/subscriptions";
import { sql } from "drizzle-orm";
import {
  bigserial,
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
import { idColumn, oneOf, timestamps } from "./columns.ts";
import { content, episodes } from "./content.ts";
import { users } from "./users.ts";

/** Accounts of a user's wallet. */
export const WALLET_ACCOUNT_KINDS = ["purchased", "bonus"] as const;
export type WalletAccountKind = (typeof WALLET_ACCOUNT_KINDS)[number];

/**
 * The platform's side of every entry, one account each: "sales" issues purchased coins (its
 * balance goes negative as coins are sold), "promotions" issues bonus coins, "spending" receives
 * coins spent on unlocks, "expired" receives bonus coins that ran out.
 */
export const SYSTEM_ACCOUNT_KINDS = ["sales", "promotions", "spending", "expired"] as const;
export type SystemAccountKind = (typeof SYSTEM_ACCOUNT_KINDS)[number];

export const LEDGER_ACCOUNT_KINDS = [...WALLET_ACCOUNT_KINDS, ...SYSTEM_ACCOUNT_KINDS] as const;
export type LedgerAccountKind = (typeof LEDGER_ACCOUNT_KINDS)[number];

export const ledgerAccounts = pgTable(
  "ledger_accounts",
  {
    id: idColumn(),
    kind: text("kind", { enum: LEDGER_ACCOUNT_KINDS }).notNull(),
    /** The wallet's owner; null for system accounts. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "restrict" }),
    /** When a bonus account's coins expire; null for every other kind. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Sum of the account's postings, kept by a trigger; wallet accounts may never go below zero. */
    balance: integer("balance").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ledger_accounts_kind_check", oneOf(table.kind, LEDGER_ACCOUNT_KINDS)),
    check(
      "ledger_accounts_owner_check",
      sql`(${table.kind} in ('purchased', 'bonus')) = (${table.userId} is not null)`,
    ),
    check("ledger_accounts_expiry_check", sql`(${table.kind} = 'bonus') = (${table.expiresAt} is not null)`),
    check(
      "ledger_accounts_no_overdraft_check",
      sql`${table.kind} not in ('purchased', 'bonus') or ${table.balance} >= 0`,
    ),
    uniqueIndex("ledger_accounts_purchased_user_idx")
      .on(table.userId)
      .where(sql`${table.kind} = 'purchased'`),
    uniqueIndex("ledger_accounts_system_kind_idx").on(table.kind).where(sql`${table.userId} is null`),
    index("ledger_accounts_user_idx").on(table.userId, table.kind, table.expiresAt),
  ],
);

export const ledgerEntries = pgTable(
  "ledger_entries",
  {
    id: idColumn(),
    kind: text("kind", { enum: LEDGER_ENTRY_KINDS }).notNull(),
    /** The wallet the entry is about. */
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /**
     * Makes an entry happen once however often it is asked for: "payment:<id>",
     * "plan-bonus:<subscription>:<period>", "signup-bonus". Unique per user.
     */
    idempotencyKey: text("idempotency_key"),
    /** For reversals: the entry undone. An entry is reversed at most once. */
    reversesEntryId: uuid("reverses_entry_id").unique(),
    /** What the wallet history shows: "Bought 120 coins", "Unlocked Moby-Dick, chapter 3". */
    memo: text("memo").notNull(),
    /** Who made it happen when not the wallet's owner (an admin's refund or grant). */
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("ledger_entries_kind_check", oneOf(table.kind, LEDGER_ENTRY_KINDS)),
    check(
      "ledger_entries_reversal_check",
      sql`(${table.kind} = 'reversal') = (${table.reversesEntryId} is not null)`,
    ),
    uniqueIndex("ledger_entries_idempotency_idx").on(table.userId, table.idempotencyKey),
    index("ledger_entries_user_created_idx").on(table.userId, table.createdAt),
    index("ledger_entries_created_idx").on(table.createdAt),
  ],
);

export const ledgerPostings = pgTable(
  "ledger_postings",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    entryId: uuid("entry_id")
      .notNull()
      .references(() => ledgerEntries.id, { onDelete: "restrict" }),
    accountId: uuid("account_id")
      .notNull()
      .references(() => ledgerAccounts.id, { onDelete: "restrict" }),
    /** Coins into the account (positive) or out of it (negative). */
    amount: integer("amount").notNull(),
  },
  (table) => [
    check("ledger_postings_amount_check", sql`${table.amount} <> 0`),
    index("ledger_postings_entry_idx").on(table.entryId),
    index("ledger_postings_account_idx").on(table.accountId),
  ],
);

/** What can be bought on /coins/buy. Prices are in the currency's minor unit (cents, kobo). */
export const coinPackages = pgTable(
  "coin_packages",
  {
    id: idColumn(),
    name: text("name").notNull(),
    coins: integer("coins").notNull(),
    bonusCoins: integer("bonus_coins").notNull().default(0),
    priceMinor: integer("price_minor").notNull(),
    /** ISO 4217, upper case. */
    currency: text("currency").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    check("coin_packages_coins_check", sql`${table.coins} > 0 and ${table.bonusCoins} >= 0`),
    check("coin_packages_price_check", sql`${table.priceMinor} > 0`),
    check("coin_packages_currency_check", sql`${table.currency} ~ '^[A-Z]{3}$'`),
  ],
);

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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
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

/**
 * One attempt to take money: a coin package checkout, a subscription's first payment or a renewal.
 * What it buys is copied in (coins, bonus coins, price), so later edits to a package never change
 * what a payment credits.
 */
export const payments = pgTable(
  "payments",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    purpose: text("purpose", { enum: PAYMENT_PURPOSES }).notNull(),
    packageId: uuid("package_id").references(() => coinPackages.id, { onDelete: "set null" }),
    subscriptionId: uuid("subscription_id").references(() => subscriptions.id, { onDelete: "set null" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    /** The provider's reference for the payment (checkout session, transaction reference). */
    providerReference: text("provider_reference"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    coins: integer("coins").notNull().default(0),
    bonusCoins: integer("bonus_coins").notNull().default(0),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("pending"),
    /** Where the buyer goes back to after paying (an episode, a title); a path on this site. */
    returnTo: text("return_to"),
    failureReason: text("failure_reason"),
    /** The ledger entry that credited the coins; unique, so a payment credits at most once. */
    creditEntryId: uuid("credit_entry_id")
      .unique()
      .references(() => ledgerEntries.id, { onDelete: "restrict" }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("payments_purpose_check", oneOf(table.purpose, PAYMENT_PURPOSES)),
    check("payments_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("payments_status_check", oneOf(table.status, PAYMENT_STATUSES)),
    check("payments_amount_check", sql`${table.amountMinor} > 0`),
    check("payments_coins_check", sql`${table.coins} >= 0 and ${table.bonusCoins} >= 0`),
    uniqueIndex("payments_provider_ref_idx").on(table.provider, table.providerReference),
    index("payments_user_idx").on(table.userId, table.createdAt),
    index("payments_paid_idx").on(table.paidAt),
  ],
);

/** Webhook events already handled, so that a replayed event does nothing. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: idColumn(),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("payment_events_provider_event_idx").on(table.provider, table.eventId)],
);

/** VVIP access given by a superadmin, outside any plan. Rows are the audit trail: never deleted. */
export const vvipGrants = pgTable(
  "vvip_grants",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    grantedBy: uuid("granted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedBy: uuid("revoked_by").references(() => users.id, { onDelete: "set null" }),
    revokeReason: text("revoke_reason"),
  },
  (table) => [index("vvip_grants_user_idx").on(table.userId, table.endsAt)],
);

/** Episodes a reader has opened with coins, with the wait-for-free timer, or rented. */
export const episodeUnlocks = pgTable(
  "episode_unlocks",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    contentId: uuid("content_id")
      .notNull()
      .references(() => content.id, { onDelete: "cascade" }),
    episodeId: uuid("episode_id")
      .notNull()
      .references(() => episodes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: UNLOCK_KINDS }).notNull(),
    /** The ledger entry that paid for it; null for wait-for-free unlocks. */
    entryId: uuid("entry_id").references(() => ledgerEntries.id, { onDelete: "restrict" }),
    /** When a rental ends; null for permanent unlocks. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Set when an admin refunds the unlock; the episode locks again. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("episode_unlocks_kind_check", oneOf(table.kind, UNLOCK_KINDS)),
    check("episode_unlocks_rental_check", sql`(${table.kind} = 'rental') = (${table.expiresAt} is not null)`),
    /** An episode is unlocked for good at most once (so a double click never pays twice). */
    uniqueIndex("episode_unlocks_permanent_idx")
      .on(table.userId, table.episodeId)
      .where(sql`${table.revokedAt} is null and ${table.kind} <> 'rental'`),
    index("episode_unlocks_user_content_idx").on(table.userId, table.contentId),
    index("episode_unlocks_entry_idx").on(table.entryId),
  ],
);

export const SANDBOX_CHARGE_STATUSES = ["open", "paid", "failed", "canceled", "refunded"] as const;
export type SandboxChargeStatus = (typeof SANDBOX_CHARGE_STATUSES)[number];

/**
 * The embedded sandbox provider's own books: what a real provider keeps on its side. Only the
 * sandbox provider reads or writes these tables; the platform learns about them as it would from
 * any provider, through its verify call and signed webhooks.
 */
export const sandboxCharges = pgTable(
  "sandbox_charges",
  {
    /** The provider reference handed to the platform ("sbx_ch_…"). */
    reference: text("reference").primaryKey(),
    /** Set for a subscription's payments. */
    subscriptionReference: text("subscription_reference"),
    amountMinor: integer("amount_minor").notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull(),
    status: text("status", { enum: SANDBOX_CHARGE_STATUSES }).notNull().default("open"),
    successUrl: text("success_url").notNull(),
    cancelUrl: text("cancel_url").notNull(),
    metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
    ...timestamps(),
  },
  (table) => [check("sandbox_charges_status_check", oneOf(table.status, SANDBOX_CHARGE_STATUSES))],
);

export const sandboxSubscriptions = pgTable("sandbox_subscriptions", {
  reference: text("reference").primaryKey(),
  amountMinor: integer("amount_minor").notNull(),
  currency: text("currency").notNull(),
  interval: text("interval", { enum: PLAN_INTERVALS }).notNull(),
  status: text("status", { enum: ["active", "canceled"] })
    .notNull()
    .default("active"),
  cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
  currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
  currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default({}),
  ...timestamps(),
});
