// How the reader likes comics shown, kept on this device: reading mode, fit, page layout, side
// padding, and per title the reading direction when it overrides the title's own.
import type { ReadingDirection } from "@litverse/shared/content";
import { useCallback, useState } from "react";
import type { Fit } from "./comic-layout.ts";

export type ReadingMode = "paged" | "webtoon";
export type PageLayout = "single" | "double" | "auto";

export interface ComicSettings {
  /** Null: chosen from the pages' shape (long strips scroll). */
  mode: ReadingMode | null;
  fit: Fit;
  layout: PageLayout;
  firstPageAlone: boolean;
  /** Webtoon side padding, percent of the width on each side; null: chosen from the screen width. */
  padding: number | null;
  /** Titles whose reading direction the reader changed, by title id. */
  directions: Record<string, ReadingDirection>;
}

export const STORAGE_KEY = "litverse.comic-reader";
/** Direction overrides remembered; the oldest go first. */
const MAX_DIRECTIONS = 200;
export const MAX_PADDING = 40;

export const DEFAULT_SETTINGS: ComicSettings = {
  mode: null,
  fit: "screen",
  layout: "auto",
  firstPageAlone: true,
  padding: null,
  directions: {},
};

const MODES: readonly ReadingMode[] = ["paged", "webtoon"];
const FITS: readonly Fit[] = ["screen", "width", "height", "original"];
const LAYOUTS: readonly PageLayout[] = ["single", "double", "auto"];

const oneOf = <T>(values: readonly T[], value: unknown, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Settings from what storage held: anything missing or unreadable takes its default. */
export function parseSettings(raw: string | null): ComicSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: start from the defaults.
  }
  const directions: Record<string, ReadingDirection> = {};
  if (stored.directions && typeof stored.directions === "object") {
    for (const [id, direction] of Object.entries(stored.directions)) {
      if (direction === "ltr" || direction === "rtl") directions[id] = direction;
    }
  }
  const padding = stored.padding;
  return {
    mode: stored.mode === null ? null : oneOf(MODES, stored.mode, DEFAULT_SETTINGS.mode as null),
    fit: oneOf(FITS, stored.fit, DEFAULT_SETTINGS.fit),
    layout: oneOf(LAYOUTS, stored.layout, DEFAULT_SETTINGS.layout),
    firstPageAlone:
      typeof stored.firstPageAlone === "boolean" ? stored.firstPageAlone : DEFAULT_SETTINGS.firstPageAlone,
    padding:
      typeof padding === "number" && Number.isFinite(padding)
        ? Math.min(MAX_PADDING, Math.max(0, Math.round(padding)))
        : null,
    directions,
  };
}

/** Sets or clears (null) a title's direction override, keeping the list bounded. */
export function withDirection(
  settings: ComicSettings,
  contentId: string,
  direction: ReadingDirection | null,
): ComicSettings {
  const { [contentId]: _previous, ...others } = settings.directions;
  if (direction === null) return { ...settings, directions: others };
  const entries = Object.entries(others).slice(-(MAX_DIRECTIONS - 1));
  return { ...settings, directions: { ...Object.fromEntries(entries), [contentId]: direction } };
}

function readStored(): ComicSettings {
  try {
    return parseSettings(localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULT_SETTINGS;
  }
}

/** The settings and a way to change them; changes are written at once. */
export function useComicSettings(): [
  ComicSettings,
  (change: (current: ComicSettings) => ComicSettings) => void,
] {
  const [settings, setSettings] = useState(readStored);
  const update = useCallback((change: (current: ComicSettings) => ComicSettings) => {
    setSettings((current) => {
      const next = change(current);
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Private mode or a full quota: the settings hold for this visit only.
      }
      return next;
    });
  }, []);
  return [settings, update];
}
