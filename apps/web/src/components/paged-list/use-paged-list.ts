// A list read a page at a time: the first page live (it changes as refunds and new rows come in),
// older pages loaded on demand from where the first page ended when more was first asked for.
import { useInfiniteQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

export function usePagedList<T>({
  first,
  key,
  fetchPage,
  idOf,
  timeOf,
  keepsDeparted = true,
}: {
  /** The live first page's query. */
  first: { data?: Page<T>; dataUpdatedAt: number };
  /** What the list is of (its filters): older pages start over when it changes. */
  key: readonly unknown[];
  fetchPage: (cursor: string) => Promise<Page<T>>;
  idOf: (item: T) => string;
  /** For keeping newest first when pages are put together. */
  timeOf: (item: T) => string;
  /**
   * Rows that leave the live first page stay listed (true: they were pushed down by newer rows);
   * false for lists whose rows leave for good (deleted, or no longer matching a filter).
   */
  keepsDeparted?: boolean;
}) {
  const keyHash = JSON.stringify(key);
  const [olderFrom, setOlderFrom] = useState<{ keyHash: string; cursor: string } | null>(null);
  const start = olderFrom?.keyHash === keyHash ? olderFrom.cursor : null;
  const older = useInfiniteQuery({
    queryKey: ["paged-list", ...key, start],
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: start ?? "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: start !== null,
  });

  // Rows the live first page has shown stay listed after they slide off it; their newest copy wins.
  const seen = useRef({ keyHash, rows: new Map<string, T>() });
  if (seen.current.keyHash !== keyHash) seen.current = { keyHash, rows: new Map() };
  for (const item of first.data?.items ?? []) seen.current.rows.set(idOf(item), item);

  const firstUpdatedAt = first.dataUpdatedAt;
  const refetchOlder = older.refetch;
  const hasOlder = start !== null;
  useEffect(() => {
    if (hasOlder && firstUpdatedAt) void refetchOlder();
  }, [firstUpdatedAt, hasOlder, refetchOlder]);

  const byId = new Map<string, T>();
  for (const item of first.data?.items ?? []) byId.set(idOf(item), item);
  if (keepsDeparted) {
    for (const item of seen.current.rows.values()) if (!byId.has(idOf(item))) byId.set(idOf(item), item);
  }
  for (const page of older.data?.pages ?? []) {
    for (const item of page.items) if (!byId.has(idOf(item))) byId.set(idOf(item), item);
  }
  const items = [...byId.values()].sort(
    (a, b) => timeOf(b).localeCompare(timeOf(a)) || idOf(b).localeCompare(idOf(a)),
  );

  const hasMore = start === null ? Boolean(first.data?.nextCursor) : Boolean(older.hasNextPage);
  const isLoadingMore = older.isFetchingNextPage || (start !== null && older.isPending);
  const loadMore = () => {
    if (isLoadingMore) return;
    if (start === null) {
      if (first.data?.nextCursor) setOlderFrom({ keyHash, cursor: first.data.nextCursor });
    } else if (older.hasNextPage) void older.fetchNextPage();
  };
  return { items, hasMore, isLoadingMore, loadMore, olderError: older.isError ? older.error : null };
}
