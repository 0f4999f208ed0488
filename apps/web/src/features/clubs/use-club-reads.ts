// What a club reads: finding a title in the catalogue, choosing it with its schedule, rating the
// current read, and the reads finished before.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError, toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

/** Catalogue titles whose names match; nothing is asked for while `query` is empty. */
export function useTitleSearch(query: string) {
  return useQuery({
    ...trpc.content.listContent.queryOptions({ query, limit: 8 }),
    enabled: query.length > 0,
  });
}

export function useSetCurrentRead(clubId: string) {
  const save = useMutation(trpc.clubs.setCurrentRead.mutationOptions());
  return {
    save: async (
      title: { _id: string; title: string },
      milestones: inferInput<typeof trpc.clubs.setCurrentRead>["milestones"],
      { onSaved, onFailed }: { onSaved: () => void; onFailed: (message: string) => void },
    ) => {
      try {
        await save.mutateAsync({ clubId, contentId: title._id, milestones });
        toast.success(`The club reads ${title.title}.`);
        onSaved();
      } catch (error) {
        onFailed(describeError(error, "Could not save the schedule.").message);
      }
    },
    isSaving: save.isPending,
  };
}

export function useRateRead(clubId: string, readId: string) {
  const rate = useMutation(trpc.clubs.rateClubRead.mutationOptions());
  return (rating: number) =>
    rate.mutate({ clubId, readId, rating }, { onError: (error) => toastError(error) });
}

export function usePastReads(clubId: string) {
  return useLiveQuery(trpc.clubs.listPastReads.queryOptions({ clubId }));
}
