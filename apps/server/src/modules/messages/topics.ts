// What live queries about direct messages depend on.

/** One person's conversations and unread count. */
export const inboxTopic = (userId: string) => `user:${userId}:inbox`;
/** One conversation's messages, typing, read receipts and status. */
export const conversationTopic = (conversationId: string) => `conversation:${conversationId}`;
