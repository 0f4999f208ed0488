// Names for the files an import copies next to an episode (pictures, narration): safe on every
// file system and in a URL, and unique within the episode's folder.
import path from "node:path";

/** "Images/My Pic (1).JPG" → "my-pic-1.jpg": letters, digits, dashes and one dot. */
export function safeFileName(entryName: string, extension: string, fallback: string): string {
  const cleaned = path.posix
    .basename(entryName)
    .replace(/\.[^.]*$/, "")
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .toLowerCase()
    .slice(0, 80);
  return `${cleaned || fallback}.${extension}`;
}

/** The name, or the name with "-2", "-3"… before its extension, whichever the folder has not used. */
export function uniqueName(name: string, used: Set<string>): string {
  const dot = name.lastIndexOf(".");
  let candidate = name;
  for (let counter = 2; used.has(candidate); counter++) {
    candidate = `${name.slice(0, dot)}-${counter}${name.slice(dot)}`;
  }
  used.add(candidate);
  return candidate;
}
