import { describe, expect, it } from "vitest";
import {
  chapterTimer,
  durationTimer,
  FADE_MS,
  fadeFactor,
  isTimerDue,
  retargetTimer,
  tickTimer,
  timerRemainingMs,
} from "./sleep-timer.ts";

const CHAPTERS = [
  { title: "One", startMs: 0 },
  { title: "Two", startMs: 40_000 },
  { title: "Three", startMs: 80_000 },
];
const DURATION = 120_000;

describe("a timer of minutes", () => {
  it("counts down only the time it is given (time spent playing)", () => {
    let timer = durationTimer(15);
    expect(timerRemainingMs(timer, 0, 1)).toBe(15 * 60_000);
    timer = tickTimer(timer, 60_000);
    expect(timerRemainingMs(timer, 0, 1)).toBe(14 * 60_000);
    // The speed does not change how long "15 minutes" lasts.
    expect(timerRemainingMs(timer, 0, 2)).toBe(14 * 60_000);
    timer = tickTimer(timer, 20 * 60_000);
    expect(timerRemainingMs(timer, 0, 1)).toBe(0);
    expect(isTimerDue(timer, 0, 1)).toBe(true);
  });

  it("ignores time running backwards", () => {
    const timer = durationTimer(5);
    expect(tickTimer(timer, -1000)).toBe(timer);
  });
});

describe("a timer to the end of the chapter", () => {
  it("stops where the chapter playing ends, sooner at a higher speed", () => {
    const timer = chapterTimer(CHAPTERS, 50_000, DURATION);
    expect(timer).toEqual({ kind: "chapter", endMs: 80_000 });
    expect(timerRemainingMs(timer, 50_000, 1)).toBe(30_000);
    expect(timerRemainingMs(timer, 50_000, 2)).toBe(15_000);
    expect(isTimerDue(timer, 79_999, 1)).toBe(false);
    expect(isTimerDue(timer, 80_100, 1)).toBe(true);
  });

  it("ends the last chapter with the file, and follows the listener to another chapter", () => {
    expect(chapterTimer(CHAPTERS, 100_000, DURATION)).toEqual({ kind: "chapter", endMs: DURATION });
    const timer = chapterTimer(CHAPTERS, 10_000, DURATION);
    expect(retargetTimer(timer, CHAPTERS, 45_000, DURATION)).toEqual({ kind: "chapter", endMs: 80_000 });
    const minutes = durationTimer(5);
    expect(retargetTimer(minutes, CHAPTERS, 45_000, DURATION)).toBe(minutes);
    expect(retargetTimer(null, CHAPTERS, 45_000, DURATION)).toBeNull();
  });
});

describe("fadeFactor", () => {
  it("keeps the volume until the last seconds, then fades to silence", () => {
    expect(fadeFactor(60_000)).toBe(1);
    expect(fadeFactor(FADE_MS)).toBe(1);
    expect(fadeFactor(FADE_MS / 2)).toBeCloseTo(0.25);
    expect(fadeFactor(0)).toBe(0);
    expect(fadeFactor(-5)).toBe(0);
  });
});
