// The administrators' side of reels: every reel, filtered, a page at a time (the first live), the
// decisions on each, and the setting that makes users' reels wait for review.
import type { ReelStatus } from "@litverse/shared/reels";
import { useMutation } from "@tanstack/react-query";
import { usePagedList } from "../../../components/paged-list/use-paged-list.ts";
import { toastError } from "../../../lib/errors.ts";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc, trpcClient } from "../../../lib/trpc.ts";

export interface AdminReelFilters {
  status: ReelStatus | null;
  official: boolean | null;
  featured: boolean | null;
  search: string | null;
}

export function useAdminReels(filters: AdminReelFilters) {
  const first = useLiveQuery(trpc.reels.adminListReels.queryOptions(filters));
  const list = usePagedList({
    first,
    key: ["admin-reels", filters],
    fetchPage: (cursor) => trpcClient.reels.adminListReels.query({ ...filters, cursor }),
    idOf: (reel) => reel.id,
    timeOf: (reel) => reel.createdAt,
    // A reel whose status no longer matches the filter (approved, rejected) goes from the list.
    keepsDeparted: false,
  });
  return { first, list };
}

/** Rejecting and removing, each with a reason; both throw on failure, for the reason dialogs. */
export function useReelDecisions() {
  const reject = useMutation(trpc.reels.rejectReel.mutationOptions());
  const remove = useMutation(trpc.reels.removeReel.mutationOptions());
  return {
    reject: (reelId: string, reason: string) => reject.mutateAsync({ reelId, reason }),
    remove: (reelId: string, reason: string) => remove.mutateAsync({ reelId, reason }),
  };
}

/** Approving a reel waiting for review, and featuring a published one or not. */
export function useReelReview(reelId: string) {
  const approve = useMutation(trpc.reels.approveReel.mutationOptions());
  const feature = useMutation(trpc.reels.featureReel.mutationOptions());
  const onError = (fallback: string) => (error: unknown) => toastError(error, fallback);
  return {
    approve: () =>
      approve.mutate(
        { reelId },
        {
          onSuccess: () => toast.success("Reel approved and published"),
          onError: onError("Could not approve the reel."),
        },
      ),
    isApproving: approve.isPending,
    setFeatured: (featured: boolean) =>
      feature.mutate({ reelId, featured }, { onError: onError("Could not change whether it is featured.") }),
    isFeaturing: feature.isPending,
  };
}

export function useReviewSetting() {
  const settings = useLiveQuery(trpc.reels.getReelSettings.queryOptions());
  const update = useMutation(trpc.reels.updateReelSettings.mutationOptions());
  return {
    settings: settings.data,
    setRequireReview: (requireReview: boolean) =>
      update.mutate(
        { requireReview },
        {
          onSuccess: () =>
            toast.success(requireReview ? "New reels wait for review" : "New reels publish at once"),
          onError: (error) => toastError(error, "Could not change the setting."),
        },
      ),
    isUpdating: update.isPending,
  };
}
