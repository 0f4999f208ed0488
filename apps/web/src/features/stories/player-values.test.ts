import { describe, expect, it } from "vitest";
import { statFraction } from "./stats-panel.tsx";
import { choiceIndexOfKey } from "./use-choice-keys.ts";

describe("the player's keys", () => {
  it("maps 1 to 9 to the choices and nothing else", () => {
    expect(choiceIndexOfKey("1")).toBe(0);
    expect(choiceIndexOfKey("9")).toBe(8);
    for (const key of ["0", "10", "a", "Enter", " ", "F1"]) expect(choiceIndexOfKey(key)).toBeNull();
  });
});

describe("a stat's bar", () => {
  it("fills between the bounds and stays within them", () => {
    expect(statFraction({ value: 3, min: 0, max: 10 })).toBe(0.3);
    expect(statFraction({ value: -5, min: -10, max: 10 })).toBe(0.25);
    expect(statFraction({ value: 12, min: 0, max: 10 })).toBe(1);
  });

  it("has none without two bounds, for a flag, or for bounds that meet", () => {
    expect(statFraction({ value: 3, min: 0, max: null })).toBeNull();
    expect(statFraction({ value: true, min: null, max: null })).toBeNull();
    expect(statFraction({ value: 1, min: 1, max: 1 })).toBeNull();
  });
});
