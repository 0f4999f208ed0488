import { describe, expect, it } from "vitest";
import { addMonths, bonusMonthIndex, monthStartsDue, periodEnd } from "./periods.ts";

const at = (iso: string) => new Date(iso);

describe("billing periods", () => {
  it("moves by calendar months, clamping to the month's last day", () => {
    expect(addMonths(at("2026-01-31T10:00:00Z"), 1).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addMonths(at("2028-01-31T10:00:00Z"), 1).toISOString()).toBe("2028-02-29T10:00:00.000Z");
    expect(addMonths(at("2026-11-15T00:00:00Z"), 2).toISOString()).toBe("2027-01-15T00:00:00.000Z");
    expect(periodEnd(at("2026-03-31T00:00:00Z"), "month").toISOString()).toBe("2026-04-30T00:00:00.000Z");
    expect(periodEnd(at("2028-02-29T00:00:00Z"), "year").toISOString()).toBe("2029-02-28T00:00:00.000Z");
  });

  it("names each month of a subscription the same way despite a provider's clock drifting by days", () => {
    const anchor = at("2026-01-31T10:00:00Z");
    expect(bonusMonthIndex(anchor, at("2026-01-31T10:05:00Z"))).toBe(0);
    expect(bonusMonthIndex(anchor, addMonths(anchor, 1))).toBe(1);
    expect(bonusMonthIndex(anchor, at("2026-03-02T10:00:00Z"))).toBe(1);
    for (let month = 0; month < 120; month++) {
      const start = addMonths(anchor, month);
      expect(bonusMonthIndex(anchor, start)).toBe(month);
      expect(bonusMonthIndex(anchor, new Date(start.getTime() + 3 * 86_400_000))).toBe(month);
      expect(bonusMonthIndex(anchor, new Date(start.getTime() - 3 * 86_400_000))).toBe(month);
    }
  });

  it("lists the months of a period that have begun", () => {
    const start = at("2026-01-10T00:00:00Z");
    const end = periodEnd(start, "year");
    expect(monthStartsDue(start, end, at("2026-01-10T00:00:00Z"))).toHaveLength(1);
    expect(monthStartsDue(start, end, at("2026-03-09T00:00:00Z"))).toHaveLength(2);
    expect(monthStartsDue(start, end, at("2030-01-01T00:00:00Z"))).toHaveLength(12);
    expect(monthStartsDue(start, periodEnd(start, "month"), at("2030-01-01T00:00:00Z"))).toHaveLength(1);
    // A provider's period longer than a year still earns a year's months per period.
    expect(monthStartsDue(start, at("2028-01-10T00:00:00Z"), at("2030-01-01T00:00:00Z"))).toHaveLength(12);
  });
});
