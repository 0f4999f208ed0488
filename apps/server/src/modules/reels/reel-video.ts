// A reel's video as phones and screen recorders make it (HEVC, VP9 in WebM, MOV recorded sideways,
// variable frame rate) turned into what every browser plays: H.264 High and AAC in an MP4 with fast
// start, at a constant frame rate, turned upright, at most 1080×1920 (1920×1080 lying down), with a
// poster frame. The probe is quick and decides before any work whether the file is a video short
// enough; the conversion checks the length again when the file did not say it.
import { stat } from "node:fs/promises";
import path from "node:path";
import { REEL_MAX_DURATION_MS, REEL_MAX_LONG_SIDE, REEL_MAX_SHORT_SIDE } from "@litverse/shared/reels";
import { refuse } from "../../media/import/context.ts";
import {
  FFMPEG_BASE,
  inputArgs,
  isRealVideo,
  isSideways,
  mediaFailure,
  mediaPath,
  type ProbeStream,
  probe,
  runTool,
  seconds,
} from "../../media/import/media-tools.ts";

/** A file this much longer than the limit still passes (containers round their lengths). */
const LENGTH_TOLERANCE_MS = 500;
const PROBE_TIMEOUT_MS = 30_000;
const TRANSCODE_TIMEOUT_MS = 20 * 60_000;
const MAX_FRAME_RATE = 60;
const DEFAULT_FRAME_RATE = 30;

export interface ReelProbe {
  /** Null when the file does not say (a browser's own WebM recording often does not). */
  durationMs: number | null;
  /** As shown, the rotation applied. */
  width: number;
  height: number;
  hasAudio: boolean;
  /** The constant rate the reel will have. */
  frameRate: number;
}

export interface ConvertedReel {
  durationMs: number;
  width: number;
  height: number;
  hasAudio: boolean;
  hasPoster: boolean;
}

