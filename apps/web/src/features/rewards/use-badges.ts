// The badges people can earn, live (with the person's own progress), and an admin's new badge.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useBadges() {
  return useLiveQuery(trpc.rewards.listBadges.queryOptions());
}

export function useCreateBadge() {
  const create = useMutation(trpc.rewards.createBadge.mutationOptions());
  return {
    /** `onFailed` gets messages per field, and a message for the form when no field has one. */
    create: (
      badge: inferInput<typeof trpc.rewards.createBadge>,
      {
        onCreated,
        onFailed,
      }: {
        onCreated: () => void;
        onFailed: (fieldErrors: Record<string, string[] | undefined>, message: string | null) => void;
      },
    ) =>
      create.mutate(badge, {
        onSuccess: () => {
          toast.success(`Badge "${badge.name.trim()}" created`);
          onCreated();
        },
        onError: (error) => {
          const details = describeError(error, "Could not create the badge.");
          const fieldErrors = { ...details.fieldErrors };
          // Errors of one threshold ("thresholds.1") show under the one field.
          for (const [path, texts] of Object.entries(details.fieldErrors ?? {})) {
            if (path.startsWith("thresholds.")) fieldErrors.thresholds = texts;
          }
          onFailed(fieldErrors, details.fieldErrors ? null : details.message);
        },
      }),
    isPending: create.isPending,
  };
}
