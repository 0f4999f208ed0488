// Positions wait in an outbox that keeps one per episode, a newer one replacing the older whole:
// a completion followed within a second by another move (scrolling on, the video's own end) would
// reach the server without its completion. Moves made soon after completing carry it again; the
// server keeps the first completion time, so repeating it changes nothing else.
import { useCallback, useRef } from "react";
import type { PositionUpdate } from "../reader/use-episode-progress.ts";

/** Long enough for the outbox to have sent the completion at least once. */
const CARRY_MS = 10_000;

export function useStickyCompletion(
  save: (position: PositionUpdate) => void,
): (position: PositionUpdate) => void {
  const completedAt = useRef<number | null>(null);
  return useCallback(
    (position: PositionUpdate) => {
      const now = Date.now();
      if (position.isCompleted) completedAt.current = now;
      const carries = completedAt.current !== null && now - completedAt.current < CARRY_MS;
      save(carries ? { ...position, isCompleted: true } : position);
    },
    [save],
  );
}
