// Refusing early what the server would refuse anyway (not a video, too large, too long), with
// the same figures, so nobody waits through an upload to hear it. The server checks again with
// ffprobe: a file the browser cannot read (HEVC, say) goes up and is judged there.
import { formatDuration } from "../../../lib/format.ts";
import { formatBytes } from "../../../lib/uploads.ts";

/** Extensions of videos phones and screen recorders make, for files the browser gives no type. */
const VIDEO_EXTENSIONS = /\.(mp4|m4v|mov|qt|webm|mkv|3gp|3g2|avi|mts|m2ts|hevc)$/i;

export interface ReelLimits {
  maxBytes: number;
  maxDurationMs: number;
}

export function isVideoFile(file: Pick<File, "name" | "type">): boolean {
  if (file.type) return file.type.startsWith("video/");
  return VIDEO_EXTENSIONS.test(file.name);
}

/** Why this file cannot be a reel, judged from its type and size; null when it may be. */
export function fileProblem(file: Pick<File, "name" | "type" | "size">, limits: ReelLimits): string | null {
  if (!isVideoFile(file)) return `${file.name} is not a video. Choose a video file (MP4, MOV, WebM…).`;
  if (file.size === 0) return `${file.name} is empty.`;
  if (file.size > limits.maxBytes) {
    return `${file.name} is ${formatBytes(file.size)}: a reel may be at most ${formatBytes(limits.maxBytes)}.`;
  }
  return null;
}

/** Why a video this long cannot be a reel; null when it may be (or its length is unknown). */
export function durationProblem(durationMs: number | null, limits: ReelLimits): string | null {
  if (durationMs === null || !Number.isFinite(durationMs)) return null;
  if (durationMs > limits.maxDurationMs + 500) {
    return `This video is ${formatDuration(durationMs)} long: a reel may be at most ${formatDuration(limits.maxDurationMs)}.`;
  }
  return null;
}

/** The video's length as the browser reads it, or null when it cannot (a format it does not play). */
export function readDurationMs(file: File, timeoutMs = 5_000): Promise<number | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement("video");
    let settled = false;
    const done = (value: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      video.removeAttribute("src");
      video.load();
      URL.revokeObjectURL(url);
      resolve(value);
    };
    const timer = setTimeout(() => done(null), timeoutMs);
    video.preload = "metadata";
    video.muted = true;
    video.onloadedmetadata = () =>
      done(Number.isFinite(video.duration) && video.duration > 0 ? video.duration * 1000 : null);
    video.onerror = () => done(null);
    video.src = url;
  });
}
