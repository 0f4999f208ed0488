import { describe, expect, it } from "vitest";
import { budgetLeft, clickThroughRate, formatCoins, formatShare } from "./report-values.ts";

const totals = (spentCoins: number) => ({ impressions: 0, viewable: 0, clicks: 0, spentCoins });

describe("ad report values", () => {
  it("writes coins to two decimals at most", () => {
    expect(formatCoins(1234.5678)).toBe("1,234.57");
    expect(formatCoins(12)).toBe("12");
    expect(formatCoins(0.001)).toBe("0");
    expect(formatCoins(Number.NaN)).toBe("0");
  });

  it("writes a share as a percentage", () => {
    expect(formatShare(0.0125)).toBe("1.25%");
    expect(formatShare(0)).toBe("0%");
  });

  it("counts clicks per impression, none before the first impression", () => {
    expect(clickThroughRate({ impressions: 200, clicks: 3 })).toBe(0.015);
    expect(clickThroughRate({ impressions: 0, clicks: 0 })).toBe(0);
  });

  it("holds the unspent budget while the ad may run and returns it after", () => {
    expect(budgetLeft({ budgetCoins: 100, status: "active", totals: totals(12.345) })).toEqual({
      coins: 87.655,
      returned: false,
    });
    expect(budgetLeft({ budgetCoins: 100, status: "stopped", totals: totals(40) })).toEqual({
      coins: 60,
      returned: true,
    });
    expect(budgetLeft({ budgetCoins: 50, status: "ended", totals: totals(50) })).toEqual({
      coins: 0,
      returned: true,
    });
    expect(budgetLeft({ budgetCoins: null, status: "active", totals: totals(0) })).toBeNull();
  });
});
