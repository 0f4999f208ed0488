// EPUB 3 media overlays (read-along): the SMIL files that pair each phrase of a document with the
// stretch of recorded narration that speaks it, read into plain clips, and the narration's audio
// files, checked and copied next to the episodes that play them.
import { randomUUID } from "node:crypto";
import { constants } from "node:fs";
import { copyFile, open, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { ImportContext } from "./context.ts";
import { resolveHref } from "./epub-href.ts";
import type { EpubPackage, ManifestItem } from "./epub-package.ts";
import { formatBytes } from "./limits.ts";
import { safeFileName, uniqueName } from "./stored-names.ts";
import { attribute, children, elements, parseXml, type XmlDoc } from "./xml.ts";
import type { SafeZip } from "./zip.ts";

export interface OverlayClip {
  /** Archive path of the text document and the id of the narrated element in it. */
  textPath: string;
  fragment: string;
  /** Archive path of the audio file; begin and end in milliseconds (end null: to the end of the file). */
  audioPath: string;
  beginMs: number;
  endMs: number | null;
}

/** A SMIL file is a list of short references; anything bigger is not a real one. */
const MAX_SMIL_BYTES = 4 * 1024 * 1024;
/** Far more phrases than any chapter has, so a hostile file cannot make a huge payload. */
const MAX_CLIPS = 20_000;
/** A whole audiobook chapter at a generous bitrate fits well within this. */
const MAX_AUDIO_BYTES = 300 * 1024 * 1024;

// One fixed text per kind of problem, so the context keeps a single warning however many
// documents have it.
const UNREADABLE_OVERLAY = "The read-along narration of some chapters could not be read and was left out.";
const TOO_MANY_CLIPS = `Some chapters have more than ${MAX_CLIPS.toLocaleString("en")} narrated phrases; the read-along stops there.`;
const BAD_TIMING = "Some narrated phrases with unreadable timings were left out of the read-along.";
const REMOTE_AUDIO = "Read-along narration loading from other websites was left out.";

/** The clips of one document's overlay, in playing order; [] when it has none or it cannot be read (warn once). */
export async function readOverlay(
  zip: SafeZip,
  pkg: EpubPackage,
  item: ManifestItem,
  ctx: ImportContext,
): Promise<OverlayClip[]> {
  if (!item.mediaOverlay) return [];
  const smil = await readSmil(zip, pkg.byId.get(item.mediaOverlay));
  const body = smil ? elements(smil.$, "body").first() : null;
  if (!smil || !body?.length) {
    ctx.warn(UNREADABLE_OVERLAY);
    return [];
  }
  const { $, path: smilPath } = smil;

  const clips: OverlayClip[] = [];
  // Nested <seq> only group phrases (a paragraph, a table cell): the <par> in document order are
  // the playing order, whatever the nesting.
  for (const element of elements($, "par", body).toArray()) {
    const par = $(element);
    const audio = children(par, "audio").first();
    // Phrases without recorded audio are meant for speech synthesis, which we do not do here.
    if (!audio.length) continue;
    const target = resolveHref(smilPath, attribute(children(par, "text").first(), "src") ?? "");
    if (!target || !("path" in target)) continue;
    if ((zip.resolveName(target.path) ?? target.path) !== item.path) continue;
    const source = resolveHref(smilPath, attribute(audio, "src") ?? "");
    if (!source) continue;
    if ("external" in source) {
      ctx.warn(REMOTE_AUDIO);
      continue;
    }
    const beginMs = parseClock(attribute(audio, "clipBegin") ?? "0");
    const endText = attribute(audio, "clipEnd");
    // A clipEnd that does not parse is taken as -1, so that it fails the check below.
    const endMs = endText === undefined ? null : (parseClock(endText) ?? -1);
    if (beginMs === null || (endMs !== null && endMs <= beginMs)) {
      ctx.warn(BAD_TIMING);
      continue;
    }
    if (clips.length === MAX_CLIPS) {
      ctx.warn(TOO_MANY_CLIPS);
      break;
    }
    clips.push({
      textPath: item.path,
      fragment: decodeFragment(target.fragment),
      audioPath: zip.resolveName(source.path) ?? source.path,
      beginMs,
      endMs,
    });
  }
  return clips;
}

/** The overlay's SMIL document, or null when it is missing, too large or cannot be read. */
async function readSmil(
  zip: SafeZip,
  smil: ManifestItem | undefined,
): Promise<{ path: string; $: XmlDoc } | null> {
  const smilPath = smil ? zip.resolveName(smil.path) : null;
  const size = smilPath ? zip.entries.find((entry) => entry.name === smilPath)?.size : undefined;
  if (!smilPath || size === undefined || size > MAX_SMIL_BYTES) return null;
  try {
    return { path: smilPath, $: parseXml(await zip.readText(smilPath, MAX_SMIL_BYTES)) };
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    return null;
  }
}

/** A fragment is written URL-encoded; the element's id is what it decodes to. */
function decodeFragment(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}

const CLOCK_UNITS: Record<string, number> = { h: 3_600_000, min: 60_000, s: 1000, ms: 1 };

/** SMIL clock values: "0:00:01.200", "00:01.2", "5", "1.5s", "1200ms", "2.5min", "0.5h"; null when malformed. */
export function parseClock(value: string): number | null {
  const text = value.trim();
  // Full clock (hours:minutes:seconds) and partial clock (minutes:seconds), as SMIL 3 defines them.
  const clock = /^(?:(\d+):)?([0-5]\d):([0-5]\d(?:\.\d+)?)$/.exec(text);
  if (clock) {
    const [, hours = "0", minutes = "0", seconds = "0"] = clock;
    return finiteMs((Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds)) * 1000);
  }
  // Timecount: a number with an optional unit, seconds when none is given.
  const count = /^(\d+(?:\.\d+)?)(h|min|s|ms)?$/.exec(text);
  if (!count) return null;
  const [, amount = "0", unit = "s"] = count;
  return finiteMs(Number(amount) * (CLOCK_UNITS[unit] ?? 1000));
}

