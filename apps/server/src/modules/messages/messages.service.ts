// Private messages between people. For now: sending and the unread badge.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { messages, users } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { track } from "../../live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../rpc/context.ts";

export type MessageRow = typeof messages.$inferSelect;

/** Messages received by this user: new ones, and their read state. */
export const inboxTopic = (userId: string) => `user:${userId}:inbox`;

/** How many messages to the caller are unread. */
export async function getUnreadCount({ db }: ServiceDeps, user: SessionUser): Promise<number> {
  track(inboxTopic(user.id));
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.recipientId, user.id), isNull(messages.readAt)));
  return row?.count ?? 0;
}

export async function sendMessage(
  deps: ServiceDeps,
  message: { senderId: string; recipientId: string; body: string },
): Promise<MessageRow> {
  const body = message.body.trim();
  if (!body) throw new AppError("BAD_REQUEST", "A message cannot be empty.");
  if (message.senderId === message.recipientId) {
    throw new AppError("BAD_REQUEST", "You cannot send a message to yourself.");
  }
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [recipient] = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.id, message.recipientId));
    if (!recipient) throw new AppError("NOT_FOUND", "There is nobody with that id to send a message to.");
    const [row] = await tx
      .insert(messages)
      .values({ senderId: message.senderId, recipientId: message.recipientId, body })
      .returning();
    if (!row) throw new AppError("CONFLICT", "Could not send the message.");
    deps.changes.changed(inboxTopic(row.recipientId));
    return row;
  });
}

/** Marks the given messages to `userId` (all of them when no ids are given) read. Returns how many changed. */
export async function markMessagesRead(
  deps: ServiceDeps,
  userId: string,
  messageIds?: readonly string[],
): Promise<number> {
  if (messageIds?.length === 0) return 0;
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const updated = await tx
      .update(messages)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(messages.recipientId, userId),
          isNull(messages.readAt),
          messageIds ? inArray(messages.id, [...messageIds]) : undefined,
        ),
      )
      .returning({ id: messages.id });
    if (updated.length > 0) deps.changes.changed(inboxTopic(userId));
    return updated.length;
  });
}
