// What a reader does with a play besides choosing: start (or start over), load, save and delete a
// slot, move to the newest version, rate. Each says how it went; the live play view and story
// follow by themselves. Each returns whether it worked, for the caller to move on (or stay).
import { useMutation } from "@tanstack/react-query";
import { toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function usePlayActions(storyId: string) {
  const start = useMutation(trpc.stories.startPlay.mutationOptions());
  const load = useMutation(trpc.stories.loadSlot.mutationOptions());
  const save = useMutation(trpc.stories.saveToSlot.mutationOptions());
  const remove = useMutation(trpc.stories.deleteSlot.mutationOptions());
  const switchVersion = useMutation(trpc.stories.switchToNewestVersion.mutationOptions());
  const rate = useMutation(trpc.stories.rateStory.mutationOptions());

  const attempt = async (run: () => Promise<unknown>, done: string | null, failed: string) => {
    try {
      await run();
      if (done) toast.success(done);
      return true;
    } catch (error) {
      toastError(error, failed);
      return false;
    }
  };

  return {
    start: () => attempt(() => start.mutateAsync({ storyId }), null, "Could not start the story."),
    isStarting: start.isPending,
    load: (slot: number) =>
      attempt(
        () => load.mutateAsync({ storyId, slot }),
        `Slot ${slot} loaded`,
        `Could not load slot ${slot}.`,
      ),
    loadingSlot: load.isPending ? load.variables?.slot : null,
    save: (slot: number) =>
      attempt(
        () => save.mutateAsync({ storyId, slot }),
        `Saved to slot ${slot}`,
        `Could not save to slot ${slot}.`,
      ),
    savingSlot: save.isPending ? save.variables?.slot : null,
    /** Throws on failure: the confirm dialog that asks first shows why. */
    remove: async (slot: number) => {
      await remove.mutateAsync({ storyId, slot });
      toast.success(`Slot ${slot} deleted`);
    },
    switchVersion: () =>
      attempt(
        () => switchVersion.mutateAsync({ storyId }),
        "You are on the newest version",
        "Could not switch to the newest version.",
      ),
    isSwitching: switchVersion.isPending,
    rate: (score: number) =>
      void attempt(() => rate.mutateAsync({ storyId, score }), null, "Could not save your rating."),
  };
}
