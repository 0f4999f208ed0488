// A payment followed to its end: verified with the provider on arrival and again now and then while
// it is undecided, and watched live so a webhook that lands later shows without a reload.
import { useMutation } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** While the provider has not decided, ask again this often, in case no webhook is coming. */
const RECHECK_MS = 5_000;
const MAX_RECHECKS = 24;

/** `isValidId` false asks nothing: the address names no payment. */
export function useVerifiedPayment(paymentId: string, isValidId: boolean) {
  const payment = useLiveQuery({
    ...trpc.payments.getPayment.queryOptions({ paymentId }),
    enabled: isValidId,
  });
  const verify = useMutation(trpc.payments.verifyPayment.mutationOptions());
  const verifyRef = useRef(verify.mutate);
  verifyRef.current = verify.mutate;
  const status = payment.data?.status;

  // Ask the provider once on arrival, then now and then while it is still undecided.
  useEffect(() => {
    if (!isValidId) return;
    verifyRef.current({ paymentId });
  }, [isValidId, paymentId]);
  useEffect(() => {
    if (!isValidId || status !== "pending") return;
    let checks = 0;
    const timer = setInterval(() => {
      checks++;
      if (checks > MAX_RECHECKS) clearInterval(timer);
      else verifyRef.current({ paymentId });
    }, RECHECK_MS);
    return () => clearInterval(timer);
  }, [isValidId, paymentId, status]);

  return payment;
}
