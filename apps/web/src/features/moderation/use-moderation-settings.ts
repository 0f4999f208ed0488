// The hide thresholds per category, and saving them.
import type { ReportCategory } from "@litverse/shared/moderation";
import { useMutation, useQuery } from "@tanstack/react-query";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useModerationSettings() {
  return useQuery(trpc.moderation.getModerationSettings.queryOptions());
}

/** Saves the thresholds; a refusal is thrown, for the form to show by field. */
export function useSaveThresholds() {
  const save = useMutation(trpc.moderation.setHideThresholds.mutationOptions());
  return {
    save: async (thresholds: Partial<Record<ReportCategory, number>>) => {
      await save.mutateAsync({ thresholds });
      toast.success("Thresholds saved");
    },
    isSaving: save.isPending,
  };
}
