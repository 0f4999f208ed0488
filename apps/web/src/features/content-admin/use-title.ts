// One title in the editor: loaded live, created, deleted.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { errorCode, formErrorsOf } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

/** A title that does not exist is not asked for again. */
export function useAdminTitle(contentId: string, isValidId: boolean) {
  return useLiveQuery({
    ...trpc.contentAdmin.getContent.queryOptions({ contentId }),
    enabled: isValidId,
    retry: (failures, error) => errorCode(error) !== "NOT_FOUND" && failures < 3,
  });
}

export function useCreateTitle() {
  const create = useMutation(trpc.contentAdmin.createContent.mutationOptions());
  return {
    create: async (
      data: inferInput<typeof trpc.contentAdmin.createContent>["data"],
      { onCreated, onFailed }: { onCreated: (id: string) => void; onFailed: (errors: FieldErrors) => void },
    ) => {
      try {
        const { id } = await create.mutateAsync({ data });
        onCreated(id);
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not create the title."));
      }
    },
    isPending: create.isPending,
  };
}

export function useDeleteTitle() {
  const deleteContent = useMutation(trpc.contentAdmin.deleteContent.mutationOptions());
  /** Throws on failure: the dialog that confirms it shows why. */
  return async (detail: { _id: string; title: string }) => {
    await deleteContent.mutateAsync({ id: detail._id });
    toast.success(`${detail.title} deleted`);
  };
}
