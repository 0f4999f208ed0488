import { describe, expect, it } from "vitest";
import { suggestedSendAt, timeZoneChoices, zonedParts, zonedToInstant, zoneLabel } from "./schedule-time.ts";

describe("times on the team's clock", () => {
  it("reads an instant on a zone's clock", () => {
    const instant = new Date("2026-03-05T23:30:00Z");
    expect(zonedParts(instant, "UTC")).toEqual({ date: "2026-03-05", time: "23:30" });
    expect(zonedParts(instant, "Europe/Paris")).toEqual({ date: "2026-03-06", time: "00:30" });
    expect(zonedParts(instant, "America/New_York")).toEqual({ date: "2026-03-05", time: "18:30" });
    expect(zonedParts(instant, "Asia/Kolkata")).toEqual({ date: "2026-03-06", time: "05:00" });
  });

  it("finds the instant a zone's clock shows a date and time, across clock changes", () => {
    expect(zonedToInstant({ date: "2026-03-05", time: "09:00" }, "Europe/Paris")?.toISOString()).toBe(
      "2026-03-05T08:00:00.000Z",
    );
    expect(zonedToInstant({ date: "2026-07-05", time: "09:00" }, "Europe/Paris")?.toISOString()).toBe(
      "2026-07-05T07:00:00.000Z",
    );
    expect(zonedToInstant({ date: "2026-07-05", time: "09:00" }, "America/Los_Angeles")?.toISOString()).toBe(
      "2026-07-05T16:00:00.000Z",
    );
    // The night the clocks go forward in Paris (02:00 becomes 03:00), and back (03:00 becomes 02:00).
    expect(zonedToInstant({ date: "2026-03-29", time: "03:30" }, "Europe/Paris")?.toISOString()).toBe(
      "2026-03-29T01:30:00.000Z",
    );
    expect(zonedToInstant({ date: "2026-10-25", time: "12:00" }, "Europe/Paris")?.toISOString()).toBe(
      "2026-10-25T11:00:00.000Z",
    );
  });

  it("refuses what is not a date and a time", () => {
    expect(zonedToInstant({ date: "2026-02-30", time: "09:00" }, "UTC")).toBeNull();
    expect(zonedToInstant({ date: "2026-02-03", time: "24:00" }, "UTC")).toBeNull();
    expect(zonedToInstant({ date: "", time: "" }, "UTC")).toBeNull();
  });

  it("suggests the next whole hour at least half an hour away", () => {
    expect(suggestedSendAt(new Date("2026-03-05T10:10:00Z"), "UTC")).toEqual({
      date: "2026-03-05",
      time: "11:00",
    });
    expect(suggestedSendAt(new Date("2026-03-05T10:40:00Z"), "UTC")).toEqual({
      date: "2026-03-05",
      time: "12:00",
    });
    expect(suggestedSendAt(new Date("2026-03-05T23:45:00Z"), "UTC")).toEqual({
      date: "2026-03-06",
      time: "01:00",
    });
    // Half-hour zones get their own whole hour.
    expect(suggestedSendAt(new Date("2026-03-05T10:10:00Z"), "Asia/Kolkata")).toEqual({
      date: "2026-03-05",
      time: "17:00",
    });
  });

  it("lists the zones, keeping one the browser does not know", () => {
    expect(zoneLabel("America/New_York")).toBe("America/New York");
    expect(timeZoneChoices("Europe/Paris")).toContain("Europe/Paris");
    expect(timeZoneChoices("Etc/Unknown")[0]).toBe("Etc/Unknown");
  });
});
