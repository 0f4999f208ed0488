// Every payment, newest first (the first page live, older ones on asking), and refunding one.
import type { PaymentStatus } from "@litverse/shared/payments";
import { useMutation } from "@tanstack/react-query";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

export function usePayments(query: string, status: "all" | PaymentStatus) {
  const input = { ...(query ? { query } : {}), ...(status === "all" ? {} : { status }) };
  const first = useLiveQuery(trpc.payments.adminListPayments.queryOptions(input));
  const list = usePagedList({
    first,
    key: ["payments", input],
    fetchPage: (cursor) => trpcClient.payments.adminListPayments.query({ ...input, cursor }),
    idOf: (payment) => payment.id,
    timeOf: (payment) => payment.createdAt,
  });
  return { first, list };
}

export function useRefundPayment() {
  const refund = useMutation(trpc.payments.refundPayment.mutationOptions());
  /** Throws on failure: the dialog that asks for the reason shows why. */
  return async (paymentId: string, reason: string) => {
    await refund.mutateAsync({ paymentId, reason });
    toast.success("Purchase refunded");
  };
}
