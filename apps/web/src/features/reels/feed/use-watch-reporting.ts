// The feed's watch reports: one stretch of watching per time a reel is on screen and playing, its
// reports numbered in one session per page load and sent in batches every few seconds (a play at
// once) through reels.recordWatchEvents; when the page hides, the stretch ends and what is unsent
// goes by beacon to POST /api/reels/events, signed with the feed's watch token (a beacon carries
// no Authorization header).
import { REEL_EVENTS_PATH } from "@litverse/shared/reels";
import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import { trpcClient } from "../../../lib/trpc.ts";
import { type WatchEvent, WatchQueue } from "./watch-queue.ts";
import { ReelView } from "./watch-tracker.ts";

/** Between batches. */
export const FLUSH_EVERY_MS = 4_000;

/** The events as the server takes them: times as ISO strings. */
const wire = (events: WatchEvent[]) =>
  events.map((event) => ({ ...event, at: new Date(event.at).toISOString() }));

function createQueue(watchToken: () => string | null): WatchQueue {
  return new WatchQueue(crypto.randomUUID(), {
    send: (sessionId, events) =>
      trpcClient.reels.recordWatchEvents.mutate({ sessionId, events: wire(events) }),
    beacon: (sessionId, events) => {
      const token = watchToken();
      if (!token || typeof navigator.sendBeacon !== "function") return false;
      const body = JSON.stringify({ token, sessionId, events: wire(events) });
      return navigator.sendBeacon(REEL_EVENTS_PATH, new Blob([body], { type: "application/json" }));
    },
  });
}

interface ActiveReel {
  reelId: string;
  durationMs: number;
  video: HTMLVideoElement | null;
  view: ReelView | null;
}

export interface WatchReporting {
  /** The reel on screen changed (or its video element arrived). */
  setActive: (reel: { reelId: string; durationMs: number; video: HTMLVideoElement | null } | null) => void;
  /** Ends the current stretch (swiped away, page hidden); the next `playing` starts another. */
  endView: () => void;
  /** The page is hiding: what is unsent goes by beacon. */
  sendBeacon: () => void;
  /** Reports not yet known to have reached the server. */
  unsent: number;
}

/**
 * Listens to the media events of the feed's videos (they do not bubble, so in the capture phase
 * on `root`) and keeps the active reel's stretch of watching.
 */
export function useWatchReporting(root: HTMLElement | null, watchToken: string | null): WatchReporting {
  const token = useRef(watchToken);
  token.current = watchToken;
  const queueRef = useRef<WatchQueue | null>(null);
  if (!queueRef.current) queueRef.current = createQueue(() => token.current);
  const queue = queueRef.current;
  const active = useRef<ActiveReel | null>(null);
  /** What each reel has played in this session: the played time only grows. */
  const played = useRef(new Map<string, number>());

  const endView = useCallback(() => {
    const current = active.current;
    const view = current?.view;
    if (!current || !view) return;
    const video = current.video;
    view.leave((video?.currentTime ?? 0) * 1000, Date.now(), { isPlaying: Boolean(video && !video.paused) });
    played.current.set(current.reelId, view.played);
    current.view = null;
  }, []);

  const setActive = useCallback<WatchReporting["setActive"]>(
    (reel) => {
      if (active.current && reel && active.current.reelId === reel.reelId) {
        active.current.video = reel.video;
        return;
      }
      endView();
      active.current = reel ? { ...reel, view: null } : null;
    },
    [endView],
  );

  useEffect(() => {
    if (!root) return;
    const mine = (event: Event): ActiveReel | null => {
      const current = active.current;
      return current && event.target === current.video ? current : null;
    };
    const onPlaying = (event: Event) => {
      const current = mine(event);
      if (!current?.video) return;
      const position = current.video.currentTime * 1000;
      if (current.view) {
        current.view.resume(position, Date.now());
        return;
      }
      const { reelId } = current;
      current.view = new ReelView(
        current.durationMs,
        (report) => queue.add(reelId, report),
        played.current.get(reelId) ?? 0,
      );
      current.view.start(position, Date.now());
      void queue.flush();
    };
    const onPause = (event: Event) => {
      const current = mine(event);
      if (current?.video && current.view) current.view.pause(current.video.currentTime * 1000, Date.now());
    };
    const onTime = (event: Event) => {
      const current = mine(event);
      if (current?.video && current.view && !current.video.paused) {
        current.view.tick(current.video.currentTime * 1000, Date.now());
      }
    };
    root.addEventListener("playing", onPlaying, true);
    root.addEventListener("pause", onPause, true);
    root.addEventListener("timeupdate", onTime, true);
    return () => {
      root.removeEventListener("playing", onPlaying, true);
      root.removeEventListener("pause", onPause, true);
      root.removeEventListener("timeupdate", onTime, true);
    };
  }, [root, queue]);

  // Batches every few seconds; the rest by beacon when the page goes; on leaving the feed for
  // another page of the app, the stretch ends and the last batch goes at once.
  useEffect(() => {
    const timer = setInterval(() => void queue.flush(), FLUSH_EVERY_MS);
    const onPageHide = () => {
      endView();
      queue.sendBeacon();
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      clearInterval(timer);
      window.removeEventListener("pagehide", onPageHide);
      endView();
      void queue.flush();
    };
  }, [queue, endView]);

  const unsent = useSyncExternalStore(
    useCallback((listener: () => void) => queue.subscribe(listener), [queue]),
    () => queue.unsent,
    // Drawn on the server (first-screen/render.tsx), nothing has been watched yet.
    () => queue.unsent,
  );

  const sendBeacon = useCallback(() => queue.sendBeacon(), [queue]);
  return { setActive, endView, sendBeacon, unsent };
}
