// Changes to a title's episodes one at a time from the table: the reading order, a name, a price,
// deleting one. Order, name and price show at once; `onFailed` puts them back before the toast.
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function useReorderEpisodes(contentId: string) {
  const reorder = useMutation(trpc.contentAdmin.reorderEpisodes.mutationOptions());
  return (episodeIds: string[], { onFailed }: { onFailed: () => void }) =>
    reorder.mutate(
      { contentId, episodeIds },
      {
        onError: (error) => {
          onFailed();
          toastError(error, "Could not change the order.");
        },
      },
    );
}

export function useRenameEpisode(episodeId: string) {
  const rename = useMutation(trpc.contentAdmin.updateEpisode.mutationOptions());
  return (title: string, { onFailed }: { onFailed: () => void }) =>
    rename.mutate(
      { id: episodeId, data: { title } },
      {
        onError: (error) => {
          onFailed();
          toastError(error, "Could not rename the episode.");
        },
      },
    );
}

/** `name` ("episode 3, The storm") names the episode in the toast. */
export function useSetEpisodePrice(episodeId: string) {
  const setPrice = useMutation(trpc.contentAdmin.updateEpisode.mutationOptions());
  return (coins: number, name: string, { onFailed }: { onFailed: () => void }) =>
    setPrice.mutate(
      { id: episodeId, data: { priceCoins: coins } },
      {
        onSuccess: () =>
          toast.success(
            coins === 0 ? `${capitalize(name)} is free` : `${capitalize(name)} costs ${coins} coins`,
          ),
        onError: (error) => {
          onFailed();
          toastError(error, "Could not change the price.");
        },
      },
    );
}

export function useDeleteEpisode() {
  const deleteEpisode = useMutation(trpc.contentAdmin.deleteEpisode.mutationOptions());
  /** Throws on failure: the dialog that confirms it shows why. */
  return async (episode: { _id: string; number: number }, { onDeleted }: { onDeleted: () => void }) => {
    await deleteEpisode.mutateAsync({ id: episode._id });
    onDeleted();
    toast.success(`Episode ${episode.number} deleted`);
  };
}
