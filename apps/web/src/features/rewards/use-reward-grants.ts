// The bonus coins reward rules granted, newest first (the first page live, older ones on asking),
// and revoking one.
import type { RewardGrantView } from "@litverse/shared/rewards";
import { useMutation } from "@tanstack/react-query";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

export type GrantStatusFilter = "all" | "active" | "revoked";

export function useRewardGrants(status: GrantStatusFilter) {
  const input = { limit: 50, ...(status === "all" ? {} : { status }) };
  const first = useLiveQuery(trpc.rewards.listGrants.queryOptions(input));
  const list = usePagedList({
    first,
    key: ["reward-grants", input],
    fetchPage: (cursor) => trpcClient.rewards.listGrants.query({ ...input, cursor }),
    idOf: (grant) => grant.id,
    timeOf: (grant) => grant.createdAt,
  });
  return { first, list };
}

export function useRevokeGrant() {
  const revoke = useMutation(trpc.rewards.revokeGrant.mutationOptions());
  /** Throws on failure: the dialog that asks for the reason shows why. */
  return async (grant: RewardGrantView, reason: string) => {
    await revoke.mutateAsync({ grantId: grant.id, reason });
    toast.success("Grant revoked");
  };
}
