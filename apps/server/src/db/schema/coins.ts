import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, oneOf } from "./columns.ts";
import { users } from "./users.ts";

export const COIN_LOT_KINDS = ["purchased", "bonus"] as const;
export type CoinLotKind = (typeof COIN_LOT_KINDS)[number];

/**
 * Coins arrive in lots: each grant is one lot of `amount` coins, of which `remaining` are still
 * unspent. Purchased lots never expire; bonus lots expire a fixed time after they are granted.
 * A wallet's balance is the sum of `remaining` over its lots that have not expired.
 */
export const coinLots = pgTable(
  "coin_lots",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: COIN_LOT_KINDS }).notNull(),
    amount: integer("amount").notNull(),
    remaining: integer("remaining").notNull(),
    /** Null for purchased coins, which never expire. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Where the coins came from: "purchase:<order>", "signup-bonus", "demo", … */
    source: text("source").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("coin_lots_kind_check", oneOf(table.kind, COIN_LOT_KINDS)),
    check("coin_lots_amount_check", sql`${table.amount} > 0`),
    check(
      "coin_lots_remaining_check",
      sql`${table.remaining} >= 0 and ${table.remaining} <= ${table.amount}`,
    ),
    check(
      "coin_lots_expiry_check",
      sql`(${table.kind} = 'purchased' and ${table.expiresAt} is null) or (${table.kind} = 'bonus' and ${table.expiresAt} is not null)`,
    ),
    index("coin_lots_user_id_expires_at_idx").on(table.userId, table.expiresAt),
  ],
);
