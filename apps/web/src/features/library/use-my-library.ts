// The reader's library, kept live, and unfollowing a title from it with the chance to undo.
import type { LibraryEntry, MyLibrary } from "@litverse/shared/content";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useMyLibrary() {
  return useLiveQuery(trpc.library.getMyLibrary.queryOptions());
}

/**
 * Takes the title off the Following list at once; the toast that says so offers Undo. A failure
 * puts the list back as it was and says why.
 */
export function useUnfollowWithUndo() {
  const queryClient = useQueryClient();
  const queryKey = trpc.library.getMyLibrary.queryKey();
  const follow = useMutation(trpc.library.followContent.mutationOptions());
  const unfollow = useMutation(
    trpc.library.unfollowContent.mutationOptions({
      onMutate: async ({ contentId }) => {
        await queryClient.cancelQueries({ queryKey });
        const previous = queryClient.getQueryData(queryKey);
        if (previous) {
          queryClient.setQueryData(queryKey, {
            ...previous,
            following: previous.following.filter((entry) => entry.content._id !== contentId),
          } satisfies MyLibrary);
        }
        return { previous };
      },
      onError: (error, _variables, context) => {
        if (context?.previous) queryClient.setQueryData(queryKey, context.previous);
        toastError(error, "Could not remove the title from your library.");
      },
    }),
  );

  return (entry: LibraryEntry) => {
    unfollow.mutate(
      { contentId: entry.content._id },
      {
        onSuccess: () =>
          toast.success(`Removed “${entry.content.title}” from My Library.`, {
            action: {
              label: "Undo",
              onClick: () =>
                follow.mutate(
                  { contentId: entry.content._id },
                  { onError: (error) => toastError(error, "Could not add the title back.") },
                ),
            },
          }),
      },
    );
  };
}
