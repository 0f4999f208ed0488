// What an upload is, judged by its bytes (magic numbers, archive contents, ffprobe), never by its
// name: a name only shapes the message when the two disagree.
import { open } from "node:fs/promises";
import type { ContentType } from "@litverse/shared/content";
import { type ImportContext, refuse } from "./context.ts";
import { isImageOnlyFixedLayout } from "./epub-comic.ts";
import { AUDIO_EXTENSIONS, isJunkEntry, PAGE_IMAGE_EXTENSIONS, quoted } from "./input-names.ts";
import { isRealVideo, probe } from "./media-tools.ts";
import { extensionOf } from "./natural-sort.ts";
import type { ImportInput } from "./types.ts";
import { SafeZip } from "./zip.ts";

/** What the bytes at the start of a file say it is. */
export type Sniffed =
  | { kind: "zip" }
  | { kind: "media"; container: "mp4" | "matroska" | "mp3" }
  | { kind: "subtitle"; format: "vtt" | "srt" }
  | { kind: "other"; what: string; advice?: string };

export type ImportPlan =
  | { format: "epub"; type: "book" | "comic"; input: ImportInput; imageComic: boolean }
  | { format: "cbz"; type: "comic"; inputs: ImportInput[] }
  | { format: "audio"; type: "audiobook"; inputs: ImportInput[] }
  | { format: "audio-zip"; type: "audiobook"; input: ImportInput }
  | { format: "video"; type: "drama"; videos: ImportInput[]; subtitles: ImportInput[] };

type Classified =
  | { input: ImportInput; kind: "epub"; imageComic: boolean }
  | { input: ImportInput; kind: "cbz" }
  | { input: ImportInput; kind: "audio-zip" }
  | { input: ImportInput; kind: "audio" }
  | { input: ImportInput; kind: "video" }
  | { input: ImportInput; kind: "subtitle" };

const KIND_WORDS: Record<Classified["kind"], string> = {
  epub: "an EPUB book",
  cbz: "a comic archive",
  "audio-zip": "a ZIP of audio files",
  audio: "an audio file",
  video: "a video",
  subtitle: "a subtitle file",
};

export async function sniffFile(file: string): Promise<Sniffed> {
  const handle = await open(file, "r");
  let head: Buffer;
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    head = buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
  return sniff(head);
}

export function sniff(head: Buffer): Sniffed {
  const ascii = (start: number, end: number) => head.subarray(start, end).toString("latin1");
  const starts = (...bytes: number[]) => bytes.every((byte, i) => head[i] === byte);
  if (head.length === 0) return { kind: "other", what: "an empty file" };
  if (starts(0x50, 0x4b, 0x03, 0x04)) return { kind: "zip" };
  if (starts(0x50, 0x4b, 0x05, 0x06)) return { kind: "other", what: "an empty ZIP archive" };
  if (ascii(0, 6) === "Rar!\x1a\x07") {
    return {
      kind: "other",
      what: "a RAR archive",
      advice: "CBR (RAR) comics are not supported yet: repack the pages as a CBZ (ZIP) file.",
    };
  }
  if (starts(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c)) {
    return {
      kind: "other",
      what: "a 7-Zip archive",
      advice: "7-Zip (CB7) archives are not supported: repack the files as a ZIP (CBZ) file.",
    };
  }
  if (ascii(0, 5) === "%PDF-") {
    return {
      kind: "other",
      what: "a PDF document",
      advice:
        "PDF files are not supported yet: convert a book to EPUB, or put comic pages in a CBZ (ZIP) file.",
    };
  }
  if (ascii(60, 68) === "BOOKMOBI") {
    return {
      kind: "other",
      what: "a Kindle (MOBI/AZW) book",
      advice: "Kindle books are not supported: convert the book to EPUB.",
    };
  }
  if (starts(0xff, 0xd8, 0xff)) return image("a JPEG image");
  if (starts(0x89, 0x50, 0x4e, 0x47)) return image("a PNG image");
  if (ascii(0, 4) === "GIF8") return image("a GIF image");
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return image("a WebP image");
  if (ascii(0, 2) === "BM") return image("a BMP image");
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return image("a TIFF image");
  if (ascii(4, 8) === "ftyp") {
    const brand = ascii(8, 12);
    if (["avif", "avis"].includes(brand)) return image("an AVIF image");
    if (["heic", "heix", "mif1", "msf1", "hevc"].includes(brand)) return image("a HEIC image");
    return { kind: "media", container: "mp4" };
  }
  // Old QuickTime files start with a movie atom rather than `ftyp`.
  if (["moov", "mdat", "wide", "free", "skip", "pnot"].includes(ascii(4, 8))) {
    return { kind: "media", container: "mp4" };
  }
  if (starts(0x1a, 0x45, 0xdf, 0xa3)) return { kind: "media", container: "matroska" };
  if (ascii(0, 3) === "ID3") return { kind: "media", container: "mp3" };
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return unsupportedAudio("WAV");
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "AVI ") {
    return {
      kind: "other",
      what: "an AVI video",
      advice: "AVI videos are not supported: convert the video to MP4.",
    };
  }
  if (ascii(0, 4) === "OggS") return unsupportedAudio("Ogg");
  if (ascii(0, 4) === "fLaC") return unsupportedAudio("FLAC");
  if (starts(0x1f, 0x8b)) return archive("a gzip-compressed file");
  if (ascii(257, 262) === "ustar") return archive("a TAR archive");
  // MPEG audio frame sync (11 set bits); JPEG was ruled out above.
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return { kind: "media", container: "mp3" };
  return sniffText(head);
}

