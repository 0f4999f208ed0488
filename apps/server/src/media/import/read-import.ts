// The importers' entry point: uploaded files in, a staged title out (files in the staging folder,
// the description returned). What the files are is decided from their contents unless the admin
// chose a type, in which case the files must be able to be that type.
import { mkdir, stat } from "node:fs/promises";
import type { ContentType } from "@litverse/shared/content";
import { importAudioFiles, importAudioZip } from "./audio.ts";
import { importComicArchives } from "./comic.ts";
import { ImportContext, refuse, tooLarge } from "./context.ts";
import { detectImport, type ImportPlan, possibleTypes } from "./detect.ts";
import { importEpub } from "./epub.ts";
import { quoted } from "./input-names.ts";
import { formatBytes } from "./limits.ts";
import type { ImportedTitle, ImportInput, ImportLimits, ImportOptions } from "./types.ts";
import { importVideos } from "./video.ts";

export { DEFAULT_IMPORT_LIMITS } from "./limits.ts";

const TYPE_WORDS: Record<ContentType, string> = {
  book: "a book",
  audiobook: "an audiobook",
  comic: "a comic",
  drama: "a drama",
};

const FORMAT_WORDS: Record<ImportPlan["format"], string> = {
  epub: "an EPUB book",
  cbz: "a comic archive (CBZ)",
  audio: "audio",
  "audio-zip": "a ZIP of audio files",
  video: "video",
};

export async function readImport(inputs: ImportInput[], options: ImportOptions): Promise<ImportedTitle> {
  const ctx = new ImportContext(options);
  ctx.checkAborted();
  await mkdir(ctx.stagingDir, { recursive: true });
  await checkSizes(inputs, ctx.limits);
  try {
    const plan = await detectImport(inputs, ctx.range(0, 0.05));
    const type = chooseType(plan, options.type);
    const work = ctx.range(0.05, 1);
    const title = await dispatch(plan, type, work);
    ctx.progress(1, "Done");
    return title;
  } finally {
    await ctx.cleanUp();
  }
}

async function checkSizes(inputs: ImportInput[], limits: ImportLimits): Promise<void> {
  if (inputs.length === 0) throw refuse("No files were given to import.");
  let total = 0;
  for (const input of inputs) {
    let size: number;
    try {
      const info = await stat(input.path);
      if (!info.isFile()) throw new Error("not a file");
      size = info.size;
    } catch {
      throw refuse(`The uploaded file ${quoted(input)} could not be found.`);
    }
    if (size > limits.maxFileBytes) {
      throw tooLarge(
        `${quoted(input)} is ${formatBytes(size)}, more than the ${formatBytes(limits.maxFileBytes)} allowed for one file.`,
      );
    }
    total += size;
  }
  if (total > limits.maxTotalBytes) {
    throw tooLarge(
      `These files add up to ${formatBytes(total)}, more than the ${formatBytes(limits.maxTotalBytes)} allowed in one import.`,
    );
  }
}

function chooseType(plan: ImportPlan, forced: ContentType | undefined): ContentType {
  if (!forced) return plan.type;
  if (possibleTypes(plan).includes(forced)) return forced;
  throw refuse(
    `These files cannot be imported as ${TYPE_WORDS[forced]}: they are ${FORMAT_WORDS[plan.format]}, which makes ${TYPE_WORDS[plan.type]}. Choose “${plan.type}” or let Litverse detect the type.`,
  );
}

function dispatch(plan: ImportPlan, type: ContentType, ctx: ImportContext): Promise<ImportedTitle> {
  switch (plan.format) {
    case "epub":
      return importEpub(plan.input, ctx, type === "comic" ? "comic" : "book");
    case "cbz":
      return importComicArchives(plan.inputs, ctx);
    case "audio":
      return importAudioFiles(plan.inputs, ctx);
    case "audio-zip":
      return importAudioZip(plan.input, ctx);
    case "video":
      return importVideos(plan.videos, plan.subtitles, ctx);
  }
}
