// Lock screen and headset controls (the Media Session): what is playing, whether it plays, where
// it is, and the actions the system's controls take.
import {
  type PlayerCore,
  POSITION_STATE_INTERVAL_MS,
  type SessionAction,
  type SessionDetails,
} from "./player-state.ts";

export type LockScreen = ReturnType<typeof createLockScreen>;

export function createLockScreen(core: PlayerCore) {
  const { audio, deps } = core;
  const { mediaSession } = deps;
  let lastPositionStateAt = 0;

  function updateMetadata() {
    if (!mediaSession || !deps.makeMetadata) return;
    const data = core.state.data;
    if (!data) {
      mediaSession.metadata = null;
      return;
    }
    const { chapters, chapterIndex } = core.state;
    const chapter = chapters.length > 1 ? chapters[chapterIndex]?.title : undefined;
    mediaSession.metadata = deps.makeMetadata({
      title: data.content.title,
      artist: data.content.author,
      album: chapter ? `${data.episode.title} · ${chapter}` : data.episode.title,
      coverUrl: data.content.coverImage,
    });
  }

  function updatePlaybackState() {
    if (mediaSession)
      mediaSession.playbackState = !core.state.data ? "none" : core.state.isPlaying ? "playing" : "paused";
  }

  function updatePositionState(force = false) {
    if (!mediaSession?.setPositionState) return;
    const now = Date.now();
    if (!force && now - lastPositionStateAt < POSITION_STATE_INTERVAL_MS) return;
    lastPositionStateAt = now;
    const duration = core.mediaDurationMs() / 1000;
    if (!(duration > 0)) return;
    try {
      mediaSession.setPositionState({
        duration,
        playbackRate: audio.playbackRate || 1,
        position: Math.min(Math.max(0, core.currentMs() / 1000), duration),
      });
    } catch {
      // Some browsers refuse a state mid-seek; the next update catches up.
    }
  }

  /** Hands the system's controls their actions. */
  function handleActions(handlers: Record<SessionAction, (details: SessionDetails) => void>) {
    if (!mediaSession) return;
    for (const [action, handler] of Object.entries(handlers)) {
      try {
        mediaSession.setActionHandler(action as SessionAction, handler);
      } catch {
        // An action this browser does not know.
      }
    }
  }

  return { updateMetadata, updatePlaybackState, updatePositionState, handleActions };
}
