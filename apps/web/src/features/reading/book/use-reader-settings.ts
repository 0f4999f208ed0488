// The reader's settings, kept on this device (localStorage) and shared live between its tabs.
import { useCallback, useSyncExternalStore } from "react";
import { parseSettings, type ReaderSettings, SETTINGS_STORAGE_KEY } from "./settings.ts";

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cached: ReaderSettings = parseSettings(null);

function read(): ReaderSettings {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(SETTINGS_STORAGE_KEY);
  } catch {
    // Storage refused (private mode, blocked): the defaults, changes kept for this page only.
    return cached;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseSettings(raw);
  }
  return cached;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SETTINGS_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useReaderSettings(): [ReaderSettings, (patch: Partial<ReaderSettings>) => void] {
  const settings = useSyncExternalStore(subscribe, read, read);
  const update = useCallback((patch: Partial<ReaderSettings>) => {
    const next = parseSettings({ ...read(), ...patch });
    const raw = JSON.stringify(next);
    cached = next;
    cachedRaw = raw;
    try {
      localStorage.setItem(SETTINGS_STORAGE_KEY, raw);
    } catch {
      // Kept in memory for this page.
    }
    for (const listener of listeners) listener();
  }, []);
  return [settings, update];
}
