import { describe, expect, it } from "vitest";
import {
  chapterIndexAt,
  chapterMarks,
  chapterRange,
  nextChapterTarget,
  normalizeChapters,
  previousChapterTarget,
} from "./chapters.ts";

// The chapters of the Moby-Dick fixture.
const MOBY = [
  { title: "Chapter 1. Loomings.", startMs: 0 },
  { title: "Chapter 2. The Carpet-Bag.", startMs: 39_529 },
  { title: "Chapter 3. The Spouter-Inn.", startMs: 77_971 },
];
const DURATION = 119_724;

describe("normalizeChapters", () => {
  it("sorts, drops duplicates and marks outside the file, and starts the first at zero", () => {
    expect(
      normalizeChapters(
        [
          { title: "Two", startMs: 50_000 },
          { title: "One", startMs: 1200 },
          { title: "Two again", startMs: 50_000 },
          { title: "After the end", startMs: 200_000 },
          { title: "  ", startMs: 90_000 },
        ],
        DURATION,
        "Episode 1",
      ),
    ).toEqual([
      { title: "One", startMs: 0 },
      { title: "Two", startMs: 50_000 },
      { title: "Chapter 3", startMs: 90_000 },
    ]);
  });

  it("makes a file without marks one chapter", () => {
    expect(normalizeChapters([], DURATION, "Episode 1")).toEqual([{ title: "Episode 1", startMs: 0 }]);
  });
});

describe("chapterIndexAt", () => {
  it("finds the chapter playing at a time", () => {
    expect(chapterIndexAt(MOBY, 0)).toBe(0);
    expect(chapterIndexAt(MOBY, 39_528)).toBe(0);
    expect(chapterIndexAt(MOBY, 39_529)).toBe(1);
    expect(chapterIndexAt(MOBY, 100_000)).toBe(2);
    expect(chapterIndexAt(MOBY, 500_000)).toBe(2);
  });
});

describe("chapterRange", () => {
  it("ends a chapter where the next starts, the last at the end of the file", () => {
    expect(chapterRange(MOBY, 1, DURATION)).toEqual({ startMs: 39_529, endMs: 77_971 });
    expect(chapterRange(MOBY, 2, DURATION)).toEqual({ startMs: 77_971, endMs: DURATION });
  });
});

describe("previous and next chapter", () => {
  it("restarts the chapter a few seconds in, else goes to the one before", () => {
    expect(previousChapterTarget(MOBY, 50_000)).toBe(39_529);
    expect(previousChapterTarget(MOBY, 41_000)).toBe(0);
    expect(previousChapterTarget(MOBY, 10_000)).toBe(0);
  });

  it("has nowhere to go back to at the start of the file, or forward from the last chapter", () => {
    expect(previousChapterTarget(MOBY, 1000)).toBeNull();
    expect(nextChapterTarget(MOBY, 1000)).toBe(39_529);
    expect(nextChapterTarget(MOBY, 80_000)).toBeNull();
  });
});

describe("chapterMarks", () => {
  it("places every chapter after the first on the timeline", () => {
    expect(chapterMarks(MOBY, DURATION).map((mark) => mark.toFixed(3))).toEqual(["0.330", "0.651"]);
    expect(chapterMarks(MOBY, 0)).toEqual([]);
  });
});
