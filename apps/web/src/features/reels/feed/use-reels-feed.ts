// The feed of reels, from `firstReelId` when the address names one. It is read once per visit and
// then only extended: refetching it would reorder the reels under the viewer's thumb.
import type { ReelCard } from "@litverse/shared/reels";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useCallback, useMemo } from "react";
import { trpc } from "../../../lib/trpc.ts";
import { shouldFetchMore } from "./feed-logic.ts";

export function useReelsFeed(firstReelId: string | null) {
  const feed = useInfiniteQuery({
    ...trpc.reels.listFeed.infiniteQueryOptions(
      { firstReelId },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // Each reel once, though pages may repeat one.
  const reels = useMemo(() => {
    const seen = new Set<string>();
    const all: ReelCard[] = [];
    for (const page of feed.data?.pages ?? []) {
      for (const reel of page.items) {
        if (seen.has(reel.id)) continue;
        seen.add(reel.id);
        all.push(reel);
      }
    }
    return all;
  }, [feed.data]);
  const watchToken = feed.data?.pages.at(-1)?.watchToken ?? null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  /** The viewer reached the reel at `activeIndex`: the next page is fetched when the end is near. */
  const onNearEnd = useCallback(
    (activeIndex: number) => {
      if (!isFetchingNextPage && shouldFetchMore(activeIndex, reels.length, hasNextPage))
        void fetchNextPage();
    },
    [reels.length, hasNextPage, isFetchingNextPage, fetchNextPage],
  );
  return { feed, reels, watchToken, onNearEnd };
}
