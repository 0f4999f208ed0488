// The drama player's rules that do not need a video element: which subtitles to show, where to
// resume, when an episode counts as watched, speeds, and the buffered range under the playhead.

export interface SubtitleOption {
  language: string;
  label: string;
}

/** The reader's subtitle choice: a language, "off", or nothing chosen yet. */
export type SubtitlePreference = string | "off" | null;

const primary = (tag: string) => tag.toLowerCase().split(/[-_]/)[0] ?? "";

function findLanguage(tracks: readonly SubtitleOption[], language: string): number {
  const exact = tracks.findIndex((track) => track.language.toLowerCase() === language.toLowerCase());
  if (exact !== -1) return exact;
  return tracks.findIndex((track) => primary(track.language) === primary(language));
}

/**
 * The subtitle track to show, by index, or null for none: the reader's last choice when this
 * episode has it; otherwise on when a track is in one of the browser's languages (most preferred
 * first), and off when none is, since the audio is then presumably in the reader's language.
 */
export function chooseSubtitle(
  tracks: readonly SubtitleOption[],
  preference: SubtitlePreference,
  browserLanguages: readonly string[],
): number | null {
  if (tracks.length === 0 || preference === "off") return null;
  if (preference) {
    const chosen = findLanguage(tracks, preference);
    if (chosen !== -1) return chosen;
  }
  for (const language of browserLanguages) {
    const found = findLanguage(tracks, language);
    if (found !== -1) return found;
  }
  return null;
}

/** From this far through, an episode counts as watched (the credits need not be sat through). */
export const COMPLETE_FRACTION = 0.95;
/** A saved position this close to the end starts the episode over instead. */
const RESUME_END_MARGIN_MS = 3_000;

export function isWatched(positionMs: number, durationMs: number): boolean {
  return durationMs > 0 && positionMs >= durationMs * COMPLETE_FRACTION;
}

/** Where to start playing, in ms, from the saved position: from the top when finished or nearly. */
export function resumeAt(
  saved:
    | { locator: Record<string, unknown> | null; fraction: number; isCompleted: boolean }
    | null
    | undefined,
  durationMs: number,
): number {
  if (!saved || saved.isCompleted) return 0;
  const ms = saved.locator?.ms;
  const position =
    typeof ms === "number" && Number.isFinite(ms) ? ms : durationMs > 0 ? saved.fraction * durationMs : 0;
  if (position <= 0) return 0;
  if (durationMs > 0 && (isWatched(position, durationMs) || position > durationMs - RESUME_END_MARGIN_MS)) {
    return 0;
  }
  return position;
}

export const SPEEDS = [0.5, 0.75, 1, 1.25, 1.5, 2] as const;

/** The next speed up (+1) or down (-1) from `speed`, staying within SPEEDS. */
export function stepSpeed(speed: number, direction: 1 | -1): number {
  const index = SPEEDS.findIndex((candidate) => candidate >= speed - 1e-9);
  const current = index === -1 ? SPEEDS.length - 1 : index;
  const isExact = Math.abs((SPEEDS[current] ?? 1) - speed) < 1e-9;
  const next = direction === 1 ? (isExact ? current + 1 : current) : current - 1;
  return SPEEDS[Math.min(SPEEDS.length - 1, Math.max(0, next))] ?? 1;
}

export function speedLabel(speed: number): string {
  return speed === 1 ? "Normal" : `${speed}×`;
}

/**
 * The speed button's name: it starts with what the button shows ("1×"), so that speech control
 * can use what is seen, and says "normal" for 1× to screen readers.
 */
export function speedButtonLabel(speed: number): string {
  return `Playback speed, ${speed}×${speed === 1 ? " (normal)" : ""}`;
}

/**
 * The end of the buffered stretch the playhead is in, in seconds (the playhead itself when it is
 * in none): what the seek bar draws as loaded.
 */
export function bufferedEnd(ranges: ReadonlyArray<readonly [number, number]>, time: number): number {
  for (const [start, end] of ranges) {
    if (time >= start - 0.25 && time <= end) return end;
  }
  return time;
}

/** A seek target kept within the video. */
export function seekTarget(time: number, delta: number, duration: number): number {
  const target = time + delta;
  if (!Number.isFinite(duration) || duration <= 0) return Math.max(0, target);
  return Math.min(duration, Math.max(0, target));
}
