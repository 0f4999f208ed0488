// The audiobook player: one audio element for the whole app, so that listening goes on while the
// listener moves between pages. A tiny external store (read with useSyncExternalStore) around it
// keeps what the screens show, the sleep timer, the lock screen's controls (Media Session), fresh
// media URLs for long sessions, and playing on into the next episode. Pages save the position
// through their progress hooks, fed by onSave; nothing here knows React.
import type { EpisodeContent, EpisodePayload } from "@litverse/shared/content";
import {
  type Chapter,
  chapterIndexAt,
  nextChapterTarget,
  normalizeChapters,
  previousChapterTarget,
} from "./chapters.ts";
import { clampRate, type PlayerPreferences, parsePreferences } from "./player-preferences.ts";
import { setPlayerPresent } from "./player-presence.ts";
import {
  chapterTimer,
  durationTimer,
  fadeFactor,
  retargetTimer,
  type SleepTimer,
  tickTimer,
  timerRemainingMs,
} from "./sleep-timer.ts";

type AudioPayload = Extract<EpisodePayload, { kind: "audio" }>;

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

type SessionAction =
  | "play"
  | "pause"
  | "stop"
  | "seekbackward"
  | "seekforward"
  | "seekto"
  | "previoustrack"
  | "nexttrack";

interface SessionDetails {
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
const MAX_HEARD_STEP_MS = 2_000;

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
const POSITION_STATE_INTERVAL_MS = 5000;
const TICK_MS = 250;
/** setTimeout cannot wait longer than this. */
const MAX_DELAY_MS = 2 ** 31 - 1;

function audioPayload(data: EpisodeContent | null): AudioPayload | null {
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

export type Player = ReturnType<typeof createPlayer>;

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

export function createPlayer(deps: PlayerDeps) {
  const { audio, mediaSession } = deps;
  const listeners = new Set<() => void>();
  /** Each records the points of its own episode and says so. */
  const savers = new Set<(point: SavePoint) => boolean>();
  let state: PlayerState = idlePlayerState(parsePreferences(deps.readPreferences()));

  /** A position to take once the file's metadata is in (the element cannot seek before). */
  let pendingSeekMs: number | null = null;
  /** A page asked for another episode; it starts there when loaded. */
  let pendingStart: { contentId: string; number: number; start: StartAt; autoplay: boolean } | null = null;
  /** The page showing the player, which changes episodes by changing its address. */
  let navigator: { contentId: string; go: (number: number) => void } | null = null;
  let pagesAttached = 0;
  /** The source is being replaced by a fresh URL: its pause and reload are not the listener's. */
  let isSwapping = false;
  let deferredSource: EpisodeContent | null = null;
  let hasRecovered = false;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let swapTimer: ReturnType<typeof setTimeout> | undefined;
  let ticker: ReturnType<typeof setInterval> | undefined;
  let lastTickAt = 0;
  let lastSaveAt = 0;
  /** Content time heard since the last save point, and where the last time update found the audio. */
  let listenedMs = 0;
  let lastHeardMs: number | null = null;
  /**
   * The position last recorded, or known to be recorded (where the episode was opened at, where
   * another device moved it): the same place again is not worth a save, and a tab that merely
   * shows the player must not overwrite what another device has recorded since.
   */
  let lastRecorded: { episodeId: string; ms: number } | null = null;
  let lastPositionStateAt = 0;
  let pausedAt: number | null = null;

  function setState(patch: Partial<PlayerState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  const mediaDurationMs = () =>
    Number.isFinite(audio.duration) && audio.duration > 0
      ? audio.duration * 1000
      : (audioPayload(state.data)?.durationMs ?? 0);

  /** Where the listener is: the element's time, or where it is about to go. */
  const currentMs = () => pendingSeekMs ?? (isSwapping ? state.positionMs : audio.currentTime * 1000);

  // ---- Saving ----------------------------------------------------------------------------------

  function emitSave(isCompleted: boolean, positionMs = currentMs()) {
    const data = state.data;
    if (!data) return;
    const episodeId = data.episode._id;
    if (
      !isCompleted &&
      lastRecorded?.episodeId === episodeId &&
      Math.abs(lastRecorded.ms - positionMs) < 1000
    ) {
      return;
    }
    lastRecorded = { episodeId, ms: positionMs };
    lastSaveAt = Date.now();
    const durationMs = state.durationMs || mediaDurationMs();
    const point: SavePoint = {
      data,
      positionMs: isCompleted ? durationMs : Math.max(0, Math.min(positionMs, durationMs)),
      durationMs,
      isCompleted,
      listenedMs: Math.round(listenedMs),
    };
    listenedMs = 0;
    let isClaimed = false;
    for (const saver of savers) isClaimed = saver(point) || isClaimed;
    if (!isClaimed) deps.saveUnattended?.(point);
  }

  /**
   * Adds the content time played since the last time update. Time updates come a few times a
   * second, so a larger step (a seek, or an update after the tab slept) is not counted.
   */
  function noteHeard(positionMs: number) {
    const step = lastHeardMs === null ? 0 : positionMs - lastHeardMs;
    lastHeardMs = audio.paused ? null : positionMs;
    const maxStep = MAX_HEARD_STEP_MS * (audio.playbackRate || 1);
    if (!audio.muted && step > 0 && step <= maxStep) listenedMs += step;
  }

  // ---- Lock screen and headset controls --------------------------------------------------------

  function updateMetadata() {
    if (!mediaSession || !deps.makeMetadata) return;
    const data = state.data;
    if (!data) {
      mediaSession.metadata = null;
      return;
    }
    const chapter = state.chapters.length > 1 ? state.chapters[state.chapterIndex]?.title : undefined;
    mediaSession.metadata = deps.makeMetadata({
      title: data.content.title,
      artist: data.content.author,
      album: chapter ? `${data.episode.title} · ${chapter}` : data.episode.title,
      coverUrl: data.content.coverImage,
    });
  }

  function updatePlaybackState() {
    if (mediaSession)
      mediaSession.playbackState = !state.data ? "none" : state.isPlaying ? "playing" : "paused";
  }

  function updatePositionState(force = false) {
    if (!mediaSession?.setPositionState) return;
    const now = Date.now();
    if (!force && now - lastPositionStateAt < POSITION_STATE_INTERVAL_MS) return;
    lastPositionStateAt = now;
    const duration = mediaDurationMs() / 1000;
    if (!(duration > 0)) return;
    try {
      mediaSession.setPositionState({
        duration,
        playbackRate: audio.playbackRate || 1,
        position: Math.min(Math.max(0, currentMs() / 1000), duration),
      });
    } catch {
      // Some browsers refuse a state mid-seek; the next update catches up.
    }
  }

  // ---- Sleep timer -----------------------------------------------------------------------------

  function startTicking() {
    if (ticker !== undefined || !state.sleep) return;
    lastTickAt = Date.now();
    ticker = setInterval(tick, TICK_MS);
  }

  function stopTicking() {
    if (ticker === undefined) return;
    clearInterval(ticker);
    ticker = undefined;
  }

  function tick() {
    const now = Date.now();
    const elapsed = now - lastTickAt;
    lastTickAt = now;
    let timer = state.sleep;
    if (!timer || audio.paused) {
      stopTicking();
      return;
    }
    timer = tickTimer(timer, elapsed);
    const remaining = timerRemainingMs(timer, currentMs(), audio.playbackRate || 1);
    if (remaining <= 0) {
      sleepNow(timer);
      return;
    }
    audio.volume = fadeFactor(remaining);
    setState({ sleep: timer, sleepRemainingMs: remaining });
  }

  function sleepNow(timer: SleepTimer) {
    stopTicking();
    audio.pause();
    audio.volume = 1;
    // At the end of a chapter, pick up at the next one.
    if (timer.kind === "chapter" && timer.endMs < mediaDurationMs() - 500) {
      seek(timer.endMs);
    }
    setState({ sleep: null, sleepRemainingMs: null });
  }

  function setSleep(choice: number | "chapter" | null) {
    audio.volume = 1;
    if (choice === null) {
      stopTicking();
      setState({ sleep: null, sleepRemainingMs: null });
      return;
    }
    const timer =
      choice === "chapter"
        ? chapterTimer(state.chapters, currentMs(), mediaDurationMs())
        : durationTimer(choice);
    setState({
      sleep: timer,
      sleepRemainingMs: timerRemainingMs(timer, currentMs(), audio.playbackRate || 1),
    });
    if (!audio.paused) startTicking();
  }

  // ---- Sources ---------------------------------------------------------------------------------

  function applyRate() {
    audio.defaultPlaybackRate = state.prefs.rate;
    audio.playbackRate = state.prefs.rate;
  }

  function scheduleRefresh(data: EpisodeContent) {
    clearTimeout(refreshTimer);
    const due = Date.parse(data.expiresAt) - REFRESH_LEAD_MS - Date.now();
    const delay = Math.min(MAX_DELAY_MS, Math.max(30_000, Number.isFinite(due) ? due : 30_000));
    refreshTimer = setTimeout(() => void refresh(), delay);
  }

  async function refresh() {
    const data = state.data;
    if (!data) return;
    try {
      const fresh = await deps.fetchEpisode(data.content._id, data.episode.number);
      if (state.data?.episode._id === fresh.episode._id) sync(fresh);
    } catch {
      // Offline or signed out for a moment: try again shortly; the old URL still works a while.
      if (state.data?.episode._id === data.episode._id) {
        clearTimeout(refreshTimer);
        refreshTimer = setTimeout(() => void refresh(), 60_000);
      }
    }
  }

  /** Puts a fresh URL of the same file in place, at the same position, playing if it was. */
  function swapSource(data: EpisodeContent) {
    const payload = audioPayload(data);
    if (!payload) return;
    clearTimeout(swapTimer);
    deferredSource = null;
    const wasPlaying = state.isPlaying;
    const at = currentMs();
    isSwapping = true;
    pendingSeekMs = at;
    setState({ data, positionMs: at });
    audio.src = payload.url;
    applyRate();
    if (wasPlaying) void startPlaying();
    scheduleRefresh(data);
  }

  /**
   * The same episode again (a refetch): new details are taken as they are; a new URL replaces the
   * old at once while paused, and while playing at the next pause or shortly before the old one
   * expires, so that listening is not interrupted for nothing.
   */
  function sync(data: EpisodeContent) {
    const current = state.data;
    const payload = audioPayload(data);
    if (!current || !payload || current.episode._id !== data.episode._id) return;
    if (payload.url === audioPayload(current)?.url) {
      if (data !== current) setState({ data });
      scheduleRefresh(data);
      return;
    }
    if (audio.paused || !state.isReady) {
      swapSource(data);
      return;
    }
    deferredSource = data;
    clearTimeout(swapTimer);
    const due = Date.parse(current.expiresAt) - 60_000 - Date.now();
    swapTimer = setTimeout(
      () => {
        if (deferredSource) swapSource(deferredSource);
      },
      Math.min(MAX_DELAY_MS, Math.max(0, Number.isFinite(due) ? due : 0)),
    );
  }

  /** Loads an episode (or refreshes the one loaded) and starts where asked. */
  function load(data: EpisodeContent, options: { start?: StartAt; autoplay?: boolean } = {}) {
    const payload = audioPayload(data);
    if (!payload) return;
    if (state.data?.episode._id === data.episode._id) {
      sync(data);
      if (options.autoplay) void play();
      return;
    }
    if (state.data && state.isReady) emitSave(false);
    clearTimeout(swapTimer);
    deferredSource = null;
    hasRecovered = false;
    const chapters = normalizeChapters(payload.chapters, payload.durationMs, data.episode.title);
    const start = options.start ?? "resume";
    const startMs =
      typeof start === "number"
        ? start
        : start === "lastChapter"
          ? (chapters.at(-1)?.startMs ?? 0)
          : resumeMs(data.episode.progress, payload.durationMs);
    const positionMs = Math.max(0, Math.min(startMs, payload.durationMs));
    pendingSeekMs = positionMs;
    lastRecorded = { episodeId: data.episode._id, ms: positionMs };
    pausedAt = null;
    // The old source's pause and reload are not the listener's.
    isSwapping = true;
    setState({
      data,
      chapters,
      chapterIndex: chapterIndexAt(chapters, positionMs),
      isReady: false,
      isPlaying: false,
      isWaiting: false,
      hasEnded: false,
      isAdvancing: false,
      positionMs,
      durationMs: payload.durationMs,
      error: null,
      sleep: retargetTimer(state.sleep, chapters, positionMs, payload.durationMs),
    });
    audio.preload = "metadata";
    audio.src = payload.url;
    applyRate();
    setPlayerPresent(true);
    updateMetadata();
    updatePlaybackState();
    scheduleRefresh(data);
    if (options.autoplay) void startPlaying();
  }

  /** Stops, records where, and unloads: the mini-player goes away. */
  function close() {
    if (!state.data) return;
    const positionMs = currentMs();
    isSwapping = true;
    audio.pause();
    emitSave(false, positionMs);
    stopTicking();
    clearTimeout(refreshTimer);
    clearTimeout(swapTimer);
    deferredSource = null;
    pendingSeekMs = null;
    pendingStart = null;
    audio.volume = 1;
    audio.removeAttribute("src");
    audio.load();
    isSwapping = false;
    setState({
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
      sleep: null,
      sleepRemainingMs: null,
      error: null,
    });
    setPlayerPresent(false);
    updateMetadata();
    updatePlaybackState();
  }

  // ---- Playing ---------------------------------------------------------------------------------

  async function startPlaying() {
    try {
      await audio.play();
    } catch (error) {
      // A newer load or pause superseded this play: nothing went wrong.
      if (error instanceof Error && error.name === "AbortError") return;
      // The browser wants a tap first (a fresh tab playing on by itself): wait for one.
      if (error instanceof Error && error.name === "NotAllowedError") {
        setState({ isPlaying: false, isWaiting: false });
        return;
      }
      if (!audio.error)
        setState({ isPlaying: false, isWaiting: false, error: "This episode could not be played." });
    }
  }

  async function play() {
    if (!state.data) return;
    if (state.hasEnded || audio.ended) seek(0, { silent: true });
    else if (pausedAt !== null && Date.now() - pausedAt > SMART_REWIND_AFTER_MS) {
      seek(currentMs() - SMART_REWIND_MS, { silent: true });
    }
    pausedAt = null;
    if (state.error) setState({ error: null });
    // A failed source gets one fresh start.
    if (audio.error) {
      await recover(true);
      return;
    }
    await startPlaying();
  }

  function pause() {
    audio.pause();
    // While a source loads, its pause event is ignored: say so here.
    if (isSwapping && state.isPlaying) setState({ isPlaying: false, isWaiting: false });
  }

  function toggle() {
    // The element knows at once; the state learns from its play event, which may come later.
    if (!audio.paused) pause();
    else void play();
  }

  function seek(ms: number, options: { silent?: boolean } = {}) {
    if (!state.data) return;
    const durationMs = mediaDurationMs();
    const target = Math.max(0, Math.min(ms, durationMs > 0 ? durationMs : ms));
    if (!state.isReady || isSwapping) pendingSeekMs = target;
    else audio.currentTime = target / 1000;
    const chapterIndex = chapterIndexAt(state.chapters, target);
    const changedChapter = chapterIndex !== state.chapterIndex;
    setState({
      positionMs: target,
      chapterIndex,
      hasEnded: target < durationMs ? false : state.hasEnded,
      sleep: retargetTimer(state.sleep, state.chapters, target, durationMs),
    });
    if (changedChapter) updateMetadata();
    if (options.silent) lastRecorded = { episodeId: state.data.episode._id, ms: target };
    else emitSave(false, target);
    updatePositionState(true);
  }

  function skip(seconds: number) {
    seek(currentMs() + seconds * 1000);
  }

  /** Another episode of the title: through the page when one shows the player, else directly. */
  async function goToEpisode(number: number, options: { start: StartAt; autoplay: boolean }) {
    const data = state.data;
    if (!data) return;
    const contentId = data.content._id;
    pendingStart = { contentId, number, ...options };
    if (navigator?.contentId === contentId) {
      navigator.go(number);
      return;
    }
    setState({ isAdvancing: true });
    try {
      const next = await deps.fetchEpisode(contentId, number);
      const request = takePendingStart(contentId, number);
      if (!request || state.data?.content._id !== contentId) return;
      load(next, { start: request.start, autoplay: request.autoplay });
    } catch {
      // Locked, not out, or offline: the player stays where it was.
      pendingStart = null;
    } finally {
      if (state.isAdvancing) setState({ isAdvancing: false });
    }
  }

  function previousChapter() {
    const target = previousChapterTarget(state.chapters, currentMs());
    if (target !== null) {
      seek(target);
      return;
    }
    const previous = state.data?.previousNumber;
    if (previous) void goToEpisode(previous, { start: "lastChapter", autoplay: state.isPlaying });
    else seek(0);
  }

  function nextChapter() {
    const target = nextChapterTarget(state.chapters, currentMs());
    if (target !== null) {
      seek(target);
      return;
    }
    const next = state.data?.nextNumber;
    if (next) void goToEpisode(next, { start: 0, autoplay: state.isPlaying });
  }

  function setRate(rate: number) {
    setPrefs({ rate: clampRate(rate) });
    applyRate();
    updatePositionState(true);
  }

  function setPrefs(patch: Partial<PlayerPreferences>) {
    const prefs = { ...state.prefs, ...patch };
    setState({ prefs });
    try {
      deps.writePreferences(JSON.stringify(prefs));
    } catch {
      // Storage full or blocked: the setting lasts this visit.
    }
  }

  /** The source failed (an expired URL, a dropped connection): fetch a fresh one once and go on. */
  async function recover(resume: boolean) {
    const data = state.data;
    if (!data) return;
    const at = currentMs();
    hasRecovered = true;
    try {
      const fresh = await deps.fetchEpisode(data.content._id, data.episode.number);
      const payload = audioPayload(fresh);
      if (!payload || state.data?.episode._id !== fresh.episode._id) return;
      isSwapping = true;
      pendingSeekMs = at;
      setState({ data: fresh, error: null });
      audio.src = payload.url;
      applyRate();
      scheduleRefresh(fresh);
      if (resume) await startPlaying();
    } catch {
      isSwapping = false;
      setState({ isPlaying: false, isWaiting: false, error: "This episode could not be played." });
    }
  }

  function onEnded() {
    const data = state.data;
    // Moved away from the end before the event came (a seek right after reaching it).
    if (!data || !audio.ended) return;
    stopTicking();
    const durationMs = mediaDurationMs();
    setState({ positionMs: durationMs, isPlaying: false, isWaiting: false, hasEnded: true });
    emitSave(true, durationMs);
    updatePlaybackState();
    let stopHere = !state.prefs.playNext || data.nextNumber === null;
    if (state.sleep?.kind === "chapter") {
      stopHere = true;
      audio.volume = 1;
      setState({ sleep: null, sleepRemainingMs: null });
    }
    if (stopHere || data.nextNumber === null) return;
    // A page in view shows the end of the episode and goes on itself; elsewhere (another page,
    // the screen locked) the next episode starts at once, as a car radio would.
    if (pagesAttached > 0 && navigator?.contentId === data.content._id && !deps.isHidden()) return;
    void goToEpisode(data.nextNumber, { start: "resume", autoplay: true });
  }

  // ---- The element's events --------------------------------------------------------------------

  audio.preload = "metadata";
  audio.addEventListener("loadedmetadata", () => {
    if (pendingSeekMs !== null) {
      audio.currentTime = pendingSeekMs / 1000;
      pendingSeekMs = null;
    }
    isSwapping = false;
    const durationMs = mediaDurationMs();
    const positionMs = audio.currentTime * 1000;
    setState({
      isReady: true,
      durationMs,
      positionMs,
      chapterIndex: chapterIndexAt(state.chapters, positionMs),
    });
    updatePositionState(true);
  });
  audio.addEventListener("durationchange", () => {
    if (state.data && state.isReady) setState({ durationMs: mediaDurationMs() });
  });
  audio.addEventListener("timeupdate", () => {
    if (!state.data || isSwapping || pendingSeekMs !== null) return;
    const positionMs = audio.currentTime * 1000;
    noteHeard(positionMs);
    const chapterIndex = chapterIndexAt(state.chapters, positionMs);
    const changedChapter = chapterIndex !== state.chapterIndex;
    setState({ positionMs, chapterIndex });
    if (changedChapter) updateMetadata();
    if (!audio.paused && Date.now() - lastSaveAt >= SAVE_INTERVAL_MS) emitSave(false, positionMs);
    updatePositionState();
  });
  audio.addEventListener("play", () => {
    if (!state.data) return;
    lastHeardMs = audio.currentTime * 1000;
    setState({ isPlaying: true, hasEnded: false });
    updatePlaybackState();
    startTicking();
  });
  audio.addEventListener("playing", () => {
    hasRecovered = false;
    if (state.isWaiting) setState({ isWaiting: false });
    updatePositionState(true);
  });
  audio.addEventListener("waiting", () => {
    if (state.data) setState({ isWaiting: true });
  });
  audio.addEventListener("pause", () => {
    if (isSwapping || !state.data) return;
    pausedAt = Date.now();
    stopTicking();
    setState({ isPlaying: false, isWaiting: false });
    updatePlaybackState();
    updatePositionState(true);
    // The end of the file records completion instead.
    if (!audio.ended) emitSave(false);
    if (deferredSource) swapSource(deferredSource);
  });
  audio.addEventListener("ended", onEnded);
  audio.addEventListener("volumechange", () => {
    if (audio.muted !== state.isMuted) setState({ isMuted: audio.muted });
  });
  audio.addEventListener("ratechange", () => updatePositionState(true));
  audio.addEventListener("error", () => {
    if (!state.data || !audio.error) return;
    isSwapping = false;
    if (!hasRecovered) {
      void recover(state.isPlaying);
      return;
    }
    setState({ isPlaying: false, isWaiting: false, error: "This episode could not be played." });
  });

  if (mediaSession) {
    const handlers: Record<SessionAction, (details: SessionDetails) => void> = {
      play: () => void play(),
      pause,
      stop: pause,
      seekbackward: (details) => skip(-(details.seekOffset ?? state.prefs.skipBackSeconds)),
      seekforward: (details) => skip(details.seekOffset ?? state.prefs.skipForwardSeconds),
      seekto: (details) => {
        if (details.seekTime !== undefined) seek(details.seekTime * 1000);
      },
      previoustrack: previousChapter,
      nexttrack: nextChapter,
    };
    for (const [action, handler] of Object.entries(handlers)) {
      try {
        mediaSession.setActionHandler(action as SessionAction, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }

  function takePendingStart(contentId: string, number: number) {
    const request = pendingStart;
    if (!request || request.contentId !== contentId || request.number !== number) return null;
    pendingStart = null;
    return request;
  }

  return {
    audio,
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Save points (every few seconds while playing, on pause, seek, hide, at the end). */
    onSave(saver: (point: SavePoint) => boolean) {
      savers.add(saver);
      return () => {
        savers.delete(saver);
      };
    },
    /** A page showing the player is on screen (it shows the end of an episode itself). */
    attachPage(contentId: string, go: (number: number) => void) {
      pagesAttached++;
      const own = { contentId, go };
      navigator = own;
      return () => {
        pagesAttached--;
        if (navigator === own) navigator = null;
      };
    },
    /** Where a page that asked for another episode wanted to start, once. */
    takePendingStart,
    load,
    sync,
    close,
    play,
    pause,
    toggle,
    seek,
    skip,
    skipBack: () => skip(-state.prefs.skipBackSeconds),
    skipForward: () => skip(state.prefs.skipForwardSeconds),
    previousChapter,
    nextChapter,
    goToEpisode,
    setRate,
    setPrefs,
    setMuted(muted: boolean) {
      audio.muted = muted;
    },
    toggleMute() {
      audio.muted = !audio.muted;
    },
    setSleep,
    /** Records the position now (the page is being hidden). */
    flushSave() {
      if (state.data) emitSave(false);
    },
  };
}
