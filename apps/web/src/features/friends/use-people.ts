// The people on Make Friends, each list kept live: a request or an answer shows at once.
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** People whose name or handle matches; the last results stay while the next ones load. */
export function usePeopleSearch(query: string) {
  return useLiveQuery({
    ...trpc.friends.searchPeople.queryOptions({ query }),
    placeholderData: (previous) => previous,
  });
}

export function useFriendSuggestions() {
  return useLiveQuery(trpc.friends.getFriendSuggestions.queryOptions());
}

/** The requests received (incoming) and sent (outgoing). */
export function useFriendRequests() {
  return useLiveQuery(trpc.friends.listFriendRequests.queryOptions());
}

export function useFriends() {
  return useLiveQuery(trpc.friends.listFriends.queryOptions());
}
