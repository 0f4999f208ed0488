// CBZ (ZIP of page images) → comic. Pages are kept byte for byte once sharp has confirmed they are
// real images within the pixel cap; a page over the cap refuses the whole import, since a comic
// with a page missing is worse than no comic.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { checkEpisodeCount, episodeDir, type ImportContext, refuse, tooLarge } from "./context.ts";
import { checkImage, coverImage, extensionFor, type ImageInfo, isWebFormat, webImage } from "./images.ts";
import { isJunkEntry, PAGE_IMAGE_EXTENSIONS, quoted } from "./input-names.ts";
import { formatMegapixels } from "./limits.ts";
import { normaliseLanguage } from "./media-tools.ts";
import { baseName, extensionOf, naturalCompare, naturalSortBy, titleFromFileName } from "./natural-sort.ts";
import { plainText } from "./sanitize-chapter.ts";
import type { ImportedEpisode, ImportedTitle, ImportInput, StoredEpisodePayload } from "./types.ts";
import { attribute, children, elements, parseXml, textOf } from "./xml.ts";
import { SafeZip } from "./zip.ts";

const MAX_PAGE_BYTES = 256 * 1024 * 1024;

export interface PageSource {
  /** Where the page came from, for messages ("page10.jpg"). */
  label: string;
  read: () => Promise<Buffer>;
}

export interface WrittenComicEpisode {
  payload: Extract<StoredEpisodePayload, { kind: "comic" }>;
  /** The first page as written, a cover when nothing better is declared. */
  firstPage: { buffer: Buffer; info: ImageInfo } | null;
}

/** Checks and writes one episode's pages to `<episodeDir>/pages/0001.<ext>`. */
export async function writeComicPages(
  ctx: ImportContext,
  dir: string,
  pages: PageSource[],
  describe: (pageNumber: number, label: string) => string,
  onPage?: (pageIndex: number) => void,
): Promise<WrittenComicEpisode> {
  await ctx.makeDir(path.posix.join(dir, "pages"));
  const written: Array<{ file: string; width: number; height: number }> = [];
  let firstPage: WrittenComicEpisode["firstPage"] = null;
  let unreadable = 0;
  for (const [index, page] of pages.entries()) {
    onPage?.(index);
    const buffer = await page.read();
    const check = await checkImage(buffer, ctx.limits.maxImagePixels);
    if (!check.ok && check.reason === "too-large") {
      throw tooLarge(
        `${describe(index + 1, page.label)} is larger than ${formatMegapixels(ctx.limits.maxImagePixels)} (${check.info.width} × ${check.info.height} pixels); make it smaller and import again.`,
      );
    }
    if (!check.ok) {
      unreadable++;
      ctx.warn(`${describe(index + 1, page.label)} is not a readable image and was left out.`);
      continue;
    }
    let stored: { buffer: Buffer; extension: string; width: number; height: number };
    if (isWebFormat(check.info.format)) {
      stored = {
        buffer,
        extension: extensionFor(check.info.format),
        width: check.info.width,
        height: check.info.height,
      };
    } else {
      try {
        stored = await webImage(buffer, check.info, ctx.limits.maxImagePixels);
      } catch {
        unreadable++;
        ctx.warn(
          `${describe(index + 1, page.label)} is in an image format browsers cannot show and was left out.`,
        );
        continue;
      }
    }
    const file = `pages/${String(written.length + 1).padStart(4, "0")}.${stored.extension}`;
    await writeFile(ctx.outPath(path.posix.join(dir, file)), stored.buffer, { flag: "wx" });
    written.push({ file, width: stored.width, height: stored.height });
    if (!firstPage) firstPage = { buffer, info: check.info };
  }
  if (written.length === 0 && pages.length > 0 && unreadable === pages.length) {
    throw refuse(`None of the ${pages.length} pages could be read as images.`);
  }
  return { payload: { kind: "comic", pages: written }, firstPage };
}

/** Writes `cover.<ext>` from an image already checked; returns its path or null with a warning. */
export async function writeCover(
  ctx: ImportContext,
  buffer: Buffer,
  info: ImageInfo | null,
): Promise<string | null> {
  let checked = info;
  if (!checked) {
    const check = await checkImage(buffer, ctx.limits.maxImagePixels);
    if (!check.ok) {
      ctx.warn(
        check.reason === "too-large"
          ? `The cover is larger than ${formatMegapixels(ctx.limits.maxImagePixels)} and was left out.`
          : "The cover is not a readable image and was left out.",
      );
      return null;
    }
    checked = check.info;
  }
  try {
    const cover = await coverImage(buffer, checked, ctx.limits.maxImagePixels);
    const relative = `cover.${cover.extension}`;
    await writeFile(ctx.outPath(relative), cover.buffer);
    return relative;
  } catch {
    ctx.warn("The cover could not be converted to a picture browsers can show and was left out.");
    return null;
  }
}

