// The sleep timer: after a number of minutes of listening, or at the end of the chapter playing.
// The sound fades out over the last seconds, so that the stop does not wake anyone.
import { type Chapter, chapterIndexAt, chapterRange } from "./chapters.ts";

export const SLEEP_MINUTES = [5, 10, 15, 30, 45, 60] as const;

/** How long the fade-out lasts, in listening time. */
export const FADE_MS = 8000;

export type SleepTimer =
  /** Counts down while playing, so that a pause does not eat into it. */
  | { kind: "duration"; totalMs: number; remainingMs: number }
  /** Stops where the chapter ends (a position in the file). */
  | { kind: "chapter"; endMs: number };

export function durationTimer(minutes: number): SleepTimer {
  const totalMs = minutes * 60_000;
  return { kind: "duration", totalMs, remainingMs: totalMs };
}

/** Stops at the end of the chapter playing at `positionMs`. */
export function chapterTimer(
  chapters: readonly Chapter[],
  positionMs: number,
  durationMs: number,
): SleepTimer {
  return {
    kind: "chapter",
    endMs: chapterRange(chapters, chapterIndexAt(chapters, positionMs), durationMs).endMs,
  };
}

/** After the listener moves elsewhere in the file, "end of chapter" means the chapter now playing. */
export function retargetTimer(
  timer: SleepTimer | null,
  chapters: readonly Chapter[],
  positionMs: number,
  durationMs: number,
): SleepTimer | null {
  return timer?.kind === "chapter" ? chapterTimer(chapters, positionMs, durationMs) : timer;
}

/** Takes `elapsedMs` of playing (wall-clock time) off a duration timer. */
export function tickTimer(timer: SleepTimer, elapsedMs: number): SleepTimer {
  if (timer.kind !== "duration" || !(elapsedMs > 0)) return timer;
  return { ...timer, remainingMs: Math.max(0, timer.remainingMs - elapsedMs) };
}

/** How long until the stop, in wall-clock time (a chapter goes faster at a higher speed). */
export function timerRemainingMs(timer: SleepTimer, positionMs: number, rate: number): number {
  if (timer.kind === "duration") return timer.remainingMs;
  return Math.max(0, (timer.endMs - positionMs) / (rate > 0 ? rate : 1));
}

/** The volume factor for `remainingMs` before the stop: 1, then down to 0 over the last FADE_MS. */
export function fadeFactor(remainingMs: number, fadeMs = FADE_MS): number {
  if (remainingMs >= fadeMs) return 1;
  if (remainingMs <= 0) return 0;
  // Squared, so that the fade sounds even to the ear rather than dropping off at the end.
  const linear = remainingMs / fadeMs;
  return linear * linear;
}

/** Whether the timer has run out (a chapter timer also when the position has passed its end). */
export function isTimerDue(timer: SleepTimer, positionMs: number, rate: number): boolean {
  return timerRemainingMs(timer, positionMs, rate) <= 0;
}
