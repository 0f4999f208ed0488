// Appealing through the link a decision's notice carries, signed in or not: a suspended or banned
// author cannot sign in to their safety page, and the refusal at sign-in gives them this link.
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useDecisionByKey(key: string) {
  return useQuery({ ...trpc.moderation.getAppealByKey.queryOptions({ key }), retry: false });
}

/** Sends the appeal; a refusal is thrown, for the dialog to show. The decision is read again after. */
export function useAppealByKey(key: string) {
  const decision = useDecisionByKey(key);
  const appeal = useMutation(trpc.moderation.appealByKey.mutationOptions());
  return {
    appeal: async (explanation: string) => {
      await appeal.mutateAsync({ key, explanation });
      toast.success("Appeal sent. A different moderator will look at it.");
      await decision.refetch();
    },
    isAppealing: appeal.isPending,
  };
}
