// A page's first data, asked for as soon as the router knows the route: on the first load, at the
// same time as the sign-in and settings checks rather than after them and after the page's code.
// The queries are the ones the pages keep live (useLiveQuery), under the same cache keys; they
// are only asked for when nothing is cached yet, since the live subscription keeps them current,
// and not on a load whose head script has already asked the server for them (lib/first-data.ts).
// The pages need a signed-in reader: nothing is asked for before anyone has signed in.
import type { LoaderFunctionArgs } from "react-router";
import { storedSignIn } from "../lib/auth/stored-sign-in.ts";
import { isFirstDataComing } from "../lib/first-data.ts";
import { queryClient } from "../lib/query-client.ts";
import { trpc } from "../lib/trpc.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Not cached yet: the live subscription keeps whatever is. A failure is left to the page to retry. */
const PREFETCH = { staleTime: Number.POSITIVE_INFINITY, retry: false } as const;

/** Home: the curated shelves and the Continue shelf. */
export function homeData(): null {
  if (!storedSignIn() || isFirstDataComing()) return null;
  void queryClient.prefetchQuery({
    ...trpc.contentCuration.getActiveCuratedLists.queryOptions(),
    ...PREFETCH,
  });
  void queryClient.prefetchQuery({ ...trpc.library.getMyLibrary.queryOptions(), ...PREFETCH });
  return null;
}

/** A title's page and the readers: the title with its episodes (which says the episode to open). */
export function titleData({ params }: LoaderFunctionArgs): null {
  const contentId = params.contentId ?? "";
  if (!storedSignIn() || isFirstDataComing() || !UUID.test(contentId)) return null;
  void queryClient.prefetchQuery({ ...trpc.content.getContent.queryOptions({ contentId }), ...PREFETCH });
  return null;
}
