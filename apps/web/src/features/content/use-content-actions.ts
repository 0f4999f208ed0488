// Like, rate and follow from a title's page. Each shows its effect at once in the page's cached
// title; the server's live result then replaces the guess. A failure puts the page back as it
// was, says why in a toast and fetches the title again.
import type { ContentDetail } from "@litverse/shared/content";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { withFollow, withLike, withRating } from "./content-updates.ts";

export function useContentActions(contentId: string) {
  const queryClient = useQueryClient();
  const queryKey = trpc.content.getContent.queryKey({ contentId });

  const optimistic = <Variables>(
    apply: (detail: ContentDetail, variables: Variables) => ContentDetail,
    fallback: string,
  ) => ({
    onMutate: async (variables: Variables) => {
      await queryClient.cancelQueries({ queryKey });
      const previous = queryClient.getQueryData(queryKey);
      if (previous) queryClient.setQueryData(queryKey, apply(previous, variables));
      return { previous };
    },
    onError: (error: unknown, _variables: Variables, context: { previous?: ContentDetail } | undefined) => {
      if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
      toastError(error, fallback);
      void queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });

  const like = useMutation(
    trpc.content.likeContent.mutationOptions(
      optimistic((detail) => withLike(detail, true), "Could not like the title."),
    ),
  );
  const unlike = useMutation(
    trpc.content.unlikeContent.mutationOptions(
      optimistic((detail) => withLike(detail, false), "Could not remove your like."),
    ),
  );
  const rate = useMutation(
    trpc.content.rateContent.mutationOptions({
      ...optimistic(
        (detail, variables: { rating: number }) => withRating(detail, variables.rating),
        "Could not save your rating.",
      ),
      onSuccess: (_data, variables) =>
        toast.success(`You rated it ${variables.rating} ${variables.rating === 1 ? "star" : "stars"}.`),
    }),
  );
  const follow = useMutation(
    trpc.library.followContent.mutationOptions({
      ...optimistic((detail) => withFollow(detail, true), "Could not add the title to your library."),
      onSuccess: () => toast.success("Added to My Library. You will hear about new episodes."),
    }),
  );
  const unfollow = useMutation(
    trpc.library.unfollowContent.mutationOptions(
      optimistic((detail) => withFollow(detail, false), "Could not remove the title from your library."),
    ),
  );

  return {
    setLiked: (isLiked: boolean) => (isLiked ? like : unlike).mutate({ contentId }),
    setFollowing: (isFollowing: boolean) => (isFollowing ? follow : unfollow).mutate({ contentId }),
    rate: (rating: number) => rate.mutate({ contentId, rating }),
  };
}
