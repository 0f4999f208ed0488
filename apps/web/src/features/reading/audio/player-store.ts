// The audiobook player: one audio element for the whole app, so that listening goes on while the
// listener moves between pages. A tiny external store (read with useSyncExternalStore) around it
// keeps what the screens show, the sleep timer, the lock screen's controls (Media Session), fresh
// media URLs for long sessions, and playing on into the next episode. Pages save the position
// through their progress hooks, fed by onSave; nothing here knows React.
//
// The store is made of parts that share its core (player-state.ts): position saving
// (player-saving.ts), the lock screen (player-lock-screen.ts), the sleep timer
// (player-sleep-timer.ts), fresh sources (player-sources.ts), chapters and episodes
// (player-episodes.ts) and the audio element's events (player-element-events.ts); playing,
// seeking, loading and closing are here.
import type { EpisodeContent } from "@litverse/shared/content";
import { chapterIndexAt, normalizeChapters } from "./chapters.ts";
import { listenToAudio } from "./player-element-events.ts";
import { createEpisodes } from "./player-episodes.ts";
import { createLockScreen } from "./player-lock-screen.ts";
import { clampRate, type PlayerPreferences } from "./player-preferences.ts";
import { setPlayerPresent } from "./player-presence.ts";
import { createPositionSaving } from "./player-saving.ts";
import { createSleepTimer } from "./player-sleep-timer.ts";
import { createSources } from "./player-sources.ts";
import {
  audioPayload,
  createPlayerCore,
  type PlayerDeps,
  resumeMs,
  SMART_REWIND_AFTER_MS,
  SMART_REWIND_MS,
  type StartAt,
} from "./player-state.ts";
import { retargetTimer } from "./sleep-timer.ts";

export {
  idlePlayerState,
  type MediaElementLike,
  type MediaSessionLike,
  type PlayerDeps,
  type PlayerState,
  resumeMs,
  type SavePoint,
  type SessionMetadata,
  type StartAt,
} from "./player-state.ts";

export type Player = ReturnType<typeof createPlayer>;

