import { describe, expect, it } from "vitest";
import { zonedTimeToDate } from "./zoned-time.ts";

describe("zonedTimeToDate", () => {
  it("reads a wall-clock time in the zone given", () => {
    expect(zonedTimeToDate("2026-12-05", "09:00", "UTC")?.toISOString()).toBe("2026-12-05T09:00:00.000Z");
    expect(zonedTimeToDate("2026-12-05", "09:00", "Europe/Paris")?.toISOString()).toBe(
      "2026-12-05T08:00:00.000Z",
    );
    expect(zonedTimeToDate("2026-07-05", "09:00", "Europe/Paris")?.toISOString()).toBe(
      "2026-07-05T07:00:00.000Z",
    );
    expect(zonedTimeToDate("2026-12-05", "09:30", "Asia/Kolkata")?.toISOString()).toBe(
      "2026-12-05T04:00:00.000Z",
    );
    expect(zonedTimeToDate("2026-12-05", "23:00", "America/Los_Angeles")?.toISOString()).toBe(
      "2026-12-06T07:00:00.000Z",
    );
  });

  it("refuses dates that do not exist", () => {
    expect(zonedTimeToDate("2026-02-30", "09:00", "UTC")).toBeNull();
  });

  it("takes a time skipped by summer time as an hour later", () => {
    // Clocks in Paris go from 02:00 to 03:00 on 29 March 2026.
    expect(zonedTimeToDate("2026-03-29", "02:30", "Europe/Paris")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
  });
});
