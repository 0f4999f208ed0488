import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn } from "./columns.ts";
import { users } from "./users.ts";

/** Private messages between two people. Unread until the recipient reads them. */
export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    senderId: uuid("sender_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    recipientId: uuid("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    index("messages_recipient_id_created_at_idx").on(table.recipientId, table.createdAt),
    index("messages_recipient_unread_idx").on(table.recipientId).where(sql`${table.readAt} is null`),
    index("messages_sender_id_idx").on(table.senderId),
  ],
);
