import type { ServedAd } from "@litverse/shared/ads";
import type { ReelCard } from "@litverse/shared/reels";
import { describe, expect, it } from "vitest";
import {
  type FeedSlide,
  interleaveAds,
  isAdCheckpoint,
  placeForAd,
  reelAt,
  reelIndexAt,
} from "./feed-slides.ts";

const reel = (id: string) => ({ id }) as ReelCard;
const ad = (token: string) => ({ token }) as ServedAd;
const reels = ["a", "b", "c", "d"].map(reel);
const shape = (slides: FeedSlide[]) =>
  slides.map((slide) =>
    slide.kind === "reel" ? `${slide.reel.id}${slide.position}` : `ad:${slide.ad.token}`,
  );

describe("ads between the reels", () => {
  it("asks at every n-th reel, n the team's interval, and never when reels carry no ads", () => {
    expect([0, 3, 4, 5, 8, 9, 14].map((position) => isAdCheckpoint(position, 5))).toEqual([
      false,
      false,
      true,
      false,
      false,
      true,
      true,
    ]);
    expect([5, 11].map((position) => isAdCheckpoint(position, 6))).toEqual([true, true]);
    expect(isAdCheckpoint(4, 0)).toBe(false);
  });

  it("puts each ad after its reel, keeping the reels' own positions", () => {
    const slides = interleaveAds(reels, [
      { afterReelId: "b", ad: ad("one") },
      { afterReelId: "d", ad: ad("two") },
    ]);
    expect(shape(slides)).toEqual(["a0", "b1", "ad:one", "c2", "d3", "ad:two"]);
  });

  it("keeps one ad after a reel and leaves out an ad whose reel is gone", () => {
    const slides = interleaveAds(reels, [
      { afterReelId: "a", ad: ad("one") },
      { afterReelId: "a", ad: ad("two") },
      { afterReelId: "gone", ad: ad("three") },
    ]);
    expect(shape(slides)).toEqual(["a0", "ad:one", "b1", "c2", "d3"]);
  });

  it("finds the reel at a page, none on an ad or the end panel", () => {
    const slides = interleaveAds(reels, [{ afterReelId: "a", ad: ad("one") }]);
    expect(reelAt(slides, 0)?.id).toBe("a");
    expect(reelAt(slides, 1)).toBeUndefined();
    expect(reelAt(slides, 2)?.id).toBe("b");
    expect(reelAt(slides, 5)).toBeUndefined();
  });

  it("counts how far through the reels a page is, an ad as the reel before it", () => {
    const slides = interleaveAds(reels, [{ afterReelId: "b", ad: ad("one") }]);
    expect([0, 1, 2, 3, 4, 5].map((index) => reelIndexAt(slides, index))).toEqual([0, 1, 1, 2, 3, 4]);
  });

  it("places an arriving ad after the reel on screen, unless an ad is there or none is", () => {
    const slides = interleaveAds(reels, [{ afterReelId: "c", ad: ad("one") }]);
    expect(placeForAd(slides, 0)).toBe("a");
    expect(placeForAd(slides, 2)).toBeNull();
    expect(placeForAd(slides, 3)).toBeNull();
    expect(placeForAd(slides, slides.length)).toBeNull();
  });
});
