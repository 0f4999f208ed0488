// Video → drama episodes: each video normalised to an H.264/AAC MP4 with fast start (copied when it
// already is one, transcoded otherwise), with a poster frame and WebVTT subtitles.
import { copyFile, readFile, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { extractAttachedCover } from "./attached-cover.ts";
import { checkEpisodeCount, episodeDir, type ImportContext, refuse, tooLarge } from "./context.ts";
import { quoted } from "./input-names.ts";
import { formatBytes } from "./limits.ts";
import {
  FFMPEG_BASE,
  inputArgs,
  isRealVideo,
  isSideways,
  mediaFailure,
  mediaPath,
  normaliseLanguage,
  type ProbeResult,
  type ProbeStream,
  probe,
  runTool,
  seconds,
  tag,
} from "./media-tools.ts";
import { baseName, extensionOf, naturalSortBy, titleFromFileName } from "./natural-sort.ts";
import { plainText } from "./sanitize-chapter.ts";
import {
  checkVtt,
  decodeSubtitleBytes,
  languageFromSubtitleName,
  languageLabel,
  srtToVtt,
} from "./subtitles.ts";
import type { ImportedEpisode, ImportedTitle, ImportInput, StoredEpisodePayload } from "./types.ts";

type VideoPayload = Extract<StoredEpisodePayload, { kind: "video" }>;
type Subtitle = VideoPayload["subtitles"][number];

const TEXT_SUBTITLE_CODECS = ["mov_text", "subrip", "webvtt", "ass", "ssa", "text"];
const MAX_SUBTITLE_BYTES = 16 * 1024 * 1024;

/** Can be copied into the MP4 as it is: browsers play H.264 in 8-bit 4:2:0 with AAC sound. */
function playsAsIs(video: ProbeStream, audio: ProbeStream | undefined): boolean {
  return (
    video.codec_name === "h264" &&
    ["yuv420p", "yuvj420p"].includes(video.pix_fmt ?? "") &&
    (!audio || audio.codec_name === "aac")
  );
}

async function normaliseVideo(
  ctx: ImportContext,
  input: ImportInput,
  probed: ProbeResult,
  target: string,
): Promise<void> {
  const video = probed.streams.find(isRealVideo);
  if (!video) throw refuse(`${quoted(input)} has no pictures: it is not a video.`);
  const audio = probed.streams.find((stream) => stream.codec_type === "audio");
  const duration = seconds(probed.format.duration) ?? seconds(video.duration) ?? 0;
  const maps = ["-map", `0:${video.index}`, "-map", "0:a:0?", "-map_metadata", "-1", "-map_chapters", "-1"];
  const output = ["-movflags", "+faststart", "-f", "mp4", mediaPath(target)];
  const run = { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal };
  try {
    if (playsAsIs(video, audio)) {
      ctx.progress(0.1, `Preparing ${quoted(input)}`);
      await runTool(
        "ffmpeg",
        [...FFMPEG_BASE, ...inputArgs(input.path), ...maps, "-c", "copy", ...output],
        run,
      );
      return;
    }
    ctx.progress(0.05, `Converting ${quoted(input)}`);
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        "-progress",
        "pipe:1",
        "-nostats",
        ...inputArgs(input.path),
        ...maps,
        "-c:v",
        "libx264",
        "-preset",
        "veryfast",
        "-crf",
        "23",
        "-pix_fmt",
        "yuv420p",
        // 4:2:0 needs even sizes.
        "-vf",
        "scale=trunc(iw/2)*2:trunc(ih/2)*2",
        "-c:a",
        "aac",
        "-b:a",
        "128k",
        ...output,
      ],
      {
        ...run,
        onStdoutLine: (line) => {
          const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
          if (!match || duration <= 0) return;
          // ffmpeg writes microseconds under both names.
          const done = Number(match[1]) / 1_000_000;
          const percent = Math.min(100, Math.round((done / duration) * 100));
          ctx.progress(0.05 + 0.8 * (done / duration), `Converting ${quoted(input)}: ${percent}%`);
        },
      },
    );
  } catch (error) {
    throw mediaFailure(error, `${quoted(input)} could not be converted to a video browsers can play`);
  }
}

async function writePoster(ctx: ImportContext, videoFile: string, durationSeconds: number, target: string) {
  const at = Math.min(durationSeconds * 0.1, 3);
  try {
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        ...inputArgs(videoFile, ["-ss", at.toFixed(3)]),
        "-frames:v",
        "1",
        "-q:v",
        "3",
        "-f",
        "image2",
        mediaPath(target),
      ],
      { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal },
    );
    return (await stat(target)).size > 0;
  } catch (error) {
    const failure = mediaFailure(error, "The poster could not be made");
    if (failure.name === "AbortError") throw failure;
    return false;
  }
}

