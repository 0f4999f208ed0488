// The audio's source over a long session: media URLs expire, so fresh ones are fetched before
// they do and put in place without interrupting the listener, and a failed source gets one fresh
// start.

import type { EpisodeContent } from "@litverse/shared/content";
import { audioPayload, MAX_DELAY_MS, type PlayerCore, REFRESH_LEAD_MS } from "./player-state.ts";

export type PlayerSources = ReturnType<typeof createSources>;

export function createSources(core: PlayerCore, { startPlaying }: { startPlaying: () => Promise<void> }) {
  const { audio, deps, setState, currentMs } = core;
  /** A fresh URL that waits for the next pause (or for the old one to be about to expire). */
  let deferredSource: EpisodeContent | null = null;
  let hasRecovered = false;
  let refreshTimer: ReturnType<typeof setTimeout> | undefined;
  let swapTimer: ReturnType<typeof setTimeout> | undefined;

  function applyRate() {
    audio.defaultPlaybackRate = core.state.prefs.rate;
    audio.playbackRate = core.state.prefs.rate;
  }

  function scheduleRefresh(data: EpisodeContent) {
    clearTimeout(refreshTimer);
    const due = Date.parse(data.expiresAt) - REFRESH_LEAD_MS - Date.now();
    const delay = Math.min(MAX_DELAY_MS, Math.max(30_000, Number.isFinite(due) ? due : 30_000));
    refreshTimer = setTimeout(() => void refresh(), delay);
  }

  async function refresh() {
    const data = core.state.data;
    if (!data) return;
    try {
      const fresh = await deps.fetchEpisode(data.content._id, data.episode.number);
      if (core.state.data?.episode._id === fresh.episode._id) sync(fresh);
    } catch {
      // Offline or signed out for a moment: try again shortly; the old URL still works a while.
      if (core.state.data?.episode._id === data.episode._id) {
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
    const wasPlaying = core.state.isPlaying;
    const at = currentMs();
    core.isSwapping = true;
    core.pendingSeekMs = at;
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
    const current = core.state.data;
    const payload = audioPayload(data);
    if (!current || !payload || current.episode._id !== data.episode._id) return;
    if (payload.url === audioPayload(current)?.url) {
      if (data !== current) setState({ data });
      scheduleRefresh(data);
      return;
    }
    if (audio.paused || !core.state.isReady) {
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

  /** The source failed (an expired URL, a dropped connection): fetch a fresh one once and go on. */
  async function recover(resume: boolean) {
    const data = core.state.data;
    if (!data) return;
    const at = currentMs();
    hasRecovered = true;
    try {
      const fresh = await deps.fetchEpisode(data.content._id, data.episode.number);
      const payload = audioPayload(fresh);
      if (!payload || core.state.data?.episode._id !== fresh.episode._id) return;
      core.isSwapping = true;
      core.pendingSeekMs = at;
      setState({ data: fresh, error: null });
      audio.src = payload.url;
      applyRate();
      scheduleRefresh(fresh);
      if (resume) await startPlaying();
    } catch {
      core.isSwapping = false;
      setState({ isPlaying: false, isWaiting: false, error: "This episode could not be played." });
    }
  }

  return {
    applyRate,
    scheduleRefresh,
    sync,
    recover,
    /** Another episode loads: no fresh URL of the last one waits, and it may recover once. */
    startEpisode() {
      clearTimeout(swapTimer);
      deferredSource = null;
      hasRecovered = false;
    },
    /** The player closes: no refresh, no swap. */
    stop() {
      clearTimeout(refreshTimer);
      clearTimeout(swapTimer);
      deferredSource = null;
    },
    /** A pause: the moment for a fresh URL that waited for one. */
    swapDeferred() {
      if (deferredSource) swapSource(deferredSource);
    },
    /** The audio plays: a later failure may recover again. */
    markPlaying() {
      hasRecovered = false;
    },
    hasRecovered: () => hasRecovered,
  };
}
