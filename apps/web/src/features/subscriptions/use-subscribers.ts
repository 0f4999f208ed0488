// Everyone who has subscribed, newest first: the first page live, older pages fetched on demand.
import type { SubscriptionStatus } from "@litverse/shared/subscriptions";
import { useInfiniteQuery } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

/** `query` searches by email or name; "" for everyone. */
export function useSubscribers(status: SubscriptionStatus | "all", query: string) {
  const input = { status: status === "all" ? undefined : status, query: query || undefined };
  const first = useLiveQuery(trpc.subscriptions.adminListSubscriptions.queryOptions(input));
  const firstCursor = first.data?.nextCursor ?? null;
  const older = useInfiniteQuery({
    queryKey: ["subscribers-older", input, firstCursor],
    queryFn: ({ pageParam }) =>
      trpcClient.subscriptions.adminListSubscriptions.query({ ...input, cursor: pageParam }),
    initialPageParam: firstCursor ?? "",
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    enabled: false,
  });
  const olderItems = older.data?.pages.flatMap((page) => page.items) ?? [];
  const firstIds = new Set(first.data?.items.map((row) => row.id));
  const rows = [...(first.data?.items ?? []), ...olderItems.filter((row) => !firstIds.has(row.id))];
  const hasMore = older.data ? older.hasNextPage : Boolean(firstCursor);
  const loadMore = () => {
    const next = older.data ? older.fetchNextPage() : older.refetch();
    void next.then((result) => {
      if (result.isError) toastError(result.error, "Could not load more subscribers.");
    });
  };
  return { first, rows, hasMore, loadMore, isLoadingMore: older.isFetching };
}
