// What the audiobook player's store (player-store.ts) holds, and what it needs of the page: the
// audio element, the lock screen's controls, fetching episodes, the stored preferences and a
// saver of last resort. Its core, shared by the store's parts: the element, the state the screens
// show (and those listening to it), and where the listener is.
import type { EpisodeContent, EpisodePayload } from "@litverse/shared/content";
import type { Chapter } from "./chapters.ts";
import { type PlayerPreferences, parsePreferences } from "./player-preferences.ts";
import type { SleepTimer } from "./sleep-timer.ts";

export type AudioPayload = Extract<EpisodePayload, { kind: "audio" }>;

/** What the store needs of an HTMLAudioElement (a stand-in in unit tests). */
export interface MediaElementLike {
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly paused: boolean;
  readonly ended: boolean;
  playbackRate: number;
  defaultPlaybackRate: number;
  volume: number;
  muted: boolean;
  preload: string;
  readonly error: { code: number } | null;
  play(): Promise<void>;
  pause(): void;
  load(): void;
  removeAttribute(name: string): void;
  addEventListener(type: string, listener: () => void): void;
}

export type SessionAction =
  | "play"
  | "pause"
  | "stop"
  | "seekbackward"
  | "seekforward"
  | "seekto"
  | "previoustrack"
  | "nexttrack";

export interface SessionDetails {
  seekOffset?: number;
  seekTime?: number;
}

/** What the store needs of navigator.mediaSession. */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState: "none" | "paused" | "playing";
  setActionHandler(action: SessionAction, handler: ((details: SessionDetails) => void) | null): void;
  setPositionState?(state: { duration: number; playbackRate: number; position: number }): void;
}

export interface SessionMetadata {
  title: string;
  artist: string;
  album: string;
  coverUrl: string | null;
}

/** A position to record, handed to whoever saves progress. */
export interface SavePoint {
  data: EpisodeContent;
  positionMs: number;
  durationMs: number;
  isCompleted: boolean;
  /**
   * Audio heard since the last save point, in content time: playing and not muted, so at 2× a
   * minute of listening is two minutes of the book. Seeks are not listening.
   */
  listenedMs: number;
}

/** The longest step between two time updates that still counts as heard (at 1×). */
export const MAX_HEARD_STEP_MS = 2_000;

export interface PlayerDeps {
  audio: MediaElementLike;
  fetchEpisode(contentId: string, number: number): Promise<EpisodeContent>;
  isHidden(): boolean;
  readPreferences(): string | null;
  writePreferences(raw: string): void;
  mediaSession?: MediaSessionLike | null;
  /** Turns the metadata into a MediaMetadata (absent where the browser has none). */
  makeMetadata?(metadata: SessionMetadata): unknown;
  /** Save points that no page is there to record (the listener is on a page without the player). */
  saveUnattended?(point: SavePoint): void;
}

/** Where to start an episode: a position, the start of its last chapter, or where it was left. */
export type StartAt = number | "lastChapter" | "resume";

export interface PlayerState {
  /** The episode loaded, or null when the player is closed. */
  data: EpisodeContent | null;
  chapters: Chapter[];
  chapterIndex: number;
  /** The file's length and seekable range are known. */
  isReady: boolean;
  /** Playing, or asked to play and waiting for data. */
  isPlaying: boolean;
  isWaiting: boolean;
  hasEnded: boolean;
  /** Fetching the next episode to play on. */
  isAdvancing: boolean;
  positionMs: number;
  durationMs: number;
  isMuted: boolean;
  sleep: SleepTimer | null;
  /** Wall-clock time left on the sleep timer. */
  sleepRemainingMs: number | null;
  error: string | null;
  prefs: PlayerPreferences;
}

/** How often the position is saved while playing. */
export const SAVE_INTERVAL_MS = 5000;
/** New media URLs are fetched this long before the old ones expire. */
export const REFRESH_LEAD_MS = 10 * 60_000;
/** After a pause this long, playing starts a few seconds back, to find the thread again. */
export const SMART_REWIND_AFTER_MS = 5 * 60_000;
export const SMART_REWIND_MS = 5000;
export const POSITION_STATE_INTERVAL_MS = 5000;
export const TICK_MS = 250;
/** setTimeout cannot wait longer than this. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

export function audioPayload(data: EpisodeContent | null): AudioPayload | null {
  return data?.payload.kind === "audio" ? data.payload : null;
}

/** Where "resume" starts, from the episode's saved progress: nowhere near the end, not after completion. */
export function resumeMs(
  saved: { fraction: number; isCompleted: boolean; ms?: number } | null,
  durationMs: number,
) {
  if (!saved || saved.isCompleted) return 0;
  const ms = saved.ms ?? saved.fraction * durationMs;
  if (!Number.isFinite(ms) || ms <= 0) return 0;
  // A few seconds from the end would only play the end again; start over instead.
  return durationMs > 0 && ms >= durationMs - 5000 ? 0 : ms;
}

/** A player with nothing loaded. */
export function idlePlayerState(prefs: PlayerState["prefs"]): PlayerState {
  return {
    data: null,
    chapters: [],
    chapterIndex: 0,
    isReady: false,
    isPlaying: false,
    isWaiting: false,
    hasEnded: false,
    isAdvancing: false,
    positionMs: 0,
    durationMs: 0,
    isMuted: false,
    sleep: null,
    sleepRemainingMs: null,
    error: null,
    prefs,
  };
}

export interface PlayerCore {
  readonly deps: PlayerDeps;
  readonly audio: MediaElementLike;
  /** What the screens show; changed through setState only. */
  state: PlayerState;
  /** A position to take once the file's metadata is in (the element cannot seek before). */
  pendingSeekMs: number | null;
  /** The source is being replaced by a fresh URL: its pause and reload are not the listener's. */
  isSwapping: boolean;
  /** When the listener last paused (for the smart rewind), null while playing or after a load. */
  pausedAt: number | null;
  setState(patch: Partial<PlayerState>): void;
  subscribe(listener: () => void): () => void;
  /** The file's length: the element's once known, else the episode's. */
  mediaDurationMs(): number;
  /** Where the listener is: the element's time, or where it is about to go. */
  currentMs(): number;
}

export function createPlayerCore(deps: PlayerDeps): PlayerCore {
  const { audio } = deps;
  const listeners = new Set<() => void>();
  const core: PlayerCore = {
    deps,
    audio,
    state: idlePlayerState(parsePreferences(deps.readPreferences())),
    pendingSeekMs: null,
    isSwapping: false,
    pausedAt: null,
    setState: (patch) => {
      core.state = { ...core.state, ...patch };
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    mediaDurationMs: () =>
      Number.isFinite(audio.duration) && audio.duration > 0
        ? audio.duration * 1000
        : (audioPayload(core.state.data)?.durationMs ?? 0),
    currentMs: () =>
      core.pendingSeekMs ?? (core.isSwapping ? core.state.positionMs : audio.currentTime * 1000),
  };
  return core;
}
