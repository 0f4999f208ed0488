// One conversation: who it is with and what they are doing (live), telling the server it is open,
// and clearing it or deleting a message from one's own side.
import { useMutation } from "@tanstack/react-query";
import { useEffect } from "react";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** While the thread is shown, the server is told again this often that it is open. */
const VIEWING_RENEW_MS = 40_000;

/** The conversation with `partnerId`, live; one that cannot be had is not asked for again. */
export function useConversation(partnerId: string) {
  return useLiveQuery({
    ...trpc.messages.getConversation.queryOptions({ partnerId }),
    retry: false,
  });
}

/**
 * Open on screen: what comes is read at once and no notification is made; said again while it
 * stays open and whenever a new message comes in (`newestIncoming`). Not for a request to answer.
 */
export function useTellViewing(
  partnerId: string,
  newestIncoming: string | undefined,
  isRequestToMe: boolean,
) {
  const viewing = useMutation(trpc.messages.viewConversation.mutationOptions());
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new incoming message marks it read
  useEffect(() => {
    if (isRequestToMe) return;
    const tell = (isViewing: boolean) => viewing.mutate({ partnerId, isViewing });
    const onVisibility = () => tell(document.visibilityState === "visible");
    if (document.visibilityState === "visible") tell(true);
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") tell(true);
    }, VIEWING_RENEW_MS);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
      tell(false);
    };
  }, [partnerId, newestIncoming, isRequestToMe]);
}

/** Deletes the conversation from one's own side; for a confirmation dialog, which shows a failure. */
export function useClearConversation() {
  const clear = useMutation(trpc.messages.clearConversation.mutationOptions());
  return (partnerId: string) => clear.mutateAsync({ partnerId });
}

/** Deletes a message from one's own side; a failure is told in a toast. */
export function useDeleteMessage() {
  const remove = useMutation(trpc.messages.deleteMessageForMe.mutationOptions());
  return (messageId: string) =>
    remove.mutate({ messageId }, { onError: (error) => toastError(error, "Could not delete the message.") });
}
