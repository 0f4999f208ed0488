// The vertical feed: one reel per screen in a scroll-snapping column, moved by touch (the
// browser's own swipe and fling), the wheel, the arrow keys or the buttons at the side. The reel
// that is becoming the one on screen starts playing as soon as the browser knows where the swipe
// lands (scrollsnapchanging), before the scroll settles; the one it replaces stops and rewinds.
// Playing starts muted until the viewer turns the sound on, which is remembered on this device.
import type { ReelCard } from "@litverse/shared/reels";
import { ChevronDown, ChevronUp, RotateCcw } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { isKeyForControl } from "../../../lib/keyboard.ts";
import { ReportDialog } from "../../profiles/index.ts";
import { AdSlide } from "./ad-slide.tsx";
import { CommentsSheet } from "./comments-sheet.tsx";
import { preloadFor, readSoundOn, stepIndex, storeSoundOn } from "./feed-logic.ts";
import { reelAt, reelIndexAt } from "./feed-slides.ts";
import { ReelSlide, type SlideControls } from "./reel-slide.tsx";
import { ShareDialog } from "./share-dialog.tsx";
import { useFeedAds } from "./use-feed-ads.ts";
import { useWatchReporting } from "./use-watch-reporting.ts";

/** Reels this close to the one on screen show their poster (the nearest few play or load instead). */
const POSTERS_AROUND = 5;
/** Wheel events closer together than this belong to one gesture. */
const WHEEL_GESTURE_GAP_MS = 200;

interface SnapChangingEvent extends Event {
  snapTargetBlock?: Element | null;
}

const storage = () => {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
};