// ---- ComicInfo.xml --------------------------------------------------------------------------------

export interface ComicInfo {
  title: string | null;
  series: string | null;
  number: string | null;
  summary: string;
  authors: string[];
  genres: string[];
  tags: string[];
  language: string | null;
  rightToLeft: boolean;
  /** Index of the front cover among the archive's pages, when declared. */
  frontCoverIndex: number | null;
}

export function parseComicInfo(text: string): ComicInfo {
  const $ = parseXml(text);
  const root = elements($, "ComicInfo").first();
  const field = (name: string) => {
    const value = textOf(children(root, name).first());
    return value || null;
  };
  const list = (value: string | null) =>
    (value ?? "")
      .split(/[,;]/)
      .map((item) => item.trim())
      .filter(Boolean);
  const authors = unique(["Writer", "Penciller", "Artist"].flatMap((name) => list(field(name))));
  let frontCoverIndex: number | null = null;
  elements($, "Page", children(root, "Pages")).each((_, element) => {
    const selection = $(element);
    if (frontCoverIndex !== null) return;
    if ((attribute(selection, "Type") ?? "").toLowerCase() === "frontcover") {
      const image = Number.parseInt(attribute(selection, "Image") ?? "", 10);
      if (Number.isInteger(image) && image >= 0) frontCoverIndex = image;
    }
  });
  return {
    title: field("Title"),
    series: field("Series"),
    number: field("Number"),
    summary: plainText(field("Summary") ?? ""),
    authors,
    genres: unique(list(field("Genre"))),
    tags: unique(list(field("Tags"))),
    language: normaliseLanguage(field("LanguageISO")),
    rightToLeft: (field("Manga") ?? "").toLowerCase() === "yesandrighttoleft",
    frontCoverIndex,
  };
}

function unique(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- CBZ import ----------------------------------------------------------------------------------

interface ArchiveContents {
  input: ImportInput;
  zip: SafeZip;
  /** Page entry names in natural order. */
  pages: string[];
  info: ComicInfo | null;
}

async function readArchive(input: ImportInput, ctx: ImportContext): Promise<ArchiveContents> {
  const zip = await SafeZip.open(input.path, quoted(input), ctx.limits, ctx.signal);
  try {
    const pages: string[] = [];
    let comicInfoName: string | null = null;
    let ignored = 0;
    for (const entry of zip.entries) {
      if (isJunkEntry(entry.name)) continue;
      const fileName = entry.name.split("/").pop() ?? "";
      if (fileName.toLowerCase() === "comicinfo.xml") {
        // The one nearest the root wins.
        if (!comicInfoName || entry.name.split("/").length < comicInfoName.split("/").length) {
          comicInfoName = entry.name;
        }
      } else if (PAGE_IMAGE_EXTENSIONS.includes(extensionOf(entry.name))) {
        pages.push(entry.name);
      } else {
        ignored++;
      }
    }
    if (ignored > 0) {
      ctx.warn(
        `${ignored} file${ignored === 1 ? "" : "s"} in ${quoted(input)} that ${ignored === 1 ? "is" : "are"} not pages ${ignored === 1 ? "was" : "were"} ignored.`,
      );
    }
    let info: ComicInfo | null = null;
    if (comicInfoName) {
      try {
        info = parseComicInfo(await zip.readText(comicInfoName, 4 * 1024 * 1024));
      } catch (error) {
        if (error instanceof Error && error.name === "AbortError") throw error;
        ctx.warn(`The ComicInfo.xml in ${quoted(input)} could not be read; its details were left out.`);
      }
    }
    return { input, zip, pages: pages.sort(naturalCompare), info };
  } catch (error) {
    zip.close();
    throw error;
  }
}

interface PlannedEpisode {
  title: string;
  archive: ArchiveContents;
  pages: string[];
}

function folderOf(name: string): string {
  const slash = name.lastIndexOf("/");
  return slash === -1 ? "" : name.slice(0, slash);
}

/** One archive: each image folder is an episode when there are several, else the archive is one. */
function planSingleArchive(archive: ArchiveContents): {
  episodes: PlannedEpisode[];
  coverEntry: string | null;
} {
  const byFolder = new Map<string, string[]>();
  for (const page of archive.pages) {
    const folder = folderOf(page);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), page]);
  }
  const fileTitle = titleFromFileName(archive.input.name);
  if (byFolder.size <= 1) {
    const number = archive.info?.number;
    return {
      episodes: [{ title: number ? `Issue ${number}` : "Episode 1", archive, pages: archive.pages }],
      coverEntry: null,
    };
  }
  let coverEntry: string | null = null;
  const rootPages = byFolder.get("") ?? [];
  byFolder.delete("");
  const folders = [...byFolder.keys()].sort(naturalCompare);
  const lastSegments = folders.map((folder) => folder.split("/").pop() ?? folder);
  const ambiguous = new Set(lastSegments).size !== lastSegments.length;
  const episodes: PlannedEpisode[] = [];
  // A lone picture beside the chapter folders is the cover, not an episode.
  if (rootPages.length === 1) coverEntry = rootPages[0] ?? null;
  else if (rootPages.length > 1) episodes.push({ title: fileTitle, archive, pages: rootPages });
  for (const [index, folder] of folders.entries()) {
    episodes.push({
      title: ambiguous ? folder.split("/").join(" / ") : (lastSegments[index] ?? folder),
      archive,
      pages: byFolder.get(folder) ?? [],
    });
  }
  return { episodes, coverEntry };
}

