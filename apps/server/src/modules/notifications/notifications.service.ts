// Notices to one person. Every area tells people things through `notify`, which follows their
// choices per kind: a notification in the app, and a web push to the devices they allowed.
import {
  NOTIFICATION_KIND_LABELS,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationKind,
  type NotificationPage,
  type NotificationPreference,
} from "@litverse/shared/notifications";
import { and, desc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { peopleByIds } from "../profiles/index.ts";
import { pushToUser } from "./push.ts";
import { notificationPreferences, notifications } from "./schema.ts";

export type NotificationRow = typeof notifications.$inferSelect;

export const notificationsTopic = (userId: string) => `user:${userId}:notifications`;
/** Announced once per batch of a broadcast, which reaches too many people to name each. */
export const BROADCAST_TOPIC = "notifications:broadcast";
export const notificationPreferencesTopic = (userId: string) => `user:${userId}:notification-preferences`;

export interface NotificationFields {
  /** What happened: one of NOTIFICATION_KINDS, or an admin notice's own kind. */
  kind: string;
  title: string;
  body?: string;
  /** Where it leads in the app, such as "/coins/buy". */
  link?: string | null;
}

export interface Notice extends NotificationFields {
  kind: NotificationKind;
  /** Who caused it. */
  actorId?: string | null;
  /** Set for notices that must reach the person once, whatever runs twice. */
  dedupeKey?: string | null;
  /** When it happened, if not now. */
  createdAt?: Date;
}

/**
 * Unread notifications, for the menu's badge. Notices of new messages are left out: the badge
 * counts the messages themselves already.
 */
export async function getUnreadCount({ db }: ServiceDeps, user: SessionUser): Promise<number> {
  track(notificationsTopic(user.id), BROADCAST_TOPIC);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(eq(notifications.userId, user.id), isNull(notifications.readAt), ne(notifications.kind, "message")),
    );
  return row?.count ?? 0;
}

/** Stores a notification as it is, whatever the person's choices (seed, tests, system notices). */
export async function createNotification(
  deps: ServiceDeps,
  userId: string,
  fields: NotificationFields & { actorId?: string | null; dedupeKey?: string | null; createdAt?: Date },
): Promise<NotificationRow | null> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(notifications)
      .values({ userId, ...fields })
      .onConflictDoNothing()
      .returning();
    if (row) deps.changes.changed(notificationsTopic(userId));
    return row ?? null;
  });
}

/** The person's choices for `kind`: both on unless they said otherwise. */
export async function preferenceFor(
  db: Executor,
  userId: string,
  kind: NotificationKind,
): Promise<{ inApp: boolean; push: boolean }> {
  const [row] = await db
    .select({ inApp: notificationPreferences.inApp, push: notificationPreferences.push })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.kind, kind)));
  return row ?? { inApp: true, push: true };
}

/**
 * Tells `userId` about something, as their choices for its kind say: in the app, and by web push
 * to their devices. Returns the stored notification, or null when they turned the kind off in the
 * app (or a notice with the same `dedupeKey` reached them already).
 */
export async function notify(
  deps: ServiceDeps,
  userId: string,
  notice: Notice,
): Promise<NotificationRow | null> {
  const choice = await preferenceFor(deps.db, userId, notice.kind);
  const row = choice.inApp ? await createNotification(deps, userId, notice) : null;
  if (choice.push && (row || !notice.dedupeKey)) {
    pushToUser(deps, userId, {
      title: notice.title,
      body: notice.body ?? "",
      link: notice.link ?? null,
      tag: notice.dedupeKey ?? row?.id ?? notice.kind,
    });
  }
  return row;
}

/** The caller's notifications, newest first, a page at a time. The first page is watched live. */
export async function listNotifications(
  deps: ServiceDeps,
  user: SessionUser,
  input: { cursor?: string | null; limit: number },
): Promise<NotificationPage> {
  track(notificationsTopic(user.id), BROADCAST_TOPIC);
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const rows = await deps.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, user.id), after ? olderThan(notifications, after) : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const actors = await peopleByIds(
    deps.db,
    page.flatMap((row) => (row.actorId ? [row.actorId] : [])),
  );
  const last = page.at(-1);
  return {
    items: page.map(
      (row): NotificationItem => ({
        _id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        link: row.link,
        createdAt: row.createdAt.toISOString(),
        readAt: row.readAt?.toISOString() ?? null,
        actor: row.actorId ? (actors.get(row.actorId) ?? null) : null,
      }),
    ),
    nextCursor: rows.length > input.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
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

/** The caller's choice per kind, in the order the settings list them. */
export async function getNotificationPreferences(
  deps: ServiceDeps,
  user: SessionUser,
): Promise<NotificationPreference[]> {
  track(notificationPreferencesTopic(user.id));
  const rows = await deps.db
    .select()
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, user.id));
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return NOTIFICATION_KINDS.map((kind) => ({
    kind,
    label: NOTIFICATION_KIND_LABELS[kind],
    inApp: byKind.get(kind)?.inApp ?? true,
    push: byKind.get(kind)?.push ?? true,
  }));
}

export async function setNotificationPreference(
  deps: ServiceDeps,
  user: SessionUser,
  input: { kind: NotificationKind; inApp?: boolean; push?: boolean },
): Promise<NotificationPreference[]> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const current = await preferenceFor(tx, user.id, input.kind);
    const next = { inApp: input.inApp ?? current.inApp, push: input.push ?? current.push };
    await tx
      .insert(notificationPreferences)
      .values({ userId: user.id, kind: input.kind, ...next })
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { ...next, updatedAt: new Date() },
      });
    deps.changes.changed(notificationPreferencesTopic(user.id));
  });
  return getNotificationPreferences(deps, user);
}
