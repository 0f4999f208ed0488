// The permissions page's calls: every administrator with what they may do and the templates, both
// live, and the changes a superadmin makes, with the outcome told in a toast.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { formErrorsOf } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useAdminPermissionsList() {
  return useLiveQuery(trpc.permissions.listAdminPermissions.queryOptions());
}

export function useRoleTemplates() {
  return useLiveQuery(trpc.permissions.listRoleTemplates.queryOptions());
}

interface SaveCallbacks {
  onSaved: () => void;
  /** Messages per field, and one for the form as a whole under "form". */
  onFailed: (errors: FieldErrors) => void;
}

export function useSetAdminPermissions() {
  const set = useMutation(trpc.permissions.setAdminPermissions.mutationOptions());
  return {
    /** `who` names the person in the toast. */
    save: async (
      input: inferInput<typeof trpc.permissions.setAdminPermissions>,
      who: string,
      { onSaved, onFailed }: SaveCallbacks,
    ) => {
      try {
        await set.mutateAsync(input);
        toast.success(`Permissions of ${who} saved`);
        onSaved();
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not save the permissions."));
      }
    },
    isPending: set.isPending,
  };
}

export function useSaveRoleTemplate() {
  const save = useMutation(trpc.permissions.saveRoleTemplate.mutationOptions());
  return {
    save: async (
      input: inferInput<typeof trpc.permissions.saveRoleTemplate>,
      { onSaved, onFailed }: SaveCallbacks,
    ) => {
      try {
        await save.mutateAsync(input);
        toast.success(`Template “${input.name.trim()}” ${input.templateId ? "saved" : "created"}`);
        onSaved();
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not save the template."));
      }
    },
    isPending: save.isPending,
  };
}

/** Deleting rejects with the server's reason, for the confirm dialog to show. */
export function useDeleteRoleTemplate() {
  const remove = useMutation(trpc.permissions.deleteRoleTemplate.mutationOptions());
  return async (templateId: string, name: string) => {
    await remove.mutateAsync({ templateId });
    toast.success(`Template “${name}” deleted`);
  };
}
