// The reader's wallet: the live balance, and the history put together from the live first page and
// the older pages loaded on demand.
import type { WalletEntry } from "@litverse/shared/coins";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { mergeEntries } from "./wallet-values.ts";

/** The wallet's first page: live, and the source of the bonus lots. */
export function useWalletFirstPage() {
  return useLiveQuery(trpc.coins.getWallet.queryOptions({}));
}

export function useWalletHistory() {
  const first = useWalletFirstPage();
  /** Where older pages start: the first page's end when the reader first asked for more. */
  const [olderFrom, setOlderFrom] = useState<string | null>(null);
  const older = useInfiniteQuery({
    queryKey: ["wallet", "older", olderFrom],
    queryFn: ({ pageParam }) => trpcClient.coins.getWallet.query({ cursor: pageParam }),
    initialPageParam: olderFrom ?? "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: olderFrom !== null,
  });
  // Every entry the live first page has shown: one that slides off it (as new ones arrive) stays.
  const seen = useRef(new Map<string, WalletEntry>());
  for (const entry of first.data?.entries ?? []) seen.current.set(entry.id, entry);

  // A refund can mark an older entry: when the wallet moves, the older pages are read again.
  const firstUpdatedAt = first.dataUpdatedAt;
  const refetchOlder = older.refetch;
  const hasOlder = olderFrom !== null;
  useEffect(() => {
    if (hasOlder && firstUpdatedAt) void refetchOlder();
  }, [firstUpdatedAt, hasOlder, refetchOlder]);

  const hasMore = olderFrom === null ? Boolean(first.data?.nextCursor) : Boolean(older.hasNextPage);
  const isLoadingMore = older.isFetchingNextPage || (olderFrom !== null && older.isPending);
  const loadMore = () => {
    if (isLoadingMore) return;
    if (olderFrom === null) {
      if (first.data?.nextCursor) setOlderFrom(first.data.nextCursor);
    } else if (older.hasNextPage) void older.fetchNextPage();
  };

  const entries = first.data
    ? mergeEntries([
        first.data.entries,
        [...seen.current.values()],
        ...(older.data?.pages.map((page) => page.entries) ?? []),
      ])
    : [];

  return { first, older, entries, hasMore, isLoadingMore, loadMore };
}
