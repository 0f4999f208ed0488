// The team's house ads: the list (kept live), one ad's report, making and changing one, and
// running, pausing or stopping it.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";
import type { HouseSave } from "../campaign-form/campaign-form-values.ts";

export function useHouseAds() {
  return useLiveQuery(trpc.ads.listHouseAds.queryOptions());
}

export function useAdminCampaignReport(campaignId: string | null) {
  return useLiveQuery({
    ...trpc.ads.getAdminCampaignReport.queryOptions({ campaignId: campaignId ?? "" }),
    enabled: campaignId !== null,
  });
}

function useRefreshHouseAds() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries(trpc.ads.listHouseAds.queryFilter());
}

/** Makes a house ad or saves changes; throws the server's refusal for the form to show. */
export function useSaveHouseAd() {
  const create = useMutation(trpc.ads.createHouseAd.mutationOptions());
  const update = useMutation(trpc.ads.updateHouseAd.mutationOptions());
  const refresh = useRefreshHouseAds();
  return async (input: HouseSave) => {
    if ("campaignId" in input) await update.mutateAsync(input);
    else await create.mutateAsync(input);
    refresh();
    toast.success("campaignId" in input ? "Saved." : "House ad created. It runs from its start.");
  };
}

export type HouseAdState = "active" | "paused" | "stopped";

const DONE: Record<HouseAdState, string> = {
  active: "Running.",
  paused: "Paused.",
  stopped: "Stopped for good.",
};

/** Runs, pauses or stops a house ad; throws a refusal for the button's dialog or toast. */
export function useHouseAdState() {
  const setState = useMutation(trpc.ads.setHouseAdState.mutationOptions());
  const refresh = useRefreshHouseAds();
  return {
    set: async (campaignId: string, state: HouseAdState) => {
      await setState.mutateAsync({ campaignId, state });
      refresh();
      toast.success(DONE[state]);
    },
    isPending: setState.isPending,
  };
}
