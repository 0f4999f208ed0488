// The sandbox provider's checkout, and the buyer's choice on it (pay, fail or cancel).
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { toastError } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export type CheckoutOutcome = inferInput<typeof trpc.payments.completeSandboxCheckout>["outcome"];

export function useSandboxCheckout(reference: string) {
  return useQuery({
    ...trpc.payments.getSandboxCheckout.queryOptions({ reference }),
    retry: false,
  });
}

export function useCompleteSandboxCheckout() {
  const complete = useMutation(trpc.payments.completeSandboxCheckout.mutationOptions());
  /** `onCompleted` gets where the provider sends the buyer; `onFailed` runs after the toast. */
  return async (
    reference: string,
    outcome: CheckoutOutcome,
    {
      onCompleted,
      onFailed,
    }: { onCompleted: (redirectTo: string) => Promise<void> | void; onFailed: () => void },
  ) => {
    try {
      const { redirectTo } = await complete.mutateAsync({ reference, outcome });
      await onCompleted(redirectTo);
    } catch (error) {
      toastError(error, "The sandbox could not record that.");
      onFailed();
    }
  };
}
