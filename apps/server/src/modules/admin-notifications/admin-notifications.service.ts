// Notices to every administrator, each of whom reads them separately.
import { and, eq, inArray, notExists, sql } from "drizzle-orm";
import { adminNotificationReads, adminNotifications } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { track } from "../../live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../rpc/context.ts";
import type { NotificationFields } from "../notifications/notifications.service.ts";

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
