import { describe, expect, it } from "vitest";
import { toTsQueryText } from "./search-query.ts";

describe("toTsQueryText", () => {
  it("requires every word and matches the last as a prefix", () => {
    expect(toTsQueryText("Moby di")).toBe("moby & di:*");
    expect(toTsQueryText("whale")).toBe("whale:*");
  });

  it("keeps letters of every script and digits, and drops operators", () => {
    expect(toTsQueryText("Café 1984")).toBe("café & 1984:*");
    expect(toTsQueryText("a & b | !c:* <-> (d)")).toBe("a & b & c & d:*");
    expect(toTsQueryText("星の王子さま")).toBe("星の王子さま:*");
  });

  it("gives nothing for input without words, and at most 8 words", () => {
    expect(toTsQueryText("  !!! ")).toBeNull();
    expect(toTsQueryText("")).toBeNull();
    expect(toTsQueryText("1 2 3 4 5 6 7 8 9 10")).toBe("1 & 2 & 3 & 4 & 5 & 6 & 7 & 8:*");
  });
});
