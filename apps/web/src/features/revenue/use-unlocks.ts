// Every episode unlock, newest first (the first page live, older ones on asking), and refunding one.
import { useMutation } from "@tanstack/react-query";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

export function useUnlocks(query: string) {
  const input = query ? { query } : {};
  const first = useLiveQuery(trpc.unlocks.adminListUnlocks.queryOptions(input));
  const list = usePagedList({
    first,
    key: ["unlocks", input],
    fetchPage: (cursor) => trpcClient.unlocks.adminListUnlocks.query({ ...input, cursor }),
    idOf: (unlock) => unlock._id,
    timeOf: (unlock) => unlock.createdAt,
  });
  return { first, list };
}

export function useRefundUnlock() {
  const refund = useMutation(trpc.unlocks.refundUnlock.mutationOptions());
  /** Throws on failure: the dialog that asks for the reason shows why. */
  return async (unlockId: string, reason: string) => {
    await refund.mutateAsync({ unlockId, reason });
    toast.success("Unlock refunded");
  };
}
