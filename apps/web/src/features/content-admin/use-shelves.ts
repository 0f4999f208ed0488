// The home page's shelves: the live list, and every change to it (order, on or off, the shelf
// itself, its titles, deleting it); plus the title search that fills a hand-picked shelf.
import type { CuratedListContentType } from "@litverse/shared/content";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { describeError, formErrorsOf, toastError } from "../../lib/errors.ts";
import type { FieldErrors } from "../../lib/form-errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

const SEARCH_RESULTS = 8;

export function useCuratedLists() {
  return useLiveQuery(trpc.contentCuration.listCuratedLists.queryOptions());
}

/** `onFailed` runs before the toast: put the order back. */
export function useReorderShelves() {
  const reorder = useMutation(trpc.contentCuration.reorderCuratedLists.mutationOptions());
  return (listIds: string[], { onFailed }: { onFailed: () => void }) =>
    reorder.mutate(
      { listIds },
      {
        onError: (error) => {
          onFailed();
          toastError(error, "Could not change the order of the shelves.");
        },
      },
    );
}

/** `onFailed` runs before the toast: put the switch back. */
export function useSetShelfActive(listId: string) {
  const update = useMutation(trpc.contentCuration.updateCuratedList.mutationOptions());
  return {
    setActive: (isActive: boolean, { onFailed }: { onFailed: () => void }) =>
      update.mutate(
        { id: listId, data: { isActive } },
        {
          onError: (error) => {
            onFailed();
            toastError(error, "Could not change the shelf.");
          },
        },
      ),
    isPending: update.isPending,
  };
}

export function useDeleteShelf() {
  const remove = useMutation(trpc.contentCuration.deleteCuratedList.mutationOptions());
  /** Throws on failure: the dialog that confirms it shows why. */
  return async (listId: string, name: string) => {
    await remove.mutateAsync({ id: listId });
    toast.success(`Shelf “${name}” deleted`);
  };
}

/** Creating a shelf or saving one; `onFailed` gets the messages for the form. */
export function useSaveShelf() {
  const create = useMutation(trpc.contentCuration.createCuratedList.mutationOptions());
  const update = useMutation(trpc.contentCuration.updateCuratedList.mutationOptions());
  return {
    updateShelf: async (
      input: inferInput<typeof trpc.contentCuration.updateCuratedList>,
      { onSaved, onFailed }: { onSaved: () => void; onFailed: (errors: FieldErrors) => void },
    ) => {
      try {
        await update.mutateAsync(input);
        toast.success("Shelf saved");
        onSaved();
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not save the shelf."));
      }
    },
    /** `name` is the new shelf's heading, for the toast. */
    createShelf: async (
      data: inferInput<typeof trpc.contentCuration.createCuratedList>["data"],
      name: string,
      { onCreated, onFailed }: { onCreated: (id: string) => void; onFailed: (errors: FieldErrors) => void },
    ) => {
      try {
        const { id } = await create.mutateAsync({ data });
        toast.success(`Shelf “${name}” created`);
        onCreated(id);
      } catch (error) {
        onFailed(formErrorsOf(error, "Could not create the shelf."));
      }
    },
    isPending: create.isPending || update.isPending,
  };
}

/** `name` is the shelf's heading, for the toast; `onFailed` gets the message to show. */
export function useSaveShelfItems(listId: string) {
  const save = useMutation(trpc.contentCuration.setCuratedListItems.mutationOptions());
  return {
    save: async (
      contentIds: string[],
      name: string,
      { onSaved, onFailed }: { onSaved: () => void; onFailed: (message: string) => void },
    ) => {
      try {
        await save.mutateAsync({ id: listId, contentIds });
        toast.success(`“${name}” saved`);
        onSaved();
      } catch (caught) {
        onFailed(describeError(caught, "Could not save the shelf's titles.").message);
      }
    },
    isPending: save.isPending,
  };
}

/** Titles to add to a shelf of `contentType`; the last results stay while new ones load. */
export function useTitleSearch(query: string, contentType: CuratedListContentType) {
  const results = useQuery({
    ...trpc.contentAdmin.listContent.queryOptions({
      query: query || undefined,
      type: contentType === "all" ? undefined : contentType,
      limit: SEARCH_RESULTS,
    }),
    placeholderData: keepPreviousData,
  });
  return {
    results,
    errorMessage: results.isError
      ? describeError(results.error, "Could not search the titles.").message
      : null,
  };
}
