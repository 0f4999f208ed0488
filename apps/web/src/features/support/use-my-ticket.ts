// One of the person's tickets, kept live, and what they may do with it: reply, close or reopen it,
// rate the help once it is solved. Failures are told in a toast.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../lib/uploads.ts";
import { uploadAttachments } from "./ticket-parts.tsx";

export function useMyTicket(ticketId: string) {
  return useLiveQuery(trpc.support.getMyTicket.queryOptions({ ticketId }));
}

export function useCloseOrReopenTicket(ticketId: string) {
  const close = useMutation(trpc.support.closeTicket.mutationOptions());
  const reopen = useMutation(trpc.support.reopenTicket.mutationOptions());
  return {
    close: () => close.mutate({ ticketId }, { onError: (error) => toastError(error) }),
    isClosing: close.isPending,
    reopen: () => reopen.mutate({ ticketId }, { onError: (error) => toastError(error) }),
    isReopening: reopen.isPending,
  };
}

export function useReplyToTicket(ticketId: string) {
  const [isSending, setIsSending] = useState(false);
  const reply = useMutation(trpc.support.replyToTicket.mutationOptions());
  const accessToken = useAccessToken();

  /** Uploads the files one by one, then sends the reply with them. */
  const send = async (body: string, files: readonly File[], onSent: () => void) => {
    setIsSending(true);
    try {
      const attachmentUploadIds = await uploadAttachments(files, (chosen) =>
        uploadFiles(chosen, accessToken),
      );
      await reply.mutateAsync({ ticketId, body, attachmentUploadIds });
      onSent();
    } catch (error) {
      toastError(
        error instanceof UploadError ? new Error(error.message) : error,
        "Could not send the reply.",
      );
    } finally {
      setIsSending(false);
    }
  };
  return { send, isSending };
}

export function useRateTicket(ticketId: string) {
  const rate = useMutation(trpc.support.rateTicket.mutationOptions());
  return {
    rate: (score: number, comment: string) =>
      rate.mutate({ ticketId, score, comment }, { onError: (error) => toastError(error) }),
    isRating: rate.isPending,
  };
}
