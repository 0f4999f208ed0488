import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { creditFor, episodeAllowanceSeconds } from "./active-time.ts";

const at = (seconds: number) => 1_800_000_000_000 + seconds * 1_000;

describe("crediting a report's active time", () => {
  it("credits the claim only as far back as the last credited time", () => {
    const report = { creditedUntil: at(0), claimedSeconds: 3_600, hasMoved: true, allowanceLeft: 10_000 };
    // Started now: nothing has passed.
    expect(creditFor({ ...report, now: at(0) })).toEqual({ seconds: 0, creditedUntil: at(0) });
    expect(creditFor({ ...report, now: at(90) })).toEqual({ seconds: 90, creditedUntil: at(90) });
    // A smaller claim passes over the rest: time away is not banked for later.
    expect(creditFor({ ...report, claimedSeconds: 30, now: at(90) })).toEqual({
      seconds: 30,
      creditedUntil: at(90),
    });
  });

  it("credits nothing for a position that did not move, or no claim, and leaves the clock", () => {
    const report = { creditedUntil: at(0), now: at(60), allowanceLeft: 10_000 };
    expect(creditFor({ ...report, claimedSeconds: 60, hasMoved: false })).toEqual({
      seconds: 0,
      creditedUntil: at(0),
    });
    expect(creditFor({ ...report, claimedSeconds: 0, hasMoved: true })).toEqual({
      seconds: 0,
      creditedUntil: at(0),
    });
  });

  it("keeps part of a second for the next report, and uses up time past the episode's allowance", () => {
    const report = { creditedUntil: at(0), claimedSeconds: 5, hasMoved: true, allowanceLeft: 100 };
    expect(creditFor({ ...report, now: at(0.6) })).toEqual({ seconds: 0, creditedUntil: at(0) });
    expect(creditFor({ ...report, now: at(1.2) })).toEqual({ seconds: 1, creditedUntil: at(1) });
    expect(creditFor({ ...report, now: at(5), allowanceLeft: 2 })).toEqual({
      seconds: 2,
      creditedUntil: at(5),
    });
  });

  it("never goes back on a clock ahead of this report's time (another server's)", () => {
    expect(
      creditFor({
        creditedUntil: at(10),
        now: at(8),
        claimedSeconds: 60,
        hasMoved: true,
        allowanceLeft: 100,
      }),
    ).toEqual({ seconds: 0, creditedUntil: at(10) });
  });

  it("never credits more than the time passed, however the reports come", () => {
    const report = fc.record({
      afterMs: fc.integer({ min: 0, max: 7_200_000 }),
      claimedSeconds: fc.integer({ min: 0, max: 3_600 }),
      hasMoved: fc.boolean(),
      allowanceLeft: fc.integer({ min: 0, max: 10_000 }),
    });
    fc.assert(
      fc.property(fc.array(report, { maxLength: 40 }), (reports) => {
        const start = at(0);
        let clock = start;
        let now = start;
        let credited = 0;
        for (const next of reports) {
          now += next.afterMs;
          const credit = creditFor({ ...next, creditedUntil: clock, now });
          expect(credit.seconds).toBeLessThanOrEqual(Math.min(next.claimedSeconds, next.allowanceLeft));
          expect(credit.creditedUntil).toBeGreaterThanOrEqual(clock);
          expect(credit.creditedUntil).toBeLessThanOrEqual(now);
          clock = credit.creditedUntil;
          credited += credit.seconds;
          expect(credited * 1_000).toBeLessThanOrEqual(clock - start);
        }
      }),
    );
  });
});

describe("an episode's allowance", () => {
  it("follows the episode's length at a generous pace, with a minute at least", () => {
    const none = { wordCount: null, durationMs: null, pageCount: null };
    expect(episodeAllowanceSeconds("book", { ...none, wordCount: 3_000 })).toBe(1_800);
    expect(episodeAllowanceSeconds("book", { ...none, wordCount: 5 })).toBe(60);
    expect(episodeAllowanceSeconds("audiobook", { ...none, durationMs: 1_200_000 })).toBe(1_800);
    expect(episodeAllowanceSeconds("drama", { ...none, durationMs: 90_000 })).toBe(135);
    expect(episodeAllowanceSeconds("comic", { ...none, pageCount: 24 })).toBe(960);
    // A length not known: half an hour.
    expect(episodeAllowanceSeconds("audiobook", none)).toBe(1_800);
  });
});
