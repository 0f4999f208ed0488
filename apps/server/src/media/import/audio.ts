import path from "node:path";
import { extractAttachedCover } from "./attached-cover.ts";
import { writeCover } from "./comic.ts";
import { checkEpisodeCount, episodeDir, type ImportContext, refuse } from "./context.ts";
import { sniffFile } from "./detect.ts";
import { AUDIO_EXTENSIONS, isJunkEntry, PAGE_IMAGE_EXTENSIONS, quoted } from "./input-names.ts";
import {
  FFMPEG_BASE,
  inputArgs,
  isRealVideo,
  mediaFailure,
  mediaPath,
  normaliseLanguage,
  type ProbeResult,
  probe,
  runTool,
  seconds,
  tag,
} from "./media-tools.ts";
import { baseName, extensionOf, naturalCompare, titleFromFileName } from "./natural-sort.ts";
import { plainText } from "./sanitize-chapter.ts";
import type { ImportedEpisode, ImportedTitle, ImportInput, StoredEpisodePayload } from "./types.ts";
import { SafeZip } from "./zip.ts";

type AudioPayload = Extract<StoredEpisodePayload, { kind: "audio" }>;

interface AudioSource {
  /** Where the file is now (the upload, or extracted from a ZIP into the work folder). */
  path: string;
  /** Its name as the admin knows it. */
  name: string;
  probed: ProbeResult;
}

interface Chapter {
  title: string;
  startSeconds: number;
  endSeconds: number;
}

/** Tags that only say "this is an audiobook", not what kind. */
const GENERIC_GENRES = new Set([
  "audiobook",
  "audiobooks",
  "audio book",
  "spoken word",
  "speech",
  "other",
  "books",
]);

async function probeAudio(file: string, name: string, ctx: ImportContext): Promise<AudioSource> {
  const probed = await probe(
    file,
    { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal },
    `“${name}”`,
  );
  if (probed.streams.some(isRealVideo)) throw refuse(`“${name}” is a video, not an audio file.`);
  if (!probed.streams.some((stream) => stream.codec_type === "audio")) {
    throw refuse(`“${name}” has no sound that Litverse can read.`);
  }
  return { path: file, name, probed };
}

function chaptersOf(source: AudioSource): Chapter[] {
  const duration = seconds(source.probed.format.duration) ?? Number.POSITIVE_INFINITY;
  const chapters: Chapter[] = [];
  for (const [index, chapter] of source.probed.chapters.entries()) {
    const start = seconds(chapter.start_time);
    const end = seconds(chapter.end_time);
    if (start === null || end === null || end <= start || start >= duration) continue;
    chapters.push({
      title: tag(chapter.tags, "title") ?? `Chapter ${index + 1}`,
      startSeconds: start,
      endSeconds: Math.min(end, duration),
    });
  }
  return chapters.sort((a, b) => a.startSeconds - b.startSeconds);
}

/** AAC goes into MP4 and MP3 stays MP3, both without re-encoding; anything else becomes AAC. */
function outputFor(source: AudioSource): {
  file: string;
  mimeType: AudioPayload["mimeType"];
  codecArgs: string[];
} {
  const codec = source.probed.streams.find((stream) => stream.codec_type === "audio")?.codec_name;
  if (codec === "mp3") {
    return { file: "audio.mp3", mimeType: "audio/mpeg", codecArgs: ["-c:a", "copy", "-f", "mp3"] };
  }
  const mp4 = ["-movflags", "+faststart", "-f", "mp4"];
  if (codec === "aac")
    return { file: "audio.m4a", mimeType: "audio/mp4", codecArgs: ["-c:a", "copy", ...mp4] };
  return { file: "audio.m4a", mimeType: "audio/mp4", codecArgs: ["-c:a", "aac", "-b:a", "128k", ...mp4] };
}

