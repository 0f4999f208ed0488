// The draft being edited, with its undo and redo. Every change goes through `edit`, so every change
// (typing, moves, connections, layouts) can be undone, and the autosave sees each new draft.
import { useCallback, useMemo, useReducer } from "react";
import { canRedo, canUndo, type EditHistory, record, redo, startHistory, undo } from "./edit-history.ts";
import type { StoryDraft } from "./story-draft.ts";

type Action =
  | { type: "edit"; change: (draft: StoryDraft) => StoryDraft; key: string | null; now: number }
  | { type: "undo" }
  | { type: "redo" };

function reduce(history: EditHistory<StoryDraft>, action: Action): EditHistory<StoryDraft> {
  switch (action.type) {
    case "edit":
      return record(history, action.change(history.present), action.key, action.now);
    case "undo":
      return undo(history);
    case "redo":
      return redo(history);
  }
}

export interface DraftHistory {
  draft: StoryDraft;
  /**
   * Applies a change. `key` names the field it changes ("scene:<id>:text"), so that typing into
   * one field is one step to undo; leave it out for a change that is always its own step.
   */
  edit: (change: (draft: StoryDraft) => StoryDraft, key?: string) => void;
  undo: () => void;
  redo: () => void;
  canUndo: boolean;
  canRedo: boolean;
}

export function useDraftHistory(initial: () => StoryDraft): DraftHistory {
  const [history, dispatch] = useReducer(reduce, undefined, () => startHistory(initial()));
  const edit = useCallback(
    (change: (draft: StoryDraft) => StoryDraft, key?: string) =>
      dispatch({ type: "edit", change, key: key ?? null, now: Date.now() }),
    [],
  );
  const undoEdit = useCallback(() => dispatch({ type: "undo" }), []);
  const redoEdit = useCallback(() => dispatch({ type: "redo" }), []);
  return useMemo(
    () => ({
      draft: history.present,
      edit,
      undo: undoEdit,
      redo: redoEdit,
      canUndo: canUndo(history),
      canRedo: canRedo(history),
    }),
    [history, edit, undoEdit, redoEdit],
  );
}
