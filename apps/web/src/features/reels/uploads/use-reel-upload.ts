// One reel upload as the page sees it: the file checked before sending, sent with progress,
// retried through a dropped connection (and resumed when the browser comes back online), and
// finished with the upload id createReel takes. Choosing the same file after a reload continues it.
import { REEL_MAX_DURATION_MS, REEL_MAX_UPLOAD_BYTES } from "@litverse/shared/reels";
import { useCallback, useEffect, useRef, useState } from "react";
import { socketToken } from "../../../lib/auth/socket-token.ts";
import { durationProblem, fileProblem, readDurationMs } from "./reel-file.ts";
import { describeUploadFailure, type StartedUpload, startReelUpload } from "./reel-upload.ts";

export const REEL_LIMITS = { maxBytes: REEL_MAX_UPLOAD_BYTES, maxDurationMs: REEL_MAX_DURATION_MS };

export type UploadState =
  | { kind: "idle"; problem: string | null }
  | { kind: "checking"; file: File }
  | { kind: "uploading"; file: File; sent: number; total: number; isRetrying: boolean }
  /** Stopped (the connection, the server); the same file carries on from `sent`. */
  | { kind: "stopped"; file: File; sent: number; total: number; message: string }
  /** Sent: `name` and `size` only, since a reload restores this from the draft without the file. */
  | { kind: "uploaded"; name: string; size: number; uploadId: string }
  /** Refused for good: another file is needed. */
  | { kind: "failed"; name: string; size: number; message: string };

export function useReelUpload(userId: string | null) {
  const [state, setState] = useState<UploadState>({ kind: "idle", problem: null });
  const upload = useRef<StartedUpload | null>(null);
  const stateRef = useRef(state);
  stateRef.current = state;

  const send = useCallback(
    async (file: File) => {
      if (!userId) return;
      setState({ kind: "uploading", file, sent: 0, total: file.size, isRetrying: false });
      upload.current = await startReelUpload(file, {
        userId,
        token: socketToken,
        callbacks: {
          onProgress: (sent, total) =>
            setState((current) =>
              current.kind === "uploading" || current.kind === "stopped"
                ? { kind: "uploading", file, sent, total, isRetrying: false }
                : current,
            ),
          onRetrying: () =>
            setState((current) =>
              current.kind === "uploading" ? { ...current, isRetrying: true } : current,
            ),
          onSuccess: (uploadId) => {
            upload.current = null;
            setState({ kind: "uploaded", name: file.name, size: file.size, uploadId });
          },
          onError: (error) => {
            upload.current = null;
            const failure = describeUploadFailure(error, REEL_MAX_UPLOAD_BYTES);
            setState((current) => {
              const sent = current.kind === "uploading" || current.kind === "stopped" ? current.sent : 0;
              return failure.canResume
                ? { kind: "stopped", file, sent, total: file.size, message: failure.message }
                : { kind: "failed", name: file.name, size: file.size, message: failure.message };
            });
          },
        },
      });
    },
    [userId],
  );

  /** Checks the file, then sends it (or carries on sending it, if this browser began before). */
  const choose = useCallback(
    async (file: File) => {
      await upload.current?.pause();
      upload.current = null;
      const problem = fileProblem(file, REEL_LIMITS);
      if (problem) {
        setState({ kind: "idle", problem });
        return;
      }
      setState({ kind: "checking", file });
      const tooLong = durationProblem(await readDurationMs(file), REEL_LIMITS);
      if (tooLong) {
        setState({ kind: "idle", problem: tooLong });
        return;
      }
      await send(file);
    },
    [send],
  );

  const resume = useCallback(() => {
    const current = stateRef.current;
    if (current.kind === "stopped") void send(current.file);
  }, [send]);

  /** Gives the upload up: the server drops what it holds. */
  const cancel = useCallback(async () => {
    const started = upload.current;
    upload.current = null;
    setState({ kind: "idle", problem: null });
    await started?.cancel();
  }, []);

  /** After posting: ready for the next reel. */
  const reset = useCallback(() => setState({ kind: "idle", problem: null }), []);

  /** The server refused the finished upload when it was posted (and has dropped it). */
  const refuse = useCallback((message: string) => {
    setState((current) =>
      current.kind === "uploaded"
        ? { kind: "failed", name: current.name, size: current.size, message }
        : current,
    );
  }, []);

  /** A finished upload remembered by the draft (the page was reloaded before posting). */
  const restore = useCallback((sent: { name: string; size: number; uploadId: string }) => {
    setState((current) => (current.kind === "idle" ? { kind: "uploaded", ...sent } : current));
  }, []);

  // Back online: a stopped upload carries on by itself.
  useEffect(() => {
    const onOnline = () => resume();
    window.addEventListener("online", onOnline);
    return () => window.removeEventListener("online", onOnline);
  }, [resume]);

  // Leaving the page keeps what was sent, for choosing the file again later.
  useEffect(
    () => () => {
      void upload.current?.pause();
    },
    [],
  );

  return { state, choose, resume, cancel, reset, restore, refuse };
}
