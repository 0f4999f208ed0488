// A reader's own campaigns: the list (kept live, newest first), one campaign's report, submitting
// and editing (the budget is held at submission), and pausing, resuming or stopping one. After each
// change the wallet and the list are asked again, so the held coins show at once.
import type { AdCampaign } from "@litverse/shared/ads";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";
import type { PaidSave } from "../campaign-form/campaign-form-values.ts";
import { formatCoins } from "../report/report-values.ts";

const newestFirst = (campaigns: AdCampaign[]) =>
  [...campaigns].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));

export function useMyCampaigns() {
  return useLiveQuery({ ...trpc.ads.listMyCampaigns.queryOptions({}), select: newestFirst });
}

export function useCampaignReport(campaignId: string | null) {
  return useLiveQuery({
    ...trpc.ads.getCampaignReport.queryOptions({ campaignId: campaignId ?? "" }),
    enabled: campaignId !== null,
  });
}

/** Asks again for everything the coins and the campaigns show. */
function useRefreshAds() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.ads.pathFilter());
    void queryClient.invalidateQueries(trpc.coins.getCoinBalance.queryFilter());
  };
}

/** Submits a new campaign or saves changes; throws the server's refusal for the form to show. */
export function useSaveCampaign() {
  const create = useMutation(trpc.ads.createCampaign.mutationOptions());
  const update = useMutation(trpc.ads.updateCampaign.mutationOptions());
  const refresh = useRefreshAds();
  return async (input: PaidSave) => {
    if ("campaignId" in input) {
      const saved: AdCampaign = await update.mutateAsync(input);
      refresh();
      toast.success(saved.status === "in_review" ? "Saved, and sent for review." : "Saved.");
      return;
    }
    await create.mutateAsync(input);
    refresh();
    toast.success(`Submitted for review: ${formatCoins(input.budgetCoins)} coins held`);
  };
}

/** Pause, resume and stop; each throws a refusal, for the button's dialog or toast to show. */
export function useCampaignActions() {
  const pause = useMutation(trpc.ads.pauseCampaign.mutationOptions());
  const resume = useMutation(trpc.ads.resumeCampaign.mutationOptions());
  const stop = useMutation(trpc.ads.stopCampaign.mutationOptions());
  const refresh = useRefreshAds();
  const run = (mutation: typeof pause, done: string) => async (campaignId: string) => {
    await mutation.mutateAsync({ campaignId });
    refresh();
    toast.success(done);
  };
  return {
    pause: run(pause, "Paused."),
    resume: run(resume, "Running again."),
    stop: run(stop, "Stopped. What was not spent is back in your wallet."),
    isPending: pause.isPending || resume.isPending || stop.isPending,
  };
}
