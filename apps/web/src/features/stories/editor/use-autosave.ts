// Saves the draft a moment after each change: only what differs from what the server last
// accepted, against the revision it was based on. A change elsewhere (another tab, another admin)
// stops the saving with the conflict message rather than overwrite it; any other failure waits for
// a retry (the button, or the next edit).
import { MAX_PAYLOAD_BYTES } from "@litverse/shared/constants";
import { STORY_LIMITS } from "@litverse/shared/stories/story-model";
import { useMutation } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { describeError, errorCode } from "../../../lib/errors.ts";
import { trpc } from "../../../lib/trpc.ts";
import { useLeaveWarning } from "../../../lib/use-leave-warning.ts";
import { SERVER_CHECKS } from "./save-checks.ts";
import { afterSave, planSave, type SavedState, type SaveLimits, savedStateOf } from "./save-plan.ts";
import type { StoryDraft } from "./story-draft.ts";

/** How long the editor waits after the last change before saving. */
export const AUTOSAVE_DELAY_MS = 800;

/** Room is left for the call's other fields and the protocol's own. */
const LIMITS: SaveLimits = { maxScenes: STORY_LIMITS.maxScenesPerSave, maxBytes: MAX_PAYLOAD_BYTES * 0.8 };

export const CONFLICT_MESSAGE = "This story was changed elsewhere. Reload to see the latest version.";

export type SaveStatus =
  | { state: "saved" }
  | { state: "pending" }
  | { state: "saving" }
  | { state: "failed"; message: string }
  | { state: "conflict"; message: string };

export interface Autosave {
  status: SaveStatus;
  /** Saves now: the retry button, and before publishing. Resolves once the server has everything. */
  flush: () => Promise<boolean>;
  /** Changes not yet accepted by the server. */
  isDirty: boolean;
}

export function useAutosave({
  storyId,
  draft,
  saved: initialSaved,
  revision: initialRevision,
  onSaved,
}: {
  storyId: string;
  draft: StoryDraft;
  /** The draft as the server sent it. */
  saved: StoryDraft;
  revision: number;
  onSaved?: () => void;
}): Autosave {
  const save = useMutation(trpc.stories.saveStoryDraft.mutationOptions());
  const savedRef = useRef<SavedState | null>(null);
  if (savedRef.current === null) savedRef.current = savedStateOf(initialSaved);
  const revisionRef = useRef(initialRevision);
  const draftRef = useRef(draft);
  draftRef.current = draft;
  const running = useRef<Promise<boolean> | null>(null);
  const isStopped = useRef(false);
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  const [status, setStatus] = useState<SaveStatus>({ state: "saved" });

  const plan = useCallback(
    () => planSave(savedRef.current as SavedState, draftRef.current, LIMITS, SERVER_CHECKS),
    [],
  );
  const hasChanges = useCallback(() => {
    const { batches, heldBack } = plan();
    return batches.length > 0 || heldBack.length > 0;
  }, [plan]);

  const run = useCallback(async (): Promise<boolean> => {
    // One save at a time; the one running picks up whatever changed meanwhile.
    if (running.current) {
      const earlier = await running.current;
      if (!earlier || !hasChanges()) return earlier;
    }
    if (isStopped.current) return false;
    const job = (async () => {
      for (;;) {
        const { batches, heldBack } = plan();
        if (batches.length === 0) {
          if (heldBack.length === 0) break;
          setStatus({ state: "failed", message: heldBack[0] as string });
          return false;
        }
        setStatus({ state: "saving" });
        try {
          for (const batch of batches) {
            const result = await save.mutateAsync({ storyId, baseRevision: revisionRef.current, ...batch });
            revisionRef.current = result.revision;
            savedRef.current = afterSave(savedRef.current as SavedState, batch);
          }
          onSavedRef.current?.();
        } catch (error) {
          if (errorCode(error) === "CONFLICT") {
            isStopped.current = true;
            setStatus({ state: "conflict", message: CONFLICT_MESSAGE });
          } else {
            setStatus({
              state: "failed",
              message: describeError(error, "The server did not answer.").message,
            });
          }
          return false;
        }
      }
      setStatus({ state: "saved" });
      return true;
    })();
    running.current = job;
    try {
      return await job;
    } finally {
      if (running.current === job) running.current = null;
    }
  }, [save.mutateAsync, storyId, hasChanges, plan]);

  // A change waits for a pause, then saves; a failed save waits for the next change or a retry.
  const isChanged = draft !== initialSaved && hasChanges();
  // biome-ignore lint/correctness/useExhaustiveDependencies: every new draft restarts the wait
  useEffect(() => {
    if (isStopped.current || !isChanged) return;
    setStatus((current) => (current.state === "failed" ? current : { state: "pending" }));
    const timer = setTimeout(() => void run(), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, isChanged, run]);

  // Leaving the editor inside the app sends what is still waiting rather than dropping it.
  useEffect(
    () => () => {
      if (!isStopped.current && hasChanges()) void run();
    },
    [run, hasChanges],
  );

  useLeaveWarning(isChanged || status.state === "saving");
  return { status, flush: run, isDirty: isChanged };
}
