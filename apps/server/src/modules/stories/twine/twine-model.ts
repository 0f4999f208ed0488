/**
 * The story as Twine sees it, independent of the file it came from: both Twee 3 text and Twine 2
 * published HTML read into this and are written from it.
 */
export interface TwineStory {
  title: string;
  /** The Interactive Fiction ID; Twine generates one, hand-written Twee may lack it. */
  ifid: string | null;
  /** The story format's name; an empty string when the file does not say. */
  format: "SugarCube" | "Harlowe" | string;
  formatVersion: string | null;
  /** The name of the passage the story starts at (always one of `passages`). */
  start: string;
  passages: TwinePassage[];
}

export interface TwinePassage {
  name: string;
  tags: string[];
  /** Where the passage sits on Twine's map; null when the file gives none (or a malformed one). */
  position: { x: number; y: number } | null;
  size: { w: number; h: number } | null;
  text: string;
}

/** Any reason an uploaded file cannot be imported; the message is meant for the person importing. */
export class TwineImportError extends Error {
  override readonly name = "TwineImportError";
}

/** Limits that keep a hostile or mistaken upload from costing much memory or time. */
export const TWINE_LIMITS = {
  maxBytes: 5 * 1024 * 1024,
  maxPassages: 5_000,
  maxPassageChars: 100_000,
} as const;

/** Checks the whole input before any parsing, so that nothing large is ever tokenised. */
export function checkInputSize(input: string): void {
  // A UTF-16 length above the limit is certainly too many bytes; below it, count exactly.
  if (input.length > TWINE_LIMITS.maxBytes || Buffer.byteLength(input, "utf8") > TWINE_LIMITS.maxBytes) {
    throw new TwineImportError("The file is larger than 5 MB, the most a Twine story may be.");
  }
}

/** Checks the parsed story: passage count and lengths, unique names, and an existing start. */
export function checkStory(story: TwineStory): TwineStory {
  if (story.passages.length === 0) {
    throw new TwineImportError("The story has no passages.");
  }
  if (story.passages.length > TWINE_LIMITS.maxPassages) {
    throw new TwineImportError(
      `The story has ${story.passages.length} passages; at most ${TWINE_LIMITS.maxPassages} can be imported.`,
    );
  }
  const names = new Set<string>();
  for (const passage of story.passages) {
    if (passage.name.trim() === "") throw new TwineImportError("A passage has no name.");
    if (names.has(passage.name)) {
      throw new TwineImportError(`Two passages are named "${shorten(passage.name)}"; names must be unique.`);
    }
    names.add(passage.name);
    if (passage.text.length > TWINE_LIMITS.maxPassageChars) {
      throw new TwineImportError(
        `The passage "${shorten(passage.name)}" is longer than ${TWINE_LIMITS.maxPassageChars} characters.`,
      );
    }
  }
  if (story.start === "") throw new TwineImportError("The story does not say which passage it starts at.");
  if (!names.has(story.start)) {
    throw new TwineImportError(`The start passage "${shorten(story.start)}" is not in the story.`);
  }
  return story;
}

/** Keeps names quoted in messages and warnings short, whatever the input holds. */
export function shorten(text: string, max = 60): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** Reads Twine's "x,y" position and "w,h" size strings; anything else counts as absent. */
export function parsePair(value: unknown): [number, number] | null {
  if (typeof value !== "string") return null;
  const parts = value.split(",");
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((part) => (part.trim() === "" ? Number.NaN : Number(part)));
  if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  return [a, b];
}
