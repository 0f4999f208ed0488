// Beside a ticket, the person's account as support sees it (live), and what an agent may do there:
// ask the provider about a payment again, refund one, grant compensation coins.
import { useMutation } from "@tanstack/react-query";
import { describeError, toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useRequesterAccount(ticketId: string) {
  return useLiveQuery(trpc.support.getRequesterAccount.queryOptions({ ticketId }));
}

/** Re-checking and refunding one payment; a failure is told in a toast. */
export function usePaymentActions(ticketId: string, paymentId: string) {
  const recheck = useMutation(trpc.support.recheckPayment.mutationOptions());
  const refund = useMutation(trpc.support.refundPayment.mutationOptions());
  return {
    recheck: () =>
      recheck.mutate(
        { ticketId, paymentId },
        { onError: (error) => toastError(error, "The provider could not be asked.") },
      ),
    isRechecking: recheck.isPending,
    refund: (reason: string, onRefunded: () => void) =>
      refund.mutate(
        { ticketId, paymentId, reason },
        { onError: (error) => toastError(error), onSuccess: onRefunded },
      ),
    isRefundPending: refund.isPending,
  };
}

/** Grants bonus coins; `requestId` makes a repeated grant count once. */
export function useGrantCompensation(ticketId: string) {
  const grant = useMutation(trpc.support.grantCompensation.mutationOptions());
  return {
    grant: (
      compensation: { coins: number; reason: string; requestId: string },
      { onGranted, onFailed }: { onGranted: () => void; onFailed: (message: string) => void },
    ) =>
      grant.mutate(
        { ticketId, ...compensation },
        { onSuccess: onGranted, onError: (error) => onFailed(describeError(error).message) },
      ),
    isGranting: grant.isPending,
  };
}