/** Writes `subtitles/<lang>.vtt`, with `-2`, `-3`… when a language comes twice. */
async function storeSubtitle(
  ctx: ImportContext,
  dir: string,
  vtt: string,
  language: string,
  label: string,
  taken: Set<string>,
): Promise<Subtitle> {
  let name = language;
  for (let counter = 2; taken.has(name); counter++) name = `${language}-${counter}`;
  taken.add(name);
  const file = `subtitles/${name}.vtt`;
  await ctx.makeDir(path.posix.join(dir, "subtitles"));
  await writeFile(ctx.outPath(path.posix.join(dir, file)), vtt);
  return { file, language, label };
}

interface CompanionSubtitle {
  vtt: string;
  language: string;
}

/** Reads and checks companion subtitles before any video work, so a bad file fails fast. */
async function readCompanions(video: ImportInput, companions: ImportInput[]): Promise<CompanionSubtitle[]> {
  const read: CompanionSubtitle[] = [];
  for (const companion of companions) {
    if ((await stat(companion.path)).size > MAX_SUBTITLE_BYTES) {
      throw tooLarge(
        `The subtitles ${quoted(companion)} are larger than ${formatBytes(MAX_SUBTITLE_BYTES)}, too large to be subtitles.`,
      );
    }
    const raw = decodeSubtitleBytes(await readFile(companion.path));
    const converted =
      extensionOf(companion.name) === "srt" || !/^\uFEFF?WEBVTT/.test(raw) ? srtToVtt(raw) : raw;
    const check = checkVtt(converted);
    if (!check.ok) throw refuse(`The subtitles ${quoted(companion)} could not be read: ${check.reason}.`);
    read.push({
      vtt: check.text,
      language: languageFromSubtitleName(baseName(companion.name), baseName(video.name)),
    });
  }
  return read;
}

async function embeddedSubtitles(
  ctx: ImportContext,
  dir: string,
  input: ImportInput,
  probed: ProbeResult,
  taken: Set<string>,
): Promise<Subtitle[]> {
  const streams = probed.streams.filter((stream) => stream.codec_type === "subtitle");
  const subtitles: Subtitle[] = [];
  const work = await ctx.workDir();
  for (const [position, stream] of streams.entries()) {
    if (!TEXT_SUBTITLE_CODECS.includes(stream.codec_name ?? "")) {
      ctx.warn(`Picture-based subtitles in ${quoted(input)} cannot be shown on the web and were left out.`);
      continue;
    }
    const target = path.join(work, `embedded-${position}.vtt`);
    try {
      await runTool(
        "ffmpeg",
        [
          ...FFMPEG_BASE,
          ...inputArgs(input.path),
          "-map",
          `0:s:${position}`,
          "-f",
          "webvtt",
          mediaPath(target),
        ],
        { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal },
      );
    } catch (error) {
      const failure = mediaFailure(error, "Subtitles could not be read");
      if (failure.name === "AbortError") throw failure;
      ctx.warn(`Subtitles inside ${quoted(input)} could not be read and were left out.`);
      continue;
    }
    const check = checkVtt(decodeSubtitleBytes(await readFile(target)));
    if (!check.ok) {
      ctx.warn(`Subtitles inside ${quoted(input)} were empty or damaged and were left out.`);
      continue;
    }
    const language = normaliseLanguage(stream.tags?.language) ?? "und";
    if (taken.has(language)) continue;
    const label = tag(stream.tags, "title") ?? languageLabel(language);
    subtitles.push(await storeSubtitle(ctx, dir, check.text, language, label, taken));
  }
  return subtitles;
}

/** Companion subtitles for each video: a name starting with the video's own name and a dot. */
function matchSubtitles(videos: ImportInput[], subtitles: ImportInput[]): Map<ImportInput, ImportInput[]> {
  const matches = new Map<ImportInput, ImportInput[]>(videos.map((video) => [video, []]));
  for (const subtitle of subtitles) {
    const name = baseName(subtitle.name).toLowerCase();
    const candidates = videos
      .filter((video) => {
        const base = baseName(video.name).toLowerCase();
        return name === base || name.startsWith(`${base}.`);
      })
      .sort((a, b) => baseName(b.name).length - baseName(a.name).length);
    const video = candidates[0] ?? (videos.length === 1 ? videos[0] : undefined);
    if (!video) {
      throw refuse(
        `The subtitles ${quoted(subtitle)} do not match any video: name them after their video, like “${baseName(videos[0]?.name ?? "episode1")}.en.vtt”.`,
      );
    }
    matches.get(video)?.push(subtitle);
  }
  return matches;
}