/** "3:25" */
function clock(ms: number): string {
  const total = Math.round(ms / 1000);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, "0")}`;
}

const TOO_LONG = (ms: number | null) =>
  refuse(
    ms === null
      ? `That video is longer than reels may be: at most ${clock(REEL_MAX_DURATION_MS)}.`
      : `That video is ${clock(ms)} long; reels are at most ${clock(REEL_MAX_DURATION_MS)}.`,
  );

function frameRateOf(stream: ProbeStream): number {
  for (const rate of [stream.avg_frame_rate, stream.r_frame_rate]) {
    const [numerator, denominator] = (rate ?? "").split("/").map(Number);
    if (numerator && denominator && Number.isFinite(numerator / denominator)) {
      const value = Math.round(numerator / denominator);
      if (value >= 1) return Math.min(MAX_FRAME_RATE, value);
    }
  }
  return DEFAULT_FRAME_RATE;
}

/** Whether the file is a video we can convert, how it looks, and how long it is if it says. */
export async function probeReel(file: string, signal?: AbortSignal): Promise<ReelProbe> {
  let probed: Awaited<ReturnType<typeof probe>>;
  try {
    probed = await probe(file, { timeoutMs: PROBE_TIMEOUT_MS, signal });
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    throw refuse("That file is not a video we can read: choose a video from your phone or computer.");
  }
  const video = probed.streams.find(isRealVideo);
  if (!video?.width || !video.height) {
    throw refuse("That file has no moving pictures: it is not a video.");
  }
  const durationSeconds = seconds(probed.format.duration) ?? seconds(video.duration);
  const durationMs =
    durationSeconds === null || durationSeconds === 0 ? null : Math.round(durationSeconds * 1000);
  if (durationMs !== null && durationMs > REEL_MAX_DURATION_MS + LENGTH_TOLERANCE_MS)
    throw TOO_LONG(durationMs);
  const sideways = isSideways(video);
  return {
    durationMs,
    width: sideways ? video.height : video.width,
    height: sideways ? video.width : video.height,
    hasAudio: probed.streams.some((stream) => stream.codec_type === "audio"),
    frameRate: frameRateOf(video),
  };
}

/** The size a picture of this size is brought to: within the box, never enlarged, even numbers. */
export function reelSize(width: number, height: number): { width: number; height: number } {
  const isPortrait = height >= width;
  const [boxWidth, boxHeight] = isPortrait
    ? [REEL_MAX_SHORT_SIDE, REEL_MAX_LONG_SIDE]
    : [REEL_MAX_LONG_SIDE, REEL_MAX_SHORT_SIDE];
  const scale = Math.min(1, boxWidth / width, boxHeight / height);
  const even = (value: number) => Math.max(2, 2 * Math.round((value * scale) / 2));
  return { width: even(width), height: even(height) };
}

export interface TranscodeOptions {
  signal?: AbortSignal;
  /** 0 to 1, with what is being done. */
  onProgress?: (fraction: number, message: string) => void;
}

/**
 * Writes `video.mp4` and `poster.jpg` into `outDir` from `input`. Refuses (BAD_REQUEST) a video
 * that turns out longer than the limit, or that ffmpeg cannot convert.
 */
export async function transcodeReel(
  input: string,
  probed: ReelProbe,
  outDir: string,
  options: TranscodeOptions = {},
): Promise<ConvertedReel> {
  const target = path.join(outDir, "video.mp4");
  const size = reelSize(probed.width, probed.height);
  const expectedMs = probed.durationMs ?? REEL_MAX_DURATION_MS;
  const run = { timeoutMs: TRANSCODE_TIMEOUT_MS, signal: options.signal };
  options.onProgress?.(0, "Converting");
  try {
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        "-progress",
        "pipe:1",
        "-nostats",
        ...inputArgs(input),
        "-map",
        "0:V:0",
        "-map",
        "0:a:0?",
        "-map_metadata",
        "-1",
        "-map_chapters",
        "-1",
        "-sn",
        "-dn",
        // A file that did not say how long it is stops a second past the limit, and is refused below.
        "-t",
        String((REEL_MAX_DURATION_MS + 1_000) / 1000),
        // The rotation is applied before this filter (ffmpeg turns the picture upright by itself).
        "-vf",
        `scale=${size.width}:${size.height}:flags=bicubic,setsar=1,format=yuv420p`,
        "-fps_mode",
        "cfr",
        "-r",
        String(probed.frameRate),
        "-c:v",
        "libx264",
        "-profile:v",
        "high",
        "-preset",
        "veryfast",
        "-crf",
        "23",
        "-c:a",
        "aac",
        "-b:a",
        "128k",
        "-ac",
        "2",
        "-movflags",
        "+faststart",
        "-f",
        "mp4",
        mediaPath(target),
      ],
      {
        ...run,
        onStdoutLine: (line) => {
          const match = /^out_time_(?:us|ms)=(\d+)$/.exec(line);
          if (!match) return;
          // ffmpeg writes microseconds under both names.
          const done = Math.min(1, Number(match[1]) / 1000 / expectedMs);
          options.onProgress?.(0.9 * done, `Converting: ${Math.round(done * 100)}%`);
        },
      },
    );
  } catch (error) {
    throw mediaFailure(error, "That video could not be converted");
  }

  options.onProgress?.(0.9, "Checking the converted video");
  const output = await probe(target, run, "The converted video");
  const stream = output.streams.find(isRealVideo);
  const outputSeconds = seconds(output.format.duration) ?? seconds(stream?.duration) ?? 0;
  if (!stream?.width || !stream.height || outputSeconds <= 0) {
    throw refuse("That video came out empty after conversion: it may be damaged.");
  }
  const durationMs = Math.round(outputSeconds * 1000);
  if (durationMs > REEL_MAX_DURATION_MS + LENGTH_TOLERANCE_MS) throw TOO_LONG(null);

  options.onProgress?.(0.95, "Making the poster");
  const hasPoster = await writePoster(target, durationMs, path.join(outDir, "poster.jpg"), options.signal);
  return {
    durationMs,
    width: stream.width,
    height: stream.height,
    hasAudio: output.streams.some((item) => item.codec_type === "audio"),
    hasPoster,
  };
}

/** A frame a second in (or a tenth of a very short reel), as a JPEG of the reel's own size. */
async function writePoster(video: string, durationMs: number, target: string, signal?: AbortSignal) {
  const at = Math.min(1, durationMs / 10_000);
  try {
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        ...inputArgs(video, ["-ss", at.toFixed(3)]),
        "-frames:v",
        "1",
        "-q:v",
        "3",
        "-f",
        "image2",
        mediaPath(target),
      ],
      { timeoutMs: PROBE_TIMEOUT_MS, signal },
    );
    return (await stat(target)).size > 0;
  } catch (error) {
    const failure = mediaFailure(error, "The poster could not be made");
    if (failure.name === "AbortError") throw failure;
    return false;
  }
}
