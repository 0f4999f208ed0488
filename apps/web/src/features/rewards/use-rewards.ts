// A reader's rewards, live: the daily check-in, the streak, today's XP and the yearly reading goal.
import { useMutation } from "@tanstack/react-query";
import { describeError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useRewardsOverview() {
  return useLiveQuery(trpc.rewards.getRewardsOverview.queryOptions());
}

export function useCheckIn() {
  const claim = useMutation(trpc.rewards.checkIn.mutationOptions());
  return {
    /** Says what it was worth; a check-in already made today (on another device, say) says nothing. */
    checkIn: () =>
      claim.mutate(undefined, {
        onSuccess: (result) => {
          if (!result.isNew) return;
          const milestone = result.milestoneCoins > 0 ? ` and ${result.milestoneCoins} for your streak` : "";
          toast.success(`Checked in: ${result.coins} bonus coins${milestone}.`);
        },
        onError: (error) => toast.error(describeError(error, "Could not check in.").message),
      }),
    isPending: claim.isPending,
  };
}

export function useSetYearlyGoal() {
  const save = useMutation(trpc.rewards.setYearlyGoal.mutationOptions());
  return {
    /** `onFailed` gets the messages to show under the goal's field. */
    setGoal: (
      target: number,
      { onSaved, onFailed }: { onSaved: () => void; onFailed: (messages: string[]) => void },
    ) =>
      save.mutate(
        { target },
        {
          onSuccess: onSaved,
          onError: (failure) => {
            const details = describeError(failure, "Could not set the goal.");
            onFailed(details.fieldErrors?.target ?? [details.message]);
          },
        },
      ),
    isPending: save.isPending,
  };
}
