// The plans on offer, live, and subscribing to one through the payment provider's checkout.
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function usePlansOnOffer() {
  return useLiveQuery(trpc.subscriptions.listPlans.queryOptions());
}

/** Once started, the page goes to the provider's checkout (a full navigation). */
export function useStartSubscriptionCheckout() {
  return useMutation(
    trpc.subscriptions.startSubscriptionCheckout.mutationOptions({
      onSuccess: ({ checkoutUrl }) => window.location.assign(checkoutUrl),
      onError: (error) => toastError(error, "Could not start the checkout. Please try again."),
    }),
  );
}
