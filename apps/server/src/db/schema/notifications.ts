import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { idColumn } from "./columns.ts";
import { users } from "./users.ts";

/** Notices to one person (a reply, a new episode, coins received, …). */
export const notifications = pgTable(
  "notifications",
  {
    id: idColumn(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** What happened, for icons and grouping: "system", "reply", "new_episode", … */
    kind: text("kind").notNull(),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    /** Where the notice leads in the app, if anywhere. */
    link: text("link"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (table) => [
    index("notifications_user_id_created_at_idx").on(table.userId, table.createdAt),
    index("notifications_user_unread_idx").on(table.userId).where(sql`${table.readAt} is null`),
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
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    readAt: timestamp("read_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.notificationId, table.userId] }),
    index("admin_notification_reads_user_id_idx").on(table.userId),
  ],
);
