import { describe, expect, it } from "vitest";
import { buyCoinsPath, coins, formatHours, plansPath } from "./unlock-links.ts";

describe("unlock links", () => {
  it("sends the reader to buy what is missing and back to the episode", () => {
    expect(buyCoinsPath(15, "/read/abc?episode=3")).toBe(
      "/coins/buy?need=15&returnTo=%2Fread%2Fabc%3Fepisode%3D3",
    );
    expect(buyCoinsPath(0, "/watch/x?episode=1")).toMatch(/^\/coins\/buy\?need=1&/);
    expect(plansPath("vvip", "/listen/a?episode=2")).toBe(
      "/subscription/plans?tier=vvip&returnTo=%2Flisten%2Fa%3Fepisode%3D2",
    );
  });

  it("words hours and coins", () => {
    expect(formatHours(1)).toBe("1 hour");
    expect(formatHours(5)).toBe("5 hours");
    expect(formatHours(48)).toBe("2 days");
    expect(formatHours(24)).toBe("1 day");
    expect(coins(1)).toBe("1 coin");
    expect(coins(1500)).toBe("1,500 coins");
  });
});
