// Ads in the reels feed. Each time the viewer reaches every n-th reel (n the team's setting, in the
// public ad layout) the feed asks the server for one (the server applies each person's caps, and
// may send none); one that comes is placed right after the reel then on screen, so the next swipe
// shows it. Each checkpoint is asked about once per visit.
import type { ReelCard } from "@litverse/shared/reels";
import { useQuery } from "@tanstack/react-query";
import { type RefObject, useEffect, useMemo, useRef, useState } from "react";
import { trpc } from "../../../lib/trpc.ts";
import { useServeAd } from "../../ads/index.ts";
import { type FeedSlide, interleaveAds, isAdCheckpoint, type PlacedAd, placeForAd } from "./feed-slides.ts";

export function useFeedAds(reels: ReelCard[], active: number, activeRef: RefObject<number>): FeedSlide[] {
  const [ads, setAds] = useState<PlacedAd[]>([]);
  const slides = useMemo(() => interleaveAds(reels, ads), [reels, ads]);
  const slidesRef = useRef(slides);
  slidesRef.current = slides;
  const serve = useServeAd("reels");
  const layout = useQuery(trpc.ads.getAdLayout.queryOptions());
  const every = layout.data?.placements.includes("reels") ? layout.data.reelsEvery : 0;
  const asked = useRef(new Set<number>());

  const slide = slides[active];
  const position = slide?.kind === "reel" ? slide.position : null;
  useEffect(() => {
    if (position === null || !isAdCheckpoint(position, every) || asked.current.has(position)) return;
    asked.current.add(position);
    void serve().then((ad) => {
      if (!ad) return;
      // Placed by where the viewer is now, which a swipe may have changed while asking.
      const afterReelId = placeForAd(slidesRef.current, activeRef.current);
      if (afterReelId) setAds((current) => [...current, { afterReelId, ad }]);
    });
  }, [position, every, serve, activeRef]);

  return slides;
}
