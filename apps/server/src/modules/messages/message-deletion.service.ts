// Deleting for oneself: one message, or the whole conversation; the other person keeps theirs.
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { conversationBetween, markReceivedRead, memberRow, ownMessage } from "./conversations.ts";
import { conversationMembers, messageHides } from "./schema.ts";
import { conversationTopic, inboxTopic } from "./topics.ts";

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
