// The kinds of file the media route serves, by extension, with the Content-Type they go out with
// (and are stored with in a bucket).
import path from "node:path";

/**
 * What may be served, by extension. Anything else is a 404, notably chapter HTML (it reaches
 * readers only through functions, sanitised), SVG and scripts: served from our origin they could
 * run in it.
 */
export const SERVED_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
  mp4: "video/mp4",
  webm: "video/webm",
  m4a: "audio/mp4",
  m4b: "audio/mp4",
  mp3: "audio/mpeg",
  // A book's narration (read-along) as the book ships it.
  ogg: "audio/ogg",
  opus: "audio/ogg",
  wav: "audio/wav",
  flac: "audio/flac",
  // A book's own fonts (publisher styles).
  woff2: "font/woff2",
  woff: "font/woff",
  otf: "font/otf",
  ttf: "font/ttf",
  vtt: "text/vtt; charset=utf-8",
  pdf: "application/pdf",
};

/** The Content-Type `key` is served with, or null when files like it are never served. */
export function servedType(key: string): string | null {
  return SERVED_TYPES[path.posix.extname(key).slice(1).toLowerCase()] ?? null;
}
