// Where each function's first-data answer goes in a query cache: under the key the pages read it
// by. Used by the browser's cache (lib/first-data.ts) and by the server's drawing of the first
// screen (src/first-screen/render.tsx), which must find the same data in the same places.
import type { FirstDataReply } from "@litverse/shared/first-data";
import type { QueryClient, QueryKey } from "@tanstack/react-query";
import { trpc } from "./trpc.ts";

/** The cache key of each function the server may answer for a page. */
const QUERY_KEYS: Record<string, (input: never) => QueryKey> = {
  "users.getCurrentUser": () => trpc.users.getCurrentUser.queryKey(),
  "systemSettings.getComingSoonSettings": () => trpc.systemSettings.getComingSoonSettings.queryKey(),
  "contentCuration.getActiveCuratedLists": () => trpc.contentCuration.getActiveCuratedLists.queryKey(),
  "library.getMyLibrary": () => trpc.library.getMyLibrary.queryKey(),
  "content.getContent": (input: { contentId: string }) => trpc.content.getContent.queryKey(input),
  "content.getEpisode": (input: { contentId: string; number: number }) =>
    trpc.content.getEpisode.queryKey(input),
  "library.getTitleProgress": (input: { contentId: string }) => trpc.library.getTitleProgress.queryKey(input),
};

/** Puts the answers into `client` where it holds nothing yet under their keys. */
export function putFirstData(client: QueryClient, reply: FirstDataReply): void {
  for (const query of reply.queries) {
    const queryKey = QUERY_KEYS[query.path]?.(query.input as never);
    if (queryKey && client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, query.data);
  }
}
