// Each page's first queries, by route (decisions 0028, 0029, 0031): the functions a page asks for
// before it can show anything of its own, written once for everyone who asks for them early. The
// server answers them with the page or over POST /api/first-data (apps/server/src/http/first-data.ts);
// the app's route loaders ask for them over the socket when the server has not
// (apps/web/src/app/route-data.ts); both put the answers under the keys the pages read
// (apps/web/src/lib/first-data-keys.ts).

import type { AddressQuery } from "./address-query.ts";
import { type FunnelWindow, parseFunnelWindow } from "./analytics.ts";
import type { ContentType } from "./content.ts";
import type { ListContentInput } from "./content-inputs.ts";
import { type Range, rangeFromAddress } from "./day-range.ts";
import { EXPLORE_PAGE_SIZE, listInput, parseExploreParams } from "./explore-filters.ts";
import { queueFiltersOf, queueInputOf } from "./moderation-queue-filters.ts";
import { firstReelIdOf } from "./reels.ts";
import { storyListInput } from "./stories.ts";
import { type SupportQueueInput, supportQueueInputOf } from "./support-queue-filters.ts";

/** Every function whose answer a page's first data may hold, with its input. */
export interface FirstQueryInputs {
  /** The signed-in person, as `users.updateCurrentUser` stores them (the sign-in gate's wait). */
  "users.getCurrentUser": undefined;
  /** Every page waits for them before it shows anything (the coming-soon gate). */
  "systemSettings.getComingSoonSettings": undefined;
  "contentCuration.getActiveCuratedLists": undefined;
  "library.getMyLibrary": undefined;
  "content.getContent": { contentId: string };
  "content.getEpisode": { contentId: string; number: number };
  "library.getTitleProgress": { contentId: string };
  /** Explore's first page of titles (a page of the app's infinite list). */
  "content.listContent": Omit<ListContentInput, "cursor">;
  "content.listGenres": { type?: ContentType };
  "stories.listStories": { search?: string; genre?: string };
  "stories.listStoryGenres": undefined;
  /** The reels feed's first page (a page of the app's infinite list). */
  "reels.listFeed": { firstReelId: string | null };
  /** What the signed-in administrator may see and do: every console page waits for it. */
  "permissions.getMyAdminPermissions": undefined;
  "analytics.getDashboard": undefined;
  "analytics.getAnalyticsReport": { range: Range; funnelWindowDays: FunnelWindow };
  "support.listQueue": SupportQueueInput;
  "moderation.getQueue": ReturnType<typeof queueInputOf>;
}

/**
 * The functions the app keeps as infinite lists: their answer is the list's first page, and the
 * app's cache holds it as one (lib/first-data-keys.ts).
 */
export const INFINITE_FIRST_QUERIES: ReadonlySet<FirstQueryPath> = new Set([
  "content.listContent",
  "reels.listFeed",
]);
export type FirstQueryPath = keyof FirstQueryInputs;

/** The names of a route pattern's parameters: "contentId" for "/read/:contentId". */
type ParamNames<Route extends string> = Route extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : Route extends `${string}:${infer Name}`
    ? Name
    : never;

/** A route's parameters as matched in an address, decoded. Of several routes, those they all have. */
export type RouteParams<Route extends string> = Route extends string
  ? { readonly [Name in ParamNames<Route>]: string }
  : never;

/** Any route's parameters, for code that reads the table without knowing which route it holds. */
export type AnyRouteParams = Readonly<Record<string, string>>;

/** One function a page asks for first, with its input made from the route's parameters. */
export type FirstQuery<Params> = {
  [Path in FirstQueryPath]: FirstQueryInputs[Path] extends undefined
    ? { readonly path: Path; readonly input?: undefined }
    : {
        readonly path: Path;
        // A method, so that a query of one route's parameters fits the table of any route's.
        input(params: Params, search: AddressQuery): FirstQueryInputs[Path];
      };
}[FirstQueryPath];

/** Pages that ask for the same functions, with the same inputs, from their routes' parameters. */
export interface FirstQueriesPage<Route extends string = string> {
  /** Route patterns as the router writes them ("/" for home, the index route). */
  readonly routes: readonly Route[];
  /** Asked for together, in this order, as soon as the route is known. */
  readonly queries: readonly FirstQuery<RouteParams<Route>>[];
}

