// Sending files to POST /api/uploads, the one HTTP route for files (functions travel over the
// WebSocket as JSON). XMLHttpRequest rather than fetch, because only it reports upload progress.
import type { UploadResult } from "@litverse/shared/jobs";

export const UPLOAD_URL = "/api/uploads";
/** The server's limits (apps/server/src/http/uploads.ts): administrators' imports, everyone's pictures. */
export const MAX_FILE_BYTES = 4 * 1024 ** 3;
export const MAX_TOTAL_BYTES = 8 * 1024 ** 3;
export const MAX_PICTURE_BYTES = 10 * 1024 ** 2;

export class UploadError extends Error {
  override name = "UploadError";
}

export class UploadCancelled extends Error {
  override name = "UploadCancelled";
}

/** "12.3 MB", "845 KB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** Why the files cannot be sent as they are, before sending them; null when they can. */
export function checkUploadSize(files: readonly File[]): string | null {
  const tooLarge = files.find((file) => file.size > MAX_FILE_BYTES);
  if (tooLarge) return `${tooLarge.name} is larger than 4 GB, the most one file may be.`;
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MAX_TOTAL_BYTES) return "These files come to more than 8 GB, the most one upload may be.";
  return null;
}

/**
 * Uploads the files; `onProgress` gets 0..1 as bytes leave. Rejects with an UploadError whose
 * message can be shown as it is, or UploadCancelled when `signal` aborts.
 */
export function uploadFiles(
  files: readonly File[],
  accessToken: string | undefined,
  { onProgress, signal }: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<UploadResult> {
  return new Promise((resolve, reject) => {
    if (!accessToken) {
      reject(new UploadError("Please sign in again before uploading."));
      return;
    }
    const form = new FormData();
    for (const file of files) form.append("files", file, file.name);
    const request = new XMLHttpRequest();
    request.open("POST", UPLOAD_URL);
    request.setRequestHeader("Authorization", `Bearer ${accessToken}`);
    request.responseType = "json";
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as (Partial<UploadResult> & { message?: string }) | null;
      if (request.status >= 200 && request.status < 300 && body?.uploadId) {
        onProgress?.(1);
        resolve(body as UploadResult);
        return;
      }
      const fallback =
        request.status === 413
          ? "The files are too large: at most 4 GB each and 8 GB together."
          : request.status === 401
            ? "Your session has expired. Sign in again and retry."
            : request.status === 429
              ? "Too many uploads at once. Wait a moment and try again."
              : "The upload failed. Please try again.";
      reject(new UploadError(body?.message || fallback));
    };
    request.onerror = () =>
      reject(new UploadError("The upload was interrupted. Check your connection and try again."));
    request.onabort = () => reject(new UploadCancelled("Upload cancelled"));
    signal?.addEventListener("abort", () => request.abort(), { once: true });
    request.send(form);
  });
}
