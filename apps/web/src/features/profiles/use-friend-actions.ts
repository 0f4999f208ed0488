// Changing where the viewer stands with someone: friend requests and their answers, unfriending,
// blocking and unblocking. Every change shows on every open page, live.
import { type UseMutationResult, useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

type PersonMutation = UseMutationResult<unknown, unknown, { userId: string }>;

/** Each action as a button needs it: a run that says in a toast why it failed, and its pending state. */
export function useFriendActions(userId: string) {
  const input = { userId };
  const send = useMutation(trpc.friends.sendFriendRequest.mutationOptions());
  const cancel = useMutation(trpc.friends.cancelFriendRequest.mutationOptions());
  const accept = useMutation(trpc.friends.acceptFriendRequest.mutationOptions());
  const decline = useMutation(trpc.friends.declineFriendRequest.mutationOptions());
  const unfriend = useMutation(trpc.friends.unfriend.mutationOptions());
  const unblock = useMutation(trpc.friends.unblockUser.mutationOptions());
  const action = (mutation: PersonMutation, what: string) => ({
    run: () => mutation.mutate(input, { onError: (error) => toastError(error, `Could not ${what}.`) }),
    isPending: mutation.isPending,
  });

  return {
    send: action(send, "send the request"),
    cancel: action(cancel, "cancel the request"),
    accept: action(accept, "accept the request"),
    decline: action(decline, "decline the request"),
    unblock: action(unblock, "unblock"),
    /** For a confirmation dialog, which shows the failure itself. */
    unfriend: () => unfriend.mutateAsync(input),
  };
}

/** Blocks a person; for a confirmation dialog, which shows a failure itself. */
export function useBlockPerson() {
  const block = useMutation(trpc.friends.blockUser.mutationOptions());
  return (userId: string) => block.mutateAsync({ userId });
}

/** The people one has blocked, live, and unblocking one of them. */
export function useBlockedPeople() {
  const blocked = useLiveQuery(trpc.friends.listBlocked.queryOptions());
  const unblock = useMutation(trpc.friends.unblockUser.mutationOptions());
  return {
    blocked: blocked.data,
    unblock: (userId: string) =>
      unblock.mutate({ userId }, { onError: (error) => toastError(error, "Could not unblock.") }),
    /** Whether this person's unblocking is under way. */
    isUnblocking: (userId: string) => unblock.isPending && unblock.variables?.userId === userId,
  };
}
