// The outbox as the team sees it: every message the platform queued, newest first, filtered by
// kind, status and address (the newest page kept live, older pages on demand), and one message
// with what it holds.
import type { MailKind, MailStatus } from "@litverse/shared/mail";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { trpc, trpcClient } from "../../../lib/trpc.ts";
import { useLivePages } from "../../../lib/use-live-pages.ts";

const PAGE_SIZE = 50;

export interface OutboxFilters {
  kind: MailKind | null;
  status: MailStatus | null;
  /** Part of the recipient's address; "" for every address. */
  to: string;
}

export function useOutbox({ kind, status, to }: OutboxFilters) {
  const input = {
    limit: PAGE_SIZE,
    ...(kind ? { kind } : {}),
    ...(status ? { status } : {}),
    ...(to.trim() ? { to: to.trim() } : {}),
  };
  return useLivePages(trpc.newsletter.listOutbox.queryOptions(input), (cursor) =>
    trpcClient.newsletter.listOutbox.query({ ...input, cursor }),
  );
}

export function useOutboxMessage(messageId: string | null) {
  return useLiveQuery({
    ...trpc.newsletter.getOutboxMessage.queryOptions({ messageId: messageId ?? "" }),
    enabled: messageId !== null,
  });
}
