// Sending a direct message (text, a picture, or both): the conversation opened on the first one,
// as a request between people who are not friends, and the recipient told of each new burst.
import { randomUUID } from "node:crypto";
import type { ChatMessage, MessageAttachment } from "@litverse/shared/messages";
import { eq, sql } from "drizzle-orm";
import { countDaily } from "../../core/daily-counts.ts";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { areFriends } from "../friends/index.ts";
import { notify } from "../notifications/index.ts";
import { personById } from "../profiles/index.ts";
import { isTeamPersona } from "../users/index.ts";
import {
  BLOCKED,
  type ConversationRow,
  cannotSendBecause,
  conversationBetween,
  type MessageRow,
  memberRow,
  pairOf,
  requirePartner,
  toChatMessage,
} from "./conversations.ts";
import { conversationMembers, conversations, messages } from "./schema.ts";
import { conversationTopic, inboxTopic } from "./topics.ts";

/** Pictures in messages: their longest side at most. */
const MESSAGE_IMAGE_EDGE = 1600;

/**
 * The conversation between the two, made if there is none: open between friends and when written
 * to one of the team's personas (which is there to be written to), a request from `me` otherwise.
 * Both members' rows exist.
 */
async function openConversation(tx: Executor, me: string, partnerId: string): Promise<ConversationRow> {
  const existing = await conversationBetween(tx, me, partnerId);
  if (existing) return existing;
  const { low, high } = pairOf(me, partnerId);
  const open = (await areFriends(tx, me, partnerId)) || (await isTeamPersona(tx, partnerId));
  await tx
    .insert(conversations)
    .values({
      userLowId: low,
      userHighId: high,
      status: open ? "active" : "request",
      requestedBy: open ? null : me,
    })
    .onConflictDoNothing();
  const row = await conversationBetween(tx, me, partnerId);
  // Stryker disable next-line StringLiteral: the row was just inserted or found in this transaction, so this never throws
  if (!row) throw new AppError("CONFLICT", "Could not start the conversation.");
  await tx
    .insert(conversationMembers)
    .values([
      { conversationId: row.id, userId: low },
      { conversationId: row.id, userId: high },
    ])
    .onConflictDoNothing();
  return row;
}

/**
 * Sends a message (text, a picture, or both). Between people who are not friends the first
 * messages are a request; the recipient accepts or declines it before replying. `writtenBy` is the
 * team member writing as one of the team's personas (`user`); a picture is then theirs to send.
 */
export async function sendMessage(
  deps: ServiceDeps,
  user: SessionUser,
  input: { partnerId: string; body: string; imageUploadId?: string | undefined },
  { writtenBy }: { writtenBy?: string } = {},
): Promise<ChatMessage> {
  const { partnerId } = input;
  await requirePartner(deps.db, user.id, partnerId);
  const body = input.body.trim();
  if (!body && !input.imageUploadId) throw new AppError("BAD_REQUEST", "A message cannot be empty.");

  const conversation = await deps.changes.inTransaction(deps.db, (tx) =>
    openConversation(tx, user.id, partnerId),
  );
  const why = await cannotSendBecause(deps.db, user.id, partnerId, conversation);
  if (why) {
    if (input.imageUploadId) await deps.media.uploads.remove(input.imageUploadId);
    throw new AppError(why === BLOCKED ? "FORBIDDEN" : "CONFLICT", why);
  }

  let attachment: MessageAttachment | null = null;
  if (input.imageUploadId) {
    const image = await reencodeUploadedImage(deps, writtenBy ?? user.id, input.imageUploadId, {
      maxEdge: MESSAGE_IMAGE_EDGE,
    });
    const key = `messages/${conversation.id}/${randomUUID()}.webp`;
    await deps.media.storage.writeFile(key, image.data);
    attachment = { key, width: image.width, height: image.height };
  }

  const { row, wasQuiet, reopened } = await deps.changes.inTransaction(deps.db, async (tx) => {
    // Unread messages from the sender already: the recipient has been told about this burst.
    // (What the sender wrote in this conversation went to the partner: the unread index answers it.)
    const unread = await queryRows<{ one: number }>(
      tx,
      sql`select 1 as one from messages
          where recipient_id = ${partnerId} and conversation_id = ${conversation.id} and read_at is null
          limit 1`,
    );
    const [inserted] = await tx
      .insert(messages)
      .values({
        conversationId: conversation.id,
        senderId: user.id,
        recipientId: partnerId,
        body,
        attachment,
        writtenBy: writtenBy ?? null,
      })
      .returning();
    // Stryker disable next-line StringLiteral: an insert with returning gives its row or throws, so this never throws
    if (!inserted) throw new AppError("CONFLICT", "Could not send the message.");
    await countDaily(deps.changes, tx, "community.messages");
    // Writing to someone whose request one declined (or who wrote first) opens the conversation.
    const reopen = conversation.status === "declined" && conversation.requestedBy !== user.id;
    await tx
      .update(conversations)
      .set({
        lastMessageId: inserted.id,
        lastMessageAt: inserted.createdAt,
        ...(reopen ? { status: "active" as const } : {}),
      })
      .where(eq(conversations.id, conversation.id));
    await tx
      .update(conversationMembers)
      .set({ typingUntil: null })
      .where(memberRow(conversation.id, user.id));
    deps.changes.changed(inboxTopic(user.id), inboxTopic(partnerId), conversationTopic(conversation.id));
    return { row: inserted, wasQuiet: unread.length === 0, reopened: reopen };
  });

  const isSilent = conversation.status === "declined" && !reopened;
  if (wasQuiet && !isSilent) await tellRecipient(deps, user.id, partnerId, conversation, row);
  const imageBase = attachment ? deps.media.signer.base("messages", conversation.id).base : null;
  return toChatMessage(row, user.id, imageBase);
}

/** A notification for the first unread message of a burst, unless the recipient has the conversation open. */
async function tellRecipient(
  deps: ServiceDeps,
  senderId: string,
  recipientId: string,
  conversation: ConversationRow,
  message: MessageRow,
): Promise<void> {
  const [member] = await deps.db
    .select({ viewingUntil: conversationMembers.viewingUntil })
    .from(conversationMembers)
    .where(memberRow(conversation.id, recipientId));
  // Stryker disable next-line OptionalChaining: both member rows are written with the conversation
  if (member?.viewingUntil && member.viewingUntil.getTime() > Date.now()) return;
  const sender = await personById(deps.db, senderId);
  // Stryker disable next-line OptionalChaining: the sender is the signed-in caller, whose row is there
  const name = sender?.name ?? "Someone";
  const isRequest = conversation.status === "request";
  await notify(deps, recipientId, {
    kind: "message",
    title: isRequest ? `${name} wants to send you a message` : `${name} sent you a message`,
    body: message.body ? message.body.slice(0, 140) : "Sent a picture",
    link: `/messages/${senderId}`,
    actorId: senderId,
  });
}
