import { describe, expect, it } from "vitest";
import {
  bufferedEnd,
  chooseSubtitle,
  isWatched,
  resumeAt,
  seekTarget,
  speedButtonLabel,
  speedLabel,
  stepSpeed,
} from "./player-logic.ts";
import { parsePlayerSettings } from "./player-settings.ts";

const tracks = [
  { language: "en", label: "English" },
  { language: "pt-BR", label: "Português (Brasil)" },
];

describe("chooseSubtitle", () => {
  it("turns subtitles on when the browser speaks one of their languages", () => {
    expect(chooseSubtitle(tracks, null, ["en-GB", "fr"])).toBe(0);
    expect(chooseSubtitle(tracks, null, ["fr", "pt"])).toBe(1);
    expect(chooseSubtitle(tracks, null, ["pt-BR"])).toBe(1);
  });

  it("leaves them off when it does not", () => {
    expect(chooseSubtitle(tracks, null, ["fr", "de"])).toBeNull();
    expect(chooseSubtitle([], null, ["en"])).toBeNull();
  });

  it("keeps the reader's choice", () => {
    expect(chooseSubtitle(tracks, "off", ["en"])).toBeNull();
    expect(chooseSubtitle(tracks, "pt-BR", ["en"])).toBe(1);
    // A language this episode lacks falls back to the browser's.
    expect(chooseSubtitle(tracks, "ja", ["en"])).toBe(0);
  });
});

describe("resume and completion", () => {
  it("resumes at the saved time", () => {
    expect(resumeAt({ locator: { ms: 4200 }, fraction: 0.5, isCompleted: false }, 60_000)).toBe(4200);
    expect(resumeAt({ locator: null, fraction: 0.5, isCompleted: false }, 60_000)).toBe(30_000);
  });

  it("starts over when never opened, finished or nearly finished", () => {
    expect(resumeAt(null, 60_000)).toBe(0);
    expect(resumeAt(undefined, 60_000)).toBe(0);
    expect(resumeAt({ locator: { ms: 4200 }, fraction: 0.1, isCompleted: true }, 60_000)).toBe(0);
    expect(resumeAt({ locator: { ms: 58_000 }, fraction: 0.97, isCompleted: false }, 60_000)).toBe(0);
    expect(resumeAt({ locator: { ms: 6_000 }, fraction: 0.75, isCompleted: false }, 8_000)).toBe(0);
  });

  it("counts 95% as watched", () => {
    expect(isWatched(94_000, 100_000)).toBe(false);
    expect(isWatched(95_000, 100_000)).toBe(true);
    expect(isWatched(5, 0)).toBe(false);
  });
});

describe("speed", () => {
  it("steps through the speeds and stops at the ends", () => {
    expect(stepSpeed(1, 1)).toBe(1.25);
    expect(stepSpeed(1, -1)).toBe(0.75);
    expect(stepSpeed(2, 1)).toBe(2);
    expect(stepSpeed(0.5, -1)).toBe(0.5);
    expect(stepSpeed(1.1, 1)).toBe(1.25);
    expect(stepSpeed(1.1, -1)).toBe(1);
    expect(speedLabel(1)).toBe("Normal");
    expect(speedLabel(1.5)).toBe("1.5×");
  });

  it("names the speed button with the speed it shows", () => {
    expect(speedButtonLabel(1)).toBe("Playback speed, 1× (normal)");
    expect(speedButtonLabel(1.5)).toBe("Playback speed, 1.5×");
  });
});

describe("seek bar", () => {
  it("finds the buffered stretch under the playhead", () => {
    const ranges = [
      [0, 4],
      [10, 20],
    ] as const;
    expect(bufferedEnd(ranges, 2)).toBe(4);
    expect(bufferedEnd(ranges, 12)).toBe(20);
    expect(bufferedEnd(ranges, 6)).toBe(6);
    expect(bufferedEnd([], 3)).toBe(3);
  });

  it("keeps skips within the video", () => {
    expect(seekTarget(5, -10, 60)).toBe(0);
    expect(seekTarget(55, 10, 60)).toBe(60);
    expect(seekTarget(20, 10, 60)).toBe(30);
    expect(seekTarget(20, 10, Number.NaN)).toBe(30);
  });
});

describe("player settings", () => {
  it("reads what was stored and defaults the rest", () => {
    expect(parsePlayerSettings(null)).toEqual({ volume: 1, muted: false, speed: 1, subtitles: null });
    expect(
      parsePlayerSettings(JSON.stringify({ volume: 3, muted: true, speed: 1.5, subtitles: "off" })),
    ).toEqual({ volume: 1, muted: true, speed: 1.5, subtitles: "off" });
    expect(parsePlayerSettings(JSON.stringify({ volume: 0.4, speed: 7, subtitles: 4 }))).toEqual({
      volume: 0.4,
      muted: false,
      speed: 1,
      subtitles: null,
    });
  });
});
