// Buying coins: the packages on sale, live, and a checkout started with the payment provider.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useCoinPackagesOnSale() {
  return useLiveQuery(trpc.coins.listCoinPackages.queryOptions());
}

export function useStartCoinCheckout() {
  const checkout = useMutation(trpc.payments.startCoinCheckout.mutationOptions());
  /** Goes to the provider's checkout; `onFailed` runs after the toast. */
  return async (
    { packageId, returnTo }: inferInput<typeof trpc.payments.startCoinCheckout>,
    { onFailed }: { onFailed: () => void },
  ) => {
    try {
      const started = await checkout.mutateAsync({ packageId, returnTo });
      // The provider's page: a full navigation, usually to another site.
      window.location.assign(started.checkoutUrl);
    } catch (error) {
      toastError(error, "Could not start the checkout.");
      onFailed();
    }
  };
}
