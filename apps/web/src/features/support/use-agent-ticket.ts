// A ticket as an agent works it: the ticket (live), the canned replies and the agents to choose
// from, replying or adding a note, and changing its status, priority, assignee or category.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useState } from "react";
import { useAccessToken } from "../../lib/auth/use-access-token.ts";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";
import { UploadError, uploadFiles } from "../../lib/uploads.ts";
import { uploadAttachments } from "./ticket-parts.tsx";

export function useAgentTicket(ticketId: string) {
  return useLiveQuery(trpc.support.getTicket.queryOptions({ ticketId }));
}

export function useCannedReplies() {
  return useQuery(trpc.support.listCannedReplies.queryOptions());
}

export function useAgents() {
  return useQuery(trpc.support.listAgents.queryOptions());
}

export type AgentReply = Omit<
  inferInput<typeof trpc.support.replyAsAgent>,
  "ticketId" | "attachmentUploadIds"
>;

export function useAgentReply(ticketId: string) {
  const [isSending, setIsSending] = useState(false);
  const reply = useMutation(trpc.support.replyAsAgent.mutationOptions());
  const accessToken = useAccessToken();

  /** Uploads the files one by one, then sends the reply or note with them; a failure is told in a toast. */
  const send = async (message: AgentReply, files: readonly File[], onSent: () => void) => {
    setIsSending(true);
    try {
      const attachmentUploadIds = await uploadAttachments(files, (chosen) =>
        uploadFiles(chosen, accessToken),
      );
      await reply.mutateAsync({ ticketId, ...message, attachmentUploadIds });
      onSent();
    } catch (error) {
      toastError(error instanceof UploadError ? new Error(error.message) : error, "Could not send that.");
    } finally {
      setIsSending(false);
    }
  };
  return { send, isSending };
}

export type TicketChange = Omit<inferInput<typeof trpc.support.updateTicket>, "ticketId">;

/** Changes the ticket's status, priority, assignee or category; a failure is told in a toast. */
export function useUpdateTicket(ticketId: string) {
  const update = useMutation(trpc.support.updateTicket.mutationOptions());
  return (fields: TicketChange) =>
    update.mutate({ ticketId, ...fields }, { onError: (error) => toastError(error) });
}
