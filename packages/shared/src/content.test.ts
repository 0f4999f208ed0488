// The episode a reader opens: the same choice in the app and in the server's first data.
import { describe, expect, it } from "vitest";
import { episodeParam, episodeToOpen } from "./content.ts";

describe("the episode in the address", () => {
  it("is a positive whole number, else none", () => {
    expect(episodeParam("3")).toBe(3);
    for (const value of [null, "", "0", "-1", "1.5", "2e3", "abc", "1234567"]) {
      expect(episodeParam(value)).toBeNull();
    }
  });
});

describe("the episode a reader opens", () => {
  const episodes = [{ number: 1 }, { number: 2 }, { number: 3 }] as Parameters<
    typeof episodeToOpen
  >[0]["episodes"];
  const viewer = (continueEpisode: number | null) =>
    ({ continueEpisode }) as Parameters<typeof episodeToOpen>[0]["viewer"];

  it("is the one the address names, else the one to continue, else the first", () => {
    expect(episodeToOpen({ episodes, viewer: viewer(2) }, 3)).toBe(3);
    expect(episodeToOpen({ episodes, viewer: viewer(2) }, null)).toBe(2);
    expect(episodeToOpen({ episodes, viewer: viewer(null) }, null)).toBe(1);
    expect(episodeToOpen({ episodes, viewer: null }, null)).toBe(1);
    expect(episodeToOpen({ episodes: [], viewer: null }, null)).toBeNull();
  });
});
