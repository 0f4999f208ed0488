// Searching every chapter of a book for words or a phrase.
import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc.ts";

/** The matches for `query`, while `enabled`; a search made lately is not made again. */
export function useBookSearch(contentId: string, query: string, enabled: boolean) {
  return useQuery({
    ...trpc.content.searchBook.queryOptions({ contentId, query }),
    enabled,
    staleTime: 5 * 60_000,
  });
}
