// The moderation queue: its first page live (new reports move items up and in as they arrive),
// further pages on asking, and claiming or releasing an item so that two moderators do not work
// on the same one.
import type { ModerationQueueItem } from "@litverse/shared/moderation";
import { keepPreviousData, useInfiniteQuery, useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useEffect, useState } from "react";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

export type QueueInput = inferInput<typeof trpc.moderation.getQueue>;

/**
 * The items matching `input` in the server's order (most severe and heaviest first): the live first
 * page, then the pages loaded with "Load more", each item once. The pages loaded follow the first
 * one: they are fetched again whenever it changes, as an item may have moved between them.
 */
export function useModerationQueue(input: QueueInput, enabled = true) {
  const first = useLiveQuery({
    ...trpc.moderation.getQueue.queryOptions(input),
    placeholderData: keepPreviousData,
    enabled,
  });
  const key = JSON.stringify(input);
  const [moreFrom, setMoreFrom] = useState<{ key: string; cursor: string } | null>(null);
  const start = moreFrom?.key === key ? moreFrom.cursor : null;
  const more = useInfiniteQuery({
    queryKey: ["moderation-queue-more", key, start],
    queryFn: ({ pageParam }) => trpcClient.moderation.getQueue.query({ ...input, cursor: pageParam }),
    initialPageParam: start ?? "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: start !== null,
  });

  const firstUpdatedAt = first.dataUpdatedAt;
  const refetchMore = more.refetch;
  const hasMorePages = start !== null;
  useEffect(() => {
    if (hasMorePages && firstUpdatedAt) void refetchMore();
  }, [firstUpdatedAt, hasMorePages, refetchMore]);

  const seen = new Set<string>();
  const items: ModerationQueueItem[] = [];
  for (const item of [
    ...(first.data?.items ?? []),
    ...(more.data?.pages.flatMap((page) => page.items) ?? []),
  ]) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    items.push(item);
  }
  const hasMore = start === null ? Boolean(first.data?.nextCursor) : Boolean(more.hasNextPage);
  const isLoadingMore = more.isFetchingNextPage || (start !== null && more.isPending);
  const loadMore = () => {
    if (isLoadingMore) return;
    if (start === null) {
      if (first.data?.nextCursor) setMoreFrom({ key, cursor: first.data.nextCursor });
    } else if (more.hasNextPage) void more.fetchNextPage();
  };
  return {
    first,
    items,
    hasMore,
    isLoadingMore,
    loadMore,
    moreError: more.isError ? more.error : null,
  };
}

/** Claims or releases an item; the queue and the review follow live. */
export function useClaim() {
  const claim = useMutation(trpc.moderation.claimItem.mutationOptions());
  const release = useMutation(trpc.moderation.releaseItem.mutationOptions());
  return {
    claim: async (itemId: string) => {
      try {
        await claim.mutateAsync({ itemId });
        return true;
      } catch (error) {
        toastError(error, "Could not claim the item.");
        return false;
      }
    },
    release: (itemId: string) =>
      release.mutate(
        { itemId },
        {
          onSuccess: () => toast.success("Released: anyone may take it now."),
          onError: (error) => toastError(error, "Could not release the item."),
        },
      ),
    /** The item being claimed or released, for its button's spinner. */
    busyItemId: claim.isPending
      ? (claim.variables?.itemId ?? null)
      : release.isPending
        ? (release.variables?.itemId ?? null)
        : null,
  };
}
