// Where a conversation stands and who is at it: answering a message request, having the
// conversation open (which reads what came), and typing.
import { TYPING_TTL_MS } from "@litverse/shared/messages";
import { eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import {
  cannotSendBecause,
  conversationBetween,
  isHiddenFrom,
  isRequestTo,
  markReceivedRead,
  memberRow,
} from "./conversations.ts";
import { conversationMembers, conversations } from "./schema.ts";
import { conversationTopic, inboxTopic } from "./topics.ts";

/** How long a conversation counts as open on someone's screen after they last said so. */
const VIEWING_TTL_MS = 60_000;

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
