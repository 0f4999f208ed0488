import { describe, expect, it } from "vitest";
import { monthOf, weekOf } from "./activity.ts";

describe("weeks and months of a day", () => {
  it.each([
    ["2026-12-03", "2026-11-30"],
    ["2026-11-30", "2026-11-30"],
    ["2026-12-06", "2026-11-30"],
    ["2027-01-01", "2026-12-28"],
    ["2024-03-01", "2024-02-26"],
  ])("the week of %s starts on Monday %s", (day, monday) => {
    expect(weekOf(day)).toBe(monday);
  });

  it("the month of a day is its first", () => {
    expect(monthOf("2026-12-31")).toBe("2026-12-01");
  });
});
