import { sql } from "drizzle-orm";
import { check, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "./columns.ts";
import { users } from "./users.ts";

export const SUPPORT_TICKET_STATUSES = ["open", "in_progress", "resolved", "closed"] as const;
export type SupportTicketStatus = (typeof SUPPORT_TICKET_STATUSES)[number];

/** Requests for help. Unattended while open with no answer from the team yet. */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    subject: text("subject").notNull(),
    status: text("status", { enum: SUPPORT_TICKET_STATUSES }).notNull().default("open"),
    /** When someone on the team first answered. */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("support_tickets_status_check", oneOf(table.status, SUPPORT_TICKET_STATUSES)),
    index("support_tickets_user_id_idx").on(table.userId),
    index("support_tickets_unattended_idx")
      .on(table.createdAt)
      .where(sql`${table.status} = 'open' and ${table.firstResponseAt} is null`),
  ],
);
