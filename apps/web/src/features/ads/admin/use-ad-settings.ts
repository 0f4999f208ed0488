// The ads' settings: where ads show and how often, their prices, the reels interval and the plans
// that see none; and saving them (a refusal is thrown, for the form to show by field).
import type { AdSettings } from "@litverse/shared/ads";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../lib/toast.ts";
import { trpc } from "../../../lib/trpc.ts";

export function useAdSettings() {
  const query = useQuery(trpc.ads.getAdSettings.queryOptions());
  return { ...query, settings: query.data as AdSettings | undefined };
}

export function useSaveAdSettings() {
  const queryClient = useQueryClient();
  const save = useMutation(trpc.ads.setAdSettings.mutationOptions());
  return {
    save: async (settings: AdSettings) => {
      const saved = await save.mutateAsync(settings);
      queryClient.setQueryData(trpc.ads.getAdSettings.queryKey(), saved);
      toast.success("Ad settings saved");
    },
    isSaving: save.isPending,
  };
}
