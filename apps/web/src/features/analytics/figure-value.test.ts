import { describe, expect, it } from "vitest";
import { formatFigure, seriesSummary } from "./figure-value.ts";

describe("dashboard figures", () => {
  it("read as counts, minutes or money in minor units", () => {
    expect(formatFigure({ value: 1234, unit: "count" })).toBe("1,234");
    expect(formatFigure({ value: 42, unit: "minutes" })).toBe("42 min");
    expect(formatFigure({ value: 1999, unit: "money", currency: "USD" })).toMatch(/19\.99/);
  });

  it("say what their line shows", () => {
    expect(seriesSummary({ label: "Messages", unit: "count" }, [1, 7, 3])).toBe(
      "Messages, last 3 days: from 1 to 3 today, highest 7",
    );
  });
});