async function writeAudio(
  ctx: ImportContext,
  source: AudioSource,
  dir: string,
  range: { start: number; end: number } | null,
  chapters: AudioPayload["chapters"],
): Promise<AudioPayload> {
  const output = outputFor(source);
  const target = ctx.outPath(path.posix.join(dir, output.file));
  await ctx.makeDir(dir);
  const seek = range ? ["-ss", range.start.toFixed(3), "-t", (range.end - range.start).toFixed(3)] : [];
  const run = { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal };
  try {
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        ...inputArgs(source.path, seek),
        "-map",
        "0:a:0",
        "-map_metadata",
        "-1",
        "-map_chapters",
        "-1",
        ...output.codecArgs,
        mediaPath(target),
      ],
      run,
    );
  } catch (error) {
    throw mediaFailure(error, `The audio of “${source.name}” could not be prepared`);
  }
  const written = await probe(target, run, `The prepared audio of “${source.name}”`);
  const duration = seconds(written.format.duration);
  if (duration === null || duration <= 0) throw refuse(`The audio of “${source.name}” came out empty.`);
  return {
    kind: "audio",
    file: output.file,
    mimeType: output.mimeType,
    durationMs: Math.round(duration * 1000),
    chapters,
  };
}

function trackNumber(source: AudioSource): { disc: number; track: number } | null {
  const tags = source.probed.format.tags;
  const track = Number.parseInt(tag(tags, "track") ?? "", 10);
  if (!Number.isFinite(track)) return null;
  const disc = Number.parseInt(tag(tags, "disc") ?? "", 10);
  return { disc: Number.isFinite(disc) ? disc : 0, track };
}

function sortSources(sources: AudioSource[]): AudioSource[] {
  return [...sources].sort((a, b) => {
    const ta = trackNumber(a);
    const tb = trackNumber(b);
    if (ta && tb) return ta.disc - tb.disc || ta.track - tb.track || naturalCompare(a.name, b.name);
    if (ta) return -1;
    if (tb) return 1;
    return naturalCompare(a.name, b.name);
  });
}

function titleDetails(sources: AudioSource[], fallbackName: string) {
  const first = sources[0];
  const tags = first?.probed.format.tags;
  const single = sources.length === 1;
  const title = tag(tags, "album") ?? (single ? tag(tags, "title") : null) ?? titleFromFileName(fallbackName);
  const author = tag(tags, "album_artist", "artist", "author", "composer") ?? "Unknown";
  const description = plainText(tag(tags, "description", "synopsis", "comment") ?? "");
  const genres = (tag(tags, "genre") ?? "")
    .split(/[;,/]/)
    .map((genre) => genre.trim())
    .filter((genre) => genre && !GENERIC_GENRES.has(genre.toLowerCase()));
  const streamLanguage = first?.probed.streams.find((stream) => stream.codec_type === "audio")?.tags
    ?.language;
  const language = normaliseLanguage(tag(tags, "language")) ?? normaliseLanguage(streamLanguage);
  return { title, author, description, genres, language };
}

