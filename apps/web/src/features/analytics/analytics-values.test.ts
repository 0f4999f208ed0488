import { type CohortRow, type Funnel, parseFunnelWindow } from "@litverse/shared/analytics";
import { analyticsReportInput } from "@litverse/shared/analytics-inputs";
import { describe, expect, it } from "vitest";
import {
  compareDelta,
  contentTypeLabel,
  formatAverage,
  formatPercent,
  funnelFigures,
  HEAT_CLASSES,
  heatClass,
  heatLevel,
  maxCoins,
  parseCellMeasure,
  percentOf,
  periodBefore,
  rangeProblem,
  retentionCurve,
  weekLabel,
} from "./analytics-values.ts";

const week = (offset: number, active: number, coinsBought = 0, coinsSpent = 0) => ({
  offset,
  week: `2026-01-${String(5 + offset * 7).padStart(2, "0")}`,
  active,
  coinsBought,
  coinsSpent,
});

describe("analytics ranges", () => {
  it("refuses what the server refuses, and only that", () => {
    const cases = [
      { from: "2026-01-01", to: "2026-01-01" },
      { from: "2026-01-02", to: "2026-01-01" },
      { from: "2025-01-01", to: "2026-01-01" },
      { from: "2025-01-01", to: "2026-01-02" },
      { from: "2024-01-01", to: "2024-12-31" },
      { from: "", to: "2026-01-01" },
    ];
    for (const range of cases) {
      expect(rangeProblem(range) === null).toBe(
        analyticsReportInput.safeParse({ range, funnelWindowDays: 7 }).success,
      );
    }
    expect(rangeProblem({ from: "2025-01-01", to: "2026-01-02" })).toBe("At most 366 days at a time.");
  });

  it("compares a period with the one as long just before it", () => {
    expect(periodBefore({ from: "2026-03-04", to: "2026-03-10" })).toEqual({
      from: "2026-02-25",
      to: "2026-03-03",
    });
    expect(periodBefore({ from: "2026-03-01", to: "2026-03-01" })).toEqual({
      from: "2026-02-28",
      to: "2026-02-28",
    });
  });

  it("reads the funnel window and the retention cells from the address, defaulting otherwise", () => {
    expect(parseFunnelWindow("14")).toBe(14);
    expect(parseFunnelWindow("3")).toBe(7);
    expect(parseFunnelWindow(null)).toBe(7);
    expect(parseCellMeasure("spent")).toBe("spent");
    expect(parseCellMeasure("money")).toBe("people");
  });
});

describe("percents and changes", () => {
  it("takes a part of a whole, and nothing of nothing", () => {
    expect(percentOf(1, 4)).toBe(25);
    expect(percentOf(3, 0)).toBeNull();
  });

  it("writes whole percents from 10 up, one decimal below", () => {
    expect(formatPercent(42.4)).toBe("42%");
    expect(formatPercent(4.56)).toBe("4.6%");
    expect(formatPercent(0)).toBe("0%");
    expect(formatPercent(100)).toBe("100%");
    expect(formatPercent(null)).toBe("–");
  });

  it("writes averages with one decimal", () => {
    expect(formatAverage(12.34)).toBe("12.3");
    expect(formatAverage(7)).toBe("7");
    expect(formatAverage(12_345)).toBe("12.3K");
  });

  it("shows a change up or down in percent of the figure before", () => {
    expect(compareDelta({ value: 12, previous: 10 })).toMatchObject({
      direction: "up",
      text: "▲ 20%",
      spoken: "up 20% on the previous period",
    });
    expect(compareDelta({ value: 9, previous: 10 })).toMatchObject({ direction: "down", text: "▼ 10%" });
    expect(compareDelta({ value: 1000, previous: 999 })).toMatchObject({ direction: "up", text: "▲ 0.1%" });
  });

  it("stays neutral when there is nothing before, or no change worth a figure", () => {
    expect(compareDelta({ value: 5, previous: 0 })).toMatchObject({ direction: "none", percent: null });
    expect(compareDelta({ value: 0, previous: 0 })).toMatchObject({ direction: "none" });
    expect(compareDelta({ value: 10, previous: 10 })).toMatchObject({ direction: "same", text: "No change" });
    expect(compareDelta({ value: 100_001, previous: 100_000 })).toMatchObject({ direction: "same" });
  });
});

describe("the heat map's colours", () => {
  it("leave nothing uncoloured and spread the rest over five levels", () => {
    expect(heatLevel(0, 100)).toBe(0);
    expect(heatLevel(0.5, 100)).toBe(1);
    expect(heatLevel(20, 100)).toBe(1);
    expect(heatLevel(21, 100)).toBe(2);
    expect(heatLevel(60, 100)).toBe(3);
    expect(heatLevel(100, 100)).toBe(5);
    expect(heatLevel(150, 100)).toBe(5);
    expect(heatLevel(5, 0)).toBe(0);
    expect(heatClass(100, 100)).toBe(HEAT_CLASSES[5]);
  });

  it("scale coins to the largest cell of the measure", () => {
    const cohorts: CohortRow[] = [
      { cohortWeek: "2026-01-05", signedUp: 4, weeks: [week(0, 4, 100, 20), week(1, 2, 300, 10)] },
      { cohortWeek: "2026-01-12", signedUp: 2, weeks: [week(0, 2, 50, 90)] },
    ];
    expect(maxCoins(cohorts, "bought")).toBe(300);
    expect(maxCoins(cohorts, "spent")).toBe(90);
    expect(maxCoins([], "bought")).toBe(0);
  });
});

describe("the average retention curve", () => {
  it("weighs each week by the cohorts that reached it, and skips empty cohorts", () => {
    const cohorts: CohortRow[] = [
      { cohortWeek: "2026-01-05", signedUp: 10, weeks: [week(0, 10), week(1, 5), week(2, 2)] },
      { cohortWeek: "2026-01-12", signedUp: 30, weeks: [week(0, 27), week(1, 6)] },
      { cohortWeek: "2026-01-19", signedUp: 0, weeks: [week(0, 0)] },
    ];
    expect(retentionCurve(cohorts, 12)).toEqual([
      { offset: 0, percent: 92.5, cohorts: 2 },
      { offset: 1, percent: 27.5, cohorts: 2 },
      { offset: 2, percent: 20, cohorts: 1 },
    ]);
    expect(retentionCurve([], 12)).toEqual([]);
  });
});

describe("funnel figures", () => {
  it("give each step its share of the first and of the step before", () => {
    const funnel: Funnel = {
      key: "reading",
      title: "From sign-up to paying",
      startsWith: "People who signed up in the period",
      steps: [
        { label: "Signed up", people: 200, previous: 100 },
        { label: "Opened an episode", people: 100, previous: 100 },
        { label: "Unlocked", people: 0, previous: 5 },
      ],
    };
    expect(funnelFigures(funnel)).toMatchObject([
      { ofFirst: 100, ofPrevious: null, delta: { direction: "up", text: "▲ 100%" } },
      { ofFirst: 50, ofPrevious: 50, delta: { direction: "same" } },
      { ofFirst: 0, ofPrevious: 0, delta: { direction: "down", text: "▼ 100%" } },
    ]);
  });
});

describe("labels", () => {
  it("name weeks and content types", () => {
    expect(weekLabel("2026-01-05")).toBe("Jan 5");
    expect(contentTypeLabel("audiobook")).toBe("Audiobook");
    expect(contentTypeLabel("podcast")).toBe("podcast");
  });
});