function image(what: string): Sniffed {
  return {
    kind: "other",
    what,
    advice: "A single image cannot be imported: put comic pages in a CBZ (ZIP) file.",
  };
}

function unsupportedAudio(name: string): Sniffed {
  return {
    kind: "other",
    what: `${name} audio`,
    advice: `${name} audio is not supported yet: convert it to M4B, M4A or MP3.`,
  };
}

function archive(what: string): Sniffed {
  return { kind: "other", what, advice: "Only ZIP archives (EPUB, CBZ, ZIP) can be imported." };
}

function sniffText(head: Buffer): Sniffed {
  if (head.includes(0)) return { kind: "other", what: "a file Litverse does not recognise" };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
  } catch {
    // Legacy encodings (Windows-1252 subtitles) are still text.
    text = head.toString("latin1");
  }
  const trimmed = text.replace(/^\uFEFF/, "");
  if (/^WEBVTT(?:[ \t\r\n]|$)/.test(trimmed)) return { kind: "subtitle", format: "vtt" };
  if (/^\s*\d+\s*\r?\n\s*\d{1,2}:\d{2}:\d{2}[,.]\d{1,3}\s*-->/.test(trimmed)) {
    return { kind: "subtitle", format: "srt" };
  }
  const start = trimmed.trimStart().slice(0, 200).toLowerCase();
  if (start.startsWith("<!doctype html") || start.startsWith("<html"))
    return { kind: "other", what: "a web page" };
  if (start.startsWith("<?xml") || start.startsWith("<")) return { kind: "other", what: "an XML file" };
  return { kind: "other", what: "a text file" };
}

/** What a name's extension promises, for "x.epub is not an EPUB" messages. */
function promisedKind(name: string): string | null {
  const extension = extensionOf(name);
  if (extension === "epub") return "an EPUB";
  if (extension === "cbz") return "a CBZ comic";
  if (extension === "zip") return "a ZIP archive";
  if (["mp4", "m4v", "mov", "mkv", "webm"].includes(extension)) return "a video";
  if (["mp3", "m4a", "m4b", "aac"].includes(extension)) return "an audio file";
  if (["vtt", "srt"].includes(extension)) return "a subtitle file";
  return null;
}

function refuseOther(input: ImportInput, sniffed: Extract<Sniffed, { kind: "other" }>): Error {
  const promised = promisedKind(input.name);
  const advice = sniffed.advice ? ` ${sniffed.advice}` : "";
  if (promised && !(promised === "a CBZ comic" && sniffed.what === "a RAR archive")) {
    return refuse(`${quoted(input)} is not ${promised}: it is ${sniffed.what}.${advice}`);
  }
  if (sniffed.advice) return refuse(`${quoted(input)} is ${sniffed.what}. ${sniffed.advice}`);
  return refuse(
    `${quoted(input)} is ${sniffed.what}, which Litverse cannot import. Litverse imports EPUB books, CBZ comics, M4B/M4A/MP3 audiobooks and MP4/MOV/WebM/MKV videos.`,
  );
}

