// A persona's inbox as the team works it: the conversations (live), one conversation and its
// messages (the newest page live, older pages as the team member scrolls back, as in the reader's
// own thread), marking what readers sent as read, answering, and accepting a request.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { useLivePages } from "../../lib/use-live-pages.ts";

const PAGE_SIZE = 30;

/** Everyone who wrote to the persona, and the persona itself; one that is not there is not asked again. */
export function usePersonaInbox(personaId: string) {
  return useLiveQuery({ ...trpc.personas.getPersonaInbox.queryOptions({ personaId }), retry: false });
}

export function usePersonaConversation(personaId: string, partnerId: string) {
  return useLiveQuery({
    ...trpc.personas.getPersonaConversation.queryOptions({ personaId, partnerId }),
    retry: false,
  });
}

/** The conversation's messages, oldest first for showing. */
export function usePersonaThreadMessages(personaId: string, partnerId: string) {
  const pages = useLivePages(
    trpc.personas.listPersonaMessages.queryOptions({ personaId, partnerId, limit: PAGE_SIZE }),
    (cursor) =>
      trpcClient.personas.listPersonaMessages.query({ personaId, partnerId, limit: PAGE_SIZE, cursor }),
  );
  const messages = useMemo(() => [...pages.items].reverse(), [pages.items]);
  return {
    query: pages.query,
    messages,
    hasOlder: pages.hasOlder,
    loadOlder: pages.loadOlder,
    isLoadingOlder: pages.isLoadingOlder,
  };
}

/**
 * Open on screen: what the reader sent is read by the team. Marked when the conversation opens,
 * whenever a new message from the reader arrives (`newestIncoming`), and when the tab comes back
 * into view. Not for a request still to be accepted.
 */
export function useMarkPersonaRead(
  personaId: string,
  partnerId: string,
  newestIncoming: string | undefined,
  isRequestToMe: boolean,
) {
  const mark = useMutation(trpc.personas.markPersonaConversationRead.mutationOptions());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new incoming message marks it read again
  useEffect(() => {
    if (isRequestToMe) return;
    const markRead = () => {
      if (document.visibilityState === "visible") mark.mutate({ personaId, partnerId });
    };
    markRead();
    document.addEventListener("visibilitychange", markRead);
    return () => document.removeEventListener("visibilitychange", markRead);
  }, [personaId, partnerId, newestIncoming, isRequestToMe]);
}

export function useSendPersonaMessage(personaId: string, partnerId: string) {
  const send = useMutation(trpc.personas.sendPersonaMessage.mutationOptions());
  return {
    /** Sends as the persona; a failure is told in a toast and resolves false. */
    send: async (body: string): Promise<boolean> => {
      try {
        await send.mutateAsync({ personaId, partnerId, body });
        return true;
      } catch (error) {
        toastError(error, "Could not send the reply.");
        return false;
      }
    },
    isSending: send.isPending,
  };
}

export function useAcceptPersonaRequest(personaId: string) {
  const accept = useMutation(trpc.personas.acceptPersonaRequest.mutationOptions());
  const [acceptingId, setAcceptingId] = useState<string | null>(null);
  return {
    accept: async (partnerId: string) => {
      setAcceptingId(partnerId);
      try {
        await accept.mutateAsync({ personaId, partnerId });
      } catch (error) {
        toastError(error, "Could not accept the request.");
      } finally {
        setAcceptingId(null);
      }
    },
    /** The partner whose request is being accepted, if any. */
    acceptingId,
  };
}
