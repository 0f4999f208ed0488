import { describe, expect, it } from "vitest";
import { effectiveTimeZone, instantAt, nextStreakMilestone } from "./streaks.ts";

describe("the zone a person's days are reckoned in", () => {
  it("is UTC when none is set, never the server's own zone", () => {
    expect(effectiveTimeZone(undefined)).toBe("UTC");
    expect(effectiveTimeZone("")).toBe("UTC");
    expect(effectiveTimeZone("Asia/Tokyo")).toBe("Asia/Tokyo");
  });
});

describe("the instant of a local time", () => {
  it("takes the first occurrence of a time the clocks repeat", () => {
    expect(instantAt("2026-11-01", 1, 30, "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
    // Before 1970 too, where instants are negative numbers.
    expect(instantAt("1969-10-26", 1, 30, "America/New_York").toISOString()).toBe("1969-10-26T05:30:00.000Z");
  });

  it("keeps the seconds of an offset that is not a whole number of minutes", () => {
    // Liberia kept GMT−0:44:30 until 1972.
    expect(instantAt("1960-06-01", 12, 0, "Africa/Monrovia").toISOString()).toBe("1960-06-01T12:44:30.000Z");
  });
});

describe("the next streak milestone", () => {
  it("is the first milestone beyond the streak, not the one reached", () => {
    expect(nextStreakMilestone(0)).toBe(3);
    expect(nextStreakMilestone(3)).toBe(7);
    expect(nextStreakMilestone(5)).toBe(7);
    expect(nextStreakMilestone(364)).toBe(365);
    expect(nextStreakMilestone(365)).toBeNull();
  });
});
