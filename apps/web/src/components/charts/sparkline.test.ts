import { describe, expect, it } from "vitest";
import { sparklinePoints } from "./sparkline.tsx";

describe("sparklinePoints", () => {
  it("spreads the values across the box, the highest at the top and zero at the bottom", () => {
    expect(sparklinePoints([0, 5, 10])).toBe("2.0,30.0 60.0,16.0 118.0,2.0");
  });

  it("draws equal values as a flat line at the bottom, and nothing for no values", () => {
    expect(sparklinePoints([0, 0])).toBe("2.0,30.0 118.0,30.0");
    expect(sparklinePoints([])).toBe("");
  });
});
