// Likes, follows, comments and shares change what the feed's cards say at once (before the server
// answers); these patch every cached copy of a card: the feed's pages and single reels.
import type { ReelCard } from "@litverse/shared/reels";
import { type InfiniteData, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "../../../lib/trpc.ts";

type FeedPage = { items: ReelCard[]; nextCursor: string | null };

function patchReels(
  queryClient: QueryClient,
  matches: (reel: ReelCard) => boolean,
  patch: (reel: ReelCard) => Partial<ReelCard>,
): void {
  const apply = (reel: ReelCard) => (matches(reel) ? { ...reel, ...patch(reel) } : reel);
  queryClient.setQueriesData<InfiniteData<FeedPage>>(
    { queryKey: trpc.reels.listFeed.infiniteQueryKey() },
    (data) =>
      data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.map(apply) })) } : data,
  );
  queryClient.setQueriesData<ReelCard>({ queryKey: trpc.reels.getReel.queryKey() }, (reel) =>
    reel ? apply(reel) : reel,
  );
}

export function useReelCache() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      patchReel: (reelId: string, patch: (reel: ReelCard) => Partial<ReelCard>) =>
        patchReels(queryClient, (reel) => reel.id === reelId, patch),
      /** Every card of this creator says the viewer follows them, or not. */
      patchCreatorFollowed: (creatorId: string, isFollowed: boolean) =>
        patchReels(
          queryClient,
          (reel) => reel.creator.id === creatorId,
          (reel) => ({ creator: { ...reel.creator, isFollowed } }),
        ),
    }),
    [queryClient],
  );
}
