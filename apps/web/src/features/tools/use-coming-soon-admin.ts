// The coming-soon settings as the Admin Tools page edits them: live (a change from another tab or
// the command line shows at once), changed by superadmins only.
import type { UpdateComingSoonSettingsInput } from "@litverse/shared/system-settings-inputs";
import { useMutation } from "@tanstack/react-query";
import { useCurrentUser } from "../../lib/auth/use-current-user.ts";
import { formErrorsOf } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useComingSoonSettings() {
  return useLiveQuery(trpc.systemSettings.getComingSoonSettings.queryOptions());
}

/** Whether the signed-in person may change the settings (the server keeps them to superadmins). */
export function useCanEditComingSoon(): boolean {
  return useCurrentUser().data?.role === "superadmin";
}

export function useSaveComingSoonSettings() {
  const update = useMutation(trpc.systemSettings.updateComingSoonSettings.mutationOptions());
  return {
    /** Resolves with the messages per field (and "form") when the save is refused, null when saved. */
    save: async (input: UpdateComingSoonSettingsInput): Promise<FieldErrors | null> => {
      try {
        const saved = await update.mutateAsync(input);
        toast.success(
          input.isComingSoonMode === undefined
            ? "Coming-soon settings saved"
            : saved.isComingSoonMode
              ? "Coming-soon mode is on"
              : "Coming-soon mode is off",
        );
        return null;
      } catch (error) {
        return formErrorsOf(error, "Could not save the coming-soon settings.");
      }
    },
    isPending: update.isPending,
  };
}
