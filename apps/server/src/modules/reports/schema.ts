import {
  HIDE_AUDIENCES,
  MODERATION_ITEM_STATES,
  MODERATION_KINDS,
  REPORT_CATEGORIES,
  type ReportCategory,
} from "@litverse/shared/moderation";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

export const REPORT_STATES = ["open", "upheld", "dismissed"] as const;
export const REPORT_SOURCES = ["report", "notice"] as const;

/**
 * Everything reported, once per item whatever the number of reports: the moderation queue's rows.
 * Its figures (reports, weight, most severe category) are kept as reports arrive, so that the
 * queue is one indexed read. An item hidden pending review or by a decision is hidden here, and
 * every list of such items leaves it out (hidden-items.ts).
 */
export const moderationItems = pgTable(
  "moderation_items",
  {
    id: idColumn(),
    kind: text("kind", { enum: MODERATION_KINDS }).notNull(),
    targetId: text("target_id").notNull(),
    /** Who wrote or uploaded it, or the person a profile is; null once their account is gone. */
    authorId: actorColumn("author_id"),
    /** How moderators should call it ("Post in The Lantern Society"), kept from the first report. */
    label: text("label").notNull(),
    /** What it said when first reported, for when it is edited or deleted since. */
    snapshot: text("snapshot"),
    state: text("state", { enum: MODERATION_ITEM_STATES }).notNull().default("pending"),
    /** The most severe category among the open reports (REPORT_CATEGORY_SEVERITY). */
    severity: smallint("severity").notNull().default(0),
    /** The open reports' weights added up, and their number. */
    weight: real("weight").notNull().default(0),
    openReports: integer("open_reports").notNull().default(0),
    hasNotice: boolean("has_notice").notNull().default(false),
    /** Hidden from everyone, or from readers under 18; null when shown. */
    hiddenFrom: text("hidden_from", { enum: HIDE_AUDIENCES }),
    /** Hidden at once because its weighted reports crossed the threshold, pending review. */
    autoHiddenAt: timestamp("auto_hidden_at", { withTimezone: true }),
    /** Removed by a decision: hidden for good, kept until the appeal window ends. */
    removedAt: timestamp("removed_at", { withTimezone: true }),
    claimedBy: actorColumn("claimed_by"),
    claimedAt: timestamp("claimed_at", { withTimezone: true }),
    firstReportedAt: timestamp("first_reported_at", { withTimezone: true }).notNull().defaultNow(),
    lastReportedAt: timestamp("last_reported_at", { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("moderation_items_target_key").on(table.kind, table.targetId),
    check("moderation_items_kind_check", oneOf(table.kind, MODERATION_KINDS)),
    check("moderation_items_state_check", oneOf(table.state, MODERATION_ITEM_STATES)),
    check(
      "moderation_items_hidden_from_check",
      sql`${table.hiddenFrom} is null or ${oneOf(table.hiddenFrom, HIDE_AUDIENCES)}`,
    ),
    // The queue: what waits, notices and the most severe first, then the heaviest and oldest,
    // in the order the queue reads it, so that a page is a walk of the index.
    index("moderation_items_queue_idx").on(
      table.state,
      table.hasNotice.desc(),
      table.severity.desc(),
      table.weight.desc(),
      table.firstReportedAt,
      table.id,
    ),
    // What lists leave out: a lookup in a small index.
    index("moderation_items_hidden_idx")
      .on(table.kind, table.targetId, table.hiddenFrom)
      .where(sql`${table.hiddenFrom} is not null`),
    index("moderation_items_author_idx").on(table.authorId),
  ],
);

/**
 * Reports of people and of what they post, and notices of illegal content, each attached to its
 * item. A report's weight is its reporter's standing when it was made.
 */
export const reports = pgTable(
  "reports",
  {
    id: idColumn(),
    /** Null for a notice from someone not signed in, or once the reporter's account is gone. */
    reporterId: actorColumn("reporter_id"),
    itemId: uuid("item_id")
      .notNull()
      .references(() => moderationItems.id, { onDelete: "cascade" }),
    targetKind: text("target_kind", { enum: MODERATION_KINDS }).notNull(),
    targetId: text("target_id").notNull(),
    /** Who wrote or is the target, so that moderators see a person's reports together. */
    targetUserId: actorColumn("target_user_id"),
    category: text("category", { enum: REPORT_CATEGORIES }).notNull(),
    details: text("details").notNull().default(""),
    /** What the target said when it was reported (a message's text), kept for moderators. */
    snapshot: text("snapshot"),
    weight: real("weight").notNull().default(1),
    source: text("source", { enum: REPORT_SOURCES }).notNull().default("report"),
    /** The notice this report stands for (source "notice"). */
    noticeId: uuid("notice_id"),
    status: text("status", { enum: REPORT_STATES }).notNull().default("open"),
    resolvedBy: actorColumn("resolved_by"),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("reports_target_kind_check", oneOf(table.targetKind, MODERATION_KINDS)),
    check("reports_category_check", oneOf(table.category, REPORT_CATEGORIES)),
    check("reports_status_check", oneOf(table.status, REPORT_STATES)),
    check("reports_source_check", oneOf(table.source, REPORT_SOURCES)),
    index("reports_target_idx").on(table.targetKind, table.targetId),
    index("reports_item_idx").on(table.itemId, table.createdAt),
    // The queue filtered by category: the items with an open report of it.
    index("reports_open_category_idx").on(table.category, table.itemId).where(sql`${table.status} = 'open'`),
    index("reports_open_idx").on(table.createdAt).where(sql`${table.status} = 'open'`),
    index("reports_target_user_idx").on(table.targetUserId),
    index("reports_reporter_idx").on(table.reporterId, table.createdAt),
    // One open report per person and target: reporting again changes nothing.
    uniqueIndex("reports_reporter_target_open_key")
      .on(table.reporterId, table.targetKind, table.targetId)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** Moderation's settings, in one row (id 1): the weighted reports that hide an item, per category. */
export const moderationSettings = pgTable(
  "moderation_settings",
  {
    id: integer("id").primaryKey().default(1),
    hideThresholds: jsonb("hide_thresholds").$type<Partial<Record<ReportCategory, number>>>().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("moderation_settings_single_row", sql`${table.id} = 1`)],
);

/** How often a person's reports were upheld or dismissed: their next reports' weight. */
export const reporterStanding = pgTable("reporter_standing", {
  userId: personColumn("user_id").primaryKey(),
  upheld: integer("upheld").notNull().default(0),
  dismissed: integer("dismissed").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