/** Whole milliseconds (finer is below what anyone hears, and avoids float noise like 29268.000000004). */
function finiteMs(ms: number): number | null {
  return Number.isFinite(ms) ? Math.round(ms) : null;
}

/** What the first bytes of an audio file say it is: the extension to store it with, or null. */
export function audioExtension(head: Buffer): string | null {
  const ascii = (from: number, to: number) => head.subarray(from, to).toString("latin1");
  if (ascii(0, 3) === "ID3") return "mp3";
  if (ascii(4, 8) === "ftyp") return "m4a";
  if (ascii(0, 4) === "OggS") return "ogg";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WAVE") return "wav";
  if (ascii(0, 4) === "fLaC") return "flac";
  // An MPEG audio frame starts with 11 set bits (an MP3 without ID3 tags).
  if (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0) return "mp3";
  return null;
}

/** An archive file's check, made once: usable audio waiting at `location` (a staging path), or not. */
type Checked =
  | { ok: true; extension: string; location: Promise<string> | null; workFile: string }
  | { ok: false };

/**
 * Copies narration audio into `<episodeDir>/audio/`, checked once per archive file. The first
 * episode to use a file takes the checked copy; later ones copy it from there, so a large file is
 * inflated only once. Problems are counted and reported as one warning each.
 */
export class AudioCopier {
  private readonly checked = new Map<string, Promise<Checked>>();
  private readonly missing = new Set<string>();
  private readonly tooLarge = new Set<string>();
  private readonly unusable = new Set<string>();
  private readonly zip: SafeZip;
  private readonly ctx: ImportContext;

  constructor(zip: SafeZip, ctx: ImportContext) {
    this.zip = zip;
    this.ctx = ctx;
  }

  forEpisode(dir: string) {
    // One promise per file, so two clips asking at once still make one copy.
    const stored = new Map<string, Promise<string | null>>();
    const written: string[] = [];
    const used = new Set<string>();
    return {
      files: (): string[] => written.map((name) => `audio/${name}`),
      copy: async (audioPath: string): Promise<string | null> => {
        const entryName = this.zip.resolveName(audioPath);
        if (!entryName) {
          this.missing.add(audioPath);
          return null;
        }
        let name = stored.get(entryName);
        if (!name) {
          name = this.store(entryName, dir, used).then((result) => {
            if (result) written.push(result);
            return result;
          });
          stored.set(entryName, name);
        }
        const result = await name;
        return result ? `audio/${result}` : null;
      },
    };
  }

  private async store(entryName: string, dir: string, used: Set<string>): Promise<string | null> {
    let checking = this.checked.get(entryName);
    if (!checking) {
      checking = this.check(entryName);
      this.checked.set(entryName, checking);
    }
    const checked = await checking;
    if (!checked.ok) return null;
    const name = uniqueName(safeFileName(entryName, checked.extension, "narration"), used);
    await this.ctx.makeDir(path.posix.join(dir, "audio"));
    const destination = this.ctx.outPath(path.posix.join(dir, "audio", name));
    if (!checked.location) {
      // The first episode moves the checked file into place; the others wait for that, then copy.
      const from = checked.workFile;
      checked.location = rename(from, destination).then(() => destination);
      await checked.location;
    } else {
      await copyFile(await checked.location, destination, constants.COPYFILE_EXCL);
    }
    return name;
  }

  /** Inflates the file into the work folder and reads its first bytes: audio Chromium plays, or refused. */
  private async check(entryName: string): Promise<Checked> {
    const size = this.zip.entries.find((entry) => entry.name === entryName)?.size ?? 0;
    if (size > MAX_AUDIO_BYTES) {
      this.tooLarge.add(entryName);
      return { ok: false };
    }
    const work = await this.ctx.workDir();
    const file = path.join(work, `narration-${randomUUID()}`);
    // Streamed to disk rather than read into memory: narration files can be hundreds of megabytes.
    await this.zip.extract(entryName, file, MAX_AUDIO_BYTES);
    const head = Buffer.alloc(12);
    const handle = await open(file, "r");
    try {
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
    const extension = audioExtension(head);
    if (!extension) {
      await rm(file, { force: true });
      this.unusable.add(entryName);
      return { ok: false };
    }
    return { ok: true, extension, location: null, workFile: file };
  }

  reportWarnings(): void {
    const plural = (count: number) => (count === 1 ? "narration file" : "narration files");
    const was = (count: number) => (count === 1 ? "was" : "were");
    const missing = this.missing.size;
    const tooLarge = this.tooLarge.size;
    const unusable = this.unusable.size;
    if (missing)
      this.ctx.warn(`${missing} ${plural(missing)} missing from the book ${was(missing)} left out.`);
    if (tooLarge) {
      this.ctx.warn(
        `${tooLarge} ${plural(tooLarge)} larger than ${formatBytes(MAX_AUDIO_BYTES)} ${was(tooLarge)} left out.`,
      );
    }
    if (unusable) {
      this.ctx.warn(
        `${unusable} ${plural(unusable)} could not be used (they must be MP3, MP4, Ogg, WAV or FLAC audio) and ${was(unusable)} left out.`,
      );
    }
  }
}