/** "The Harbour (Episode 1)" → "The Harbour". */
function withoutEpisodeSuffix(title: string): string {
  const stripped = title
    .replace(/\s*[([]\s*(?:episode|ep\.?|part|chapter)\s*\d+\s*[)\]]\s*$/i, "")
    .replace(/\s*[-–—:|]\s*(?:episode|ep\.?|part|chapter)\s*\d+\s*$/i, "")
    .trim();
  return stripped || title;
}

export async function importVideos(
  videos: ImportInput[],
  subtitles: ImportInput[],
  ctx: ImportContext,
): Promise<ImportedTitle> {
  const ordered = naturalSortBy(videos, (video) => video.name);
  checkEpisodeCount(ordered.length, ctx.limits);
  const matched = matchSubtitles(ordered, subtitles);
  const companions = new Map<ImportInput, CompanionSubtitle[]>();
  for (const video of ordered) companions.set(video, await readCompanions(video, matched.get(video) ?? []));
  const episodes: ImportedEpisode[] = [];
  let firstProbe: ProbeResult | null = null;
  let cover: string | null = null;

  for (const [index, input] of ordered.entries()) {
    const step = ctx.range(index / ordered.length, (index + 1) / ordered.length);
    step.progress(0, `Reading ${quoted(input)}`);
    const run = { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal };
    const probed = await probe(input.path, run, quoted(input));
    firstProbe ??= probed;
    const dir = episodeDir(index);
    await ctx.makeDir(dir);
    const videoFile = ctx.outPath(path.posix.join(dir, "video.mp4"));
    await normaliseVideo(step, input, probed, videoFile);

    step.progress(0.86, `Checking the converted ${quoted(input)}`);
    const output = await probe(videoFile, run, `The converted ${quoted(input)}`);
    const stream = output.streams.find(isRealVideo);
    const durationSeconds = seconds(output.format.duration) ?? seconds(stream?.duration) ?? 0;
    if (!stream || durationSeconds <= 0) throw refuse(`${quoted(input)} came out empty after conversion.`);
    const sideways = isSideways(stream);

    step.progress(0.9, `Making a poster for ${quoted(input)}`);
    const posterFile = ctx.outPath(path.posix.join(dir, "poster.jpg"));
    const hasPoster = await writePoster(ctx, videoFile, durationSeconds, posterFile);
    if (!hasPoster) ctx.warn(`No poster could be made for ${quoted(input)}.`);

    step.progress(0.95, `Reading subtitles for ${quoted(input)}`);
    const taken = new Set<string>();
    const stored: Subtitle[] = [];
    for (const companion of companions.get(input) ?? []) {
      stored.push(
        await storeSubtitle(
          ctx,
          dir,
          companion.vtt,
          companion.language,
          languageLabel(companion.language),
          taken,
        ),
      );
    }
    stored.push(...(await embeddedSubtitles(ctx, dir, input, probed, taken)));

    episodes.push({
      title: tag(probed.format.tags, "title") ?? `Episode ${index + 1}`,
      dir,
      payload: {
        kind: "video",
        file: "video.mp4",
        poster: hasPoster ? "poster.jpg" : null,
        durationMs: Math.round(durationSeconds * 1000),
        width: (sideways ? stream.height : stream.width) ?? 0,
        height: (sideways ? stream.width : stream.height) ?? 0,
        subtitles: stored,
      },
    });
    cover ??= await extractAttachedCover(ctx, input.path, probed, null);
  }

  if (!cover && episodes[0]?.payload.kind === "video" && episodes[0].payload.poster) {
    const poster = ctx.outPath(path.posix.join(episodes[0].dir, episodes[0].payload.poster));
    await copyFile(poster, ctx.outPath("cover.jpg"));
    cover = "cover.jpg";
  }

  const tags = firstProbe?.format.tags;
  const firstVideo = ordered[0];
  const showTitle = tag(tags, "show", "album", "series");
  const ownTitle = ordered.length === 1 ? tag(tags, "title") : null;
  const audioLanguage = firstProbe?.streams.find((stream) => stream.codec_type === "audio")?.tags?.language;
  return {
    contentType: "drama",
    title:
      showTitle ?? (ownTitle ? withoutEpisodeSuffix(ownTitle) : titleFromFileName(firstVideo?.name ?? "")),
    author: tag(tags, "album_artist", "artist", "author", "director") ?? "Unknown",
    description: plainText(tag(tags, "description", "synopsis", "comment") ?? ""),
    language: normaliseLanguage(tag(tags, "language")) ?? normaliseLanguage(audioLanguage),
    genres: (tag(tags, "genre") ?? "")
      .split(/[;,/]/)
      .map((genre) => genre.trim())
      .filter(Boolean),
    tags: [],
    coverPath: cover,
    readingDirection: "ltr",
    writingMode: "horizontal",
    episodes,
    warnings: ctx.warnings,
  };
}
