// Notices to one person. For now: creating them (seed, tests, later features) and the unread badge.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { notifications } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { track } from "../../live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../rpc/context.ts";

export type NotificationRow = typeof notifications.$inferSelect;

export const notificationsTopic = (userId: string) => `user:${userId}:notifications`;

export interface NotificationFields {
  /** What happened: "system", "reply", "new_episode", "coins", … */
  kind: string;
  title: string;
  body?: string;
  /** Where it leads in the app, such as "/coins". */
  link?: string | null;
}

export async function getUnreadCount({ db }: ServiceDeps, user: SessionUser): Promise<number> {
  track(notificationsTopic(user.id));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

export async function createNotification(
  deps: ServiceDeps,
  userId: string,
  fields: NotificationFields,
): Promise<NotificationRow> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, ...fields })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not store the notification.");
    deps.changes.changed(notificationsTopic(userId));
    return row;
  });
}

/** Marks the given notifications of `userId` (all when no ids are given) read. Returns how many changed. */
export async function markNotificationsRead(
  deps: ServiceDeps,
  userId: string,
  notificationIds?: readonly string[],
): Promise<number> {
  if (notificationIds?.length === 0) return 0;
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const updated = await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          notificationIds ? inArray(notifications.id, [...notificationIds]) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    if (updated.length > 0) deps.changes.changed(notificationsTopic(userId));
    return updated.length;
  });
}
