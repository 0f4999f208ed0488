// What the messages services share: the conversation between two people (one per pair) and one's
// side of it, whether it is a request or hidden, who may write now (blocks end it all, both ways),
// the caller's own messages, and a message as the client sees it.
import { type ChatMessage, MAX_UNANSWERED_REQUEST_MESSAGES } from "@litverse/shared/messages";
import { and, eq, isNull, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { isBlockedEitherWay } from "../friends/index.ts";
import { requireOtherPerson } from "../profiles/index.ts";
import { conversationMembers, conversations, messages } from "./schema.ts";

export type MessageRow = typeof messages.$inferSelect;
export type ConversationRow = typeof conversations.$inferSelect;

export const BLOCKED = "You cannot message this person.";

export const pairOf = (a: string, b: string) => (a < b ? { low: a, high: b } : { low: b, high: a });

export async function conversationBetween(
  db: Executor,
  a: string,
  b: string,
): Promise<ConversationRow | null> {
  const { low, high } = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  return row ?? null;
}

export const NOT_YOURSELF = "You cannot send a message to yourself.";

export const requirePartner = (db: Executor, me: string, partnerId: string) =>
  requireOtherPerson(db, me, partnerId, NOT_YOURSELF);

/** One person's side of a conversation: the member row. */
export const memberRow = (conversationId: string, userId: string) =>
  and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId));

/** Whether `me` waits on this conversation: someone else asked, and `me` has not answered. */
export const isRequestTo = (row: Pick<ConversationRow, "status" | "requestedBy">, me: string) =>
  row.status === "request" && row.requestedBy !== null && row.requestedBy !== me;

/** Hidden from `me`: a request they declined (its sender is not told, and keeps writing into it). */
export const isHiddenFrom = (row: Pick<ConversationRow, "status" | "requestedBy">, me: string) =>
  row.status === "declined" && row.requestedBy !== me;

/**
 * The status as `me` sees it: the sender of a declined request is not told, so to them it is still
 * a request (with a request's limits, and no read receipts).
 */
export const statusSeenBy = (row: Pick<ConversationRow, "status" | "requestedBy">, me: string) =>
  row.status === "declined" && row.requestedBy === me ? "request" : row.status;

/** Why `me` cannot write to `partnerId` now, or null when they can. */
export async function cannotSendBecause(
  db: Executor,
  me: string,
  partnerId: string,
  conversation: ConversationRow | null,
): Promise<string | null> {
  if (await isBlockedEitherWay(db, me, partnerId)) return BLOCKED;
  if (!conversation) return null;
  if (isRequestTo(conversation, me)) return "Accept the request to reply.";
  if (statusSeenBy(conversation, me) === "request" && conversation.requestedBy === me) {
    const [sent] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from messages where conversation_id = ${conversation.id} and sender_id = ${me}`,
    );
    // Stryker disable next-line OptionalChaining: count(*) always returns one row
    if ((sent?.count ?? 0) >= MAX_UNANSWERED_REQUEST_MESSAGES) {
      return "You can send more once they accept your message request.";
    }
  }
  return null;
}

/** What the recipient of a message moderators hid from them reads in its place. */
export const REMOVED_BY_MODERATORS = "This message was removed by moderators.";

/** A message as removed: its words replaced, its picture gone. */
export const asRemoved = (message: ChatMessage): ChatMessage => ({
  ...message,
  body: REMOVED_BY_MODERATORS,
  image: null,
});

export function toChatMessage(
  row: MessageRow,
  me: string,
  imageBase: string | null,
  /** The sender of a declined request sees no read receipts: declining marks what they sent read. */
  hidesReceipts = false,
): ChatMessage {
  const attachment = row.attachment;
  return {
    _id: row.id,
    body: row.body,
    fromMe: row.senderId === me,
    createdAt: row.createdAt.toISOString(),
    readAt: hidesReceipts ? null : (row.readAt?.toISOString() ?? null),
    image:
      attachment && imageBase
        ? {
            url: `${imageBase}/${attachment.key.split("/").pop()}`,
            width: attachment.width,
            height: attachment.height,
          }
        : null,
  };
}

/** Marks every message `userId` received in the conversation as read; returns those it marked. */
export function markReceivedRead(tx: Executor, conversationId: string, userId: string) {
  return tx
    .update(messages)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(messages.conversationId, conversationId),
        eq(messages.recipientId, userId),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id });
}

/** The message, if it belongs to a conversation of the caller's; NOT_FOUND otherwise. */
export async function ownMessage(db: Executor, userId: string, messageId: string): Promise<MessageRow> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!row || (row.senderId !== userId && row.recipientId !== userId)) {
    throw new AppError("NOT_FOUND", "There is no such message.");
  }
  return row;
}
