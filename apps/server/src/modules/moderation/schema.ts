import {
  APPEAL_STATES,
  COMMUNITY_RULES,
  HIDE_AUDIENCES,
  MODERATION_ACTIONS,
} from "@litverse/shared/moderation";
import { sql } from "drizzle-orm";
import {
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
import { idColumn, oneOf } from "../../core/db/columns.ts";
import { moderationItems } from "../reports/schema.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/**
 * What moderators decided about an item, with the statement of reasons its author receives. Every
 * decision but a dismissal is a strike on the author until an appeal reverses it.
 */
export const moderationDecisions = pgTable(
  "moderation_decisions",
  {
    id: idColumn(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => moderationItems.id, { onDelete: "cascade" }),
    /** The author when it was decided. */
    authorId: actorColumn("author_id"),
    action: text("action", { enum: MODERATION_ACTIONS }).notNull(),
    hiddenFrom: text("hidden_from", { enum: HIDE_AUDIENCES }),
    rule: text("rule", { enum: COMMUNITY_RULES }),
    legalGround: text("legal_ground"),
    explanation: text("explanation").notNull(),
    suspendedDays: integer("suspended_days"),
    isAutomated: boolean("is_automated").notNull().default(false),
    isStrike: boolean("is_strike").notNull(),
    decidedBy: actorColumn("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }).notNull().defaultNow(),
    appealableUntil: timestamp("appealable_until", { withTimezone: true }).notNull(),
    /**
     * A secret in the address of the decision's appeal page, for an author who can no longer sign
     * in (suspended or banned): their sign-in refusal carries it.
     */
    appealKey: text("appeal_key").notNull(),
    reversedAt: timestamp("reversed_at", { withTimezone: true }),
  },
  (table) => [
    check("moderation_decisions_action_check", oneOf(table.action, MODERATION_ACTIONS)),
    check(
      "moderation_decisions_rule_check",
      sql`${table.rule} is null or ${oneOf(table.rule, COMMUNITY_RULES)}`,
    ),
    uniqueIndex("moderation_decisions_appeal_key").on(table.appealKey),
    index("moderation_decisions_item_idx").on(table.itemId, table.decidedAt),
    index("moderation_decisions_author_idx").on(table.authorId, table.decidedAt),
    index("moderation_decisions_decided_at_idx").on(table.decidedAt),
  ],
);

/** An author's appeal of a decision: once per decision, decided by another moderator. */
export const moderationAppeals = pgTable(
  "moderation_appeals",
  {
    id: idColumn(),
    decisionId: uuid("decision_id")
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: "cascade" }),
    authorId: personColumn("author_id"),
    explanation: text("explanation").notNull(),
    state: text("state", { enum: APPEAL_STATES }).notNull().default("pending"),
    reply: text("reply"),
    decidedBy: actorColumn("decided_by"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("moderation_appeals_decision_key").on(table.decisionId),
    check("moderation_appeals_state_check", oneOf(table.state, APPEAL_STATES)),
    index("moderation_appeals_pending_idx").on(table.createdAt).where(sql`${table.state} = 'pending'`),
  ],
);

/** Notes between moderators about an item. */
export const moderationNotes = pgTable(
  "moderation_notes",
  {
    id: idColumn(),
    itemId: uuid("item_id")
      .notNull()
      .references(() => moderationItems.id, { onDelete: "cascade" }),
    authorId: actorColumn("author_id"),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("moderation_notes_item_idx").on(table.itemId, table.createdAt)],
);

/**
 * Notices of illegal content from anyone, signed in or not: what the sender gave, the item it
 * names when the address leads to one, and the reference the sender follows it by.
 */
export const illegalContentNotices = pgTable(
  "illegal_content_notices",
  {
    id: idColumn(),
    reference: text("reference").notNull(),
    url: text("url").notNull(),
    explanation: text("explanation").notNull(),
    legalGround: text("legal_ground").notNull(),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    /** The sender, when signed in. */
    senderId: actorColumn("sender_id"),
    itemId: uuid("item_id").references(() => moderationItems.id, { onDelete: "set null" }),
    outcome: text("outcome"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("illegal_content_notices_reference_key").on(table.reference)],
);
