// One conversation as the caller sees it: the partner, where it stands, who is typing, and its
// messages a page at a time.
import type { ConversationView, MessagePage } from "@litverse/shared/messages";
import { and, desc, eq, sql } from "drizzle-orm";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { friendState, hasBlocked, relationshipsTopic } from "../friends/index.ts";
import { NO_SUCH_PERSON, personById, personTopic } from "../profiles/index.ts";
import { type Onlooker, visibleItem } from "../reports/index.ts";
import {
  asRemoved,
  cannotSendBecause,
  conversationBetween,
  isHiddenFrom,
  isRequestTo,
  memberRow,
  NOT_YOURSELF,
  requirePartner,
  statusSeenBy,
  toChatMessage,
} from "./conversations.ts";
import { conversationMembers, messageHides, messages } from "./schema.ts";
import { conversationTopic, inboxTopic } from "./topics.ts";

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
    // Stryker disable next-line OptionalChaining: both member rows are written with the conversation
    if (member?.typingUntil && member.typingUntil.getTime() > Date.now()) {
      partnerTypingUntil = member.typingUntil.toISOString();
    }
  }
  return {
    _id: visible?.id ?? null,
    partner,
    friendState: await friendState(deps.db, user.id, partnerId),
    status: visible ? statusSeenBy(visible, user.id) : null,
    isRequestToMe: visible ? isRequestTo(visible, user.id) : false,
    cannotSendBecause: await cannotSendBecause(deps.db, user.id, partnerId, conversation),
    partnerTypingUntil,
  };
}

/**
 * The conversation's messages the caller has not deleted for themselves, newest first. One
 * moderators hid from the caller reads as removed, unless the caller sent it.
 */
export async function listMessages(
  deps: ServiceDeps,
  user: SessionUser & Partial<Onlooker>,
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
  // Spelt out: Drizzle leaves columns unqualified in a one-table query's select list.
  const shown = visibleItem("message", sql.raw(`"messages"."id"`), { age: user.age ?? null });
  const found = await deps.db
    .select({ row: messages, isShown: shown.mapWith(Boolean) })
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
  const page = found.slice(0, input.limit);
  const imageBase = page.some(({ row }) => row.attachment)
    ? deps.media.signer.base("messages", conversation.id).base
    : null;
  const last = page.at(-1)?.row;
  return {
    items: page.map(({ row, isShown }) => {
      const message = toChatMessage(row, user.id, imageBase, conversation.status === "declined");
      return isShown || message.fromMe ? message : asRemoved(message);
    }),
    nextCursor: found.length > input.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}
