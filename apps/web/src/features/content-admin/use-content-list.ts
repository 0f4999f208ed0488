// The titles table's pages, read together; each loaded page is also watched live (one watcher per
// page, see useLiveContentPage), so edits by anyone show at once.
import type { AdminContentRow, ContentType, PublicationStatus } from "@litverse/shared/content";
import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { useState } from "react";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

const PAGE_SIZE = 20;

export interface ContentFilters {
  query?: string;
  type?: ContentType;
  status?: PublicationStatus;
}

/** Keeps one loaded page current (see useLiveQuery); useContentPages reads the pages together. */
export function useLiveContentPage(filters: ContentFilters, cursor: string | undefined) {
  useLiveQuery(trpc.contentAdmin.listContent.queryOptions({ ...filters, cursor, limit: PAGE_SIZE }));
}

export function useContentPages(filters: ContentFilters) {
  const filterKey = JSON.stringify(filters);
  // The pages loaded so far, by cursor; new filters start again from the first page.
  const [loaded, setLoaded] = useState<{ key: string; cursors: Array<string | undefined> }>({
    key: filterKey,
    cursors: [undefined],
  });
  if (loaded.key !== filterKey) setLoaded({ key: filterKey, cursors: [undefined] });
  const cursors = loaded.key === filterKey ? loaded.cursors : [undefined];
  const pages = useQueries({
    queries: cursors.map((cursor) => ({
      ...trpc.contentAdmin.listContent.queryOptions({ ...filters, cursor, limit: PAGE_SIZE }),
      staleTime: Number.POSITIVE_INFINITY,
      placeholderData: keepPreviousData,
    })),
  });
  const first = pages[0];
  const last = pages[pages.length - 1];
  // Rows move between pages as titles change; each title shows once, where it is first met.
  const seen = new Set<string>();
  const rows: AdminContentRow[] = [];
  for (const page of pages) {
    for (const row of page.data?.items ?? []) {
      if (seen.has(row._id)) continue;
      seen.add(row._id);
      rows.push(row);
    }
  }
  const nextCursor = last?.data?.nextCursor ?? null;
  const isLoadingMore = pages.length > 1 && !last?.data;

  return {
    /** The cursors of the pages loaded so far, the first page's undefined. */
    cursors,
    first,
    rows,
    nextCursor,
    isLoadingMore,
    loadMore: () => nextCursor && setLoaded({ key: filterKey, cursors: [...cursors, nextCursor] }),
    hasFailedMore: pages.slice(1).some((page) => page.isError),
    retryFailed: () => {
      for (const page of pages) if (page.isError) void page.refetch();
    },
  };
}
