// A person's own side of moderation: the reports they sent and what became of them, the decisions
// about their content (live: an appeal's outcome arrives as it is decided), and appealing one.
import type { MyReport } from "@litverse/shared/moderation";
import { useMutation } from "@tanstack/react-query";
import { usePagedList } from "../../components/paged-list/use-paged-list.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";

const asPage = (page: { reports: MyReport[]; nextCursor: string | null }) => ({
  items: page.reports,
  nextCursor: page.nextCursor,
});

export function useMyReports() {
  const first = useLiveQuery({ ...trpc.moderation.listMyReports.queryOptions({}), select: asPage });
  const list = usePagedList<MyReport>({
    first,
    key: ["my-reports"],
    fetchPage: async (cursor) => asPage(await trpcClient.moderation.listMyReports.query({ cursor })),
    idOf: (report) => report.id,
    timeOf: (report) => report.createdAt,
  });
  return { first, list };
}

export function useMyDecisions() {
  return useLiveQuery(trpc.moderation.listMyDecisions.queryOptions());
}

/** Sends an appeal; a refusal is thrown, for the dialog to show. */
export function useAppeal() {
  const appeal = useMutation(trpc.moderation.appealDecision.mutationOptions());
  return {
    appeal: async (decisionId: string, explanation: string) => {
      await appeal.mutateAsync({ decisionId, explanation });
      toast.success("Appeal sent. A different moderator will look at it.");
    },
    isAppealing: appeal.isPending,
  };
}
