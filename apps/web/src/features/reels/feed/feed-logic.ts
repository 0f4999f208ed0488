// The feed's rules that need no page: how far ahead reels load, and the sound preference.

export type Preload = "auto" | "metadata" | "none";

/**
 * How much of a reel `offset` places from the one on screen loads: the one on screen and the next
 * two in full (so a swipe starts playing at once), the one after those and the one just behind
 * far enough to know their size, nothing further away (each video holds memory and a connection).
 */
export function preloadFor(offset: number): Preload {
  if (offset >= 0 && offset <= 2) return "auto";
  if (offset === 3 || offset === -1) return "metadata";
  return "none";
}

/** Ask for the next page of the feed once this few reels are left ahead. */
export const FETCH_AHEAD = 3;

export function shouldFetchMore(activeIndex: number, loaded: number, hasMore: boolean): boolean {
  return hasMore && loaded - activeIndex - 1 <= FETCH_AHEAD;
}

/** The index a step from `index` lands on, within the loaded reels. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count === 0) return 0;
  return Math.min(count - 1, Math.max(0, index + step));
}

const SOUND_KEY = "litverse.reels.sound";

/**
 * Reels start muted until the person turns the sound on once; from then on the last choice is
 * kept on this device.
 */
export function readSoundOn(storage: Pick<Storage, "getItem"> | null): boolean {
  try {
    return storage?.getItem(SOUND_KEY) === "on";
  } catch {
    return false;
  }
}

export function storeSoundOn(storage: Pick<Storage, "setItem"> | null, isOn: boolean): void {
  try {
    storage?.setItem(SOUND_KEY, isOn ? "on" : "off");
  } catch {
    // Storage unavailable: kept for this visit only.
  }
}

/** The address of a reel, which opens the feed on it. */
export function reelPath(reelId: string): string {
  return `/reels?reel=${encodeURIComponent(reelId)}`;
}
