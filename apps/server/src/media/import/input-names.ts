// How an import's files are named: the kinds of file inside archives by extension, the leftovers
// to skip, and a file's name as messages quote it. Every reader of an import uses these.
import type { ImportInput } from "./types.ts";

export const PAGE_IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp", "avif", "gif"];
export const AUDIO_EXTENSIONS = ["m4b", "m4a", "mp3", "aac"];

/** Files inside an archive that are operating-system leftovers, not content. */
export function isJunkEntry(name: string): boolean {
  const parts = name.split("/");
  const last = parts.at(-1) ?? "";
  return (
    parts[0] === "__MACOSX" ||
    parts.some((part) => part.startsWith(".")) ||
    ["thumbs.db", "desktop.ini"].includes(last.toLowerCase())
  );
}

export function quoted(input: ImportInput): string {
  return `“${input.name}”`;
}
