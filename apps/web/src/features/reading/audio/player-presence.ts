// Whether an audiobook is loaded in the player: all the app's frame needs to know before it loads
// the mini-player's code, so this stays tiny and free of imports.

let isPresent = false;
const listeners = new Set<() => void>();

export function subscribePresence(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function playerIsPresent(): boolean {
  return isPresent;
}

export function setPlayerPresent(present: boolean): void {
  if (present === isPresent) return;
  isPresent = present;
  for (const listener of listeners) listener();
}
