// The review of advertisers' ads: the waiting, rejected and running ones (kept live: a new
// submission or another reviewer's decision shows at once), approving and rejecting, and whether
// this administrator may decide (manage) or only look (view).
import type { AdReviewEntry } from "@litverse/shared/ads";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useAdminPermissions } from "../../../lib/auth/use-admin-permissions.ts";
import { toastError } from "../../../lib/errors.ts";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";

export type ReviewStatus = "in_review" | "rejected" | "active";

export function useReviewQueue(status: ReviewStatus) {
  const query = useLiveQuery(trpc.ads.getReviewQueue.queryOptions({ status }));
  return { ...query, entries: query.data as AdReviewEntry[] | undefined };
}

export function useCanManageAds(): boolean {
  return useAdminPermissions().data?.grants.ads === "manage";
}

export function useReviewDecisions() {
  const queryClient = useQueryClient();
  // The lists follow live; asking again as well covers a socket that missed the change.
  const refreshQueues = () => void queryClient.invalidateQueries(trpc.ads.getReviewQueue.pathFilter());
  const approve = useMutation(trpc.ads.approveCampaign.mutationOptions());
  const reject = useMutation(trpc.ads.rejectCampaign.mutationOptions());
  return {
    approve: (campaignId: string, name: string) =>
      approve.mutate(
        { campaignId },
        {
          onSuccess: () => {
            toast.success(`“${name}” is approved.`);
            refreshQueues();
          },
          onError: (error) => toastError(error, "Could not approve the ad."),
        },
      ),
    /** Rejects with the reason the advertiser reads; a refusal is thrown for the dialog to show. */
    reject: async (campaignId: string, reason: string, name: string) => {
      await reject.mutateAsync({ campaignId, reason });
      toast.success(`“${name}” is rejected; its coins are back with the advertiser.`);
      refreshQueues();
    },
    /** The campaign being approved, for its button's spinner. */
    approvingId: approve.isPending ? (approve.variables?.campaignId ?? null) : null,
  };
}
