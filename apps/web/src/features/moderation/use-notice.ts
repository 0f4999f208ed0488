// Notices of illegal content from anyone, signed in or not: sending one, and following it by its
// reference.
import { useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { trpc } from "../../lib/trpc.ts";

export type NoticeInput = inferInput<typeof trpc.moderation.submitNotice>;

/** Sends a notice; resolves with its reference, or throws the refusal for the form to show. */
export function useSubmitNotice() {
  const submit = useMutation(trpc.moderation.submitNotice.mutationOptions());
  return {
    submit: async (notice: NoticeInput) => (await submit.mutateAsync(notice)).reference,
    isSubmitting: submit.isPending,
  };
}

export function useNoticeReceipt(reference: string) {
  return useQuery({ ...trpc.moderation.getNotice.queryOptions({ reference }), retry: false });
}
