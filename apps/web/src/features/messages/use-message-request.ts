// Answering a message request from someone who is not a friend: accept, decline or block them.
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

/** Each answer's failure is told in a toast; `onGone` follows a decline or a block. */
export function useAnswerMessageRequest(partnerId: string, onGone: () => void) {
  const accept = useMutation(trpc.messages.acceptMessageRequest.mutationOptions());
  const decline = useMutation(trpc.messages.declineMessageRequest.mutationOptions());
  const block = useMutation(trpc.friends.blockUser.mutationOptions());
  const input = { partnerId };
  return {
    accept: () => accept.mutate(input, { onError: (error) => toastError(error, "Could not accept.") }),
    decline: () =>
      decline.mutate(input, {
        onSuccess: onGone,
        onError: (error) => toastError(error, "Could not decline."),
      }),
    block: () =>
      block.mutate(
        { userId: partnerId },
        { onSuccess: onGone, onError: (error) => toastError(error, "Could not block.") },
      ),
    isAccepting: accept.isPending,
    isDeclining: decline.isPending,
    isBlocking: block.isPending,
  };
}
