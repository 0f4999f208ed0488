// Notices to every administrator, each of whom reads them separately: what the system raises
// (failed imports, refused payment webhooks, new reports).
import type { AdminNotificationItem } from "@litverse/shared/notifications";
import { and, desc, eq, inArray, notExists, sql } from "drizzle-orm";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import type { NotificationFields } from "../notifications/index.ts";
import { adminNotificationReads, adminNotifications } from "../notifications/schema.ts";

export type AdminNotificationRow = typeof adminNotifications.$inferSelect;

/** The admin notifications themselves: new ones, removed ones. */
export const ADMIN_NOTIFICATIONS_TOPIC = "admin-notifications";
/** Which admin notifications this administrator has read. */
export const adminNotificationReadsTopic = (userId: string) => `user:${userId}:admin-notification-reads`;

/** Admin notifications the caller has not read. */
export async function getUnreadCount({ db }: ServiceDeps, user: SessionUser): Promise<number> {
  track(ADMIN_NOTIFICATIONS_TOPIC, adminNotificationReadsTopic(user.id));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(adminNotifications)
    .where(
      notExists(
        db
          .select({ one: sql`1` })
          .from(adminNotificationReads)
          .where(
            and(
              eq(adminNotificationReads.notificationId, adminNotifications.id),
              eq(adminNotificationReads.userId, user.id),
            ),
          ),
      ),
    );
  return row?.count ?? 0;
}

export async function createAdminNotification(
  deps: ServiceDeps,
  fields: NotificationFields,
): Promise<AdminNotificationRow> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx.insert(adminNotifications).values(fields).returning();
    if (!row) throw new AppError("CONFLICT", "Could not store the notification.");
    deps.changes.changed(ADMIN_NOTIFICATIONS_TOPIC);
    return row;
  });
}

/**
 * Records that `userId` has read the given admin notifications (all of them when no ids are
 * given). Returns how many were newly marked.
 */
export async function markAdminNotificationsRead(
  deps: ServiceDeps,
  userId: string,
  notificationIds?: readonly string[],
): Promise<number> {
  if (notificationIds?.length === 0) return 0;
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const targets = await tx
      .select({ id: adminNotifications.id })
      .from(adminNotifications)
      .where(notificationIds ? inArray(adminNotifications.id, [...notificationIds]) : undefined);
    if (targets.length === 0) return 0;
    const inserted = await tx
      .insert(adminNotificationReads)
      .values(targets.map(({ id }) => ({ notificationId: id, userId })))
      .onConflictDoNothing()
      .returning({ id: adminNotificationReads.notificationId });
    if (inserted.length > 0) deps.changes.changed(adminNotificationReadsTopic(userId));
    return inserted.length;
  });
}

/** The newest admin notifications with whether the caller has read each. Live. */
export async function listAdminNotifications(
  { db }: ServiceDeps,
  user: SessionUser,
  input: { cursor?: string | null; limit: number },
): Promise<{ items: AdminNotificationItem[]; nextCursor: string | null }> {
  track(ADMIN_NOTIFICATIONS_TOPIC, adminNotificationReadsTopic(user.id));
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const rows = await db
    .select({
      id: adminNotifications.id,
      kind: adminNotifications.kind,
      title: adminNotifications.title,
      body: adminNotifications.body,
      link: adminNotifications.link,
      createdAt: adminNotifications.createdAt,
      readAt: adminNotificationReads.readAt,
    })
    .from(adminNotifications)
    .leftJoin(
      adminNotificationReads,
      and(
        eq(adminNotificationReads.notificationId, adminNotifications.id),
        eq(adminNotificationReads.userId, user.id),
      ),
    )
    .where(after ? olderThan(adminNotifications, after) : undefined)
    .orderBy(desc(adminNotifications.createdAt), desc(adminNotifications.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({
      _id: row.id,
      kind: row.kind,
      title: row.title,
      body: row.body,
      link: row.link,
      createdAt: row.createdAt.toISOString(),
      isRead: row.readAt !== null,
    })),
    nextCursor: rows.length > input.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}
