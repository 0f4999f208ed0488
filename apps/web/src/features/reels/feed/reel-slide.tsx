// One page of the feed: the reel's video as tall as the feed (in a 9:16 column on wide screens,
// with its buttons beside it), who made it, its caption and "Watch the series". Only reels near
// the one on screen hold a video element (see preloadFor); a few more show their poster, the rest
// nothing until the viewer comes near them.
import type { ReelCard } from "@litverse/shared/reels";
import { Play, VolumeX } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";
import type { Preload } from "./feed-logic.ts";
import { ReelActions } from "./reel-actions.tsx";
import { ReelInfo } from "./reel-info.tsx";
import { useCueText } from "./use-cue-text.ts";

export interface SlideControls {
  isMuted: boolean;
  /** The sound is off because the browser refused it, not by choice: say how to turn it on. */
  isSoundBlocked: boolean;
  areCaptionsOn: boolean;
  onTogglePause: () => void;
  onToggleSound: () => void;
  onToggleCaptions: () => void;
  onOpenComments: (reel: ReelCard) => void;
  onOpenShare: (reel: ReelCard) => void;
  onReport: (reel: ReelCard) => void;
  registerVideo: (reelId: string, video: HTMLVideoElement | null) => void;
}

export function ReelSlide({
  reel,
  index,
  position = index,
  count,
  preload,
  isNear,
  isActive,
  isPaused,
  isOwn,
  controls,
}: {
  reel: ReelCard;
  /** Its page in the feed (ads between reels are pages too). */
  index: number;
  /** Its place among the reels alone, for "3 of 10". */
  position?: number;
  /** Reels loaded, for "3 of 10". */
  count: number;
  preload: Preload;
  /** Near enough to the reel on screen for its poster to be worth fetching. */
  isNear: boolean;
  isActive: boolean;
  /** Paused by the viewer (the active reel only). */
  isPaused: boolean;
  isOwn: boolean;
  controls: SlideControls;
}) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  const { registerVideo } = controls;
  const attach = useCallback(
    (element: HTMLVideoElement | null) => {
      setVideo(element);
      registerVideo(reel.id, element);
    },
    [registerVideo, reel.id],
  );
  const cue = useCueText(isActive ? video : null, controls.areCaptionsOn && reel.captionsUrl !== null);
  const isPortrait = reel.height >= reel.width;
  // The server's drawing shows the poster (fetched with the page); the video is the app's to fetch.
  const isDrawnOnServer = useIsDrawnOnServer();
  const showsPoster = preload === "none" || isDrawnOnServer;

  return (
    <article
      data-index={index}
      data-reel-id={reel.id}
      aria-roledescription="reel"
      aria-label={`Reel ${position + 1} of ${count}, by ${reel.creator.name}`}
      aria-current={isActive || undefined}
      className="relative flex h-full w-full shrink-0 snap-start snap-always items-center justify-center md:gap-5 md:py-4"
      data-testid="reel-slide"
    >
      <div
        className="relative h-full w-full overflow-hidden bg-black md:aspect-[9/16] md:w-auto md:max-w-full md:rounded-2xl md:shadow-lg"
        data-testid="reel-frame"
      >
        {showsPoster ? (
          reel.posterUrl && isNear ? (
            <img
              src={reel.posterUrl}
              alt=""
              decoding="async"
              fetchPriority={isActive ? "high" : undefined}
              className={cn("size-full", isPortrait ? "object-cover" : "object-contain")}
            />
          ) : null
        ) : (
          <video
            ref={attach}
            src={reel.videoUrl}
            poster={reel.posterUrl ?? undefined}
            preload={preload}
            loop
            playsInline
            muted
            disableRemotePlayback
            className={cn("size-full", isPortrait ? "object-cover" : "object-contain")}
            aria-label={reel.caption ? `Reel: ${reel.caption}` : `Reel by ${reel.creator.name}`}
            data-testid="reel-video"
          >
            {reel.captionsUrl ? (
              <track kind="captions" src={reel.captionsUrl} srcLang="en" label="Captions" default />
            ) : null}
          </video>
        )}

        {/* A tap or click on the picture pauses or plays. */}
        <button
          type="button"
          tabIndex={-1}
          aria-hidden
          className="absolute inset-0 cursor-default"
          onClick={isActive ? controls.onTogglePause : undefined}
        />

        {isActive && isPaused ? (
          <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
            <span className="inline-flex size-20 items-center justify-center rounded-full bg-black/45 text-white backdrop-blur-sm">
              <Play className="size-10 translate-x-0.5" aria-hidden />
            </span>
          </div>
        ) : null}

        {isActive && controls.isMuted ? (
          <button
            type="button"
            onClick={controls.onToggleSound}
            className="absolute top-3 left-3 z-10 inline-flex items-center gap-1.5 rounded-full bg-black/55 px-3 py-1.5 text-xs font-semibold text-white backdrop-blur-sm transition hover:bg-black/70 focus-visible:outline-2 focus-visible:outline-white"
          >
            <VolumeX className="size-4" aria-hidden />
            {controls.isSoundBlocked ? "Tap for sound" : "Sound off"}
          </button>
        ) : null}

        <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 bg-gradient-to-t from-black/80 via-black/40 to-transparent px-4 pt-24 pb-5">
          {cue ? (
            <p
              className="mx-auto mb-3 w-fit max-w-[32rem] rounded-md bg-black/70 px-2.5 py-1 text-center text-base leading-snug font-medium whitespace-pre-line text-white"
              data-testid="reel-cue"
            >
              {cue}
            </p>
          ) : null}
          <div className="pointer-events-auto pr-16 md:pr-0">
            <ReelInfo reel={reel} isOwn={isOwn} />
          </div>
        </div>

        {isActive ? <PlayProgress video={video} /> : null}
      </div>

      <ReelActions
        reel={reel}
        isMuted={controls.isMuted}
        areCaptionsOn={controls.areCaptionsOn}
        onToggleSound={controls.onToggleSound}
        onToggleCaptions={controls.onToggleCaptions}
        onOpenComments={() => controls.onOpenComments(reel)}
        onOpenShare={() => controls.onOpenShare(reel)}
        // One's own reel is never offered for reporting.
        onReport={isOwn ? undefined : () => controls.onReport(reel)}
        className="absolute right-2 bottom-36 z-20 md:static md:mb-2 md:self-end"
      />
      {isActive ? (
        <span className="sr-only" aria-live="polite">
          {isPaused ? "Paused" : ""}
        </span>
      ) : null}
    </article>
  );
}

/** A thin line along the bottom of the picture: how far through the reel it is (drawn each frame). */
function PlayProgress({ video }: { video: HTMLVideoElement | null }) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!video) return;
    let frame = 0;
    const draw = () => {
      const duration = video.duration;
      const fraction = Number.isFinite(duration) && duration > 0 ? video.currentTime / duration : 0;
      if (bar.current) bar.current.style.width = `${Math.min(100, fraction * 100)}%`;
      frame = video.paused ? 0 : requestAnimationFrame(draw);
    };
    const start = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(draw);
    };
    video.addEventListener("play", start);
    video.addEventListener("seeked", draw);
    video.addEventListener("pause", draw);
    start();
    return () => {
      cancelAnimationFrame(frame);
      video.removeEventListener("play", start);
      video.removeEventListener("seeked", draw);
      video.removeEventListener("pause", draw);
    };
  }, [video]);
  return (
    <div className="pointer-events-none absolute inset-x-0 bottom-0 z-10 h-1 bg-white/20" aria-hidden>
      <div ref={bar} className="h-full w-0 bg-white" />
    </div>
  );
}
