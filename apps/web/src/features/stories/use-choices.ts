// Taking a scene's choices: a free one at once, a priced one after paying for it from the reader's
// coins.
import type { PlayChoice } from "@litverse/shared/stories";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { describeError, errorCode, toastError } from "../../lib/errors.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";
import { useCoinBalance } from "../coins/index.ts";

export function useTakeChoice(storyId: string) {
  const queryClient = useQueryClient();
  const choose = useMutation(trpc.stories.chooseChoice.mutationOptions());
  const playKey = trpc.stories.getPlay.queryKey({ storyId });
  return {
    /** Rejects as the server did: the caller puts its page back, then `reportFailure` says why. */
    take: async (
      { playId, sceneId, choiceId }: { playId: string; sceneId: string; choiceId: string },
      expectedPriceCoins?: number,
    ) => {
      await choose.mutateAsync({
        storyId,
        playId,
        sceneId,
        choiceId,
        ...(expectedPriceCoins === undefined ? {} : { expectedPriceCoins }),
      });
      // The live result is on its way; asking as well makes sure the next scene shows at once.
      void queryClient.refetchQueries({ queryKey: playKey, exact: true });
    },
    isPending: choose.isPending,
    /** A choice another device took first is news, not a failure. */
    reportFailure: (error: unknown) => {
      if (errorCode(error) === "CONFLICT") toast.info(describeError(error).message);
      else toastError(error, "Could not take this choice.");
    },
  };
}

/**
 * Paying for a priced choice: the reader's balance (live), and `pay`, which stops at "not enough
 * coins" (`shortBy`) before asking when the balance says so, or after the server says so.
 */
export function useChoiceUnlock(
  choice: PlayChoice,
  onPay: (choice: PlayChoice, priceCoins: number) => Promise<void>,
) {
  const balanceQuery = useCoinBalance();
  const balance = balanceQuery.data?.total;
  const [shortBy, setShortBy] = useState<number | null>(null);
  const [isPaying, setIsPaying] = useState(false);
  const price = choice.priceCoins;

  const pay = async () => {
    if (balance !== undefined && price > balance) {
      setShortBy(price - balance);
      return;
    }
    setIsPaying(true);
    try {
      await onPay(choice, price);
      toast.success("Choice unlocked");
    } catch (error) {
      if (errorCode(error) === "INSUFFICIENT_COINS") {
        const fresh = (await balanceQuery.refetch()).data?.total ?? balance ?? 0;
        setShortBy(Math.max(1, price - fresh));
      } else {
        toastError(error, "Could not take this choice.");
      }
    } finally {
      setIsPaying(false);
    }
  };

  return { balance, shortBy, isPaying, pay, backToPrice: () => setShortBy(null) };
}
