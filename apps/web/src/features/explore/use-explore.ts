// Explore's server side: the matching titles a page at a time, and the genres to filter by.
import type { ContentType } from "@litverse/shared/content";
import type { ListContentInput } from "@litverse/shared/content-inputs";
import { keepPreviousData, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";

/** The titles matching `input`, a page at a time. */
export function useExploreResults(input: Omit<ListContentInput, "cursor">) {
  return useInfiniteQuery({
    ...trpc.content.listContent.infiniteQueryOptions(input, { getNextPageParam: (page) => page.nextCursor }),
    // While new filters load, the old results stay (dimmed) instead of a flash of skeletons.
    placeholderData: keepPreviousData,
  });
}

/** The genres of one type of title (or of all), each with how many titles it has. */
export function useGenreCounts(type: ContentType | null) {
  return useQuery(trpc.content.listGenres.queryOptions(type ? { type } : {}));
}
