import { describe, expect, it } from "vitest";
import { FIRST_QUERIES, FIRST_QUERY_ROUTES, type FirstQueriesPage } from "./first-queries.ts";

/** An address's query holding `values`. */
const query = (values: Record<string, string> = {}) => ({ get: (name: string) => values[name] ?? null });

describe("FIRST_QUERIES", () => {
  it("names each route once, so that an address has one page's queries", () => {
    const routes = FIRST_QUERY_ROUTES.map(({ route }) => route);
    expect(new Set(routes).size).toBe(routes.length);
    expect(FIRST_QUERY_ROUTES.filter(({ page }) => page === "reader").map(({ route }) => route)).toEqual([
      "/read/:contentId",
      "/read-comic/:contentId",
      "/listen/:contentId",
      "/watch/:contentId",
    ]);
  });

  it("makes each input from parameters its routes have", () => {
    for (const { route, page } of FIRST_QUERY_ROUTES) {
      const params = Object.fromEntries(
        [...route.matchAll(/:(\w+)/g)].map(([, name]) => [name as string, `${name}-value`]),
      );
      const { queries }: FirstQueriesPage = FIRST_QUERIES[page];
      for (const first of queries) {
        const input = first.input?.(params, query());
        if (input !== undefined)
          expect(Object.values(input), `${route} ${first.path}`).not.toContain(undefined);
      }
    }
    expect(FIRST_QUERIES.title.queries[0]?.input?.({ contentId: "c1" }, query())).toEqual({
      contentId: "c1",
    });
  });

  it("makes the lists' inputs from the address's query as their pages do", () => {
    const [titles, genres] = FIRST_QUERIES.explore.queries;
    expect(titles?.input?.({}, query())).toEqual({ sort: "popular", limit: 12 });
    expect(titles?.input?.({}, query({ q: " moby ", type: "book", sort: "bogus" }))).toEqual({
      query: "moby",
      type: "book",
      sort: "relevance",
      limit: 12,
    });
    expect(genres?.input?.({}, query({ type: "comic" }))).toEqual({ type: "comic" });
    expect(genres?.input?.({}, query({ type: "poem" }))).toEqual({});
    const [stories] = FIRST_QUERIES.stories.queries;
    expect(stories?.input?.({}, query({ q: "  the keep ", genre: "Horror" }))).toEqual({
      search: "the keep",
      genre: "Horror",
    });
    expect(stories?.input?.({}, query({ q: "  " }))).toEqual({});
    const [feed] = FIRST_QUERIES.reels.queries;
    const reelId = "0b7c3a52-6f0e-4a8e-9d43-2f5b8e1c7a10";
    expect(feed?.input?.({}, query({ reel: reelId }))).toEqual({ firstReelId: reelId });
    expect(feed?.input?.({}, query({ reel: "not-a-reel" }))).toEqual({ firstReelId: null });
  });
});
