// Changes to a title in the editor (publishing it, its details, its unlock options, its cover),
// each told in a toast.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { formErrorsOf, toastError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { uploadFiles } from "../../lib/uploads.ts";
import { messageOf } from "./errors.ts";

type TitleUpdate = inferInput<typeof trpc.contentAdmin.updateContent>;

/** `onFailed` runs before the toast: put the switch back. */
export function useSetPublished(title: { _id: string; title: string }) {
  const update = useMutation(trpc.contentAdmin.updateContent.mutationOptions());
  return {
    setPublished: (isPublished: boolean, { onFailed }: { onFailed: () => void }) =>
      update.mutate(
        { id: title._id, data: { status: isPublished ? "published" : "draft" } },
        {
          onSuccess: () =>
            toast.success(isPublished ? `${title.title} is published` : `${title.title} is a draft again`),
          onError: (caught) => {
            onFailed();
            toastError(caught, "Could not change whether the title is published.");
          },
        },
      ),
    isPending: update.isPending,
  };
}

interface SaveCallbacks {
  onSaved: () => void;
  onFailed: (errors: FieldErrors) => void;
}

function useSaveTitleFields(done: string, fallback: string) {
  const update = useMutation(trpc.contentAdmin.updateContent.mutationOptions());
  return {
    save: async (input: TitleUpdate, { onSaved, onFailed }: SaveCallbacks) => {
      try {
        await update.mutateAsync(input);
        onSaved();
        toast.success(done);
      } catch (error) {
        onFailed(formErrorsOf(error, fallback));
      }
    },
    isPending: update.isPending,
  };
}

export function useSaveTitleDetails() {
  return useSaveTitleFields("Changes saved", "Could not save the changes.");
}

export function useSaveUnlockOptions() {
  return useSaveTitleFields("Unlock options saved", "Could not save the unlock options.");
}

/** Uploads an image and makes it the title's cover; `onFailed` gets the message to show. */
export function useReplaceCover(contentId: string) {
  const accessToken = useAccessToken();
  const setCover = useMutation(trpc.contentAdmin.setCover.mutationOptions());
  return {
    replace: async (
      file: File,
      {
        onProgress,
        onFailed,
      }: { onProgress: (progress: number) => void; onFailed: (message: string) => void },
    ) => {
      try {
        const result = await uploadFiles([file], accessToken, { onProgress });
        await setCover.mutateAsync({ contentId, uploadId: result.uploadId });
        toast.success("Cover updated");
      } catch (caught) {
        onFailed(messageOf(caught, "Could not change the cover."));
      }
    },
    isSettingCover: setCover.isPending,
  };
}
