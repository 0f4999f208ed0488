// Where each function's first-data answer goes in a query cache: under the key the pages read it
// by. Used by the browser's cache (lib/first-data.ts), by the route loaders that ask for a page's
// first queries over the socket (app/route-data.ts), and by the server's drawing of the first
// screen (src/first-screen/render.tsx), which must find the same data in the same places.
import type { FirstDataReply } from "@litverse/shared/first-data";
import {
  type FirstQueryInputs,
  type FirstQueryPath,
  INFINITE_FIRST_QUERIES,
} from "@litverse/shared/first-queries";
import type {
  FetchInfiniteQueryOptions,
  FetchQueryOptions,
  QueryClient,
  QueryKey,
} from "@tanstack/react-query";
import { trpc } from "./trpc.ts";

/**
 * How the pages ask for each function the server may answer for a page (`FirstQueryInputs`):
 * the options carry the cache key the pages read the answer by. The infinite lists' options are
 * the lists' own (`INFINITE_FIRST_QUERIES`): their answer is the first page.
 */
const QUERY_OPTIONS = {
  "users.getCurrentUser": () => trpc.users.getCurrentUser.queryOptions(),
  "systemSettings.getComingSoonSettings": () => trpc.systemSettings.getComingSoonSettings.queryOptions(),
  "contentCuration.getActiveCuratedLists": () => trpc.contentCuration.getActiveCuratedLists.queryOptions(),
  "library.getMyLibrary": () => trpc.library.getMyLibrary.queryOptions(),
  "content.getContent": (input) => trpc.content.getContent.queryOptions(input),
  "content.getEpisode": (input) => trpc.content.getEpisode.queryOptions(input),
  "library.getTitleProgress": (input) => trpc.library.getTitleProgress.queryOptions(input),
  "content.listContent": (input) =>
    trpc.content.listContent.infiniteQueryOptions(input, { getNextPageParam: (page) => page.nextCursor }),
  "content.listGenres": (input) => trpc.content.listGenres.queryOptions(input),
  "stories.listStories": (input) => trpc.stories.listStories.queryOptions(input),
  "stories.listStoryGenres": () => trpc.stories.listStoryGenres.queryOptions(),
  "reels.listFeed": (input) =>
    trpc.reels.listFeed.infiniteQueryOptions(input, {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
    }),
  "permissions.getMyAdminPermissions": () => trpc.permissions.getMyAdminPermissions.queryOptions(),
  "analytics.getDashboard": () => trpc.analytics.getDashboard.queryOptions(),
  "analytics.getAnalyticsReport": (input) => trpc.analytics.getAnalyticsReport.queryOptions(input),
  "support.listQueue": (input) => trpc.support.listQueue.queryOptions(input),
  "moderation.getQueue": (input) => trpc.moderation.getQueue.queryOptions(input),
} satisfies { [Path in FirstQueryPath]: (input: FirstQueryInputs[Path]) => { queryKey: QueryKey } };

/** The options by which the pages ask for a function: the same cache key, the same call. */
function firstQueryOptions<Path extends FirstQueryPath>(path: Path, input: FirstQueryInputs[Path]) {
  // Each function answers its own type, which a table of them all cannot keep: the cache holds any.
  return (QUERY_OPTIONS[path] as (input: FirstQueryInputs[Path]) => FetchQueryOptions)(input);
}

/** The key under which the pages read a function's answer for `input`. */
export function firstQueryKey<Path extends FirstQueryPath>(
  path: Path,
  input: FirstQueryInputs[Path],
): QueryKey {
  return firstQueryOptions(path, input).queryKey;
}

/** Asks for a function's answer as the page will read it (an infinite list's first page as the list). */
export function prefetchFirstQuery<Path extends FirstQueryPath>(
  client: QueryClient,
  path: Path,
  input: FirstQueryInputs[Path],
  options: Pick<FetchQueryOptions, "staleTime" | "retry">,
): Promise<void> {
  const query = { ...firstQueryOptions(path, input), ...options };
  return INFINITE_FIRST_QUERIES.has(path)
    ? client.prefetchInfiniteQuery(query as FetchInfiniteQueryOptions)
    : client.prefetchQuery(query);
}

/** Puts the answers into `client` where it holds nothing yet under their keys. */
export function putFirstData(client: QueryClient, reply: FirstDataReply): void {
  for (const query of reply.queries) {
    const path = query.path as FirstQueryPath;
    if (!(path in QUERY_OPTIONS)) continue;
    const queryKey = firstQueryKey(path, query.input as never);
    if (client.getQueryData(queryKey) !== undefined) continue;
    // An infinite list's answer is its first page, asked for without a cursor.
    const data = INFINITE_FIRST_QUERIES.has(path)
      ? { pages: [query.data], pageParams: [undefined] }
      : query.data;
    client.setQueryData(queryKey, data);
  }
}
