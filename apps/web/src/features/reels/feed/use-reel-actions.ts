// What the viewer does with a reel in the feed: like it, follow its creator, share it, open the
// title it trails. A like, a follow or a share shows on every copy of the card at once.
import type { ReelCard } from "@litverse/shared/reels";
import { useMutation } from "@tanstack/react-query";
import type { inferOutput } from "@trpc/tanstack-react-query";
import { toastError } from "../../../lib/errors.ts";
import { trpc } from "../../../lib/trpc.ts";
import { useReelCache } from "./use-reel-cache.ts";

/** Likes the reel, or takes the like back; a failure puts the card back and says why. */
export function useToggleLike(reel: Pick<ReelCard, "id" | "isLiked">) {
  const { patchReel } = useReelCache();
  const like = useMutation(trpc.reels.likeReel.mutationOptions());
  const unlike = useMutation(trpc.reels.unlikeReel.mutationOptions());
  return async () => {
    const isLiked = !reel.isLiked;
    const step = isLiked ? 1 : -1;
    patchReel(reel.id, (card) => ({ isLiked, likeCount: Math.max(0, card.likeCount + step) }));
    try {
      await (isLiked ? like : unlike).mutateAsync({ reelId: reel.id });
    } catch (error) {
      patchReel(reel.id, (card) => ({
        isLiked: !isLiked,
        likeCount: Math.max(0, card.likeCount - step),
      }));
      toastError(error, isLiked ? "Could not like the reel." : "Could not take the like back.");
    }
  };
}

/** Follows the creator, or stops; a failure puts the cards back and says why. */
export function useToggleFollow(creator: Pick<ReelCard["creator"], "id" | "isFollowed">) {
  const { patchCreatorFollowed } = useReelCache();
  const follow = useMutation(trpc.reels.followCreator.mutationOptions());
  const unfollow = useMutation(trpc.reels.unfollowCreator.mutationOptions());
  return async () => {
    const next = !creator.isFollowed;
    patchCreatorFollowed(creator.id, next);
    try {
      await (next ? follow : unfollow).mutateAsync({ userId: creator.id });
    } catch (error) {
      patchCreatorFollowed(creator.id, !next);
      toastError(error, next ? "Could not follow." : "Could not unfollow.");
    }
  };
}

/** Counts a share that has happened (a copied link, a completed share sheet). */
export function useCountShare(reelId: string) {
  const { patchReel } = useReelCache();
  const share = useMutation(trpc.reels.shareReel.mutationOptions());
  return (method: "copy" | "native") => {
    patchReel(reelId, (card) => ({ shareCount: card.shareCount + 1 }));
    // A share that happened is not undone by a failed count; the count is only a figure.
    share.mutate({ reelId, method });
  };
}

export type LinkedTitle = inferOutput<typeof trpc.reels.openLinkedTitle>;

/** "Watch the series": records the click and says where it leads (or that the episode is locked). */
export function useOpenLinkedTitle(reelId: string) {
  const open = useMutation(trpc.reels.openLinkedTitle.mutationOptions());
  return {
    open: async (onOpened: (title: LinkedTitle) => void) => {
      try {
        onOpened(await open.mutateAsync({ reelId }));
      } catch (error) {
        toastError(error, "Could not open the series.");
      }
    },
    isOpening: open.isPending,
  };
}
