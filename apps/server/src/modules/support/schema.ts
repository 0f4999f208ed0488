import {
  SLA_TARGETS,
  SUPPORT_CATEGORIES,
  TICKET_MESSAGE_KINDS,
  TICKET_PRIORITIES,
  TICKET_STATUSES,
} from "@litverse/shared/support";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { payments } from "../payments/schema.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/**
 * A request for help. The SLA due times are wall-clock times that move on by the length of each
 * pause (pending, on hold) when it ends, so a paused ticket's timers stand still.
 */
export const supportTickets = pgTable(
  "support_tickets",
  {
    id: idColumn(),
    /** What people quote: #1001, #1002, … */
    number: integer("number").generatedAlwaysAsIdentity({ startWith: 1001 }).notNull(),
    userId: personColumn("user_id"),
    category: text("category", { enum: SUPPORT_CATEGORIES }).notNull().default("other"),
    subject: text("subject").notNull(),
    status: text("status", { enum: TICKET_STATUSES }).notNull().default("new"),
    priority: text("priority", { enum: TICKET_PRIORITIES }).notNull().default("normal"),
    assigneeId: actorColumn("assignee_id"),
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    unlockId: uuid("unlock_id").references(() => episodeUnlocks.id, { onDelete: "set null" }),
    /** When someone on the team first replied (notes do not count). */
    firstResponseAt: timestamp("first_response_at", { withTimezone: true }),
    firstReplyDueAt: timestamp("first_reply_due_at", { withTimezone: true }).notNull(),
    /** Set while the person waits for an answer to a later message. */
    nextReplyDueAt: timestamp("next_reply_due_at", { withTimezone: true }),
    resolutionDueAt: timestamp("resolution_due_at", { withTimezone: true }).notNull(),
    pausedSince: timestamp("paused_since", { withTimezone: true }),
    /** When it was last solved or closed; null while it is being worked on. */
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** Who wrote the latest reply: the person's own side or the team's. */
    lastReplyBy: text("last_reply_by", { enum: ["requester", "agent"] })
      .notNull()
      .default("requester"),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    ratingScore: smallint("rating_score"),
    ratingComment: text("rating_comment"),
    ratedAt: timestamp("rated_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("support_tickets_status_check", oneOf(table.status, TICKET_STATUSES)),
    check("support_tickets_priority_check", oneOf(table.priority, TICKET_PRIORITIES)),
    check("support_tickets_category_check", oneOf(table.category, SUPPORT_CATEGORIES)),
    check(
      "support_tickets_rating_check",
      sql`${table.ratingScore} is null or ${table.ratingScore} between 1 and 5`,
    ),
    uniqueIndex("support_tickets_number_idx").on(table.number),
    index("support_tickets_user_id_idx").on(table.userId, table.updatedAt),
    index("support_tickets_active_idx")
      .on(table.status, table.priority)
      .where(sql`${table.status} not in ('solved', 'closed')`),
    index("support_tickets_unattended_idx")
      .on(table.createdAt)
      .where(sql`${table.firstResponseAt} is null and ${table.status} not in ('solved', 'closed')`),
    index("support_tickets_created_at_idx").on(table.createdAt),
  ],
);

/** A ticket's thread: replies both sides see, the team's internal notes, and recorded actions. */
export const supportMessages = pgTable(
  "support_messages",
  {
    id: idColumn(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    authorId: actorColumn("author_id"),
    kind: text("kind", { enum: TICKET_MESSAGE_KINDS }).notNull(),
    fromAgent: boolean("from_agent").notNull().default(false),
    body: text("body").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("support_messages_kind_check", oneOf(table.kind, TICKET_MESSAGE_KINDS)),
    index("support_messages_ticket_idx").on(table.ticketId, table.createdAt),
    index("support_messages_author_idx").on(table.authorId, table.createdAt),
  ],
);

/** Files sent with a message: re-encoded pictures and checked PDF files. */
export const supportAttachments = pgTable(
  "support_attachments",
  {
    id: idColumn(),
    messageId: uuid("message_id")
      .notNull()
      .references(() => supportMessages.id, { onDelete: "cascade" }),
    /** The media key under `support/<ticket id>/`. */
    fileKey: text("file_key").notNull(),
    name: text("name").notNull(),
    kind: text("kind", { enum: ["image", "pdf"] }).notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
  },
  (table) => [index("support_attachments_message_idx").on(table.messageId)],
);

/** Targets per priority, in minutes. */
export const supportSlaPolicies = pgTable(
  "support_sla_policies",
  {
    priority: text("priority", { enum: TICKET_PRIORITIES }).primaryKey(),
    firstReplyMinutes: integer("first_reply_minutes").notNull(),
    nextReplyMinutes: integer("next_reply_minutes").notNull(),
    resolutionMinutes: integer("resolution_minutes").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("support_sla_policies_priority_check", oneOf(table.priority, TICKET_PRIORITIES))],
);

/** Each target a ticket missed, once per due time (a next reply can be missed more than once). */
export const supportSlaBreaches = pgTable(
  "support_sla_breaches",
  {
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => supportTickets.id, { onDelete: "cascade" }),
    target: text("target", { enum: SLA_TARGETS }).notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    breachedAt: timestamp("breached_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.ticketId, table.target, table.dueAt] }),
    check("support_sla_breaches_target_check", oneOf(table.target, SLA_TARGETS)),
    index("support_sla_breaches_breached_at_idx").on(table.breachedAt),
  ],
);

/** Replies agents reuse, with variables filled in when used. */
export const supportCannedReplies = pgTable("support_canned_replies", {
  id: idColumn(),
  title: text("title").notNull(),
  body: text("body").notNull(),
  createdBy: actorColumn("created_by"),
  ...timestamps(),
});
