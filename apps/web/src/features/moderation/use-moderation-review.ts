// One item as a moderator reviews it (live: a new report, a note or another moderator's claim shows
// at once), and what they do with it: notes, a decision, an appeal's outcome.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useModerationReview(itemId: string | null) {
  return useLiveQuery({
    ...trpc.moderation.getReview.queryOptions({ itemId: itemId ?? "" }),
    enabled: itemId !== null,
  });
}

/** Adds a note for the other moderators; resolves true once it is kept. */
export function useAddNote(itemId: string) {
  const add = useMutation(trpc.moderation.addNote.mutationOptions());
  return {
    add: async (body: string) => {
      try {
        await add.mutateAsync({ itemId, body });
        return true;
      } catch (error) {
        toastError(error, "Could not add the note.");
        return false;
      }
    },
    isAdding: add.isPending,
  };
}

export type DecideInput = inferInput<typeof trpc.moderation.decide>;

/**
 * Makes a decision. A refusal is thrown, for the confirmation to show and the form to point at its
 * fields.
 */
export function useDecide() {
  const decide = useMutation(trpc.moderation.decide.mutationOptions());
  return async (input: DecideInput) => {
    await decide.mutateAsync(input);
    toast.success("Decided. The author has their statement of reasons.");
  };
}

export type DecideAppealInput = inferInput<typeof trpc.moderation.decideAppeal>;

/** Upholds or rejects an appeal; a refusal is thrown, for the form to show. */
export function useDecideAppeal() {
  const decide = useMutation(trpc.moderation.decideAppeal.mutationOptions());
  return {
    decide: async (input: DecideAppealInput) => {
      await decide.mutateAsync(input);
      toast.success(
        input.outcome === "upheld" ? "Appeal upheld: the decision is reversed." : "Appeal rejected.",
      );
    },
    isDeciding: decide.isPending,
  };
}