function page<const Route extends string>(
  routes: readonly Route[],
  queries: readonly FirstQuery<RouteParams<NoInfer<Route>>>[],
): FirstQueriesPage<Route> {
  return { routes, queries };
}

/** The title with its episodes, which says the episode to open. */
const title = {
  path: "content.getContent",
  input: ({ contentId }: { readonly contentId: string }) => ({ contentId }),
} as const;

/** What the administrator may see, which every console page waits for before it shows anything. */
const adminPermissions = { path: "permissions.getMyAdminPermissions" } as const;

export const FIRST_QUERIES = {
  /** Home: the curated shelves and the Continue shelf. */
  home: page(["/"], [{ path: "contentCuration.getActiveCuratedLists" }, { path: "library.getMyLibrary" }]),
  /** A title's page: the title with its episodes. */
  title: page(["/content/:contentId"], [title]),
  /**
   * The readers: the title first. Once it has come, the server also answers the functions of
   * `followedBy`: the episode the reader opens and where the person is in the title, which every
   * reader waits for before it opens. Which episode that is follows from the title (the app's own
   * choice, `episodeToOpen`), so the server chooses it in code and the route loaders ask for
   * neither.
   */
  reader: {
    ...page(
      ["/read/:contentId", "/read-comic/:contentId", "/listen/:contentId", "/watch/:contentId"],
      [title],
    ),
    followedBy: ["content.getEpisode", "library.getTitleProgress"],
  },
  /** Explore: the first page of titles for the search and filters in the address, and the genres. */
  explore: page(
    ["/explore"],
    [
      {
        path: "content.listContent",
        input: (_params, search) => listInput(parseExploreParams(search), EXPLORE_PAGE_SIZE),
      },
      {
        path: "content.listGenres",
        input: (_params, search) => {
          const { type } = parseExploreParams(search);
          return type ? { type } : {};
        },
      },
    ],
  ),
  /** The interactive stories: the first page for the words and genre in the address, and the genres. */
  stories: page(
    ["/interactive-stories"],
    [
      {
        path: "stories.listStories",
        // As the page sends them: the words trimmed, the genre as written.
        input: (_params, search) => storyListInput(search.get("q")?.trim() ?? "", search.get("genre") ?? ""),
      },
      { path: "stories.listStoryGenres" },
    ],
  ),
  /** The reels feed's first page, from the reel in the address (`?reel=`) when it names one. */
  reels: page(
    ["/reels"],
    [
      {
        path: "reels.listFeed",
        input: (_params, search) => ({ firstReelId: firstReelIdOf(search.get("reel")) }),
      },
    ],
  ),
  /** The admin dashboard's figures. */
  dashboard: page(["/admin/dashboard"], [adminPermissions, { path: "analytics.getDashboard" }]),
  /** The analytics report for the range of days and the funnels' window in the address. */
  analytics: page(
    ["/admin/analytics"],
    [
      adminPermissions,
      {
        path: "analytics.getAnalyticsReport",
        input: (_params, search) => ({
          range: rangeFromAddress(search).range,
          funnelWindowDays: parseFunnelWindow(search.get("window")),
        }),
      },
    ],
  ),
  /** The support queue for the filters in the address. */
  supportQueue: page(
    ["/admin/support"],
    [
      adminPermissions,
      { path: "support.listQueue", input: (_params, search) => supportQueueInputOf(search) },
    ],
  ),
  /** The moderation queue's first page for the filters in the address. */
  moderationQueue: page(
    ["/admin/flagged-content"],
    [
      adminPermissions,
      { path: "moderation.getQueue", input: (_params, search) => queueInputOf(queueFiltersOf(search)) },
    ],
  ),
} as const;

/** The kinds of page with first queries: the bottom navigation's, a title's, the readers, the console's. */
export type FirstQueriesPageName = keyof typeof FIRST_QUERIES;

function routesOf(pages: typeof FIRST_QUERIES) {
  return (Object.keys(pages) as FirstQueriesPageName[]).flatMap((name) => {
    const { routes }: FirstQueriesPage = pages[name];
    return routes.map((route) => ({ route, page: name }));
  });
}

/** Each route with first queries, and which page it is (marked pure: the app, which reads none, leaves it out). */
export const FIRST_QUERY_ROUTES: ReadonlyArray<{ route: string; page: FirstQueriesPageName }> =
  /* @__PURE__ */ routesOf(FIRST_QUERIES);
