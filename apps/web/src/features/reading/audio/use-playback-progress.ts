// The loaded episode's progress for whichever screen shows the player (the listen page or the
// mini-player): its save points recorded through the progress hook, and moves made in another
// tab or on another device followed while paused, offered while playing.
import type { EpisodeContent } from "@litverse/shared/content";
import { useCallback, useEffect, useRef } from "react";
import { formatDuration } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import { type SavedPosition, useEpisodeProgress } from "../use-episode-progress.ts";
import { getPlayer } from "./player.ts";

/** Moves this close to where the player is are the same place. */
const SAME_PLACE_MS = 1500;

export function locatorMs(position: SavedPosition, durationMs: number): number {
  const ms = position.locator?.ms;
  return typeof ms === "number" && Number.isFinite(ms) ? ms : position.fraction * durationMs;
}

export function usePlaybackProgress(data: EpisodeContent) {
  const episodeId = data.episode._id;
  const onRemoteMove = useCallback(
    (position: SavedPosition) => {
      const player = getPlayer();
      const state = player.getState();
      if (state.data?.episode._id !== episodeId) return;
      const ms = locatorMs(position, state.durationMs);
      if (Math.abs(ms - state.positionMs) < SAME_PLACE_MS) return;
      // Following while paused is what the listener expects; moving playing audio would not be.
      if (!state.isPlaying) {
        player.seek(ms, { silent: true });
        return;
      }
      toast(`Continued on another device at ${formatDuration(ms)}`, {
        id: "audio-remote-move",
        action: { label: "Jump", onClick: () => player.seek(ms) },
      });
    },
    [episodeId],
  );
  const progress = useEpisodeProgress(data, { onRemoteMove });

  const save = useRef(progress.save);
  save.current = progress.save;
  useEffect(
    () =>
      getPlayer().onSave((point) => {
        if (point.data.episode._id !== episodeId) return false;
        save.current({
          fraction: point.durationMs > 0 ? Math.min(1, point.positionMs / point.durationMs) : 0,
          locator: { ms: Math.round(point.positionMs) },
          ...(point.isCompleted ? { isCompleted: true } : {}),
          activeSeconds: Math.round(point.listenedMs / 1_000),
        });
        return true;
      }),
    [episodeId],
  );
  return progress;
}
