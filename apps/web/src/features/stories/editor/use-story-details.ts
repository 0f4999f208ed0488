// The story as the editor opens it, and its details (title, description, genre, age rating, cover,
// stat preset), which are saved with a button rather than autosaved with the draft. A saved change
// refreshes the details around the editor's draft.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useAccessToken } from "../../../lib/auth/use-access-token.ts";
import { describeError, type ErrorDetails } from "../../../lib/errors.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";
import { uploadFiles } from "../../../lib/uploads.ts";

export function useStoryToEdit(storyId: string) {
  return useQuery({
    ...trpc.stories.getStoryDraft.queryOptions({ storyId }),
    // The editor holds the draft from here on; a refetch only refreshes the details around it.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

type StoryDetailsChange = inferInput<typeof trpc.stories.updateStoryDetails>["data"];

export function useStoryDetails(storyId: string) {
  const queryClient = useQueryClient();
  const accessToken = useAccessToken();
  const update = useMutation(trpc.stories.updateStoryDetails.mutationOptions());
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.stories.getStoryDraft.queryKey({ storyId }) });

  return {
    save: (data: StoryDetailsChange, { onFailed }: { onFailed: (details: ErrorDetails) => void }) =>
      update.mutate(
        { id: storyId, data },
        {
          onSuccess: () => {
            toast.success("Story details saved");
            void refresh();
          },
          onError: (caught) => onFailed(describeError(caught, "Could not save the details.")),
        },
      ),
    /** Uploads the picture and makes it the cover; resolves to what went wrong, or null once done. */
    changeCover: async (file: File, onProgress: (progress: number) => void): Promise<string | null> => {
      try {
        const upload = await uploadFiles([file], accessToken, { onProgress });
        await update.mutateAsync({ id: storyId, data: { coverUploadId: upload.uploadId } });
        toast.success("Cover changed");
        await refresh();
        return null;
      } catch (caught) {
        return describeError(caught, "Could not change the cover.").message;
      }
    },
    /** Saving the details or the cover. */
    isPending: update.isPending,
  };
}
