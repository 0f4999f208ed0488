// Where the viewer is in the episode: it starts where they stopped, follows another tab or device
// while paused, and records the position as it plays, marking the episode watched near its end.
import type { EpisodeContent } from "@litverse/shared/content";
import { type Dispatch, type RefObject, type SetStateAction, useCallback, useEffect, useRef } from "react";
import { type SavedPosition, useEpisodeProgress } from "../use-episode-progress.ts";
import { isWatched, resumeAt } from "./player-logic.ts";

const SAVE_EVERY_MS = 5_000;
/** Without an answer about the saved position by then, the episode starts from the top. */
const POSITION_WAIT_MS = 2_000;

/** Records the position: at most every few seconds unless forced (see useVideoProgress). */
export type RecordPosition = (force?: boolean, media?: HTMLVideoElement | null) => void;

export function useVideoProgress({
  data,
  durationMs,
  element,
  setTime,
}: {
  data: EpisodeContent;
  /** The episode's length as its details give it, until the video's own is known. */
  durationMs: number;
  element: RefObject<HTMLVideoElement | null>;
  setTime: Dispatch<SetStateAction<number>>;
}) {
  const hasStarted = useRef(false);
  const isComplete = useRef(false);
  const lastSaveAt = useRef(0);
  /** The next seek is one this player made to follow another device: it records nothing. */
  const ignoreSeek = useRef(false);

  const { initial, save } = useEpisodeProgress(data, {
    // Another tab or device moved: follow it while this one is paused, not in the middle of watching.
    onRemoteMove: (position: SavedPosition) => {
      const media = element.current;
      const ms = position.locator?.ms;
      if (!media?.paused || typeof ms !== "number") return;
      ignoreSeek.current = true;
      media.currentTime = ms / 1000;
      setTime(ms / 1000);
    },
  });

  const record: RecordPosition = useCallback(
    (force = false, media = element.current) => {
      if (!media || !hasStarted.current) return;
      const total =
        Number.isFinite(media.duration) && media.duration > 0 ? media.duration : durationMs / 1000;
      const ms = Math.round(media.currentTime * 1000);
      const watched = media.ended || isWatched(ms, total * 1000);
      const now = Date.now();
      if (!force && !watched && now - lastSaveAt.current < SAVE_EVERY_MS) return;
      if (watched && isComplete.current && !force) return;
      lastSaveAt.current = now;
      const isCompleted = watched && !isComplete.current;
      if (isCompleted) isComplete.current = true;
      save({
        fraction: total > 0 ? Math.min(1, media.currentTime / total) : 0,
        locator: { ms },
        ...(isCompleted ? { isCompleted: true } : {}),
      });
    },
    [save, durationMs, element],
  );

  // Start where the viewer stopped; play at once when they came here by a click (a fresh load
  // waits for one: browsers refuse sound before the page has been used).
  useEffect(() => {
    if (hasStarted.current) return;
    const startFrom = (position: SavedPosition | null) => {
      const media = element.current;
      if (!media || hasStarted.current) return;
      hasStarted.current = true;
      isComplete.current = position?.isCompleted ?? false;
      const startMs = resumeAt(position, durationMs);
      const seekToStart = () => {
        if (startMs > 0 && media.currentTime < 0.5) media.currentTime = startMs / 1000;
      };
      if (media.readyState >= HTMLMediaElement.HAVE_METADATA) seekToStart();
      else media.addEventListener("loadedmetadata", seekToStart, { once: true });
      setTime(startMs / 1000);
      if (navigator.userActivation?.hasBeenActive && media.paused) void media.play().catch(() => {});
    };
    if (initial !== undefined) {
      startFrom(initial);
      return;
    }
    const timer = setTimeout(() => startFrom(null), POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [initial, durationMs, element, setTime]);

  return { record, hasStarted, ignoreSeek };
}

/** Hiding the page records where the viewer is. */
export function useRecordWhenHidden(record: RecordPosition) {
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") record(true);
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
    };
  }, [record]);
}
