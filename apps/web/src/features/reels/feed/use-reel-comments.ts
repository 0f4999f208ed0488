// A reel's comments: the newest threads live (older ones a page at a time), the replies in a
// thread, and adding and deleting comments.
import type { ReelComment } from "@litverse/shared/reels";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { usePagedList } from "../../../components/paged-list/use-paged-list.ts";
import { describeError, toastError } from "../../../lib/errors.ts";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { trpc, trpcClient } from "../../../lib/trpc.ts";
import { useReelCache } from "./use-reel-cache.ts";

export function useReelComments(reelId: string) {
  const { patchReel } = useReelCache();
  const query = useLiveQuery(trpc.reels.listComments.queryOptions({ reelId }));
  const list = usePagedList({
    first: query,
    key: ["reel-comments", reelId],
    fetchPage: (cursor) => trpcClient.reels.listComments.query({ reelId, cursor }),
    idOf: (comment) => comment.id,
    timeOf: (comment) => comment.createdAt,
    // A deleted comment goes from the list.
    keepsDeparted: false,
  });
  const total = query.data?.total;

  // The card's count follows the live total.
  useEffect(() => {
    if (total !== undefined) patchReel(reelId, () => ({ commentCount: total }));
  }, [patchReel, reelId, total]);

  return { query, list, total };
}

/** A comment's replies: those that came with it until asked for more, then the first page live and later ones on request. */
export function useCommentReplies(reelId: string, comment: ReelComment) {
  const [isExpanded, setIsExpanded] = useState(false);
  const all = useLiveQuery({
    ...trpc.reels.listComments.queryOptions({ reelId, parentId: comment.id }),
    enabled: isExpanded,
  });
  // Replies run oldest first; pages after the first (live) one are fetched on request.
  const [later, setLater] = useState<{ items: ReelComment[]; cursor: string | null } | null>(null);
  const [isLoadingLater, setIsLoadingLater] = useState(false);
  const firstPage = isExpanded && all.data ? all.data.items : comment.replies;
  const firstIds = new Set(firstPage.map((reply) => reply.id));
  const replies = [...firstPage, ...(later?.items.filter((reply) => !firstIds.has(reply.id)) ?? [])];
  const cursor = later ? later.cursor : (all.data?.nextCursor ?? null);
  const showMore = async () => {
    if (!isExpanded) {
      setIsExpanded(true);
      return;
    }
    if (!cursor) return;
    setIsLoadingLater(true);
    try {
      const page = await trpcClient.reels.listComments.query({ reelId, parentId: comment.id, cursor });
      setLater((current) => ({ items: [...(current?.items ?? []), ...page.items], cursor: page.nextCursor }));
    } catch (error) {
      toastError(error, "Could not load more replies.");
    } finally {
      setIsLoadingLater(false);
    }
  };
  return {
    replies,
    /** Replies there are beyond those listed. */
    hidden: Math.max(0, comment.replyCount - replies.length),
    /** Whether `showMore` has more to show: the live first page, or a page after it. */
    canShowMore: !isExpanded || Boolean(cursor),
    isLoadingFirst: isExpanded && all.isLoading,
    isLoadingLater,
    showMore,
  };
}

/** Throws on failure: the confirm dialog that asks first shows why. */
export function useDeleteComment(commentId: string) {
  const remove = useMutation(trpc.reels.deleteComment.mutationOptions());
  return () => remove.mutateAsync({ commentId });
}

export function useAddComment(reelId: string) {
  const add = useMutation(trpc.reels.addComment.mutationOptions());
  return {
    /** On failure, `onFailed` gets the sentence to show under the field. */
    add: async (
      text: string,
      parentId: string | null,
      { onAdded, onFailed }: { onAdded: () => void; onFailed: (message: string) => void },
    ) => {
      try {
        await add.mutateAsync({ reelId, text, parentId });
        onAdded();
      } catch (caught) {
        const details = describeError(caught, "Could not post the comment.");
        onFailed(details.fieldErrors.text?.[0] ?? details.message);
      }
    },
    isAdding: add.isPending,
  };
}