async function classifyZip(input: ImportInput, ctx: ImportContext): Promise<Classified> {
  const zip = await SafeZip.open(input.path, quoted(input), ctx.limits, ctx.signal);
  try {
    const mimetype = zip.has("mimetype") ? (await zip.readText("mimetype", 1024)).trim() : "";
    if (mimetype === "application/epub+zip" || zip.has("META-INF/container.xml")) {
      return { input, kind: "epub", imageComic: await isImageOnlyFixedLayout(zip, input) };
    }
    let images = 0;
    let audio = 0;
    for (const entry of zip.entries) {
      if (isJunkEntry(entry.name)) continue;
      const extension = extensionOf(entry.name);
      if (AUDIO_EXTENSIONS.includes(extension)) audio++;
      else if (PAGE_IMAGE_EXTENSIONS.includes(extension)) images++;
    }
    if (audio > 0) return { input, kind: "audio-zip" };
    if (images > 0) return { input, kind: "cbz" };
    throw refuse(
      `${quoted(input)} is a ZIP archive, but it holds no EPUB book, comic pages (JPEG, PNG, WebP, AVIF, GIF) or audio files (M4B, M4A, MP3).`,
    );
  } finally {
    zip.close();
  }
}

async function classify(input: ImportInput, ctx: ImportContext): Promise<Classified> {
  const sniffed = await sniffFile(input.path);
  if (sniffed.kind === "other") throw refuseOther(input, sniffed);
  if (sniffed.kind === "subtitle") return { input, kind: "subtitle" };
  if (sniffed.kind === "zip") {
    const promised = promisedKind(input.name);
    if (promised === "a video" || promised === "an audio file" || promised === "a subtitle file") {
      throw refuse(`${quoted(input)} is not ${promised}: it is a ZIP archive.`);
    }
    return classifyZip(input, ctx);
  }
  const probed = await probe(
    input.path,
    { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal },
    quoted(input),
  );
  if (probed.streams.some(isRealVideo)) return { input, kind: "video" };
  if (probed.streams.some((stream) => stream.codec_type === "audio")) return { input, kind: "audio" };
  throw refuse(`${quoted(input)} has neither sound nor pictures that Litverse can read.`);
}

/** Decides what an import is from its files' contents. */
export async function detectImport(inputs: ImportInput[], ctx: ImportContext): Promise<ImportPlan> {
  if (inputs.length === 0) throw refuse("No files were given to import.");
  const classified: Classified[] = [];
  for (const [index, input] of inputs.entries()) {
    ctx.progress(index / inputs.length, `Looking at ${quoted(input)}`);
    classified.push(await classify(input, ctx));
  }
  const kinds = new Set(classified.map((item) => item.kind));
  const only = (kind: Classified["kind"]) => kinds.size === 1 && kinds.has(kind);

  const first = classified[0];
  if (!first) throw refuse("No files were given to import.");
  if (first.kind === "epub" && classified.length === 1) {
    return {
      format: "epub",
      type: first.imageComic ? "comic" : "book",
      input: first.input,
      imageComic: first.imageComic,
    };
  }
  if (kinds.has("epub")) {
    throw refuse("An EPUB book is imported on its own: upload one EPUB file at a time.");
  }
  if (only("cbz")) return { format: "cbz", type: "comic", inputs: classified.map((item) => item.input) };
  if (first.kind === "audio-zip" && classified.length === 1) {
    return { format: "audio-zip", type: "audiobook", input: first.input };
  }
  if (kinds.has("audio-zip")) {
    throw refuse(
      "A ZIP of audio files is imported on its own: upload either one ZIP or the audio files themselves.",
    );
  }
  if (only("audio"))
    return { format: "audio", type: "audiobook", inputs: classified.map((item) => item.input) };
  if (kinds.has("video") && [...kinds].every((kind) => kind === "video" || kind === "subtitle")) {
    return {
      format: "video",
      type: "drama",
      videos: classified.filter((item) => item.kind === "video").map((item) => item.input),
      subtitles: classified.filter((item) => item.kind === "subtitle").map((item) => item.input),
    };
  }
  if (only("subtitle")) {
    throw refuse("Subtitle files (.vtt, .srt) can only be imported together with their video.");
  }
  const described = classified.map((item) => `${quoted(item.input)} is ${KIND_WORDS[item.kind]}`).join(", ");
  throw refuse(`These files do not belong to one title: ${described}. Import each title separately.`);
}

/** The content types a plan can be imported as when the admin chooses the type. */
export function possibleTypes(plan: ImportPlan): ContentType[] {
  if (plan.format === "epub") return plan.imageComic ? ["comic", "book"] : ["book"];
  return [plan.type];
}
