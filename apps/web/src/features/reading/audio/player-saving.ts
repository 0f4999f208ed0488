// Save points of the audiobook player: the position to record, and the audio heard since the last
// one, handed to the page that records the episode's progress (or, with none, to the saver of last
// resort).
import { MAX_HEARD_STEP_MS, type PlayerCore, SAVE_INTERVAL_MS, type SavePoint } from "./player-state.ts";

export type PositionSaving = ReturnType<typeof createPositionSaving>;

export function createPositionSaving(core: PlayerCore) {
  const { audio, deps } = core;
  /** Each records the points of its own episode and says so. */
  const savers = new Set<(point: SavePoint) => boolean>();
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

  function emitSave(isCompleted: boolean, positionMs = core.currentMs()) {
    const data = core.state.data;
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
    const durationMs = core.state.durationMs || core.mediaDurationMs();
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

  return {
    emitSave,
    noteHeard,
    /** The audio starts playing here: what is heard is counted from this position. */
    hearFrom(positionMs: number) {
      lastHeardMs = positionMs;
    },
    /** A position known to be recorded already (see lastRecorded). */
    markRecorded(episodeId: string, ms: number) {
      lastRecorded = { episodeId, ms };
    },
    /** A save point is due while playing. */
    isSaveDue: () => Date.now() - lastSaveAt >= SAVE_INTERVAL_MS,
    /** Save points (every few seconds while playing, on pause, seek, hide, at the end). */
    onSave(saver: (point: SavePoint) => boolean) {
      savers.add(saver);
      return () => {
        savers.delete(saver);
      };
    },
  };
}
