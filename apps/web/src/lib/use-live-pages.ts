// A list read newest first in pages: the newest page watched live, older pages fetched on demand
// with the cursor the previous page returned. Should more new items arrive than a page holds, the
// older pages are dropped (they no longer join on) and can be fetched again.
import type { QueryKey, UseQueryOptions } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLiveQuery } from "./live-query.ts";

export interface Page<Item> {
  items: Item[];
  nextCursor: string | null;
}

export function useLivePages<Item extends { _id: string }, TError, TQueryKey extends QueryKey>(
  newestOptions: UseQueryOptions<Page<Item>, TError, Page<Item>, TQueryKey> & { trpc: { path: string } },
  fetchOlder: (cursor: string) => Promise<Page<Item>>,
) {
  const newest = useLiveQuery(newestOptions);
  const [older, setOlder] = useState<{ items: Item[]; cursor: string | null } | null>(null);
  const [isLoadingOlder, setIsLoadingOlder] = useState(false);
  const previousIds = useRef<Set<string>>(new Set());

  useEffect(() => {
    const page = newest.data;
    if (!page) return;
    const ids = new Set(page.items.map((item) => item._id));
    const overlaps = [...previousIds.current].some((id) => ids.has(id));
    if (previousIds.current.size > 0 && !overlaps) setOlder(null);
    previousIds.current = ids;
  }, [newest.data]);

  /** Newest first, each item once. */
  const items = useMemo(() => {
    const seen = new Set<string>();
    const all: Item[] = [];
    for (const item of [...(newest.data?.items ?? []), ...(older?.items ?? [])]) {
      if (seen.has(item._id)) continue;
      seen.add(item._id);
      all.push(item);
    }
    return all;
  }, [newest.data, older]);

  const nextCursor = older ? older.cursor : (newest.data?.nextCursor ?? null);

  const loadOlder = async () => {
    if (!nextCursor || isLoadingOlder) return;
    setIsLoadingOlder(true);
    try {
      const page = await fetchOlder(nextCursor);
      setOlder((current) => ({ items: [...(current?.items ?? []), ...page.items], cursor: page.nextCursor }));
    } finally {
      setIsLoadingOlder(false);
    }
  };

  return { query: newest, items, hasOlder: nextCursor !== null, loadOlder, isLoadingOlder };
}
