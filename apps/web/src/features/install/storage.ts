// localStorage and sessionStorage that never throw: storage can be disabled, full, or refused in
// private modes, and an install prompt is not worth an error screen.

export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export type StorageKind = "local" | "session";

function storageOf(kind: StorageKind): StorageLike | null {
  try {
    return kind === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readFlag(key: string, kind: StorageKind, storage = storageOf(kind)): boolean {
  try {
    return storage?.getItem(key) === "true";
  } catch {
    return false;
  }
}

export function writeFlag(key: string, kind: StorageKind, storage = storageOf(kind)): void {
  try {
    storage?.setItem(key, "true");
  } catch {
    // Not kept: the card or banner may come back on the next visit, which is harmless.
  }
}
