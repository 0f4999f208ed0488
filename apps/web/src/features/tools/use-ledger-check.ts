// The ledger check from Admin Tools: run on the server on asking; its last report stays with the
// page (for this visit) so that switching tabs does not lose it.
import type { LedgerCheckReport } from "@litverse/shared/admin-tools";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";

const REPORT_KEY = ["admin-tools", "ledger-report"] as const;

export function useLedgerCheck() {
  const queryClient = useQueryClient();
  // Never fetched: it only holds what the last run answered.
  const report = useQuery<LedgerCheckReport | null>({
    queryKey: REPORT_KEY,
    queryFn: () => null,
    enabled: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
  const run = useMutation(trpc.adminTools.runLedgerCheck.mutationOptions());
  return {
    report: report.data ?? null,
    /** Rejects with the server's reason, for the confirmation to show. */
    run: async () => {
      const result = await run.mutateAsync();
      queryClient.setQueryData(REPORT_KEY, result);
    },
    isRunning: run.isPending,
  };
}
