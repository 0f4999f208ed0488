// The agents' ticket queue and the SLA policies it is timed by, both kept live.
import { keepPreviousData, useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export type QueueFilters = inferInput<typeof trpc.support.listQueue>;

/** The tickets matching `filters`, soonest due first; the last list stays while the next loads. */
export function useSupportQueue(filters: QueueFilters) {
  return useLiveQuery({
    ...trpc.support.listQueue.queryOptions(filters),
    placeholderData: keepPreviousData,
  });
}

/** The targets per priority, asked for only while `enabled` (the dialog is open). */
export function useSlaPolicies(enabled: boolean) {
  return useLiveQuery({ ...trpc.support.listSlaPolicies.queryOptions(), enabled });
}

/** Saves one priority's targets; a refusal is passed to `onFailed` as words to show. */
export function useSaveSlaPolicy() {
  const save = useMutation(trpc.support.updateSlaPolicy.mutationOptions());
  return {
    save: (policy: inferInput<typeof trpc.support.updateSlaPolicy>, onFailed: (message: string) => void) =>
      save.mutate(policy, { onError: (failure) => onFailed(describeError(failure).message) }),
    isSaving: save.isPending,
    isSaved: save.isSuccess,
  };
}
