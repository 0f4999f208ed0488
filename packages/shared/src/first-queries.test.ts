import { describe, expect, it } from "vitest";
import { FIRST_QUERIES, FIRST_QUERY_ROUTES, type FirstQueriesPage } from "./first-queries.ts";

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
      for (const query of queries) {
        const input = query.input?.(params);
        if (input !== undefined)
          expect(Object.values(input), `${route} ${query.path}`).not.toContain(undefined);
      }
    }
    expect(FIRST_QUERIES.title.queries[0]?.input?.({ contentId: "c1" })).toEqual({ contentId: "c1" });
  });
});
