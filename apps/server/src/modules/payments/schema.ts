import { PAYMENT_PROVIDERS, PLAN_INTERVALS } from "@litverse/shared/coins";
import { PAYMENT_PURPOSES, PAYMENT_STATUSES } from "@litverse/shared/payments";
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
import { coinPackages, ledgerEntries } from "../coins/schema.ts";
import { subscriptions } from "../subscriptions/schema.ts";
import { users } from "../users/schema.ts";

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
