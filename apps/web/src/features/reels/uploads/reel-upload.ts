// Sending a reel's video with the tus protocol (tus-js-client): in chunks the server keeps as they
// arrive, so a dropped connection retries from where it stopped, and the upload's address is kept
// in this browser's storage under the file's fingerprint, so choosing the same file again after a
// reload continues it instead of starting over.
import { REEL_UPLOAD_PATH } from "@litverse/shared/reels";
import { type DetailedError, defaultOptions, type PreviousUpload, Upload } from "tus-js-client";
import { formatBytes } from "../../../lib/uploads.ts";

/** Waits between tries after a failure: about two and a half minutes of retrying in all. */
export const RETRY_DELAYS = [0, 1_000, 2_000, 4_000, 8_000, 15_000, 30_000, 30_000, 30_000, 30_000];
/** Each request carries at most this much, so what arrived is kept even if the next one fails. */
export const CHUNK_BYTES = 5 * 1024 ** 2;

const FINGERPRINT_PREFIX = "litverse-reel";

/** The key an upload is remembered under: the person and the file, so another account never resumes it. */
export function reelFingerprint(
  userId: string,
  file: Pick<File, "name" | "type" | "size" | "lastModified">,
): string {
  return [FINGERPRINT_PREFIX, userId, file.name, file.type, file.size, file.lastModified].join("-");
}

/** The upload's id, which createReel takes: the last segment of the address the server gave it. */
export function uploadIdFromUrl(url: string): string {
  const path = new URL(url, "http://localhost").pathname.replace(/\/+$/, "");
  return decodeURIComponent(path.slice(path.lastIndexOf("/") + 1));
}

export interface UploadFailure {
  message: string;
  /** The same file can carry on (the connection, the server for a moment), rather than never. */
  canResume: boolean;
}

/** A short, human reason from the server's answer, if it gave one. */
function serverReason(body: string | undefined): string | null {
  const text = body?.trim();
  if (!text || text.length > 300 || text.startsWith("<")) return null;
  try {
    const parsed = JSON.parse(text) as { message?: unknown; error?: { message?: unknown } };
    const message = parsed.message ?? parsed.error?.message;
    return typeof message === "string" ? message : null;
  } catch {
    return text;
  }
}

/** What to tell the person about a failed upload, and whether trying again can help. */
export function describeUploadFailure(error: unknown, maxBytes: number): UploadFailure {
  const response = (error as Partial<DetailedError> | null)?.originalResponse ?? null;
  const status = response?.getStatus() ?? 0;
  const reason = serverReason(response?.getBody());
  if (status === 413) {
    return {
      message: reason ?? `This video is too large: a reel may be at most ${formatBytes(maxBytes)}.`,
      canResume: false,
    };
  }
  if (status === 415) return { message: reason ?? "This file is not a video.", canResume: false };
  if (status === 401)
    return { message: "Your session has expired. Sign in again and retry.", canResume: true };
  if (status === 403) return { message: reason ?? "You may not upload this.", canResume: false };
  if (status === 404 || status === 410) {
    return { message: "The upload was not found on the server any more. Start it again.", canResume: false };
  }
  if (status === 429)
    return { message: "Too many uploads at once. Wait a moment and resume.", canResume: true };
  if (status === 0 || status >= 500) {
    return {
      message: "The connection dropped. The upload continues where it stopped when you resume.",
      canResume: true,
    };
  }
  return { message: reason ?? "The upload failed. Please try again.", canResume: false };
}

/** Whether tus-js-client should try again after `error` on its own (network and server trouble). */
export function shouldRetry(error: Partial<DetailedError> | null): boolean {
  const status = error?.originalResponse?.getStatus() ?? 0;
  return (
    status === 0 || status === 401 || status === 409 || status === 423 || status === 429 || status >= 500
  );
}

export interface UploadCallbacks {
  onProgress: (sent: number, total: number) => void;
  /** A request failed and another try is on its way. */
  onRetrying: () => void;
  onSuccess: (uploadId: string) => void;
  onError: (error: unknown) => void;
}

