import { presetRange } from "@litverse/shared/day-range";
import { revenueAnalyticsInput } from "@litverse/shared/revenue-inputs";
import { describe, expect, it } from "vitest";
import { amountIn, formatMoneyShort, rangeProblem } from "./revenue-values.ts";

describe("revenue ranges", () => {
  it("ends a preset today (UTC) and counts today in", () => {
    const now = Date.parse("2026-03-10T23:30:00Z");
    expect(presetRange(7, now)).toEqual({ from: "2026-03-04", to: "2026-03-10" });
    expect(presetRange(30, now)).toEqual({ from: "2026-02-09", to: "2026-03-10" });
  });
  it("refuses what the server refuses, and only that", () => {
    const cases = [
      { from: "2026-01-01", to: "2026-01-01" },
      { from: "2026-01-02", to: "2026-01-01" },
      { from: "2028-01-01", to: "2028-12-31" },
      { from: "2025-01-01", to: "2026-01-02" },
      { from: "", to: "2026-01-01" },
    ];
    for (const range of cases) {
      expect(rangeProblem(range) === null).toBe(revenueAnalyticsInput.safeParse(range).success);
    }
  });
  it("reads an amount in one currency", () => {
    const amounts = [
      { currency: "NGN", amountMinor: 150_000 },
      { currency: "USD", amountMinor: 499 },
    ];
    expect(amountIn(amounts, "USD")).toBe(499);
    expect(amountIn(amounts, "EUR")).toBe(0);
  });
  it("writes tile money exactly up to 10,000, compactly above", () => {
    expect(formatMoneyShort(57_623, "USD")).toBe("$576.23");
    expect(formatMoneyShort(1_234_567, "USD")).toBe("$12.3K");
    expect(formatMoneyShort(150_000, "JPY")).toBe("¥150K");
  });
});
