// An ad between the reels: a page of the feed like a reel (as tall as the feed, in the reels'
// 9:16 column on wide screens), moved past by the same swipe, wheel and keys. It is a still
// picture: nothing plays, and no sound.
import type { ServedAd } from "@litverse/shared/ads";
import { ServedAdCard } from "../../ads/index.ts";

export function AdSlide({ ad, index, isActive }: { ad: ServedAd; index: number; isActive: boolean }) {
  return (
    <div
      data-index={index}
      aria-current={isActive || undefined}
      className="relative flex h-full w-full shrink-0 snap-start snap-always items-center justify-center md:py-4"
      data-testid="reel-ad-slide"
    >
      <div className="relative h-full w-full overflow-hidden bg-black md:aspect-[9/16] md:w-auto md:max-w-full md:rounded-2xl md:shadow-lg">
        <ServedAdCard ad={ad} />
      </div>
    </div>
  );
}
