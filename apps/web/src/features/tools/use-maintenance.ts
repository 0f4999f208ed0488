// The Maintenance tab's calls: the rebuilds (each result kept for this visit) and the storage walk.
import type { MaintenanceResult, MaintenanceTask } from "@litverse/shared/admin-tools";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

const RESULTS_KEY = ["admin-tools", "maintenance-results"] as const;
type Results = Partial<Record<MaintenanceTask, MaintenanceResult>>;

export function useMaintenance() {
  const queryClient = useQueryClient();
  const results = useQuery<Results>({
    queryKey: RESULTS_KEY,
    queryFn: () => ({}),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const run = useMutation(trpc.adminTools.runMaintenance.mutationOptions());
  return {
    results: results.data ?? {},
    /** Rejects with the server's reason, for the confirmation to show. */
    run: async (task: MaintenanceTask) => {
      const result = await run.mutateAsync({ task });
      queryClient.setQueryData<Results>(RESULTS_KEY, (current) => ({ ...current, [task]: result }));
      toast.success(result.summary);
    },
  };
}

/** The store's use, walked only when asked for (it reads every file's size). */
export function useStorageUse() {
  return useQuery({
    ...trpc.adminTools.getStorageUse.queryOptions(),
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
