// A page's first data, asked for as soon as the router knows the route: on the first load, at the
// same time as the sign-in and settings checks rather than after them and after the page's code.
// The queries are the ones the pages keep live (useLiveQuery), under the same cache keys; they
// are only asked for when nothing is cached yet, since the live subscription keeps them current,
// and not on a load whose head script has already asked the server for them (lib/first-data.ts).
// The pages need a signed-in reader: nothing is asked for before anyone has signed in.
// Which queries each page asks for is written once, in FIRST_QUERIES, which the server answers too.
import { type AnyRouteParams, FIRST_QUERIES, type FirstQueriesPage } from "@litverse/shared/first-queries";
import type { LoaderFunction } from "react-router";
import { storedSignIn } from "../lib/auth/stored-sign-in.ts";
import { isFirstDataComing } from "../lib/first-data.ts";
import { prefetchFirstQuery } from "../lib/first-data-keys.ts";
import { queryClient } from "../lib/query-client.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not cached yet: the live subscription keeps whatever is. A failure is left to the page to retry. */
const PREFETCH = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

/**
 * Asks for the page's first queries. Their routes' parameters are ids: an address with anything
 * else is not asked for, since the function would only refuse it.
 */
function firstQueriesLoader({ queries }: FirstQueriesPage): LoaderFunction {
  return ({ params, request }) => {
    if (!storedSignIn() || isFirstDataComing()) return null;
    if (!Object.values(params).every((value) => UUID.test(value ?? ""))) return null;
    const search = new URL(request.url).searchParams;
    for (const query of queries) {
      const input = query.input?.(params as AnyRouteParams, search);
      void prefetchFirstQuery(queryClient, query.path, input as never, PREFETCH);
    }
    return null;
  };
}

/** Home: the curated shelves and the Continue shelf. */
export const homeData = firstQueriesLoader(FIRST_QUERIES.home);
/** A title's page: the title with its episodes. */
export const titleData = firstQueriesLoader(FIRST_QUERIES.title);
/** The readers: the title with its episodes (which says the episode to open). */
export const readerData = firstQueriesLoader(FIRST_QUERIES.reader);
/** Explore: the first page of titles for the address's search and filters, and the genres. */
export const exploreData = firstQueriesLoader(FIRST_QUERIES.explore);
/** The interactive stories: the first page for the address's words and genre, and the genres. */
export const storiesData = firstQueriesLoader(FIRST_QUERIES.stories);
/** The reels feed's first page. */
export const reelsData = firstQueriesLoader(FIRST_QUERIES.reels);
/** The admin dashboard's figures. */
export const dashboardData = firstQueriesLoader(FIRST_QUERIES.dashboard);
/** The analytics report for the address's range and funnel window. */
export const analyticsData = firstQueriesLoader(FIRST_QUERIES.analytics);
/** The support queue for the address's filters. */
export const supportQueueData = firstQueriesLoader(FIRST_QUERIES.supportQueue);
/** The moderation queue's first page for the address's filters. */
export const moderationQueueData = firstQueriesLoader(FIRST_QUERIES.moderationQueue);
