// The plans as superadmins manage them: all of them live, with their subscribers, and saving one.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { formErrorsOf } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useAdminPlans() {
  return useLiveQuery(trpc.subscriptions.adminListPlans.queryOptions());
}

interface SaveCallbacks {
  onSaved: () => void;
  /** Messages per field, and one for the form as a whole under "form". */
  onFailed: (errors: FieldErrors) => void;
}

/** `name` is the plan's name as typed, for the toast. */
export function useSavePlan() {
  const create = useMutation(trpc.subscriptions.createPlan.mutationOptions());
  const update = useMutation(trpc.subscriptions.updatePlan.mutationOptions());

  const run = async (
    save: () => Promise<unknown>,
    done: string,
    fallback: string,
    { onSaved, onFailed }: SaveCallbacks,
  ) => {
    try {
      await save();
      toast.success(done);
      onSaved();
    } catch (error) {
      onFailed(formErrorsOf(error, fallback));
    }
  };

  return {
    createPlan: (
      data: inferInput<typeof trpc.subscriptions.createPlan>["data"],
      name: string,
      callbacks: SaveCallbacks,
    ) =>
      run(
        () => create.mutateAsync({ data }),
        `Plan “${name}” created`,
        "Could not create the plan.",
        callbacks,
      ),
    updatePlan: (
      id: string,
      data: inferInput<typeof trpc.subscriptions.updatePlan>["data"],
      name: string,
      callbacks: SaveCallbacks,
    ) =>
      run(
        () => update.mutateAsync({ id, data }),
        `Plan “${name}” saved`,
        "Could not save the plan.",
        callbacks,
      ),
    isPending: create.isPending || update.isPending,
  };
}
