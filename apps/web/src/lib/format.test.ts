import { describe, expect, it } from "vitest";
import {
  formatCount,
  formatDate,
  formatDateTime,
  formatDayHeading,
  formatDuration,
  formatRelativeDate,
  formatTime,
  formatWords,
  readingMinutes,
} from "./format.ts";

// Intl puts a narrow no-break space before AM/PM in recent ICU versions.
const plain = (text: string) => text.replace(/\s/g, " ");

describe("formatCount", () => {
  it("is exact below ten thousand", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1234)).toBe("1,234");
    expect(formatCount(9999)).toBe("9,999");
  });

  it("is compact from ten thousand on", () => {
    expect(formatCount(10_000)).toBe("10K");
    expect(formatCount(12_345)).toBe("12.3K");
    expect(formatCount(999_999)).toBe("1M");
    expect(formatCount(1_234_567)).toBe("1.2M");
    expect(formatCount(2_500_000_000)).toBe("2.5B");
  });

  it("survives nonsense", () => {
    expect(formatCount(Number.NaN)).toBe("0");
    expect(formatCount(-12_345)).toBe("-12.3K");
  });
});

describe("formatDuration", () => {
  it("reads minutes and seconds under an hour", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(9_000)).toBe("0:09");
    expect(formatDuration(249_000)).toBe("4:09");
    expect(formatDuration(249_999)).toBe("4:09");
  });

  it("adds hours, with padded minutes", () => {
    expect(formatDuration(3_909_000)).toBe("1:05:09");
    expect(formatDuration(36_000_000)).toBe("10:00:00");
  });

  it("treats negative and missing lengths as zero", () => {
    expect(formatDuration(-5)).toBe("0:00");
    expect(formatDuration(Number.NaN)).toBe("0:00");
  });
});

describe("formatRelativeDate", () => {
  const now = new Date("2026-06-15T12:00:00Z");
  const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  const DAY = 24 * HOUR;

  it("says just now within a minute either way", () => {
    expect(formatRelativeDate(at(-30_000), now)).toBe("just now");
    expect(formatRelativeDate(at(30_000), now)).toBe("just now");
  });

  it("counts minutes, hours and days in the past and the future", () => {
    expect(formatRelativeDate(at(-5 * MINUTE), now)).toBe("5 minutes ago");
    expect(formatRelativeDate(at(-2 * HOUR), now)).toBe("2 hours ago");
    expect(formatRelativeDate(at(3 * DAY), now)).toBe("in 3 days");
    expect(formatRelativeDate(at(-DAY), now)).toBe("yesterday");
    expect(formatRelativeDate(at(DAY), now)).toBe("tomorrow");
  });

  it("moves to weeks, months and years", () => {
    expect(formatRelativeDate(at(-14 * DAY), now)).toBe("2 weeks ago");
    expect(formatRelativeDate(at(90 * DAY), now)).toBe("in 3 months");
    expect(formatRelativeDate(at(-800 * DAY), now)).toBe("2 years ago");
  });

  it("is empty for an unreadable date", () => {
    expect(formatRelativeDate("not a date", now)).toBe("");
  });
});

describe("formatDateTime and formatDate", () => {
  it("write the date and time in the given zone", () => {
    expect(plain(formatDateTime("2026-03-05T15:04:00Z", "UTC"))).toBe("Mar 5, 2026, 3:04 PM");
    expect(plain(formatDateTime("2026-03-05T15:04:00Z", "Asia/Tokyo"))).toBe("Mar 6, 2026, 12:04 AM");
    expect(formatDate("2026-03-05T15:04:00Z", "UTC")).toBe("Mar 5, 2026");
  });

  it("are empty for an unreadable date", () => {
    expect(formatDateTime("")).toBe("");
    expect(formatDate("nope")).toBe("");
  });
});

describe("formatWords", () => {
  it("gives the words and the reading time at 230 words a minute", () => {
    expect(formatWords(2345)).toBe("2,345 words · 10 min read");
    expect(formatWords(230)).toBe("230 words · 1 min read");
    expect(formatWords(1)).toBe("1 word · 1 min read");
  });

  it("has no reading time for an empty text", () => {
    expect(formatWords(0)).toBe("0 words");
    expect(readingMinutes(0)).toBe(0);
    expect(readingMinutes(100)).toBe(1);
  });
});

describe("formatDayHeading", () => {
  const now = new Date("2026-03-05T15:00:00Z");
  it("reads today, yesterday, a weekday within the week, then the date", () => {
    expect(formatDayHeading("2026-03-05T08:00:00Z", now, "UTC")).toBe("Today");
    expect(formatDayHeading("2026-03-04T23:30:00Z", now, "UTC")).toBe("Yesterday");
    expect(formatDayHeading("2026-03-01T10:00:00Z", now, "UTC")).toBe("Sunday");
    expect(formatDayHeading("2026-02-20T10:00:00Z", now, "UTC")).toBe("Feb 20, 2026");
  });

  it("takes the day in the reader's time zone", () => {
    // 23:30 UTC on the 4th is already the 5th in Tokyo.
    const morning = new Date("2026-03-05T10:00:00Z");
    expect(formatDayHeading("2026-03-04T23:30:00Z", morning, "UTC")).toBe("Yesterday");
    expect(formatDayHeading("2026-03-04T23:30:00Z", morning, "Asia/Tokyo")).toBe("Today");
    expect(plain(formatTime("2026-03-05T15:04:00Z", "UTC"))).toBe("3:04 PM");
  });
});
