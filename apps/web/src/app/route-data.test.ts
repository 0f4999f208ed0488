// The route loaders against the table of each page's first queries (FIRST_QUERIES in the shared
// package): every route there has its page's loader in the app's route table, no other route has
// one, and each loader asks for exactly its page's queries under the keys the pages read.
import { FIRST_QUERIES, FIRST_QUERY_ROUTES, type FirstQueriesPage } from "@litverse/shared/first-queries";
import type { RouteObject } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { firstQueryKey } from "../lib/first-data-keys.ts";
import { queryClient } from "../lib/query-client.ts";
import {
  analyticsData,
  dashboardData,
  exploreData,
  homeData,
  moderationQueueData,
  readerData,
  reelsData,
  storiesData,
  supportQueueData,
  titleData,
} from "./route-data.ts";
import { routes } from "./routes.tsx";

const CONTENT_ID = "0b7c3a52-6f0e-4a8e-9d43-2f5b8e1c7a10";
const LOADERS = {
  home: homeData,
  title: titleData,
  reader: readerData,
  explore: exploreData,
  stories: storiesData,
  reels: reelsData,
  dashboard: dashboardData,
  analytics: analyticsData,
  supportQueue: supportQueueData,
  moderationQueue: moderationQueueData,
};

/** Each route of the table with its pattern ("/" for the index route). */
function allRoutes(list: RouteObject[]): Array<{ path: string; route: RouteObject }> {
  return list.flatMap((route) => [
    ...(route.index || route.path ? [{ path: route.index ? "/" : (route.path ?? ""), route }] : []),
    ...allRoutes(route.children ?? []),
  ]);
}

function signIn() {
  const record = { access_token: "token", expires_at: Date.now() / 1000 + 3600, profile: { sub: "person" } };
  const stored = new Map([["oidc.user:https://id.example:litverse", JSON.stringify(record)]]);
  vi.stubGlobal("window", {});
  vi.stubGlobal("localStorage", {
    get length() {
      return stored.size;
    },
    key: (index: number) => [...stored.keys()][index] ?? null,
    getItem: (key: string) => stored.get(key) ?? null,
  });
}

/** The loader's requests, in order: what it asked the cache to fetch, without asking the server. */
async function requestsOf(loader: unknown, params: Record<string, string>, search = "") {
  const asked: Array<{ queryKey: unknown; infinite: boolean }> = [];
  const prefetch = vi.spyOn(queryClient, "prefetchQuery").mockImplementation(async (options) => {
    asked.push({ ...options, infinite: false });
  });
  const prefetchInfinite = vi
    .spyOn(queryClient, "prefetchInfiniteQuery")
    .mockImplementation(async (options) => {
      asked.push({ ...options, infinite: true });
    });
  try {
    const request = new Request(`https://litverse.example/page${search}`);
    await (loader as (args: { params: Record<string, string>; request: Request }) => unknown)({
      params,
      request,
    });
    return asked;
  } finally {
    prefetch.mockRestore();
    prefetchInfinite.mockRestore();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the route loaders of FIRST_QUERIES", () => {
  it("sit on exactly the routes there, each with its page's loader", () => {
    const withLoaders = allRoutes(routes).filter(({ route }) => route.loader);
    expect(withLoaders.map(({ path }) => path).sort()).toEqual(
      FIRST_QUERY_ROUTES.map(({ route }) => route).sort(),
    );
    for (const { route, page } of FIRST_QUERY_ROUTES) {
      const found = withLoaders.find(({ path }) => path === route);
      expect(found?.route.loader, route).toBe(LOADERS[page]);
    }
  });

  it("ask for exactly the page's queries, under the keys the pages read, once someone has signed in", async () => {
    signIn();
    for (const { route, page } of FIRST_QUERY_ROUTES) {
      const params: Record<string, string> = route.includes(":contentId") ? { contentId: CONTENT_ID } : {};
      const { queries }: FirstQueriesPage = FIRST_QUERIES[page];
      const requests = await requestsOf(LOADERS[page], params);
      expect(
        requests.map((options) => options.queryKey),
        route,
      ).toEqual(
        queries.map(({ path, input }) =>
          firstQueryKey(path, input?.(params as never, new URLSearchParams())),
        ),
      );
      for (const options of requests) expect(options).toMatchObject({ staleTime: Infinity, retry: false });
    }
  });

  it("keep the cache keys the pages use", async () => {
    signIn();
    expect((await requestsOf(homeData, {})).map((options) => options.queryKey)).toEqual([
      [["contentCuration", "getActiveCuratedLists"], { type: "query" }],
      [["library", "getMyLibrary"], { type: "query" }],
    ]);
    expect(
      (await requestsOf(readerData, { contentId: CONTENT_ID })).map((options) => options.queryKey),
    ).toEqual([[["content", "getContent"], { input: { contentId: CONTENT_ID }, type: "query" }]]);
  });

  it("ask for the lists of the address's search as the pages do, an infinite list as one", async () => {
    signIn();
    expect(await requestsOf(exploreData, {}, "?q=moby&type=book")).toMatchObject([
      {
        queryKey: [
          ["content", "listContent"],
          { input: { query: "moby", type: "book", sort: "relevance", limit: 12 }, type: "infinite" },
        ],
        infinite: true,
      },
      { queryKey: [["content", "listGenres"], { input: { type: "book" }, type: "query" }], infinite: false },
    ]);
    expect(await requestsOf(storiesData, {}, "?genre=horror")).toMatchObject([
      { queryKey: [["stories", "listStories"], { input: { genre: "horror" }, type: "query" }] },
      { queryKey: [["stories", "listStoryGenres"], { type: "query" }] },
    ]);
    expect(await requestsOf(reelsData, {})).toMatchObject([
      {
        queryKey: [["reels", "listFeed"], { input: { firstReelId: null }, type: "infinite" }],
        infinite: true,
      },
    ]);
  });

  it("ask for nothing before anyone has signed in, nor for an address whose id is not one", async () => {
    vi.stubGlobal("window", {});
    expect(await requestsOf(titleData, { contentId: CONTENT_ID })).toEqual([]);
    signIn();
    expect(await requestsOf(titleData, { contentId: "not-an-id" })).toEqual([]);
  });
});
