// What the viewer set in the player, kept on this device: volume, mute, speed, subtitles.
import { useCallback, useState } from "react";
import { SPEEDS, type SubtitlePreference } from "./player-logic.ts";

export interface PlayerSettings {
  /** 0 to 1. */
  volume: number;
  muted: boolean;
  speed: number;
  /** The subtitle language last chosen, "off", or null when never chosen. */
  subtitles: SubtitlePreference;
}

const STORAGE_KEY = "litverse.drama-player";
const DEFAULTS: PlayerSettings = { volume: 1, muted: false, speed: 1, subtitles: null };

export function parsePlayerSettings(raw: string | null): PlayerSettings {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      stored = parsed as Record<string, unknown>;
  } catch {
    // Unreadable: the defaults.
  }
  const { volume, muted, speed, subtitles } = stored;
  return {
    volume: typeof volume === "number" && Number.isFinite(volume) ? Math.min(1, Math.max(0, volume)) : 1,
    muted: typeof muted === "boolean" ? muted : DEFAULTS.muted,
    speed: (SPEEDS as readonly unknown[]).includes(speed) ? (speed as number) : DEFAULTS.speed,
    subtitles: typeof subtitles === "string" && subtitles.length <= 35 ? subtitles : null,
  };
}

function readStored(): PlayerSettings {
  try {
    return parsePlayerSettings(localStorage.getItem(STORAGE_KEY));
  } catch {
    return DEFAULTS;
  }
}

export function usePlayerSettings(): [PlayerSettings, (patch: Partial<PlayerSettings>) => void] {
  const [settings, setSettings] = useState(readStored);
  const update = useCallback((patch: Partial<PlayerSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      try {
        localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage unavailable: kept for this visit.
      }
      return next;
    });
  }, []);
  return [settings, update];
}
