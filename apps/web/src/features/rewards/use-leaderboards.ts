// The boards a reader sees (this week's league group, all time, friends), live, and their choice
// to be left off every board.
import { useMutation } from "@tanstack/react-query";
import { describeError } from "../../lib/errors.ts";
import { useLiveQuery } from "../../lib/live-query.ts";
import { toast } from "../../lib/toast.ts";
import { trpc } from "../../lib/trpc.ts";

export function useMyLeague() {
  return useLiveQuery(trpc.rewards.getMyLeague.queryOptions());
}

export function useAllTimeBoard() {
  return useLiveQuery(trpc.rewards.getAllTimeBoard.queryOptions());
}

export function useFriendsBoard() {
  return useLiveQuery(trpc.rewards.getFriendsBoard.queryOptions());
}

export function useLeaderboardOptOut() {
  const save = useMutation(trpc.rewards.setLeaderboardOptOut.mutationOptions());
  return {
    setOptedOut: (optedOut: boolean) =>
      save.mutate(
        { optedOut },
        { onError: (error) => toast.error(describeError(error, "Could not save that.").message) },
      ),
    isPending: save.isPending,
  };
}
