// The feed's pages: the reels, with an ad slide now and then between them. An ad is placed after
// the reel that was on screen when it arrived, and stays there: the slides before the one on
// screen never move, so the feed's position (an index times the feed's height) stays true.
import type { ServedAd } from "@litverse/shared/ads";
import type { ReelCard } from "@litverse/shared/reels";

export type FeedSlide =
  | { kind: "reel"; reel: ReelCard /** Its place among the reels alone, from 0. */; position: number }
  | { kind: "ad"; ad: ServedAd };

export interface PlacedAd {
  afterReelId: string;
  ad: ServedAd;
}

/** Whether reaching the reel at `position` (from 0) is a time for an ad, every `every` reels (the team's setting). */
export function isAdCheckpoint(position: number, every: number): boolean {
  return every > 0 && (position + 1) % every === 0;
}

/** The reels in order, each ad after its reel (an ad whose reel is gone is left out). */
export function interleaveAds(reels: readonly ReelCard[], ads: readonly PlacedAd[]): FeedSlide[] {
  const after = new Map<string, ServedAd>();
  for (const placed of ads) if (!after.has(placed.afterReelId)) after.set(placed.afterReelId, placed.ad);
  const slides: FeedSlide[] = [];
  reels.forEach((reel, position) => {
    slides.push({ kind: "reel", reel, position });
    const ad = after.get(reel.id);
    if (ad) slides.push({ kind: "ad", ad });
  });
  return slides;
}

/** The reel at `index`, or undefined for an ad, the end panel or beyond. */
export function reelAt(slides: readonly FeedSlide[], index: number): ReelCard | undefined {
  const slide = slides[index];
  return slide?.kind === "reel" ? slide.reel : undefined;
}

/**
 * How far through the reels the viewer is at slide `index`, counted in reels (for fetching more
 * in time): an ad counts as the reel before it, the end panel as past the last.
 */
export function reelIndexAt(slides: readonly FeedSlide[], index: number): number {
  let reelIndex = -1;
  for (let at = 0; at < Math.min(index + 1, slides.length); at++) {
    if (slides[at]?.kind === "reel") reelIndex++;
  }
  return index >= slides.length ? reelIndex + 1 : Math.max(0, reelIndex);
}

/**
 * Where an ad that has just arrived may go: after the reel on screen, if a reel is on screen and
 * no ad follows it already; null to let the ad go (the viewer is on an ad or at the end).
 */
export function placeForAd(slides: readonly FeedSlide[], activeIndex: number): string | null {
  const current = slides[activeIndex];
  if (current?.kind !== "reel") return null;
  if (slides[activeIndex + 1]?.kind === "ad") return null;
  return current.reel.id;
}
