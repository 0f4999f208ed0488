// Direct messages between two people: conversations (one per pair), requests from people who are
// not friends, live delivery, typing, read receipts, pictures, history a page at a time, and
// deleting for oneself. Blocks end it all, both ways.
import { randomUUID } from "node:crypto";
import {
  type ChatMessage,
  type ConversationStatus,
  type ConversationSummary,
  type ConversationView,
  type Inbox,
  MAX_UNANSWERED_REQUEST_MESSAGES,
  type MessageAttachment,
  type MessagePage,
  TYPING_TTL_MS,
} from "@litverse/shared/messages";
import type { ReportReason } from "@litverse/shared/people";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import {
  areFriends,
  friendState,
  hasBlocked,
  isBlockedEitherWay,
  relationshipsTopic,
} from "../friends/index.ts";
import { notify } from "../notifications/index.ts";
import {
  NO_SUCH_PERSON,
  peopleByIds,
  personById,
  personTopic,
  requireOtherPerson,
} from "../profiles/index.ts";
import { createReport } from "../reports/index.ts";
import { conversationMembers, conversations, messageHides, messages } from "./schema.ts";

export type MessageRow = typeof messages.$inferSelect;
type ConversationRow = typeof conversations.$inferSelect;

/** One person's conversations and unread count. */
export const inboxTopic = (userId: string) => `user:${userId}:inbox`;
/** One conversation's messages, typing, read receipts and status. */
export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;

/** How long a conversation counts as open on someone's screen after they last said so. */
const VIEWING_TTL_MS = 60_000;
/** Conversations listed at most. */
const INBOX_LIMIT = 100;
/** Pictures in messages: their longest side at most. */
const MESSAGE_IMAGE_EDGE = 1600;

const BLOCKED = "You cannot message this person.";

const pairOf = (a: string, b: string) => (a < b ? { low: a, high: b } : { low: b, high: a });

async function conversationBetween(db: Executor, a: string, b: string): Promise<ConversationRow | null> {
  const { low, high } = pairOf(a, b);
  const [row] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userLowId, low), eq(conversations.userHighId, high)));
  return row ?? null;
}

const NOT_YOURSELF = "You cannot send a message to yourself.";

const requirePartner = (db: Executor, me: string, partnerId: string) =>
  requireOtherPerson(db, me, partnerId, NOT_YOURSELF);

/** One person's side of a conversation: the member row. */
const memberRow = (conversationId: string, userId: string) =>
  and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.userId, userId));

/** Whether `me` waits on this conversation: someone else asked, and `me` has not answered. */
const isRequestTo = (row: Pick<ConversationRow, "status" | "requestedBy">, me: string) =>
  row.status === "request" && row.requestedBy !== null && row.requestedBy !== me;

/** Hidden from `me`: a request they declined (its sender is not told, and keeps writing into it). */
const isHiddenFrom = (row: Pick<ConversationRow, "status" | "requestedBy">, me: string) =>
  row.status === "declined" && row.requestedBy !== me;

/**
 * The caller's unread messages in open conversations: the menu's badge. Requests wait in their own
 * tab and do not count until accepted.
 */