export function ReelsFeed({
  reels,
  watchToken,
  myId,
  hasMore,
  isLoadingMore,
  onNearEnd,
}: {
  reels: ReelCard[];
  watchToken: string | null;
  myId: string | null;
  hasMore: boolean;
  isLoadingMore: boolean;
  /** A few reels are left ahead: time to ask for more. */
  onNearEnd: (activeIndex: number) => void;
}) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const videos = useRef(new Map<string, HTMLVideoElement>());
  const [active, setActive] = useState(0);
  const activeRef = useRef(0);
  // The feed's pages are its slides: the reels, and now and then an ad between them. Indexes
  // (the one on screen, data-index, the scroll position) count slides.
  const slides = useFeedAds(reels, active, activeRef);
  const slidesRef = useRef(slides);
  slidesRef.current = slides;
  const [isPaused, setIsPaused] = useState(false);
  const pausedByViewer = useRef(false);
  const [isSoundOn, setIsSoundOn] = useState(() => readSoundOn(storage()));
  const [isSoundBlocked, setIsSoundBlocked] = useState(false);
  const isMuted = !isSoundOn || isSoundBlocked;
  const mutedRef = useRef(isMuted);
  mutedRef.current = isMuted;
  const [areCaptionsOn, setAreCaptionsOn] = useState(true);
  const [commentsFor, setCommentsFor] = useState<ReelCard | null>(null);
  const [shareFor, setShareFor] = useState<ReelCard | null>(null);
  const [reportFor, setReportFor] = useState<ReelCard | null>(null);
  const reporting = useWatchReporting(scroller, watchToken);
  const reportingRef = useRef(reporting);
  reportingRef.current = reporting;
  /** A move the feed itself is scrolling to: scroll events on the way there are not the viewer's. */
  const scrollingTo = useRef<number | null>(null);

  const videoAt = useCallback((index: number) => {
    const reel = reelAt(slidesRef.current, index);
    return reel ? (videos.current.get(reel.id) ?? null) : null;
  }, []);

  const playActive = useCallback(() => {
    const video = videoAt(activeRef.current);
    if (!video) return;
    video.muted = mutedRef.current;
    video.play().catch((error: unknown) => {
      // The browser refuses sound before the page has been used: play muted, and say so.
      if ((error as Error).name === "NotAllowedError" && !video.muted) {
        video.muted = true;
        setIsSoundBlocked(true);
        void video.play().catch(() => {});
      }
    });
  }, [videoAt]);

  /** Makes `index` the reel on screen: the old one stops and rewinds, the new one plays. */
  const activate = useCallback(
    (index: number) => {
      if (index === activeRef.current) return;
      const previous = videoAt(activeRef.current);
      reportingRef.current.endView();
      if (previous) {
        previous.pause();
        previous.currentTime = 0;
      }
      activeRef.current = index;
      pausedByViewer.current = false;
      // An ad is no reel: the watching reported stops with the reel it replaced.
      const reel = reelAt(slidesRef.current, index);
      reportingRef.current.setActive(
        reel ? { reelId: reel.id, durationMs: reel.durationMs, video: videoAt(index) } : null,
      );
      playActive();
      setActive(index);
      setIsPaused(false);
    },
    [playActive, videoAt],
  );

  /** Moves to `index` (the end panel after the last reel counts as one more). */
  const go = useCallback(
    (index: number) => {
      const container = scroller;
      const target = stepIndex(index, 0, slidesRef.current.length + 1);
      if (!container) return;
      activate(target);
      scrollingTo.current = target;
      const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
      container.scrollTo({ top: target * container.clientHeight, behavior: reduce ? "instant" : "smooth" });
    },
    [scroller, activate],
  );

  const goRef = useRef(go);
  goRef.current = go;

  const registerVideo = useCallback(
    (reelId: string, video: HTMLVideoElement | null) => {
      if (!video) {
        videos.current.delete(reelId);
        return;
      }
      videos.current.set(reelId, video);
      video.muted = mutedRef.current;
      const current = reelAt(slidesRef.current, activeRef.current);
      if (current?.id === reelId) {
        reportingRef.current.setActive({ reelId, durationMs: current.durationMs, video });
        if (!pausedByViewer.current) playActive();
      }
    },
    [playActive],
  );

  // The first reel on screen.
  useEffect(() => {
    const first = reelAt(slidesRef.current, 0);
    if (!first) return;
    reportingRef.current.setActive({
      reelId: first.id,
      durationMs: first.durationMs,
      video: videos.current.get(first.id) ?? null,
    });
  }, []);

  // The sound follows the setting on every video near the screen.
  useEffect(() => {
    for (const video of videos.current.values()) video.muted = isMuted;
  }, [isMuted]);

  // More reels before the end is reached (counted in reels: ads are not fetched with them).
  const activeReelIndex = reelIndexAt(slides, active);
  useEffect(() => {
    onNearEnd(activeReelIndex);
  }, [activeReelIndex, onNearEnd]);

  const togglePause = useCallback(() => {
    const video = videoAt(activeRef.current);
    if (!video) return;
    if (video.paused) {
      pausedByViewer.current = false;
      setIsPaused(false);
      playActive();
    } else {
      pausedByViewer.current = true;
      setIsPaused(true);
      video.pause();
    }
  }, [playActive, videoAt]);

  const toggleSound = useCallback(() => {
    const turnOn = mutedRef.current;
    setIsSoundOn(turnOn);
    setIsSoundBlocked(false);
    storeSoundOn(storage(), turnOn);
    const video = videoAt(activeRef.current);
    if (video) {
      video.muted = !turnOn;
      // A click is what the browser waited for: play with sound now.
      if (turnOn && video.paused && !pausedByViewer.current) playActive();
    }
  }, [playActive, videoAt]);

  const toggleCaptions = useCallback(() => setAreCaptionsOn((value) => !value), []);

  // Where a swipe, fling or wheel lands, as early as the browser knows it; the settled position
  // when the scroll ends (also where scrollsnapchanging is not supported).
  useEffect(() => {
    const container = scroller;
    if (!container) return;
    let isTouching = false;
    let pending: number | null = null;
    const indexOf = (element: Element | null | undefined) => {
      const value = Number((element as HTMLElement | null | undefined)?.dataset.index);
      return Number.isInteger(value) ? value : null;
    };
    const onSnapChanging = (event: Event) => {
      if (scrollingTo.current !== null) return;
      const index = indexOf((event as SnapChangingEvent).snapTargetBlock);
      if (index === null) return;
      if (isTouching) pending = index;
      else activate(index);
    };
    const onTouchStart = () => {
      isTouching = true;
      pending = null;
      scrollingTo.current = null;
    };
    const onTouchEnd = () => {
      isTouching = false;
      if (pending !== null) activate(pending);
      pending = null;
    };
    // One reel per wheel gesture, taken at its first event: a trackpad's fling or a fast-spun
    // wheel would otherwise carry the feed past several reels (or, for a short turn, snap back).
    let lastWheelAt = Number.NEGATIVE_INFINITY;
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaY) <= Math.abs(event.deltaX)) return;
      event.preventDefault();
      const isNewGesture = event.timeStamp - lastWheelAt > WHEEL_GESTURE_GAP_MS;
      lastWheelAt = event.timeStamp;
      if (isNewGesture) goRef.current(activeRef.current + Math.sign(event.deltaY));
    };
    const settle = () => {
      if (isTouching) return;
      const index = Math.round(container.scrollTop / Math.max(1, container.clientHeight));
      if (scrollingTo.current !== null) {
        if (index !== scrollingTo.current) return;
        scrollingTo.current = null;
      }
      activate(index);
    };
    const hasScrollEnd = "onscrollend" in window;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(settle, 150);
    };
    container.addEventListener("scrollsnapchanging", onSnapChanging);
    container.addEventListener("touchstart", onTouchStart, { passive: true });
    container.addEventListener("touchend", onTouchEnd, { passive: true });
    container.addEventListener("touchcancel", onTouchEnd, { passive: true });
    container.addEventListener("wheel", onWheel, { passive: false });
    if (hasScrollEnd) container.addEventListener("scrollend", settle);
    else container.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      clearTimeout(timer);
      container.removeEventListener("scrollsnapchanging", onSnapChanging);
      container.removeEventListener("touchstart", onTouchStart);
      container.removeEventListener("touchend", onTouchEnd);
      container.removeEventListener("touchcancel", onTouchEnd);
      container.removeEventListener("wheel", onWheel);
      container.removeEventListener("scrollend", settle);
      container.removeEventListener("scroll", onScroll);
    };
  }, [scroller, activate]);

  // Keys: up and down move, space pauses, M mutes, C turns captions on and off.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (isKeyForControl(event) || event.ctrlKey) return;
    let handled = true;
    switch (event.key) {
      case "ArrowDown":
      case "PageDown":
      case "j":
        go(activeRef.current + 1);
        break;
      case "ArrowUp":
      case "PageUp":
      case "k":
        go(activeRef.current - 1);
        break;
      case " ":
        togglePause();
        break;
      case "m":
      case "M":
        toggleSound();
        break;
      case "c":
      case "C":
        toggleCaptions();
        break;
      default:
        handled = false;
    }
    if (handled) event.preventDefault();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  // A hidden page stops playing and ends the stretch of watching; what is unsent goes by beacon.
  useEffect(() => {
    const onVisibility = () => {
      const video = videoAt(activeRef.current);
      if (document.visibilityState === "hidden") {
        reportingRef.current.endView();
        video?.pause();
        reportingRef.current.sendBeacon();
      } else if (!pausedByViewer.current) {
        playActive();
      }
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, [playActive, videoAt]);

  const controls: SlideControls = {
    isMuted,
    isSoundBlocked,
    areCaptionsOn,
    onTogglePause: togglePause,
    onToggleSound: toggleSound,
    onToggleCaptions: toggleCaptions,
    onOpenComments: setCommentsFor,
    onOpenShare: setShareFor,
    onReport: setReportFor,
    registerVideo,
  };

  const isAtEnd = active >= slides.length;
  return (
    <div className="relative h-full">
      <section
        ref={setScroller}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the feed scrolls, so it takes focus for the keyboard
        tabIndex={0}
        aria-label="Reels"
        aria-describedby="reels-keys"
        className="h-full snap-y snap-mandatory overflow-y-auto overscroll-contain [scrollbar-width:none] focus-visible:outline-none [&::-webkit-scrollbar]:hidden"
        data-testid="reels-feed"
        data-active-index={active}
        data-unsent-events={reporting.unsent}
      >
        {slides.map((slide, index) =>
          slide.kind === "ad" ? (
            <AdSlide key={slide.ad.token} ad={slide.ad} index={index} isActive={index === active} />
          ) : (
            <ReelSlide
              key={slide.reel.id}
              reel={slide.reel}
              index={index}
              position={slide.position}
              count={reels.length}
              preload={preloadFor(index - active)}
              isNear={Math.abs(index - active) <= POSTERS_AROUND}
              isActive={index === active}
              isPaused={index === active && isPaused}
              isOwn={slide.reel.creator.id === myId}
              controls={controls}
            />
          ),
        )}
        <section
          data-index={slides.length}
          aria-label="End of the reels"
          className="flex h-full snap-start snap-always flex-col items-center justify-center gap-4 px-6 text-center"
        >
          {hasMore || isLoadingMore ? (
            <Spinner size="lg" label="Loading more reels" />
          ) : (
            <>
              <p className="text-lg font-semibold">You are all caught up</p>
              <p className="max-w-xs text-sm text-muted-foreground">
                New reels appear here as creators post them.
              </p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button variant="secondary" onClick={() => go(0)}>
                  <RotateCcw aria-hidden />
                  Back to the first
                </Button>
                <Button asChild>
                  <Link to="/profile/reels">Post a reel</Link>
                </Button>
              </div>
            </>
          )}
        </section>
      </section>
      <p id="reels-keys" className="sr-only">
        Up and down arrow keys move between reels, space pauses, M turns the sound on or off, C the captions.
      </p>
      <div className="absolute top-1/2 right-4 z-20 hidden -translate-y-1/2 flex-col gap-3 md:flex">
        <Button
          variant="secondary"
          size="icon"
          aria-label="Previous reel"
          disabled={active === 0}
          onClick={() => go(active - 1)}
        >
          <ChevronUp aria-hidden />
        </Button>
        <Button
          variant="secondary"
          size="icon"
          aria-label="Next reel"
          disabled={isAtEnd}
          onClick={() => go(active + 1)}
        >
          <ChevronDown aria-hidden />
        </Button>
      </div>
      <CommentsSheet reel={commentsFor} onOpenChange={(open) => !open && setCommentsFor(null)} />
      <ShareDialog reel={shareFor} onOpenChange={(open) => !open && setShareFor(null)} />
      {reportFor ? (
        <ReportDialog
          target={{ kind: "reel", id: reportFor.id }}
          open
          onOpenChange={(open) => !open && setReportFor(null)}
        />
      ) : null}
    </div>
  );
}
