// Opening a locked episode: its live offers and the reader's balance, and paying for one of them.
// A price the balance cannot cover is not sent; one the server finds short (the balance changed
// meanwhile) is reported against the balance fetched again.
import { useMutation } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { errorCode, toastError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useUnlockOptions(episodeId: string) {
  return useLiveQuery(trpc.unlocks.getUnlockOptions.queryOptions({ episodeId }));
}

type UnlockMethod = inferInput<typeof trpc.unlocks.unlockEpisode>["method"];

export function useUnlockEpisode(episodeId: string) {
  const query = useUnlockOptions(episodeId);
  const unlock = useMutation(trpc.unlocks.unlockEpisode.mutationOptions());
  const unlockAll = useMutation(trpc.unlocks.unlockAllRemaining.mutationOptions());

  /** Pays `price` through `run` and says `done`, or reports how many coins are missing. */
  const pay = async (
    price: number,
    run: () => Promise<unknown>,
    done: string,
    { onShort, onOpened }: { onShort: (need: number) => void; onOpened: () => void },
  ) => {
    const balance = query.data?.balance ?? 0;
    if (price > balance) {
      onShort(price - balance);
      return;
    }
    try {
      await run();
      toast.success(done);
      onOpened();
    } catch (error) {
      if (errorCode(error) === "INSUFFICIENT_COINS") {
        const fresh = (await query.refetch()).data?.balance ?? balance;
        onShort(Math.max(1, price - fresh));
      } else {
        toastError(error, "Could not unlock the episode.");
      }
    }
  };

  return {
    query,
    pay,
    unlockEpisode: (method: UnlockMethod, expectedPriceCoins: number) =>
      unlock.mutateAsync({ episodeId, method, expectedPriceCoins }),
    unlockAllRemaining: (contentId: string, expectedPriceCoins: number) =>
      unlockAll.mutateAsync({ contentId, expectedPriceCoins }),
    /** How the episode is being unlocked right now, if it is. */
    pendingMethod: unlock.isPending ? unlock.variables?.method : undefined,
    isUnlockingAll: unlockAll.isPending,
    isBusy: unlock.isPending || unlockAll.isPending,
  };
}
