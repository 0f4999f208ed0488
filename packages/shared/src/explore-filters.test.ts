import { describe, expect, it } from "vitest";
import {
  activePanelFilters,
  exploreParams,
  listInput,
  parseExploreParams,
  resultCountLabel,
  withChange,
} from "./explore-filters.ts";

/** An address's query as a browser reads it ("+" and %-escapes decoded). */
function addressQuery(search: string) {
  const decode = (part: string) => decodeURIComponent(part.replaceAll("+", " "));
  const pairs = search
    .replace(/^\?/, "")
    .split("&")
    .filter(Boolean)
    .map((pair) => pair.split("=").map(decode));
  return { get: (name: string) => pairs.find(([key]) => key === name)?.[1] ?? null };
}
const parse = (search: string) => parseExploreParams(addressQuery(search));
/** The address's query for these filters, written as a browser writes it. */
const written = (filters: ReturnType<typeof parse>) => {
  const pairs = exploreParams(filters).map(([key, value]) => `${key}=${encodeURIComponent(value)}`);
  return pairs.length ? `?${pairs.join("&")}` : "";
};

describe("explore filters in the address", () => {
  it("reads every filter and ignores what is not valid", () => {
    expect(
      parse("?q=%20moby%20&type=comic&genre=Science%20Fiction&status=ongoing&access=vvip&age=16"),
    ).toEqual({
      query: "moby",
      type: "comic",
      genre: "science fiction",
      releaseStatus: "ongoing",
      accessType: "vvip",
      ageRating: 16,
      sort: "relevance",
    });
    expect(parse("?type=poem&status=paused&access=gold&age=21&sort=random")).toEqual({
      query: "",
      type: null,
      genre: null,
      releaseStatus: null,
      accessType: null,
      ageRating: null,
      sort: "popular",
    });
  });

  it("sorts by relevance only when searching", () => {
    expect(parse("?sort=relevance").sort).toBe("popular");
    expect(parse("?q=whale").sort).toBe("relevance");
    expect(parse("?q=whale&sort=new").sort).toBe("new");
  });

  it("writes filters back without defaults, and round-trips", () => {
    const filters = parse("?type=book&sort=popular");
    expect(written(filters)).toBe("?type=book");
    expect(written(parse(""))).toBe("");
    const search = "?q=moby&type=audiobook&genre=classics&status=completed&access=free&age=13&sort=top_rated";
    expect(written(parse(search))).toBe(search);
  });

  it("follows a new search with relevance order unless a sort was chosen", () => {
    const browsing = parse("");
    expect(withChange(browsing, { query: "moby" }).sort).toBe("relevance");
    expect(withChange(parse("?sort=new"), { query: "moby" }).sort).toBe("new");
    expect(withChange(parse("?q=moby"), { query: "" }).sort).toBe("popular");
    expect(withChange(parse("?q=moby&sort=new"), { query: "" }).sort).toBe("new");
  });

  it("counts the panel's filters and builds the function's input", () => {
    const filters = parse("?q=moby&type=book&genre=classics&age=13");
    expect(activePanelFilters(filters)).toBe(2);
    expect(listInput(filters, 12)).toEqual({
      query: "moby",
      type: "book",
      genre: "classics",
      ageRating: 13,
      sort: "relevance",
      limit: 12,
    });
  });

  it("words the result count", () => {
    expect(resultCountLabel(24, "")).toBe("24 titles");
    expect(resultCountLabel(1, "moby")).toBe("1 title matches “moby”");
    expect(resultCountLabel(2, "moby")).toBe("2 titles match “moby”");
    expect(resultCountLabel(10_000, "")).toBe("10,000 titles");
  });
});
