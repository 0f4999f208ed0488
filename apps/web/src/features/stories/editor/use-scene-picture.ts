// A scene's picture: uploaded, then taken in by the story, which answers with the address to show.
import { useMutation } from "@tanstack/react-query";
import { useAccessToken } from "../../../lib/auth/use-access-token.ts";
import { describeError } from "../../../lib/errors.ts";
import { trpc } from "../../../lib/trpc.ts";
import { uploadFiles } from "../../../lib/uploads.ts";

export function useUploadScenePicture(storyId: string) {
  const accessToken = useAccessToken();
  const uploadImage = useMutation(trpc.stories.uploadSceneImage.mutationOptions());
  /** Resolves to the picture's address, or to what went wrong. */
  return async (
    file: File,
    onProgress: (progress: number) => void,
  ): Promise<{ url: string } | { error: string }> => {
    try {
      const result = await uploadFiles([file], accessToken, { onProgress });
      const { url } = await uploadImage.mutateAsync({ storyId, uploadId: result.uploadId });
      return { url };
    } catch (caught) {
      return { error: describeError(caught, "Could not add the picture.").message };
    }
  };
}
