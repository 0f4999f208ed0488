// Cover art carried inside an audio or video file (an attached picture stream), taken out with
// ffmpeg and checked like any other cover.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { writeCover } from "./comic.ts";
import type { ImportContext } from "./context.ts";
import {
  FFMPEG_BASE,
  inputArgs,
  isCoverArt,
  mediaFailure,
  mediaPath,
  type ProbeResult,
  runTool,
} from "./media-tools.ts";

/**
 * The file's attached picture as the title's cover, or null when it has none or it cannot be
 * read (then `warning`, if given, tells the admin). JPEG and PNG are copied as they are; other
 * codecs become PNG.
 */
export async function extractAttachedCover(
  ctx: ImportContext,
  file: string,
  probed: ProbeResult,
  warning: string | null,
): Promise<string | null> {
  const art = probed.streams.find(isCoverArt);
  if (!art) return null;
  const copy = art.codec_name === "mjpeg" || art.codec_name === "png";
  const extension = art.codec_name === "mjpeg" ? "jpg" : "png";
  const target = path.join(await ctx.workDir(), `attached-cover.${extension}`);
  try {
    await runTool(
      "ffmpeg",
      [
        ...FFMPEG_BASE,
        ...inputArgs(file),
        "-map",
        `0:${art.index}`,
        "-an",
        "-c:v",
        copy ? "copy" : "png",
        "-frames:v",
        "1",
        "-f",
        "image2",
        mediaPath(target),
      ],
      { timeoutMs: ctx.limits.mediaToolTimeoutMs, signal: ctx.signal },
    );
  } catch (error) {
    const failure = mediaFailure(error, "The cover art could not be read");
    if (failure.name === "AbortError") throw failure;
    if (warning) ctx.warn(warning);
    return null;
  }
  return writeCover(ctx, await readFile(target), null);
}
