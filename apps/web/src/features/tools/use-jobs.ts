// Background jobs for the Jobs tab: the newest page live (a job's progress moves as it runs), older
// pages on asking, and cancel and retry.
import type { AdminJob } from "@litverse/shared/admin-tools";
import { keepPreviousData, useMutation } from "@tanstack/react-query";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import type { jobFiltersOf } from "./operations-values.ts";

type JobFilters = ReturnType<typeof jobFiltersOf>;

const asPage = (page: { jobs: AdminJob[]; nextCursor: string | null }) => ({
  items: page.jobs,
  nextCursor: page.nextCursor,
});

export function useJobs(filters: JobFilters) {
  const first = useLiveQuery({
    ...trpc.adminTools.listJobs.queryOptions(filters),
    select: asPage,
    placeholderData: keepPreviousData,
  });
  const list = usePagedList<AdminJob>({
    first,
    key: ["admin-jobs", filters],
    fetchPage: async (cursor) => asPage(await trpcClient.adminTools.listJobs.query({ ...filters, cursor })),
    idOf: (job) => job._id,
    timeOf: (job) => job.createdAt,
    // A job leaves a status filter when its state changes: it is not listed on under it.
    keepsDeparted: false,
  });
  return { first, list };
}

/** Cancel and retry; each rejects with the server's reason, for the confirmation to show. */
export function useJobActions() {
  const cancel = useMutation(trpc.adminTools.cancelJob.mutationOptions());
  const retry = useMutation(trpc.adminTools.retryJob.mutationOptions());
  return {
    cancel: async (job: AdminJob) => {
      await cancel.mutateAsync({ jobId: job._id });
      toast.success(`${job.kindLabel} cancelled`);
    },
    retry: async (job: AdminJob) => {
      await retry.mutateAsync({ jobId: job._id });
      toast.success(`${job.kindLabel} queued again`);
    },
  };
}
