// The app's one player, made on first use: a real audio element in the page, episodes fetched
// through the query cache (shared with the reader pages), positions no page records sent
// through the progress outbox, and the browser's lock-screen controls.
import { useSyncExternalStore } from "react";
import { queryClient } from "../../../lib/query-client.ts";
import { positionStore, TAB_ID } from "../progress-outbox.ts";
import { sendPendingPositions } from "../use-episode-progress.ts";
import { episodeQueryOptions } from "../use-reader-episode.ts";
import { PREFERENCES_KEY, parsePreferences } from "./player-preferences.ts";
import {
  createPlayer,
  idlePlayerState,
  type Player,
  type PlayerState,
  type SavePoint,
  type SessionMetadata,
} from "./player-store.ts";

export type { Player, PlayerState };

let player: Player | null = null;

function artwork(coverUrl: string | null): MediaImage[] {
  if (!coverUrl) return [];
  const absolute = (url: string) => new URL(url, window.location.href).href;
  if (!coverUrl.startsWith("/media/covers/")) return [{ src: absolute(coverUrl) }];
  return [160, 320, 640].map((width) => ({
    // The cover's WebP sizes, as the cover images in the app use them.
    src: absolute(`${coverUrl}?w=${width}&f=webp`),
    type: "image/webp",
  }));
}

function makeMetadata({ coverUrl, ...metadata }: SessionMetadata): MediaMetadata | null {
  if (typeof MediaMetadata === "undefined") return null;
  return new MediaMetadata({ ...metadata, artwork: artwork(coverUrl) });
}

/** The position of a page-less moment (another reader open, a route loading), straight to the outbox. */
function saveUnattended(point: SavePoint) {
  positionStore.queue({
    episodeId: point.data.episode._id,
    fraction: point.durationMs > 0 ? Math.min(1, point.positionMs / point.durationMs) : 0,
    locator: { ms: Math.round(point.positionMs) },
    ...(point.isCompleted ? { isCompleted: true } : {}),
    clientId: TAB_ID,
    recordedAt: new Date().toISOString(),
    ...(point.listenedMs >= 1_000 ? { activeSeconds: Math.round(point.listenedMs / 1_000) } : {}),
  });
  sendPendingPositions();
}

export function getPlayer(): Player {
  if (player) return player;
  const audio = document.createElement("audio");
  audio.id = "audiobook-audio";
  audio.hidden = true;
  document.body.append(audio);
  const created = createPlayer({
    audio,
    // Always asked afresh: the player asks for new URLs, or for an episode to start now.
    fetchEpisode: (contentId, number) =>
      queryClient.fetchQuery({ ...episodeQueryOptions(contentId, number), staleTime: 0 }),
    isHidden: () => document.visibilityState === "hidden",
    readPreferences: () => localStorage.getItem(PREFERENCES_KEY),
    writePreferences: (raw) => localStorage.setItem(PREFERENCES_KEY, raw),
    mediaSession: "mediaSession" in navigator ? navigator.mediaSession : null,
    makeMetadata,
    saveUnattended,
  });
  // Hiding or leaving the page records the exact position, and sends it while it still can.
  const flush = () => {
    created.flushSave();
    sendPendingPositions();
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") flush();
  });
  window.addEventListener("pagehide", flush);
  // A video starting elsewhere in the app pauses the book rather than talking over it.
  document.addEventListener(
    "play",
    (event) => {
      if (event.target !== audio && event.target instanceof HTMLMediaElement) created.pause();
    },
    true,
  );
  player = created;
  return created;
}

const subscribe = (onChange: () => void) => getPlayer().subscribe(onChange);
/** A first screen drawn on the server has no audio: nothing loaded, default preferences. */
const SERVER_STATE = idlePlayerState(parsePreferences(null));

/** A slice of the player's state; re-renders only when the slice changes (keep it a plain value). */
export function usePlayer<T>(select: (state: PlayerState) => T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(getPlayer().getState()),
    () => select(SERVER_STATE),
  );
}