export async function getUnreadCount({ db }: ServiceDeps, user: SessionUser): Promise<number> {
  track(inboxTopic(user.id), relationshipsTopic(user.id));
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count
        from messages m join conversations c on c.id = m.conversation_id
        where m.recipient_id = ${user.id} and m.read_at is null
          and c.status = 'active'
          and not exists (select 1 from blocks b where (b.blocker_id = ${user.id} and b.blocked_id = m.sender_id)
                                                   or (b.blocker_id = m.sender_id and b.blocked_id = ${user.id}))`,
  );
  return row?.count ?? 0;
}

interface InboxRow {
  id: string;
  partner_id: string;
  status: ConversationStatus;
  requested_by: string | null;
  last_body: string | null;
  last_has_image: boolean | null;
  last_sender: string | null;
  last_at: Date | null;
  unread: number;
}

/** The caller's conversations, most recent first: chats, and the requests waiting for an answer. */
export async function listConversations(deps: ServiceDeps, user: SessionUser): Promise<Inbox> {
  track(inboxTopic(user.id), relationshipsTopic(user.id));
  const me = user.id;
  const rows = await queryRows<InboxRow>(
    deps.db,
    // The newest conversations first, then their last message and unread count: the per-conversation
    // work is done for the listed ones only. A conversation cleared since its last message has
    // nothing to show.
    sql`with mine as (
          select c.id, c.user_low_id, c.user_high_id, c.status, c.requested_by, c.last_message_id, c.last_message_at,
            cm.cleared_at
          from conversation_members cm
          join conversations c on c.id = cm.conversation_id
          where cm.user_id = ${me}
            and c.last_message_at > coalesce(cm.cleared_at, '-infinity')
            and not (c.status = 'declined' and c.requested_by <> ${me})
            and not exists (select 1 from blocks b
              where (b.blocker_id = ${me} and b.blocked_id in (c.user_low_id, c.user_high_id))
                 or (b.blocked_id = ${me} and b.blocker_id in (c.user_low_id, c.user_high_id)))
          order by c.last_message_at desc
          limit ${INBOX_LIMIT}
        )
        select c.id,
          case when c.user_low_id = ${me} then c.user_high_id else c.user_low_id end as partner_id,
          c.status, c.requested_by,
          last.body as last_body, last.attachment is not null as last_has_image,
          last.sender_id as last_sender, last.created_at as last_at,
          (select count(*) from messages u
            where u.recipient_id = ${me} and u.conversation_id = c.id and u.read_at is null
              and (c.cleared_at is null or u.created_at > c.cleared_at)
              and not exists (select 1 from message_hides h where h.message_id = u.id and h.user_id = ${me}))::int as unread
        from mine c
        join lateral (
          -- Usually the conversation's newest message, found by its id; the search only when the
          -- caller deleted that one for themselves.
          (select m.body, m.attachment, m.sender_id, m.created_at from messages m
            where m.id = c.last_message_id
              and not exists (select 1 from message_hides h where h.message_id = m.id and h.user_id = ${me}))
          union all
          (select m.body, m.attachment, m.sender_id, m.created_at from messages m
            where m.conversation_id = c.id and (c.cleared_at is null or m.created_at > c.cleared_at)
              and not exists (select 1 from message_hides h where h.message_id = m.id and h.user_id = ${me})
            order by m.created_at desc, m.id desc limit 1)
          limit 1
        ) last on true
        order by c.last_message_at desc`,
  );
  const people = await peopleByIds(
    deps.db,
    rows.map((row) => row.partner_id),
  );
  const inbox: Inbox = { chats: [], requests: [] };
  for (const row of rows) {
    const partner = people.get(row.partner_id);
    if (!partner) continue;
    const summary: ConversationSummary = {
      _id: row.id,
      partner,
      status: row.status,
      isRequestToMe: isRequestTo({ status: row.status, requestedBy: row.requested_by }, me),
      lastMessage: row.last_at
        ? {
            body: (row.last_body ?? "").slice(0, 200),
            hasImage: Boolean(row.last_has_image),
            fromMe: row.last_sender === me,
            createdAt: new Date(row.last_at).toISOString(),
          }
        : null,
      unreadCount: row.unread,
    };
    (summary.isRequestToMe ? inbox.requests : inbox.chats).push(summary);
  }
  return inbox;
}

/** Why `me` cannot write to `partnerId` now, or null when they can. */
async function cannotSendBecause(
  db: Executor,
  me: string,
  partnerId: string,
  conversation: ConversationRow | null,
): Promise<string | null> {
  if (await isBlockedEitherWay(db, me, partnerId)) return BLOCKED;
  if (!conversation) return null;
  if (isRequestTo(conversation, me)) return "Accept the request to reply.";
  if (conversation.status === "request" && conversation.requestedBy === me) {
    const [sent] = await queryRows<{ count: number }>(
      db,
      sql`select count(*)::int as count from messages where conversation_id = ${conversation.id} and sender_id = ${me}`,
    );
    if ((sent?.count ?? 0) >= MAX_UNANSWERED_REQUEST_MESSAGES) {
      return "You can send more once they accept your message request.";
    }
  }
  return null;
}

/** The conversation with `partnerId` as the caller sees it: who, where it stands, who is typing. */
export async function getConversation(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
): Promise<ConversationView> {
  await requirePartner(deps.db, user.id, partnerId);
  track(inboxTopic(user.id), relationshipsTopic(user.id), personTopic(partnerId));
  const conversation = await conversationBetween(deps.db, user.id, partnerId);
  if (conversation) track(conversationTopic(conversation.id));
  // Someone who blocked the caller is as good as gone; a declined request looks like no conversation.
  if (await hasBlocked(deps.db, partnerId, user.id)) throw new AppError("NOT_FOUND", NO_SUCH_PERSON);
  const partner = await personById(deps.db, partnerId);
  if (!partner) throw new AppError("NOT_FOUND", NO_SUCH_PERSON);
  const visible = conversation && !isHiddenFrom(conversation, user.id) ? conversation : null;
  let partnerTypingUntil: string | null = null;
  if (visible) {
    const [member] = await deps.db
      .select({ typingUntil: conversationMembers.typingUntil })
      .from(conversationMembers)
      .where(memberRow(visible.id, partnerId));
    if (member?.typingUntil && member.typingUntil.getTime() > Date.now()) {
      partnerTypingUntil = member.typingUntil.toISOString();
    }
  }
  return {
    _id: visible?.id ?? null,
    partner,
    friendState: await friendState(deps.db, user.id, partnerId),
    status: visible?.status ?? null,
    isRequestToMe: visible ? isRequestTo(visible, user.id) : false,
    cannotSendBecause: await cannotSendBecause(deps.db, user.id, partnerId, conversation),
    partnerTypingUntil,
  };
}

/** The conversation's messages the caller has not deleted for themselves, newest first. */
export async function listMessages(
  deps: ServiceDeps,
  user: SessionUser,
  input: { partnerId: string; cursor?: string | null; limit: number },
): Promise<MessagePage> {
  if (input.partnerId === user.id) throw new AppError("BAD_REQUEST", NOT_YOURSELF);
  track(inboxTopic(user.id));
  // This runs again for every message of an open thread: a conversation found proves the partner
  // exists, so the person is looked up only when there is none.
  const conversation = await conversationBetween(deps.db, user.id, input.partnerId);
  if (!conversation) await requirePartner(deps.db, user.id, input.partnerId);
  if (!conversation || isHiddenFrom(conversation, user.id)) return { items: [], nextCursor: null };
  track(conversationTopic(conversation.id));
  const before = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const rows = await deps.db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversation.id),
        // After the caller last cleared the conversation, if they did.
        sql`"messages"."created_at" > coalesce((select m.cleared_at from ${conversationMembers} m
              where m.conversation_id = ${conversation.id} and m.user_id = ${user.id}), '-infinity')`,
        before ? olderThan(messages, before) : undefined,
        sql`not exists (select 1 from ${messageHides} h where h.message_id = "messages"."id" and h.user_id = ${user.id})`,
      ),
    )
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const imageBase = page.some((row) => row.attachment)
    ? deps.media.signer.base("messages", conversation.id).base
    : null;
  const last = page.at(-1);
  return {
    items: page.map((row) => toChatMessage(row, user.id, imageBase)),
    nextCursor: rows.length > input.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}

function toChatMessage(row: MessageRow, me: string, imageBase: string | null): ChatMessage {
  const attachment = row.attachment;
  return {
    _id: row.id,
    body: row.body,
    fromMe: row.senderId === me,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
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

/**
 * The conversation between the two, made if there is none: open between friends, a request from
 * `me` otherwise. Both members' rows exist.
 */
async function openConversation(tx: Executor, me: string, partnerId: string): Promise<ConversationRow> {
  const existing = await conversationBetween(tx, me, partnerId);
  if (existing) return existing;
  const { low, high } = pairOf(me, partnerId);
  const friends = await areFriends(tx, me, partnerId);
  await tx
    .insert(conversations)
    .values({
      userLowId: low,
      userHighId: high,
      status: friends ? "active" : "request",
      requestedBy: friends ? null : me,
    })
    .onConflictDoNothing();
  const row = await conversationBetween(tx, me, partnerId);
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
 * messages are a request; the recipient accepts or declines it before replying.
 */
export async function sendMessage(
  deps: ServiceDeps,
  user: SessionUser,
  input: { partnerId: string; body: string; imageUploadId?: string | undefined },
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
    const image = await reencodeUploadedImage(deps, user.id, input.imageUploadId, {
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
      })
      .returning();
    if (!inserted) throw new AppError("CONFLICT", "Could not send the message.");
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
  if (member?.viewingUntil && member.viewingUntil.getTime() > Date.now()) return;
  const sender = await personById(deps.db, senderId);
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

/** Accepts a message request: the two can now write to each other. */
export async function acceptMessageRequest(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
): Promise<void> {
  await answerRequest(deps, user, partnerId, "active");
}

/** Declines a message request: it leaves the caller's inbox, and its sender is not told. */
export async function declineMessageRequest(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
): Promise<void> {
  await answerRequest(deps, user, partnerId, "declined");
}

async function answerRequest(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
  status: "active" | "declined",
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const conversation = await conversationBetween(tx, user.id, partnerId);
    if (!conversation || !isRequestTo(conversation, user.id)) {
      throw new AppError("NOT_FOUND", "There is no message request from that person.");
    }
    await tx.update(conversations).set({ status }).where(eq(conversations.id, conversation.id));
    if (status === "declined") {
      // What they sent is read, as far as the badge is concerned.
      await markReceivedRead(tx, conversation.id, user.id);
    }
    deps.changes.changed(inboxTopic(user.id), inboxTopic(partnerId), conversationTopic(conversation.id));
  });
}

/**
 * The caller has the conversation open (or has just left it): what the partner sent is read, and
 * no notification is made for new messages while it stays open.
 */
export async function viewConversation(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
  isViewing: boolean,
): Promise<{ read: number }> {
  const conversation = await conversationBetween(deps.db, user.id, partnerId);
  if (!conversation || isHiddenFrom(conversation, user.id)) return { read: 0 };
  return deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(conversationMembers)
      .set({ viewingUntil: isViewing ? new Date(Date.now() + VIEWING_TTL_MS) : null })
      .where(memberRow(conversation.id, user.id));
    if (!isViewing || isRequestTo(conversation, user.id)) return { read: 0 };
    // A request is read only once accepted: its sender learns nothing before.
    const read = await markReceivedRead(tx, conversation.id, user.id);
    if (read.length > 0) {
      deps.changes.changed(inboxTopic(user.id), inboxTopic(partnerId), conversationTopic(conversation.id));
    }
    return { read: read.length };
  });
}

/** Shows the partner that the caller is typing, for a few seconds unless renewed. */
export async function setTyping(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
  isTyping: boolean,
): Promise<void> {
  const conversation = await conversationBetween(deps.db, user.id, partnerId);
  if (!conversation || (await cannotSendBecause(deps.db, user.id, partnerId, conversation))) return;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(conversationMembers)
      .set({ typingUntil: isTyping ? new Date(Date.now() + TYPING_TTL_MS) : null })
      .where(memberRow(conversation.id, user.id));
    deps.changes.changed(conversationTopic(conversation.id));
  });
}

/** Marks every message `userId` received in the conversation as read; returns those it marked. */
function markReceivedRead(tx: Executor, conversationId: string, userId: string) {
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
async function ownMessage(db: Executor, userId: string, messageId: string): Promise<MessageRow> {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId));
  if (!row || (row.senderId !== userId && row.recipientId !== userId)) {
    throw new AppError("NOT_FOUND", "There is no such message.");
  }
  return row;
}

/** Deletes a message for the caller only; the other person still has it. */
export async function deleteMessageForMe(
  deps: ServiceDeps,
  user: SessionUser,
  messageId: string,
): Promise<void> {
  const row = await ownMessage(deps.db, user.id, messageId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.insert(messageHides).values({ messageId: row.id, userId: user.id }).onConflictDoNothing();
    deps.changes.changed(inboxTopic(user.id), conversationTopic(row.conversationId));
  });
}

/** Deletes the whole conversation for the caller only: it starts again from the next message. */
export async function clearConversation(
  deps: ServiceDeps,
  user: SessionUser,
  partnerId: string,
): Promise<void> {
  const conversation = await conversationBetween(deps.db, user.id, partnerId);
  if (!conversation) return;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(conversationMembers)
      .set({ clearedAt: new Date() })
      .where(memberRow(conversation.id, user.id));
    await markReceivedRead(tx, conversation.id, user.id);
    deps.changes.changed(inboxTopic(user.id), conversationTopic(conversation.id));
  });
}

/** Reports a message the caller received into the moderation queue, with its text as it was. */
export async function reportMessage(
  deps: ServiceDeps,
  user: SessionUser,
  input: { messageId: string; reason: ReportReason; details: string },
): Promise<{ isNew: boolean }> {
  const row = await ownMessage(deps.db, user.id, input.messageId);
  if (row.senderId === user.id) throw new AppError("BAD_REQUEST", "You cannot report your own message.");
  return createReport(
    deps,
    user,
    {
      kind: "message",
      id: row.id,
      userId: row.senderId,
      snapshot: row.body || (row.attachment ? "[a picture]" : ""),
      label: "A message",
    },
    input.reason,
    input.details,
  );
}
