import { describe, expect, it } from "vitest";
import { episodeAllowanceSeconds } from "./active-time.ts";

const none = { wordCount: null, durationMs: null, pageCount: null };

describe("an episode's allowance, by the length that fits its kind", () => {
  it("reads a book by its words, whatever other lengths it carries", () => {
    const length = { wordCount: 1_000, durationMs: 10_000, pageCount: 2 };
    expect(episodeAllowanceSeconds("book", length)).toBe(600);
  });

  it("reads a comic by its pages and a recording by its duration, never by words", () => {
    expect(episodeAllowanceSeconds("comic", { ...none, wordCount: 1_000, pageCount: 3 })).toBe(120);
    expect(episodeAllowanceSeconds("audiobook", { ...none, wordCount: 1_000, durationMs: 100_000 })).toBe(
      150,
    );
  });

  it("gives half an hour when the length that fits is missing, even if another is known", () => {
    expect(episodeAllowanceSeconds("book", none)).toBe(1_800);
    expect(episodeAllowanceSeconds("book", { ...none, durationMs: 10_000, pageCount: 2 })).toBe(1_800);
    expect(episodeAllowanceSeconds("comic", { ...none, wordCount: 1_000 })).toBe(1_800);
    expect(episodeAllowanceSeconds("audiobook", { ...none, wordCount: 1_000, pageCount: 2 })).toBe(1_800);
  });
});
