// Home's shelves, kept live: the team's curated lists, and the titles the reader is in the middle of.
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useCuratedLists() {
  return useLiveQuery(trpc.contentCuration.getActiveCuratedLists.queryOptions());
}

/** The titles in progress, each with the episode to go on with (the library's Continue list). */
export function useContinueEntries() {
  const library = useLiveQuery(trpc.library.getMyLibrary.queryOptions());
  return library.data?.continue ?? [];
}
