// Where each function's first-data answer goes in a query cache: under the key the pages read it
// by. Used by the browser's cache (lib/first-data.ts), by the route loaders that ask for a page's
// first queries over the socket (app/route-data.ts), and by the server's drawing of the first
// screen (src/first-screen/render.tsx), which must find the same data in the same places.
import type { FirstDataReply } from "@litverse/shared/first-data";
import type { FirstQueryInputs, FirstQueryPath } from "@litverse/shared/first-queries";
import type { FetchQueryOptions, QueryClient, QueryKey } from "@tanstack/react-query";
import { trpc } from "./trpc.ts";

/**
 * How the pages ask for each function the server may answer for a page (`FirstQueryInputs`):
 * the options carry the cache key the pages read the answer by.
 */
const QUERY_OPTIONS = {
  "users.getCurrentUser": () => trpc.users.getCurrentUser.queryOptions(),
  "systemSettings.getComingSoonSettings": () => trpc.systemSettings.getComingSoonSettings.queryOptions(),
  "contentCuration.getActiveCuratedLists": () => trpc.contentCuration.getActiveCuratedLists.queryOptions(),
  "library.getMyLibrary": () => trpc.library.getMyLibrary.queryOptions(),
  "content.getContent": (input) => trpc.content.getContent.queryOptions(input),
  "content.getEpisode": (input) => trpc.content.getEpisode.queryOptions(input),
  "library.getTitleProgress": (input) => trpc.library.getTitleProgress.queryOptions(input),
} satisfies { [Path in FirstQueryPath]: (input: FirstQueryInputs[Path]) => { queryKey: QueryKey } };

/** The options by which the pages ask for a function: the same cache key, the same call. */
export function firstQueryOptions<Path extends FirstQueryPath>(
  path: Path,
  input: FirstQueryInputs[Path],
): FetchQueryOptions {
  // Each function answers its own type, which a table of them all cannot keep: the cache holds any.
  return (QUERY_OPTIONS[path] as (input: FirstQueryInputs[Path]) => FetchQueryOptions)(input);
}

/** Puts the answers into `client` where it holds nothing yet under their keys. */
export function putFirstData(client: QueryClient, reply: FirstDataReply): void {
  for (const query of reply.queries) {
    const queryKey: QueryKey | undefined = QUERY_OPTIONS[query.path as FirstQueryPath]?.(
      query.input as never,
    ).queryKey;
    if (queryKey && client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, query.data);
  }
}
