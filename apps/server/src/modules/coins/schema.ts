// Coins as a double-entry ledger. Every movement of coins is one entry made of postings that sum to
// zero; postings are never changed or deleted (a mistake is undone by a reversing entry). A wallet
// is a set of accounts: one "purchased" account per user, and one "bonus" account per grant of
// bonus coins, which carries that grant's expiry. Balances are derived from the postings; wallet
// accounts also keep their running balance, maintained by a trigger in the posting's transaction,
// so that the database itself refuses an overdraft (see migration 0005).
import { LEDGER_ENTRY_KINDS } from "@litverse/shared/coins";
import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn, users } from "../users/schema.ts";

/** Accounts of a user's wallet. */
export const WALLET_ACCOUNT_KINDS = ["purchased", "bonus"] as const;
export type WalletAccountKind = (typeof WALLET_ACCOUNT_KINDS)[number];

/**
 * The platform's side of every entry, one account each: "sales" issues purchased coins (its
 * balance goes negative as coins are sold), "promotions" issues bonus coins, "spending" receives
 * coins spent on unlocks, "expired" receives bonus coins that ran out, "ad_holds" keeps ads'
 * budgets until they are spent (into "ad_revenue") or given back.
 */
export const SYSTEM_ACCOUNT_KINDS = [
  "sales",
  "promotions",
  "spending",
  "expired",
  "ad_holds",
  "ad_revenue",
] as const;
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
    createdBy: actorColumn("created_by"),
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