export interface StartedUpload {
  /** Stops sending; what arrived stays on the server, and the fingerprint stays for resuming. */
  pause: () => Promise<void>;
  /** Gives up: the server may drop the part it holds and this browser forgets it. */
  cancel: () => Promise<void>;
}

/**
 * Starts (or, when this browser has sent part of the same file before, continues) an upload.
 * `token` is read before every request, so a token refreshed meanwhile is the one sent.
 */
export async function startReelUpload(
  file: File,
  {
    userId,
    token,
    callbacks,
  }: { userId: string; token: () => string | undefined; callbacks: UploadCallbacks },
): Promise<StartedUpload> {
  let retrying = false;
  const upload = new Upload(file, {
    endpoint: REEL_UPLOAD_PATH,
    chunkSize: CHUNK_BYTES,
    retryDelays: RETRY_DELAYS,
    metadata: { filename: file.name, filetype: file.type || "application/octet-stream" },
    fingerprint: async (input) => reelFingerprint(userId, input as File),
    storeFingerprintForResuming: true,
    removeFingerprintOnSuccess: true,
    onBeforeRequest: (request) => {
      const current = token();
      if (current) request.setHeader("Authorization", `Bearer ${current}`);
    },
    onShouldRetry: (error) => {
      const again = shouldRetry(error);
      if (again) {
        retrying = true;
        callbacks.onRetrying();
      }
      return again;
    },
    onProgress: (sent, total) => {
      if (retrying && sent > 0) retrying = false;
      callbacks.onProgress(sent, total);
    },
    onSuccess: () => callbacks.onSuccess(uploadIdFromUrl(upload.url ?? "")),
    onError: (error) => callbacks.onError(error),
  });
  const previous = await upload.findPreviousUploads();
  const latest = previous.sort((a, b) => b.creationTime.localeCompare(a.creationTime))[0];
  if (latest) upload.resumeFromPreviousUpload(latest);
  upload.start();
  return {
    pause: () => upload.abort(false),
    cancel: async () => {
      await upload.abort(true).catch(() => {});
      await forgetUploads(userId, file);
    },
  };
}

export interface UnfinishedUpload {
  key: string;
  filename: string;
  size: number | null;
  uploadUrl: string | null;
  startedAt: string;
}

/** The uploads of this person that a closed or reloaded page left unfinished in this browser. */
export async function unfinishedUploads(userId: string): Promise<UnfinishedUpload[]> {
  const prefix = `tus::${FINGERPRINT_PREFIX}-${userId}-`;
  const all: PreviousUpload[] = await defaultOptions.urlStorage.findAllUploads().catch(() => []);
  return all
    .filter((entry) => entry.urlStorageKey.startsWith(prefix))
    .map((entry) => ({
      key: entry.urlStorageKey,
      filename: entry.metadata.filename ?? "video",
      size: entry.size,
      uploadUrl: entry.uploadUrl,
      startedAt: entry.creationTime,
    }))
    .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
}

/** Forgets an unfinished upload in this browser, and asks the server to drop what it holds. */
export async function discardUnfinished(entry: UnfinishedUpload, token: string | undefined): Promise<void> {
  if (entry.uploadUrl) {
    await Upload.terminate(entry.uploadUrl, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      retryDelays: null,
    }).catch(() => {});
  }
  await defaultOptions.urlStorage.removeUpload(entry.key);
}

async function forgetUploads(userId: string, file: File): Promise<void> {
  const entries = await defaultOptions.urlStorage.findUploadsByFingerprint(reelFingerprint(userId, file));
  for (const entry of entries) await defaultOptions.urlStorage.removeUpload(entry.urlStorageKey);
}

/** How much of an unfinished upload the server holds, 0..1, or null when it cannot say. */
export async function unfinishedFraction(
  entry: UnfinishedUpload,
  token: string | undefined,
): Promise<number | null> {
  if (!entry.uploadUrl || !entry.size) return null;
  try {
    const response = await fetch(entry.uploadUrl, {
      method: "HEAD",
      headers: { "Tus-Resumable": "1.0.0", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
    const offset = Number(response.headers.get("Upload-Offset"));
    return response.ok && Number.isFinite(offset) ? Math.min(1, offset / entry.size) : null;
  } catch {
    return null;
  }
}
