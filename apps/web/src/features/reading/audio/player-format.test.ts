import { describe, expect, it } from "vitest";
import {
  formatRate,
  formatRemaining,
  formatTimerLeft,
  spokenDuration,
  timelineValueText,
} from "./player-format.ts";

describe("player formatting", () => {
  it("writes what is left of the file", () => {
    expect(formatRemaining(65_000, 119_724)).toBe("-0:54");
    expect(formatRemaining(200_000, 119_724)).toBe("-0:00");
    expect(formatRemaining(0, 3_725_000)).toBe("-1:02:05");
  });

  it("writes speeds without trailing zeros", () => {
    expect(formatRate(1)).toBe("1×");
    expect(formatRate(1.25)).toBe("1.25×");
    expect(formatRate(0.5)).toBe("0.5×");
    expect(formatRate(1.1500000000000001)).toBe("1.15×");
  });

  it("reads the timeline's position in words a screen reader says well", () => {
    expect(timelineValueText(65_000, 119_724, "Chapter 2. The Carpet-Bag.")).toBe(
      "1:05 of 1:59, Chapter 2. The Carpet-Bag.",
    );
    expect(timelineValueText(0, 60_000)).toBe("0:00 of 1:00");
    expect(spokenDuration(3_725_000)).toBe("1 hour 2 minutes 5 seconds");
    expect(spokenDuration(60_000)).toBe("1 minute");
    expect(spokenDuration(0)).toBe("0 seconds");
  });

  it("rounds the sleep timer up, so that it never reads 0:00 while running", () => {
    expect(formatTimerLeft(899_001)).toBe("15:00");
    expect(formatTimerLeft(400)).toBe("0:01");
    expect(formatTimerLeft(0)).toBe("0:00");
  });
});