async function importSources(
  sources: AudioSource[],
  fallbackName: string,
  ctx: ImportContext,
  zipCover: Buffer | null,
): Promise<ImportedTitle> {
  const ordered = sortSources(sources);
  const only = ordered.length === 1 ? ordered[0] : undefined;
  const splitChapters = only ? chaptersOf(only) : [];
  const episodes: ImportedEpisode[] = [];

  if (only && splitChapters.length >= 2) {
    checkEpisodeCount(splitChapters.length, ctx.limits);
    for (const [index, chapter] of splitChapters.entries()) {
      ctx.progress(
        0.1 + (0.8 * index) / splitChapters.length,
        `Cutting chapter ${index + 1} of ${splitChapters.length}`,
      );
      const dir = episodeDir(index);
      const next = splitChapters[index + 1];
      // Chapters end where the next begins, so nothing between two marks is lost.
      const end = next ? next.startSeconds : chapter.endSeconds;
      const payload = await writeAudio(ctx, only, dir, { start: chapter.startSeconds, end }, []);
      episodes.push({ title: chapter.title, dir, payload });
    }
  } else {
    checkEpisodeCount(ordered.length, ctx.limits);
    for (const [index, source] of ordered.entries()) {
      ctx.progress(0.1 + (0.8 * index) / ordered.length, `Preparing file ${index + 1} of ${ordered.length}`);
      const dir = episodeDir(index);
      const marks = chaptersOf(source).map((chapter) => ({
        title: chapter.title,
        startMs: Math.round(chapter.startSeconds * 1000),
      }));
      const payload = await writeAudio(ctx, source, dir, null, marks.length >= 2 ? marks : []);
      const title =
        tag(source.probed.format.tags, "title") ??
        (ordered.length === 1
          ? "Episode 1"
          : baseName(source.name).replace(/_+/g, " ").trim() || `Episode ${index + 1}`);
      episodes.push({ title, dir, payload });
    }
  }

  ctx.progress(0.92, "Saving the cover");
  let coverPath: string | null = null;
  for (const source of ordered) {
    coverPath = await extractAttachedCover(
      ctx,
      source.path,
      source.probed,
      "The cover art in the audio file could not be read and was left out.",
    );
    if (coverPath) break;
  }
  if (!coverPath && zipCover) coverPath = await writeCover(ctx, zipCover, null);

  return {
    contentType: "audiobook",
    ...titleDetails(ordered, fallbackName),
    tags: [],
    coverPath,
    readingDirection: "ltr",
    writingMode: "horizontal",
    episodes,
    warnings: ctx.warnings,
  };
}

export async function importAudioFiles(inputs: ImportInput[], ctx: ImportContext): Promise<ImportedTitle> {
  const sources: AudioSource[] = [];
  for (const [index, input] of inputs.entries()) {
    ctx.progress((0.1 * index) / inputs.length, `Reading ${quoted(input)}`);
    sources.push(await probeAudio(input.path, input.name, ctx));
  }
  const first = inputs[0];
  if (!first) throw refuse("No audio file was given.");
  return importSources(sources, first.name, ctx, null);
}

const COVER_NAMES = ["cover", "folder", "front", "album", "albumart"];
const MAX_COVER_BYTES = 64 * 1024 * 1024;

export async function importAudioZip(input: ImportInput, ctx: ImportContext): Promise<ImportedTitle> {
  const zip = await SafeZip.open(input.path, quoted(input), ctx.limits, ctx.signal);
  const sources: AudioSource[] = [];
  let cover: Buffer | null = null;
  try {
    const entries = zip.entries.filter((entry) => !isJunkEntry(entry.name));
    const audio = entries.filter((entry) => AUDIO_EXTENSIONS.includes(extensionOf(entry.name)));
    checkEpisodeCount(audio.length, ctx.limits);
    const work = await ctx.workDir();
    for (const [index, entry] of audio.entries()) {
      ctx.progress((0.1 * index) / audio.length, `Unpacking ${entry.name}`);
      const target = path.join(work, `${String(index + 1).padStart(4, "0")}.${extensionOf(entry.name)}`);
      await zip.extract(entry.name, target, ctx.limits.maxFileBytes);
      const sniffed = await sniffFile(target);
      if (sniffed.kind !== "media") {
        const what = sniffed.kind === "other" ? sniffed.what : "a text file";
        throw refuse(`“${entry.name}” in ${quoted(input)} is not an audio file: it is ${what}.`);
      }
      sources.push(await probeAudio(target, entry.name, ctx));
    }
    const images = entries.filter((entry) => PAGE_IMAGE_EXTENSIONS.includes(extensionOf(entry.name)));
    const coverEntry =
      images.find((entry) => COVER_NAMES.includes(baseName(entry.name).toLowerCase())) ??
      (images.length === 1 ? images[0] : undefined);
    if (coverEntry) cover = await zip.read(coverEntry.name, MAX_COVER_BYTES);
  } finally {
    zip.close();
  }
  if (sources.length === 0) throw refuse(`${quoted(input)} holds no audio files.`);
  return importSources(sources, input.name, ctx, cover);
}
