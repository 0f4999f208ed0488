// The audio element's events, as the player's store hears them: the file's metadata in (and the
// position waiting for it), time passing, playing and pausing, the end, and failures.
import { chapterIndexAt } from "./chapters.ts";
import type { LockScreen } from "./player-lock-screen.ts";
import type { PositionSaving } from "./player-saving.ts";
import type { PlayerSleepTimer } from "./player-sleep-timer.ts";
import type { PlayerSources } from "./player-sources.ts";
import type { PlayerCore } from "./player-state.ts";

export function listenToAudio(
  core: PlayerCore,
  {
    saving,
    lockScreen,
    sleepTimer,
    sources,
    onEnded,
  }: {
    saving: PositionSaving;
    lockScreen: LockScreen;
    sleepTimer: PlayerSleepTimer;
    sources: PlayerSources;
    onEnded: () => void;
  },
) {
  const { audio, setState, mediaDurationMs } = core;
  const { updatePositionState, updateMetadata, updatePlaybackState } = lockScreen;

  audio.addEventListener("loadedmetadata", () => {
    if (core.pendingSeekMs !== null) {
      audio.currentTime = core.pendingSeekMs / 1000;
      core.pendingSeekMs = null;
    }
    core.isSwapping = false;
    const durationMs = mediaDurationMs();
    const positionMs = audio.currentTime * 1000;
    setState({
      isReady: true,
      durationMs,
      positionMs,
      chapterIndex: chapterIndexAt(core.state.chapters, positionMs),
    });
    updatePositionState(true);
  });
  audio.addEventListener("durationchange", () => {
    if (core.state.data && core.state.isReady) setState({ durationMs: mediaDurationMs() });
  });
  audio.addEventListener("timeupdate", () => {
    if (!core.state.data || core.isSwapping || core.pendingSeekMs !== null) return;
    const positionMs = audio.currentTime * 1000;
    saving.noteHeard(positionMs);
    const chapterIndex = chapterIndexAt(core.state.chapters, positionMs);
    const changedChapter = chapterIndex !== core.state.chapterIndex;
    setState({ positionMs, chapterIndex });
    if (changedChapter) updateMetadata();
    if (!audio.paused && saving.isSaveDue()) saving.emitSave(false, positionMs);
    updatePositionState();
  });
  audio.addEventListener("play", () => {
    if (!core.state.data) return;
    saving.hearFrom(audio.currentTime * 1000);
    setState({ isPlaying: true, hasEnded: false });
    updatePlaybackState();
    sleepTimer.startTicking();
  });
  audio.addEventListener("playing", () => {
    sources.markPlaying();
    if (core.state.isWaiting) setState({ isWaiting: false });
    updatePositionState(true);
  });
  audio.addEventListener("waiting", () => {
    if (core.state.data) setState({ isWaiting: true });
  });
  audio.addEventListener("pause", () => {
    if (core.isSwapping || !core.state.data) return;
    core.pausedAt = Date.now();
    sleepTimer.stopTicking();
    setState({ isPlaying: false, isWaiting: false });
    updatePlaybackState();
    updatePositionState(true);
    // The end of the file records completion instead.
    if (!audio.ended) saving.emitSave(false);
    sources.swapDeferred();
  });
  audio.addEventListener("ended", onEnded);
  audio.addEventListener("volumechange", () => {
    if (audio.muted !== core.state.isMuted) setState({ isMuted: audio.muted });
  });
  audio.addEventListener("ratechange", () => updatePositionState(true));
  audio.addEventListener("error", () => {
    if (!core.state.data || !audio.error) return;
    core.isSwapping = false;
    if (!sources.hasRecovered()) {
      void sources.recover(core.state.isPlaying);
      return;
    }
    setState({ isPlaying: false, isWaiting: false, error: "This episode could not be played." });
  });
}
