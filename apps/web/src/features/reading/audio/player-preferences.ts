// The listener's player settings, kept on the device: speed, skip lengths, playing on into the
// next episode. Anything unreadable falls back to the defaults.

export const MIN_RATE = 0.5;
export const MAX_RATE = 3;
export const RATE_STEP = 0.05;
export const SPEED_PRESETS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 2, 2.5, 3] as const;
export const SKIP_CHOICES = [5, 10, 15, 30, 45, 60] as const;

export interface PlayerPreferences {
  rate: number;
  skipBackSeconds: number;
  skipForwardSeconds: number;
  /** Go on into the next episode at the end of one. */
  playNext: boolean;
}

export const DEFAULT_PREFERENCES: PlayerPreferences = {
  rate: 1,
  skipBackSeconds: 15,
  skipForwardSeconds: 30,
  playNext: true,
};

export const PREFERENCES_KEY = "litverse.audio-player";

/** A speed within the range, on the 0.05 grid. */
export function clampRate(rate: number): number {
  if (!Number.isFinite(rate)) return 1;
  const stepped = Math.round(rate / RATE_STEP) * RATE_STEP;
  return Number(Math.min(MAX_RATE, Math.max(MIN_RATE, stepped)).toFixed(2));
}

/** The next preset up (direction 1) or down (-1) from `rate`, which need not be a preset. */
export function stepRate(rate: number, direction: 1 | -1): number {
  const current = clampRate(rate);
  const candidates = direction === 1 ? SPEED_PRESETS : SPEED_PRESETS.toReversed();
  const next = candidates.find((preset) => (direction === 1 ? preset > current : preset < current));
  return next ?? current;
}

const isSkipChoice = (value: unknown): value is number =>
  typeof value === "number" && (SKIP_CHOICES as readonly number[]).includes(value);

export function parsePreferences(raw: string | null): PlayerPreferences {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    if (parsed && typeof parsed === "object") stored = parsed as Record<string, unknown>;
  } catch {
    // A damaged entry is as good as none.
  }
  return {
    rate: typeof stored.rate === "number" ? clampRate(stored.rate) : DEFAULT_PREFERENCES.rate,
    skipBackSeconds: isSkipChoice(stored.skipBackSeconds)
      ? stored.skipBackSeconds
      : DEFAULT_PREFERENCES.skipBackSeconds,
    skipForwardSeconds: isSkipChoice(stored.skipForwardSeconds)
      ? stored.skipForwardSeconds
      : DEFAULT_PREFERENCES.skipForwardSeconds,
    playNext: typeof stored.playNext === "boolean" ? stored.playNext : DEFAULT_PREFERENCES.playNext,
  };
}
