import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  cycleDayOf,
  daysBetween,
  effectiveTimeZone,
  instantAt,
  localDateOf,
  localHourOf,
  nextStreak,
  type StreakState,
  standingStreak,
} from "./streaks.ts";

const HOUR_MS = 3_600_000;

/** Zones with daylight saving (north and south, a half-hour change, a change at midnight) and without. */
const ZONES = [
  "UTC",
  "America/New_York",
  "America/Los_Angeles",
  "America/Santiago",
  "America/St_Johns",
  "Europe/London",
  "Europe/Berlin",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Pacific/Auckland",
  "Pacific/Chatham",
  "Pacific/Kiritimati",
  "Pacific/Pago_Pago",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "Asia/Tokyo",
];

const zone = fc.constantFrom(...ZONES);
/** A date from 2020 to 2035. */
const localDate = fc.integer({ min: 0, max: 16 * 365 }).map((offset) => addDays("2020-01-01", offset));
const clockTime = fc.record({
  hour: fc.integer({ min: 0, max: 23 }),
  minute: fc.integer({ min: 0, max: 59 }),
});

function checkInsOn(dates: string[]): StreakState | null {
  let state: StreakState | null = null;
  for (const date of dates) state = nextStreak(state, date);
  return state;
}

describe("a person's day", () => {
  it("is the date where they live, whatever the time of day or the clock changes", () => {
    fc.assert(
      fc.property(zone, localDate, clockTime, (timeZone, date, { hour, minute }) => {
        const instant = instantAt(date, hour, minute, timeZone);
        expect(localDateOf(instant, timeZone)).toBe(date);
      }),
      { numRuns: 2_000 },
    );
  });

  it("agrees with plain arithmetic in fixed-offset zones", () => {
    const offsets = fc.integer({ min: -12, max: 14 });
    const instant = fc.integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) });
    fc.assert(
      fc.property(offsets, instant, (offset, time) => {
        // Etc zones name the offset with the opposite sign.
        const timeZone = offset === 0 ? "Etc/GMT" : `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
        const expected = new Date(time + offset * HOUR_MS).toISOString();
        expect(localDateOf(new Date(time), timeZone)).toBe(expected.slice(0, 10));
        expect(localHourOf(new Date(time), timeZone)).toBe(Number(expected.slice(11, 13)));
      }),
      { numRuns: 1_000 },
    );
  });

  it("has 23 or 25 hours when the clocks change, and is still one day", () => {
    const springForward = instantAt("2026-03-08", 0, 0, "America/New_York");
    const nextMidnight = instantAt("2026-03-09", 0, 0, "America/New_York");
    expect(nextMidnight.getTime() - springForward.getTime()).toBe(23 * HOUR_MS);
    const fallBack = instantAt("2026-11-01", 0, 0, "America/New_York");
    expect(instantAt("2026-11-02", 0, 0, "America/New_York").getTime() - fallBack.getTime()).toBe(
      25 * HOUR_MS,
    );
    // Lord Howe Island moves its clocks by half an hour.
    const lordHowe = instantAt("2026-10-04", 0, 0, "Australia/Lord_Howe");
    expect(instantAt("2026-10-05", 0, 0, "Australia/Lord_Howe").getTime() - lordHowe.getTime()).toBe(
      23.5 * HOUR_MS,
    );
    // A time the clocks skip is read as if they had not moved yet.
    expect(instantAt("2026-03-08", 2, 30, "America/New_York").toISOString()).toBe("2026-03-08T07:30:00.000Z");
  });

  it("falls back to UTC for an unknown or missing zone", () => {
    expect(effectiveTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(effectiveTimeZone(null)).toBe("UTC");
    expect(localDateOf(new Date("2026-06-30T23:30:00Z"), "Mars/Olympus_Mons")).toBe("2026-06-30");
  });
});

describe("streaks and the check-in cycle", () => {
  it("count consecutive local days, at any times of those days, across clock changes", () => {
    fc.assert(
      fc.property(
        zone,
        localDate,
        fc.array(clockTime, { minLength: 1, maxLength: 40 }),
        (timeZone, start, times) => {
          // One check-in on each of consecutive days, at a random time of each: two check-ins may be
          // a minute apart (23:59, then 00:00) or nearly 48 hours apart, and still consecutive.
          const dates = times.map(({ hour, minute }, index) =>
            localDateOf(instantAt(addDays(start, index), hour, minute, timeZone), timeZone),
          );
          const state = checkInsOn(dates);
          expect(state?.current).toBe(times.length);
          expect(state?.best).toBe(times.length);
          expect(cycleDayOf(times.length)).toBe(((times.length - 1) % 7) + 1);
        },
      ),
      { numRuns: 500 },
    );
  });

  it("restart after a missed day, keep the best, and ignore a second check-in on the same day", () => {
    fc.assert(
      fc.property(
        localDate,
        fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 1, maxLength: 60 }),
        (start, gaps) => {
          let state: StreakState | null = null;
          let date = start;
          let expected = 0;
          let best = 0;
          for (const gap of gaps) {
            date = addDays(date, gap);
            const before = state;
            state = nextStreak(state, date);
            if (before && gap === 0) {
              expect(state).toEqual(before);
              continue;
            }
            expected = before && gap === 1 ? expected + 1 : 1;
            best = Math.max(best, expected);
            expect(state.current).toBe(expected);
            expect(state.best).toBe(best);
            expect(cycleDayOf(state.current)).toBeGreaterThanOrEqual(1);
            expect(cycleDayOf(state.current)).toBeLessThanOrEqual(7);
          }
        },
      ),
      { numRuns: 1_000 },
    );
  });

  it("stand until a whole day is missed, and a date moved back changes nothing", () => {
    fc.assert(
      fc.property(localDate, fc.integer({ min: 1, max: 400 }), (date, length) => {
        const state: StreakState = { current: length, best: length, lastDate: date };
        expect(standingStreak(state, date)).toBe(length);
        expect(standingStreak(state, addDays(date, 1))).toBe(length);
        expect(standingStreak(state, addDays(date, 2))).toBe(0);
        expect(nextStreak(state, addDays(date, -1))).toEqual(state);
        expect(daysBetween(date, addDays(date, length))).toBe(length);
      }),
    );
  });

  it("follow a person who checks in daily while travelling, by the dates where they are", () => {
    // Tokyo to Los Angeles: the date of the next check-in may repeat or skip the calendar date a
    // stay-at-home would see; only the dates where the person is count.
    let state = nextStreak(null, localDateOf(new Date("2026-06-01T12:00:00Z"), "Asia/Tokyo"));
    state = nextStreak(state, localDateOf(new Date("2026-06-02T12:00:00Z"), "Asia/Tokyo"));
    const sameDateInLosAngeles = localDateOf(new Date("2026-06-02T16:00:00Z"), "America/Los_Angeles");
    expect(nextStreak(state, sameDateInLosAngeles)).toEqual(state);
    state = nextStreak(state, localDateOf(new Date("2026-06-03T18:00:00Z"), "America/Los_Angeles"));
    expect(state.current).toBe(3);
  });
});
