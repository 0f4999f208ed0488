// The video element's own events drive the state the player shows: playing, waiting, ended, time,
// length, buffer, picture-in-picture, and a failed source, replaced by a fresh address when the
// one it had ran out.
import { type Dispatch, type RefObject, type SetStateAction, useEffect, useRef, useState } from "react";
import { bufferedEnd } from "./player-logic.ts";
import type { RecordPosition } from "./use-video-progress.ts";

export function useVideoElement({
  element,
  url,
  durationMs,
  record,
  wake,
  setAreControlsShown,
  setTime,
  isScrubbing,
  ignoreSeek,
}: {
  element: RefObject<HTMLVideoElement | null>;
  /** The episode's video, as last fetched. */
  url: string;
  /** The episode's length as its details give it, until the video's own is known. */
  durationMs: number;
  record: RecordPosition;
  /** Shows the controls for a moment. */
  wake: () => void;
  setAreControlsShown: Dispatch<SetStateAction<boolean>>;
  setTime: Dispatch<SetStateAction<number>>;
  /** The viewer is dragging the seek bar: the time shown is theirs. */
  isScrubbing: RefObject<boolean>;
  /** The next seek is one the player made to follow another device (see useVideoProgress). */
  ignoreSeek: RefObject<boolean>;
}) {
  const [isPlaying, setIsPlaying] = useState(false);
  const [isWaiting, setIsWaiting] = useState(false);
  const [hasEnded, setHasEnded] = useState(false);
  const [duration, setDuration] = useState(durationMs / 1000);
  const [buffered, setBuffered] = useState(0);
  const [isPip, setIsPip] = useState(false);
  const [canPreloadNext, setCanPreloadNext] = useState(false);
  const [failed, setFailed] = useState(false);
  // The page fetches the episode again (with newly signed addresses) before they run out; the
  // video keeps the address it started with, so that playing is not interrupted.
  const [src, setSrc] = useState(url);
  const latestUrl = useRef(url);
  latestUrl.current = url;

  useEffect(() => {
    const media = element.current;
    if (!media) return;
    const updateBuffer = () => {
      const ranges: Array<[number, number]> = [];
      for (let index = 0; index < media.buffered.length; index++) {
        ranges.push([media.buffered.start(index), media.buffered.end(index)]);
      }
      setBuffered(bufferedEnd(ranges, media.currentTime));
    };
    const finish = () => {
      setIsPlaying(false);
      setHasEnded(true);
      setAreControlsShown(true);
      record(true);
    };
    const handlers: Record<string, () => void> = {
      play: () => {
        setIsPlaying(true);
        setHasEnded(false);
        wake();
      },
      playing: () => setIsWaiting(false),
      pause: () => {
        setIsPlaying(false);
        record(true);
      },
      waiting: () => setIsWaiting(true),
      canplay: () => setIsWaiting(false),
      canplaythrough: () => setCanPreloadNext(true),
      timeupdate: () => {
        if (!isScrubbing.current) setTime(media.currentTime);
        updateBuffer();
        if (!media.paused) record();
      },
      progress: updateBuffer,
      durationchange: () => {
        if (Number.isFinite(media.duration) && media.duration > 0) setDuration(media.duration);
      },
      seeked: () => {
        if (ignoreSeek.current) ignoreSeek.current = false;
        // Paused media that is moved to its end does not say "ended"; it has, all the same.
        else if (media.ended) finish();
        else if (media.paused) record(true);
      },
      ended: finish,
      error: () => {
        // The address signed for this episode ran out while it was open: carry on from the same
        // spot with the newer one the page has fetched meanwhile.
        const newer = new URL(latestUrl.current, window.location.href).href;
        if (newer === media.currentSrc) {
          setFailed(true);
          return;
        }
        const at = media.currentTime;
        const wasPlaying = !media.paused;
        media.addEventListener(
          "loadedmetadata",
          () => {
            media.currentTime = at;
            if (wasPlaying) void media.play().catch(() => {});
          },
          { once: true },
        );
        setSrc(latestUrl.current);
      },
      enterpictureinpicture: () => setIsPip(true),
      leavepictureinpicture: () => setIsPip(false),
    };
    for (const [name, handler] of Object.entries(handlers)) media.addEventListener(name, handler);
    return () => {
      for (const [name, handler] of Object.entries(handlers)) media.removeEventListener(name, handler);
      // Leaving for another page or episode keeps the latest spot.
      if (!media.ended) record(true, media);
    };
  }, [record, wake, element, isScrubbing, ignoreSeek, setAreControlsShown, setTime]);

  return {
    src,
    isPlaying,
    isWaiting,
    hasEnded,
    setHasEnded,
    duration,
    buffered,
    isPip,
    canPreloadNext,
    failed,
    setFailed,
  };
}
