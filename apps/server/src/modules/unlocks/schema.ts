import { UNLOCK_KINDS } from "@litverse/shared/coins";
import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { idColumn, oneOf } from "../../core/db/columns.ts";
import { ledgerEntries } from "../coins/schema.ts";
import { content, episodes } from "../content/schema.ts";
import { personColumn } from "../users/schema.ts";

/** Episodes a reader has opened with coins, with the wait-for-free timer, or rented. */
export const episodeUnlocks = pgTable(
  "episode_unlocks",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
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
