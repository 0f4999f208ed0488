// Changes to several chosen episodes at once: releasing them now or on a schedule, withdrawing them,
// pricing them. Each is told in a toast, or its failure in the dialog that asked for it.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { messageOf } from "./errors.ts";

interface DialogCallbacks {
  onDone: () => void;
  onFailed: (message: string) => void;
}

export function usePublishEpisodesNow(contentId: string) {
  const schedule = useMutation(trpc.contentAdmin.scheduleEpisodes.mutationOptions());
  return {
    publishNow: (episodeIds: string[], { onPublished }: { onPublished: () => void }) =>
      schedule.mutate(
        { contentId, episodeIds, startAt: new Date().toISOString(), intervalHours: 0 },
        {
          onSuccess: () => {
            toast.success(
              episodeIds.length === 1 ? "Episode published" : `${episodeIds.length} episodes published`,
            );
            onPublished();
          },
          onError: (error) => toastError(error, "Could not publish the episodes."),
        },
      ),
    isPending: schedule.isPending,
  };
}

export function useUnpublishEpisodes() {
  const updateEpisode = useMutation(trpc.contentAdmin.updateEpisode.mutationOptions());
  const [isUnpublishing, setIsUnpublishing] = useState(false);
  const unpublish = async (episodeIds: string[], { onUnpublished }: { onUnpublished: () => void }) => {
    // One call per episode: there is no call that withdraws several at once.
    setIsUnpublishing(true);
    const results = await Promise.allSettled(
      episodeIds.map((id) => updateEpisode.mutateAsync({ id, data: { publishAt: null } })),
    );
    setIsUnpublishing(false);
    const failed = results.find((result) => result.status === "rejected");
    if (failed) toastError(failed.reason, "Could not unpublish every episode.");
    else {
      toast.success(
        episodeIds.length === 1 ? "Episode unpublished" : `${episodeIds.length} episodes unpublished`,
      );
      onUnpublished();
    }
  };
  return { unpublish, isUnpublishing };
}

export function useScheduleEpisodes(contentId: string) {
  const schedule = useMutation(trpc.contentAdmin.scheduleEpisodes.mutationOptions());
  return {
    schedule: async (
      {
        episodeIds,
        startAt,
        intervalHours,
      }: { episodeIds: string[]; startAt: string; intervalHours: number },
      { onDone, onFailed }: DialogCallbacks,
    ) => {
      try {
        await schedule.mutateAsync({ contentId, episodeIds, startAt, intervalHours });
        toast.success(
          episodeIds.length === 1 ? "Episode scheduled" : `${episodeIds.length} episodes scheduled`,
        );
        onDone();
      } catch (caught) {
        onFailed(messageOf(caught, "Could not schedule the episodes."));
      }
    },
    isPending: schedule.isPending,
  };
}

export function useSetEpisodesPrice(contentId: string) {
  const setPrices = useMutation(trpc.contentAdmin.setEpisodePrices.mutationOptions());
  return {
    setPrices: async (episodeIds: string[], priceCoins: number, { onDone, onFailed }: DialogCallbacks) => {
      try {
        await setPrices.mutateAsync({ contentId, episodeIds, priceCoins });
        toast.success(priceCoins === 0 ? "Episodes are free" : `Episodes cost ${priceCoins} coins`);
        onDone();
      } catch (caught) {
        onFailed(messageOf(caught, "Could not set the price."));
      }
    },
    isPending: setPrices.isPending,
  };
}
