// Email: every message queued before it is sent (the outbox), addresses bulk mail must no longer
// reach, what each person chose to receive, and the newsletter's issues with their clicks.
import {
  DIGEST_FREQUENCIES,
  MAIL_KINDS,
  MAIL_STATUSES,
  NEWSLETTER_ISSUE_STATUSES,
  NEWSLETTER_SUBSCRIPTIONS,
  type NewsletterBlock,
  type NewsletterSegment,
  SUPPRESSION_REASONS,
} from "@litverse/shared/mail";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn, personColumn, users } from "../users/schema.ts";

/**
 * One message to one address. It is written (in the transaction of whatever caused it) before any
 * attempt to send it; the sender claims due rows for a short lease, hands each to the mail server
 * and marks it sent at once. What it says is drawn from `kind` and `params` when it is sent (and
 * again when the team opens it in the outbox); a newsletter's from its issue.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: idColumn(),
    kind: text("kind", { enum: MAIL_KINDS }).notNull(),
    /** Bulk mail (newsletters, digests) skips suppressed addresses; transactional mail does not. */
    isBulk: boolean("is_bulk").notNull(),
    /** Whom it is for; null for an address with no account (never yet). Their mail goes with them. */
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    params: jsonb("params").$type<Record<string, unknown>>().notNull().default({}),
    issueId: uuid("issue_id").references(() => newsletterIssues.id, { onDelete: "cascade" }),
    /** Set for messages that must go once whatever asks twice ("digest:<user>:<day>"). */
    dedupeKey: text("dedupe_key"),
    status: text("status", { enum: MAIL_STATUSES }).notNull().default("queued"),
    attempts: smallint("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** While sending: the claim lapses then, and another sender may take the message again. */
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    // What became of a newsletter, for its report.
    openedAt: timestamp("opened_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    bouncedAt: timestamp("bounced_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
  },
  (table) => [
    check("mail_outbox_kind", oneOf(table.kind, MAIL_KINDS)),
    check("mail_outbox_status", oneOf(table.status, MAIL_STATUSES)),
    index("mail_outbox_due_idx").on(table.nextAttemptAt).where(sql`${table.status} in ('queued', 'sending')`),
    index("mail_outbox_created_idx").on(table.createdAt),
    index("mail_outbox_issue_idx").on(table.issueId),
    index("mail_outbox_user_idx").on(table.userId),
    index("mail_outbox_to_idx").on(table.toAddress),
    uniqueIndex("mail_outbox_dedupe_key").on(table.dedupeKey),
  ],
);

/** Addresses bulk mail no longer goes to, after a hard bounce or a complaint. */
export const mailSuppressions = pgTable(
  "mail_suppressions",
  {
    /** Lowercased. */
    address: text("address").primaryKey(),
    reason: text("reason", { enum: SUPPRESSION_REASONS }).notNull(),
    /** Which report said so: "smtp", "webhook", "ses", "sendgrid", "mailgun", "postmark". */
    source: text("source").notNull(),
    detail: text("detail").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("mail_suppressions_reason", oneOf(table.reason, SUPPRESSION_REASONS))],
);

/** What a person chose to receive by email; no row means the defaults. */
export const mailPreferences = pgTable(
  "mail_preferences",
  {
    userId: personColumn("user_id").primaryKey(),
    moderation: boolean("moderation").notNull().default(true),
    support: boolean("support").notNull().default(true),
    digest: text("digest", { enum: DIGEST_FREQUENCIES }).notNull().default("off"),
    newsletter: text("newsletter", { enum: NEWSLETTER_SUBSCRIPTIONS }).notNull().default("none"),
    /** The address the newsletter was confirmed for: a changed address must confirm again. */
    newsletterAddress: text("newsletter_address"),
    newsletterConfirmedAt: timestamp("newsletter_confirmed_at", { withTimezone: true }),
    /** The last digest's time: the next covers what came since. */
    digestSentAt: timestamp("digest_sent_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("mail_preferences_digest", oneOf(table.digest, DIGEST_FREQUENCIES)),
    check("mail_preferences_newsletter", oneOf(table.newsletter, NEWSLETTER_SUBSCRIPTIONS)),
    index("mail_preferences_newsletter_idx").on(table.userId).where(sql`${table.newsletter} = 'confirmed'`),
  ],
);

export const newsletterIssues = pgTable(
  "newsletter_issues",
  {
    id: idColumn(),
    subject: text("subject").notNull(),
    preheader: text("preheader").notNull().default(""),
    blocks: jsonb("blocks").$type<NewsletterBlock[]>().notNull(),
    segment: jsonb("segment").$type<NewsletterSegment>().notNull(),
    status: text("status", { enum: NEWSLETTER_ISSUE_STATUSES }).notNull().default("draft"),
    scheduledFor: timestamp("scheduled_for", { withTimezone: true }),
    startedAt: timestamp("started_at", { withTimezone: true }),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    /** People it was queued for when it started. */
    recipients: integer("recipients").notNull().default(0),
    createdBy: actorColumn("created_by"),
    ...timestamps(),
  },
  (table) => [
    check("newsletter_issues_status", oneOf(table.status, NEWSLETTER_ISSUE_STATUSES)),
    index("newsletter_issues_due_idx").on(table.scheduledFor).where(sql`${table.status} = 'scheduled'`),
  ],
);

/** Each click on a link of a newsletter: the link's place among the issue's links. */
export const newsletterClicks = pgTable(
  "newsletter_clicks",
  {
    messageId: uuid("message_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    link: smallint("link").notNull(),
    clicks: integer("clicks").notNull().default(1),
    firstAt: timestamp("first_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.link] })],
);

/** The team's newsletter settings: one row. */
export const newsletterSettings = pgTable("newsletter_settings", {
  id: smallint("id").primaryKey().default(1),
  timeZone: text("time_zone").notNull().default("UTC"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
