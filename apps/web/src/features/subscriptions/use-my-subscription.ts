// The reader's own subscription, live, and cancelling it at the period's end or resuming it.
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useMySubscription() {
  return useLiveQuery(trpc.subscriptions.getMySubscription.queryOptions());
}

/** Its failure is shown by the confirmation dialog that asks for it. */
export function useCancelSubscription() {
  return useMutation(trpc.subscriptions.cancelSubscription.mutationOptions());
}

export function useResumeSubscription() {
  return useMutation(
    trpc.subscriptions.resumeSubscription.mutationOptions({
      onError: (error) => toastError(error, "Could not resume your subscription."),
    }),
  );
}
