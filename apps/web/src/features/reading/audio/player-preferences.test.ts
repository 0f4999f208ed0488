import { describe, expect, it } from "vitest";
import { clampRate, DEFAULT_PREFERENCES, parsePreferences, stepRate } from "./player-preferences.ts";

describe("speeds", () => {
  it("keeps speeds between 0.5× and 3× on steps of 0.05", () => {
    expect(clampRate(1.23)).toBe(1.25);
    expect(clampRate(0.1)).toBe(0.5);
    expect(clampRate(7)).toBe(3);
    expect(clampRate(Number.NaN)).toBe(1);
  });

  it("steps through the presets from any speed", () => {
    expect(stepRate(1, 1)).toBe(1.25);
    expect(stepRate(1, -1)).toBe(0.75);
    expect(stepRate(1.1, 1)).toBe(1.25);
    expect(stepRate(1.1, -1)).toBe(1);
    expect(stepRate(3, 1)).toBe(3);
    expect(stepRate(0.5, -1)).toBe(0.5);
  });
});

describe("parsePreferences", () => {
  it("reads what was kept", () => {
    expect(
      parsePreferences(
        JSON.stringify({ rate: 1.5, skipBackSeconds: 10, skipForwardSeconds: 45, playNext: false }),
      ),
    ).toEqual({ rate: 1.5, skipBackSeconds: 10, skipForwardSeconds: 45, playNext: false });
  });

  it("falls back to the defaults for anything missing or unreadable", () => {
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences("{not json")).toEqual(DEFAULT_PREFERENCES);
    expect(parsePreferences(JSON.stringify({ rate: "fast", skipBackSeconds: 7, playNext: "yes" }))).toEqual(
      DEFAULT_PREFERENCES,
    );
    expect(parsePreferences(JSON.stringify({ rate: 9 })).rate).toBe(3);
  });
});
