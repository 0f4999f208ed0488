// A conversation's messages, oldest first for showing: the newest page watched live, and older
// pages fetched as the reader scrolls back.
import { useMemo } from "react";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { useLivePages } from "../../lib/use-live-pages.ts";

export const PAGE_SIZE = 30;

export function useThreadMessages(partnerId: string) {
  const pages = useLivePages(
    trpc.messages.listMessages.queryOptions({ partnerId, limit: PAGE_SIZE }),
    (cursor) => trpcClient.messages.listMessages.query({ partnerId, limit: PAGE_SIZE, cursor }),
  );
  const messages = useMemo(() => [...pages.items].reverse(), [pages.items]);
  return {
    query: pages.query,
    messages,
    hasOlder: pages.hasOlder,
    loadOlder: pages.loadOlder,
    isLoadingOlder: pages.isLoadingOlder,
  };
}
