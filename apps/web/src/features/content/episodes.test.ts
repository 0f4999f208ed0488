import type { EpisodeSummary } from "@litverse/shared/content";
import { describe, expect, it } from "vitest";
import { episodeLength, primaryAction } from "./episodes.ts";

const episode = (number: number, progress: EpisodeSummary["progress"] = null): EpisodeSummary => ({
  _id: `e${number}`,
  number,
  title: `Episode ${number}`,
  publishedAt: "2026-01-01T00:00:00.000Z",
  priceCoins: 0,
  durationMs: null,
  wordCount: 2300,
  pageCount: null,
  lock: null,
  progress,
});
const viewer = (continueEpisode: number | null) => ({
  isFollowing: false,
  isLiked: false,
  rating: null,
  continueEpisode,
});

describe("episode length", () => {
  it("reads duration, pages or reading time", () => {
    expect(episodeLength({ durationMs: 249_000, wordCount: null, pageCount: null })).toBe("4:09");
    expect(episodeLength({ durationMs: null, wordCount: null, pageCount: 1 })).toBe("1 page");
    expect(episodeLength({ durationMs: null, wordCount: 2300, pageCount: null })).toBe("10 min read");
    expect(episodeLength({ durationMs: null, wordCount: null, pageCount: null })).toBeNull();
  });
});

describe("the main button", () => {
  it("starts, continues and starts again", () => {
    expect(primaryAction({ contentType: "drama", episodes: [], viewer: null })).toBeNull();
    expect(
      primaryAction({ contentType: "audiobook", episodes: [episode(1), episode(2)], viewer: viewer(1) })
        ?.label,
    ).toBe("Start listening");
    const started = primaryAction({
      contentType: "book",
      episodes: [
        episode(1, { fraction: 1, isCompleted: true }),
        episode(2, { fraction: 0.4, isCompleted: false }),
      ],
      viewer: viewer(2),
    });
    expect(started?.label).toBe("Continue episode 2");
    expect(started?.episode.number).toBe(2);
    expect(
      primaryAction({
        contentType: "drama",
        episodes: [episode(1, { fraction: 1, isCompleted: true })],
        viewer: viewer(1),
      })?.label,
    ).toBe("Watch again");
  });
});
