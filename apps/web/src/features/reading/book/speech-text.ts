// Cutting the chapter's text into what read-aloud speaks at a time: sentences, and long sentences
// at a comma or a space, because some speech engines stop an utterance after about 15 seconds.
import type { ChapterMap } from "./locator.ts";

export interface SpeechChunk {
  /** Chapter offsets of the chunk's text. */
  start: number;
  end: number;
  text: string;
}

export const MAX_CHUNK_CHARS = 220;

/** Splits `text` (which starts at chapter offset `base`) into chunks, skipping blank stretches. */
export function speechChunks(text: string, base = 0, maxChars = MAX_CHUNK_CHARS): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  // A sentence: up to and including its closing punctuation (and quotes), or to the end.
  const sentence = /[^.!?…。！？]+(?:[.!?…。！？]+["'”’)\]]*|$)/gu;
  for (const match of text.matchAll(sentence)) {
    const start = match.index ?? 0;
    for (const piece of splitLong(match[0], maxChars)) {
      const leading = piece.text.length - piece.text.trimStart().length;
      const trimmed = piece.text.trim();
      if (!/[\p{L}\p{N}]/u.test(trimmed)) continue;
      const from = base + start + piece.at + leading;
      chunks.push({ start: from, end: from + trimmed.length, text: trimmed.replace(/\s+/g, " ") });
    }
  }
  return chunks;
}

function splitLong(text: string, maxChars: number): Array<{ at: number; text: string }> {
  const pieces: Array<{ at: number; text: string }> = [];
  let at = 0;
  while (text.length - at > maxChars) {
    const window = text.slice(at, at + maxChars);
    const comma = Math.max(window.lastIndexOf(", "), window.lastIndexOf("; "), window.lastIndexOf(": "));
    const space = window.lastIndexOf(" ");
    const cut = comma > maxChars / 3 ? comma + 1 : space > maxChars / 3 ? space : maxChars;
    pieces.push({ at, text: text.slice(at, at + cut) });
    at += cut;
  }
  pieces.push({ at, text: text.slice(at) });
  return pieces;
}

/** The chunk to go on from after a pause or a page turn: the one holding `offset`, else the next. */
export function chunkIndexAt(chunks: readonly SpeechChunk[], offset: number): number {
  const index = chunks.findIndex((chunk) => chunk.end > offset);
  return index < 0 ? chunks.length : index;
}

export const SPEECH_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

/**
 * The chunks from chapter offset `from` to the chapter's end, never running across two blocks
 * (a heading without a full stop is not read into the paragraph after it).
 */
export function chapterSpeechChunks(
  map: Pick<ChapterMap, "texts" | "textStarts" | "textBlocks" | "length">,
  from: number,
): SpeechChunk[] {
  const chunks: SpeechChunk[] = [];
  let runText = "";
  let runStart = -1;
  let runBlock = Number.NaN;
  const flush = () => {
    if (runStart >= 0 && runText) chunks.push(...speechChunks(runText, runStart));
    runText = "";
    runStart = -1;
  };
  for (let index = 0; index < map.texts.length; index++) {
    const value = map.texts[index]?.nodeValue ?? "";
    const start = map.textStarts[index] ?? 0;
    const end = start + value.length;
    if (end <= from) continue;
    const block = map.textBlocks[index] ?? -1;
    if (block !== runBlock) {
      flush();
      runBlock = block;
    }
    const skip = Math.max(0, from - start);
    if (runStart < 0) runStart = start + skip;
    runText += value.slice(skip);
  }
  flush();
  return chunks;
}
