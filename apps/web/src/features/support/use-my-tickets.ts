// A person's own support tickets: the list, the payments and unlocks a new one may be about, and
// sending a new one with its attachments.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { describeError, type ErrorDetails } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { uploadFiles } from "../../lib/uploads.ts";
import { uploadAttachments } from "./ticket-parts.tsx";

export function useMyTickets() {
  return useLiveQuery(trpc.support.listMyTickets.queryOptions());
}

/** The person's payments and unlocks, asked for only while `enabled` (the new ticket is open). */
export function useMyPurchases(enabled: boolean) {
  return useQuery({ ...trpc.support.listMyPurchases.queryOptions(), enabled });
}

export type NewTicket = Omit<inferInput<typeof trpc.support.createTicket>, "attachmentUploadIds">;

export function useCreateTicket() {
  const [isSending, setIsSending] = useState(false);
  const create = useMutation(trpc.support.createTicket.mutationOptions());
  const accessToken = useAccessToken();

  /** Uploads the files one by one, then opens the ticket; a refusal comes with what to show. */
  const send = async (
    ticket: NewTicket,
    files: readonly File[],
    {
      onCreated,
      onFailed,
    }: { onCreated: (ticketId: string) => void; onFailed: (details: ErrorDetails) => void },
  ) => {
    setIsSending(true);
    try {
      const attachmentUploadIds = await uploadAttachments(files, (chosen) =>
        uploadFiles(chosen, accessToken),
      );
      const { ticketId } = await create.mutateAsync({ ...ticket, attachmentUploadIds });
      onCreated(ticketId);
    } catch (error) {
      onFailed(describeError(error, "Could not send the ticket."));
    } finally {
      setIsSending(false);
    }
  };
  return { send, isSending };
}
