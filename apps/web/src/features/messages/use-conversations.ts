// The conversation list, live: chats, and message requests waiting for an answer.
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useConversations() {
  return useLiveQuery(trpc.messages.listConversations.queryOptions());
}
