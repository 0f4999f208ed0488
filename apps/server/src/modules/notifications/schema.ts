import { ANNOUNCEMENT_AUDIENCES, ANNOUNCEMENT_STATUSES } from "@litverse/shared/notifications";
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { idColumn, oneOf, timestamps } from "../../core/db/columns.ts";
import { actorColumn, personColumn } from "../users/schema.ts";

/** Notices to one person (a reply, a new episode, coins received, …). */
export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    /** What happened, for icons and grouping: "system", "reply", "new_episode", … */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** Where the notice leads in the app, if anywhere. */
    link: text("link"),
    /** Who caused it (the friend who asked, the person who wrote), for their picture. */
    actorId: actorColumn("actor_id"),
    /**
     * Set for notices that must reach a person once whatever runs twice (a broadcast resumed after a
     * crash, a daily check of expiring coins): "announcement:<id>", "coins-expiring:<lot id>".
     */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    index("notifications_user_id_created_at_idx").on(table.userId, table.createdAt),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
    uniqueIndex("notifications_user_dedupe_key")
      .on(table.userId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);

/** A person's choice for one kind of notification; no row means the defaults (both on). */
export const notificationPreferences = pgTable(
  "notification_preferences",
  {
    userId: personColumn("user_id"),
    kind: text("kind").notNull(),
    inApp: boolean("in_app").notNull().default(true),
    push: boolean("push").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** Browsers (devices) a person allowed to show web push notifications, as the Push API describes them. */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: idColumn(),
    userId: personColumn("user_id"),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    userAgent: text("user_agent"),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** Failures in a row; a subscription the push service says is gone is deleted instead. */
    failures: integer("failures").notNull().default(0),
    ...timestamps(),
  },
  (table) => [
    uniqueIndex("push_subscriptions_endpoint_key").on(table.endpoint),
    index("push_subscriptions_user_idx").on(table.userId),
  ],
);

/** A notice an administrator sends to everyone or to one role, delivered by a background job. */
export const announcements = pgTable(
  "announcements",
  {
    id: idColumn(),
    authorId: actorColumn("author_id"),
    audience: text("audience", { enum: ANNOUNCEMENT_AUDIENCES }).notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    status: text("status", { enum: ANNOUNCEMENT_STATUSES }).notNull().default("queued"),
    /** People it has reached so far. */
    recipients: integer("recipients").notNull().default(0),
    jobId: uuid("job_id"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps(),
  },
  (table) => [
    check("announcements_audience_check", oneOf(table.audience, ANNOUNCEMENT_AUDIENCES)),
    check("announcements_status_check", oneOf(table.status, ANNOUNCEMENT_STATUSES)),
    index("announcements_created_idx").on(table.createdAt),
  ],
);

/** Notices to every administrator (a new report, a payment problem, …), read by each separately. */
export const adminNotifications = pgTable(
  "admin_notifications",
  {
    id: idColumn(),
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("admin_notifications_created_at_idx").on(table.createdAt)],
);

/** Which administrator has read which admin notification. */
export const adminNotificationReads = pgTable(
  "admin_notification_reads",
  {
    notificationId: uuid("notification_id")
      .notNull()
      .references(() => adminNotifications.id, { onDelete: "cascade" }),
    userId: personColumn("user_id"),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.userId] }),
    index("admin_notification_reads_user_id_idx").on(table.userId),
  ],
);