export function createPlayer(deps: PlayerDeps) {
  const core = createPlayerCore(deps);
  const { audio, setState, currentMs, mediaDurationMs } = core;
  const saving = createPositionSaving(core);
  const { emitSave } = saving;
  const lockScreen = createLockScreen(core);
  const { updateMetadata, updatePlaybackState, updatePositionState } = lockScreen;
  const sleepTimer = createSleepTimer(core, { seek });
  const sources = createSources(core, { startPlaying });
  const { applyRate, scheduleRefresh, sync } = sources;
  const episodes = createEpisodes(core, { load, seek });
  const { goToEpisode } = episodes;

  /** Loads an episode (or refreshes the one loaded) and starts where asked. */
  function load(data: EpisodeContent, options: { start?: StartAt; autoplay?: boolean } = {}) {
    const payload = audioPayload(data);
    if (!payload) return;
    if (core.state.data?.episode._id === data.episode._id) {
      sync(data);
      if (options.autoplay) void play();
      return;
    }
    if (core.state.data && core.state.isReady) emitSave(false);
    sources.startEpisode();
    const chapters = normalizeChapters(payload.chapters, payload.durationMs, data.episode.title);
    const start = options.start ?? "resume";
    const startMs =
      typeof start === "number"
        ? start
        : start === "lastChapter"
          ? (chapters.at(-1)?.startMs ?? 0)
          : resumeMs(data.episode.progress, payload.durationMs);
    const positionMs = Math.max(0, Math.min(startMs, payload.durationMs));
    core.pendingSeekMs = positionMs;
    saving.markRecorded(data.episode._id, positionMs);
    core.pausedAt = null;
    // The old source's pause and reload are not the listener's.
    core.isSwapping = true;
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
      sleep: retargetTimer(core.state.sleep, chapters, positionMs, payload.durationMs),
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
    if (!core.state.data) return;
    const positionMs = currentMs();
    core.isSwapping = true;
    audio.pause();
    emitSave(false, positionMs);
    sleepTimer.stopTicking();
    sources.stop();
    core.pendingSeekMs = null;
    episodes.forgetPendingStart();
    audio.volume = 1;
    audio.removeAttribute("src");
    audio.load();
    core.isSwapping = false;
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
    if (!core.state.data) return;
    if (core.state.hasEnded || audio.ended) seek(0, { silent: true });
    else if (core.pausedAt !== null && Date.now() - core.pausedAt > SMART_REWIND_AFTER_MS) {
      seek(currentMs() - SMART_REWIND_MS, { silent: true });
    }
    core.pausedAt = null;
    if (core.state.error) setState({ error: null });
    // A failed source gets one fresh start.
    if (audio.error) {
      await sources.recover(true);
      return;
    }
    await startPlaying();
  }

  function pause() {
    audio.pause();
    // While a source loads, its pause event is ignored: say so here.
    if (core.isSwapping && core.state.isPlaying) setState({ isPlaying: false, isWaiting: false });
  }

  function toggle() {
    // The element knows at once; the state learns from its play event, which may come later.
    if (!audio.paused) pause();
    else void play();
  }

  function seek(ms: number, options: { silent?: boolean } = {}) {
    if (!core.state.data) return;
    const durationMs = mediaDurationMs();
    const target = Math.max(0, Math.min(ms, durationMs > 0 ? durationMs : ms));
    if (!core.state.isReady || core.isSwapping) core.pendingSeekMs = target;
    else audio.currentTime = target / 1000;
    const chapterIndex = chapterIndexAt(core.state.chapters, target);
    const changedChapter = chapterIndex !== core.state.chapterIndex;
    setState({
      positionMs: target,
      chapterIndex,
      hasEnded: target < durationMs ? false : core.state.hasEnded,
      sleep: retargetTimer(core.state.sleep, core.state.chapters, target, durationMs),
    });
    if (changedChapter) updateMetadata();
    if (options.silent) saving.markRecorded(core.state.data.episode._id, target);
    else emitSave(false, target);
    updatePositionState(true);
  }

  function skip(seconds: number) {
    seek(currentMs() + seconds * 1000);
  }

  function setRate(rate: number) {
    setPrefs({ rate: clampRate(rate) });
    applyRate();
    updatePositionState(true);
  }

  function setPrefs(patch: Partial<PlayerPreferences>) {
    const prefs = { ...core.state.prefs, ...patch };
    setState({ prefs });
    try {
      core.deps.writePreferences(JSON.stringify(prefs));
    } catch {
      // Storage full or blocked: the setting lasts this visit.
    }
  }

  function onEnded() {
    const data = core.state.data;
    // Moved away from the end before the event came (a seek right after reaching it).
    if (!data || !audio.ended) return;
    sleepTimer.stopTicking();
    const durationMs = mediaDurationMs();
    setState({ positionMs: durationMs, isPlaying: false, isWaiting: false, hasEnded: true });
    emitSave(true, durationMs);
    updatePlaybackState();
    let stopHere = !core.state.prefs.playNext || data.nextNumber === null;
    if (core.state.sleep?.kind === "chapter") {
      stopHere = true;
      audio.volume = 1;
      setState({ sleep: null, sleepRemainingMs: null });
    }
    if (stopHere || data.nextNumber === null) return;
    // A page in view shows the end of the episode and goes on itself; elsewhere (another page,
    // the screen locked) the next episode starts at once, as a car radio would.
    if (episodes.isShownOnPage(data.content._id) && !core.deps.isHidden()) return;
    void goToEpisode(data.nextNumber, { start: "resume", autoplay: true });
  }

  audio.preload = "metadata";
  listenToAudio(core, { saving, lockScreen, sleepTimer, sources, onEnded });

  lockScreen.handleActions({
    play: () => void play(),
    pause,
    stop: pause,
    seekbackward: (details) => skip(-(details.seekOffset ?? core.state.prefs.skipBackSeconds)),
    seekforward: (details) => skip(details.seekOffset ?? core.state.prefs.skipForwardSeconds),
    seekto: (details) => {
      if (details.seekTime !== undefined) seek(details.seekTime * 1000);
    },
    previoustrack: episodes.previousChapter,
    nexttrack: episodes.nextChapter,
  });

  return {
    audio,
    getState: () => core.state,
    subscribe: core.subscribe,
    /** Save points (every few seconds while playing, on pause, seek, hide, at the end). */
    onSave: saving.onSave,
    /** A page showing the player is on screen (it shows the end of an episode itself). */
    attachPage: episodes.attachPage,
    /** Where a page that asked for another episode wanted to start, once. */
    takePendingStart: episodes.takePendingStart,
    load,
    sync,
    close,
    play,
    pause,
    toggle,
    seek,
    skip,
    skipBack: () => skip(-core.state.prefs.skipBackSeconds),
    skipForward: () => skip(core.state.prefs.skipForwardSeconds),
    previousChapter: episodes.previousChapter,
    nextChapter: episodes.nextChapter,
    goToEpisode,
    setRate,
    setPrefs,
    setMuted(muted: boolean) {
      audio.muted = muted;
    },
    toggleMute() {
      audio.muted = !audio.muted;
    },
    setSleep: sleepTimer.setSleep,
    /** Records the position now (the page is being hidden). */
    flushSave() {
      if (core.state.data) emitSave(false);
    },
  };
}
