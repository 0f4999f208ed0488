// Undo and redo over whole drafts. Drafts share every unchanged scene, so keeping a few hundred of
// them costs little. Typing is one step, not one per key: an edit with the same key as the one
// just before (the same field of the same scene) within a moment replaces it instead of stacking.

export const HISTORY_LIMIT = 200;
/** Edits of one field closer together than this are one step. */
export const COALESCE_MS = 1_000;

export interface EditHistory<T> {
  past: readonly T[];
  present: T;
  future: readonly T[];
  /** What the last edit changed and when, for folding the next one into it. */
  lastKey: string | null;
  lastAt: number;
}

export function startHistory<T>(present: T): EditHistory<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 };
}

/**
 * Makes `next` the present. `key` names what changed ("scene:s-1:text"); without one the edit is
 * always its own step. An edit that changes nothing is ignored.
 */
export function record<T>(history: EditHistory<T>, next: T, key: string | null, now: number): EditHistory<T> {
  if (next === history.present) return history;
  const isSameStep = key !== null && key === history.lastKey && now - history.lastAt < COALESCE_MS;
  if (isSameStep) return { ...history, present: next, future: [], lastAt: now };
  const past = [...history.past, history.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: next, future: [], lastKey: key, lastAt: now };
}

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
    lastAt: 0,
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...rest] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future: rest, lastKey: null, lastAt: 0 };
}

export const canUndo = (history: EditHistory<unknown>) => history.past.length > 0;
export const canRedo = (history: EditHistory<unknown>) => history.future.length > 0;
