// Starting a story: an empty one, or one brought in from a Twine file.
import { useMutation } from "@tanstack/react-query";
import type { inferInput, inferOutput } from "@trpc/tanstack-react-query";
import { useAccessToken } from "../../../lib/auth/use-access-token.ts";
import { describeError, type ErrorDetails } from "../../../lib/errors.ts";
import { trpc } from "../../../lib/trpc.ts";
import { uploadFiles } from "../../../lib/uploads.ts";

export function useCreateStory() {
  const create = useMutation(trpc.stories.createStory.mutationOptions());
  return {
    create: (
      input: inferInput<typeof trpc.stories.createStory>,
      {
        onCreated,
        onFailed,
      }: { onCreated: (storyId: string) => void; onFailed: (details: ErrorDetails) => void },
    ) =>
      create.mutate(input, {
        onSuccess: ({ storyId }) => onCreated(storyId),
        onError: (caught) => onFailed(describeError(caught, "Could not create the story.")),
      }),
    isPending: create.isPending,
  };
}

/** The new story, and what the importer could not translate. */
type ImportedStory = inferOutput<typeof trpc.stories.importTwine>;

export function useImportTwine() {
  const accessToken = useAccessToken();
  const importTwine = useMutation(trpc.stories.importTwine.mutationOptions());
  return {
    /**
     * Uploads the file (`onUploaded` once it is there), then has the server read it. Resolves to the
     * imported story, or to what went wrong.
     */
    importFile: async (
      file: File,
      { onProgress, onUploaded }: { onProgress: (progress: number) => void; onUploaded: () => void },
    ): Promise<{ imported: ImportedStory } | { error: string }> => {
      try {
        const upload = await uploadFiles([file], accessToken, { onProgress });
        onUploaded();
        return { imported: await importTwine.mutateAsync({ uploadId: upload.uploadId }) };
      } catch (caught) {
        return { error: describeError(caught, "Could not import the file.").message };
      }
    },
    /** The server is reading the uploaded file. */
    isReading: importTwine.isPending,
  };
}