export async function importComicArchives(inputs: ImportInput[], ctx: ImportContext): Promise<ImportedTitle> {
  const sorted = naturalSortBy(inputs, (input) => input.name);
  const archives: ArchiveContents[] = [];
  try {
    for (const input of sorted) {
      ctx.progress(archives.length / sorted.length / 10, `Opening ${quoted(input)}`);
      const archive = await readArchive(input, ctx);
      archives.push(archive);
      if (archive.pages.length === 0) throw refuse(`${quoted(input)} holds no page images.`);
    }
    const first = archives[0];
    if (!first) throw refuse("No comic archive was given.");

    let episodes: PlannedEpisode[];
    let coverEntry: { archive: ArchiveContents; name: string } | null = null;
    if (archives.length === 1) {
      const planned = planSingleArchive(first);
      episodes = planned.episodes;
      if (planned.coverEntry) coverEntry = { archive: first, name: planned.coverEntry };
    } else {
      episodes = archives.map((archive) => ({
        title: episodeTitleForArchive(archive),
        archive,
        pages: archive.pages,
      }));
    }
    checkEpisodeCount(episodes.length, ctx.limits);
    const declaredCover = first.info?.frontCoverIndex;
    if (!coverEntry && declaredCover !== null && declaredCover !== undefined) {
      const name = first.pages[declaredCover];
      if (name) coverEntry = { archive: first, name };
    }

    const totalPages = episodes.reduce((sum, episode) => sum + episode.pages.length, 0);
    let donePages = 0;
    const imported: ImportedEpisode[] = [];
    let firstPage: WrittenComicEpisode["firstPage"] = null;
    for (const [index, episode] of episodes.entries()) {
      const dir = episodeDir(imported.length);
      const many = episodes.length > 1;
      const written = await writeComicPages(
        ctx,
        dir,
        episode.pages.map((name) => ({
          label: name,
          read: () => episode.archive.zip.read(name, MAX_PAGE_BYTES),
        })),
        (pageNumber, label) => `Page ${pageNumber}${many ? ` of episode ${index + 1}` : ""} (“${label}”)`,
        (pageIndex) => {
          ctx.progress(
            0.1 + (0.85 * (donePages + pageIndex)) / Math.max(totalPages, 1),
            `Checking page ${donePages + pageIndex + 1} of ${totalPages}`,
          );
        },
      );
      donePages += episode.pages.length;
      if (written.payload.pages.length === 0) {
        ctx.warn(`The episode “${episode.title}” had no readable pages and was left out.`);
        continue;
      }
      firstPage ??= written.firstPage;
      imported.push({ title: episode.title, dir, payload: written.payload });
    }
    if (imported.length === 0) throw refuse("None of the pages could be read as images.");

    ctx.progress(0.96, "Saving the cover");
    let coverPath: string | null = null;
    if (coverEntry) {
      coverPath = await writeCover(
        ctx,
        await coverEntry.archive.zip.read(coverEntry.name, MAX_PAGE_BYTES),
        null,
      );
    }
    if (!coverPath && firstPage) coverPath = await writeCover(ctx, firstPage.buffer, firstPage.info);

    const info = first.info;
    const authors = unique(archives.flatMap((archive) => archive.info?.authors ?? []));
    return {
      contentType: "comic",
      title: info?.series ?? info?.title ?? titleFromFileName(first.input.name),
      author: authors.length > 0 ? authors.join(", ") : "Unknown",
      description: info?.summary ?? "",
      language: info?.language ?? null,
      genres: info?.genres ?? [],
      tags: info?.tags ?? [],
      coverPath,
      readingDirection: info?.rightToLeft ? "rtl" : "ltr",
      writingMode: "horizontal",
      episodes: imported,
      warnings: ctx.warnings,
    };
  } finally {
    for (const archive of archives) archive.zip.close();
  }
}

function episodeTitleForArchive(archive: ArchiveContents): string {
  const info = archive.info;
  if (info?.title && info.title !== info.series) return info.title;
  if (info?.number) return `Issue ${info.number}`;
  return baseName(archive.input.name).replace(/[_]+/g, " ").trim() || "Episode";
}
