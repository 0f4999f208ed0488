// Imports: the recent jobs, live; cancelling one; and starting one (the files uploaded first).
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadCancelled, uploadFiles } from "../../lib/uploads.ts";
import { messageOf } from "./errors.ts";

export function useImportJobs() {
  return useLiveQuery(trpc.imports.listImportJobs.queryOptions());
}

export function useCancelImport() {
  const cancel = useMutation(trpc.imports.cancelImport.mutationOptions());
  return {
    cancel: (jobId: string) =>
      cancel.mutate({ jobId }, { onError: (error) => toastError(error, "Could not cancel the import.") }),
    isPending: cancel.isPending,
  };
}

export function useStartImport() {
  const accessToken = useAccessToken();
  const startImport = useMutation(trpc.imports.startImport.mutationOptions());
  return {
    /** `onFailed` gets the message to show, or null when the upload was cancelled. */
    start: async (
      files: File[],
      options: Omit<inferInput<typeof trpc.imports.startImport>, "uploadId">,
      {
        signal,
        onProgress,
        onStarted,
        onFailed,
      }: {
        signal: AbortSignal;
        onProgress: (progress: number) => void;
        onStarted: (jobId: string) => void;
        onFailed: (message: string | null) => void;
      },
    ) => {
      try {
        const upload = await uploadFiles(files, accessToken, { onProgress, signal });
        const { jobId } = await startImport.mutateAsync({ uploadId: upload.uploadId, ...options });
        toast.success(files.length === 1 ? `Importing ${files[0]?.name}` : `Importing ${files.length} files`);
        onStarted(jobId);
      } catch (caught) {
        onFailed(caught instanceof UploadCancelled ? null : messageOf(caught, "Could not start the import."));
      }
    },
    isStarting: startImport.isPending,
  };
}
