import { CONVERSATION_STATUSES, type MessageAttachment } from "@litverse/shared/messages";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/**
 * A conversation between two people; one per pair, its two ids in order. A conversation started by
 * someone who is not the other's friend is a `request` until the other accepts it.
 */
export const conversations = pgTable(
  "conversations",
  {
    id: idColumn(),
    /** The smaller of the two user ids, then the larger: one row per pair. */
    userLowId: personColumn("user_low_id"),
    userHighId: personColumn("user_high_id"),
    status: text("status", { enum: CONVERSATION_STATUSES }).notNull().default("active"),
    /** Who wrote first while the two were not friends. */
    requestedBy: actorColumn("requested_by"),
    /** The newest message, for the conversation list. */
    lastMessageId: uuid("last_message_id").references((): AnyPgColumn => messages.id, {
      onDelete: "set null",
    }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("conversations_status_check", oneOf(table.status, CONVERSATION_STATUSES)),
    check("conversations_pair_order_check", sql`${table.userLowId} < ${table.userHighId}`),
    uniqueIndex("conversations_pair_key").on(table.userLowId, table.userHighId),
    index("conversations_user_high_idx").on(table.userHighId),
  ],
);

/** Each person's side of a conversation: how far they have read, what they cleared, whether they type. */
export const conversationMembers = pgTable(
  "conversation_members",
  {
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    /** "Delete for me" of the whole conversation: what came before is gone for this member. */
    clearedAt: timestamp("cleared_at", { withTimezone: true }),
    /** Typing until then; written at most every few seconds while the person types. */
    typingUntil: timestamp("typing_until", { withTimezone: true }),
    /** Has the conversation open until then (renewed while it is shown): no notification for its messages. */
    viewingUntil: timestamp("viewing_until", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index("conversation_members_user_idx").on(table.userId),
  ],
);

/** Private messages between two people. Unread until the recipient reads them. */
export const messages = pgTable(
  "messages",
  {
    id: idColumn(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references((): AnyPgColumn => conversations.id, { onDelete: "cascade" }),
    senderId: personColumn("sender_id"),
    recipientId: personColumn("recipient_id"),
    body: text("body").notNull(),
    /** An image sent with the message: its media key and size. */
    attachment: jsonb("attachment").$type<MessageAttachment>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** The team member who wrote it, when it was sent as one of the team's personas. */
    writtenBy: actorColumn("written_by"),
  },
  (table) => [
    index("messages_conversation_created_idx").on(table.conversationId, table.createdAt, table.id),
    index("messages_recipient_id_created_at_idx").on(table.recipientId, table.createdAt),
    index("messages_recipient_unread_idx")
      .on(table.recipientId, table.conversationId)
      .where(sql`${table.readAt} is null`),
    index("messages_sender_id_idx").on(table.senderId),
  ],
);

/** Messages a person deleted for themselves only. */
export const messageHides = pgTable(
  "message_hides",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => messages.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.messageId, table.userId] }),
    index("message_hides_user_idx").on(table.userId),
  ],
);
