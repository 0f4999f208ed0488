// Fixed-layout EPUBs whose pages are pictures: recognised, and imported as a comic.
import { writeComicPages, writeCover } from "./comic.ts";
import { episodeDir, type ImportContext, refuse } from "./context.ts";
import { writePackageCover } from "./epub-cover.ts";
import { isDocument, isImageItem, loadDocument, summarise } from "./epub-documents.ts";
import { MAX_IMAGE_BYTES } from "./epub-limits.ts";
import { type EpubPackage, readPackage } from "./epub-package.ts";
import { quoted } from "./input-names.ts";
import type { ImportedTitle, ImportInput } from "./types.ts";
import type { SafeZip } from "./zip.ts";

/** Pages of a fixed-layout EPUB when each is essentially one picture, else null. */
async function fixedLayoutPages(zip: SafeZip, pkg: EpubPackage): Promise<string[] | null> {
  if (!pkg.prePaginated) return null;
  const pages: string[] = [];
  for (const entry of pkg.spine) {
    if (!entry.linear) continue;
    if (isImageItem(entry.item)) {
      pages.push(entry.item.path);
      continue;
    }
    if (!isDocument(entry.item) || !zip.has(entry.item.path)) continue;
    const summary = summarise(await loadDocument(zip, entry.item), entry.item);
    // A page number or a caption of a few letters does not make a page text.
    if (summary.drawings > 0) return null;
    if (summary.images.length === 1 && summary.textLength <= 20) {
      const image = summary.images[0];
      if (image && zip.has(image)) pages.push(zip.resolveName(image) ?? image);
      else return null;
    } else if (summary.images.length === 0 && summary.textLength === 0) {
      // blank page
    } else {
      return null;
    }
  }
  return pages.length > 0 ? pages : null;
}

/** Whether this EPUB is a comic in disguise: fixed layout, each page one picture. */
export async function isImageOnlyFixedLayout(zip: SafeZip, input: ImportInput): Promise<boolean> {
  const pkg = await readPackage(zip, quoted(input));
  return (await fixedLayoutPages(zip, pkg)) !== null;
}

export async function importAsComic(
  zip: SafeZip,
  pkg: EpubPackage,
  label: string,
  ctx: ImportContext,
): Promise<Pick<ImportedTitle, "contentType" | "coverPath" | "writingMode" | "episodes" | "warnings">> {
  const pages = await fixedLayoutPages(zip, pkg);
  if (!pages) {
    throw refuse(
      `${label} is a book with text, not a comic: only fixed-layout EPUBs made of page pictures can be imported as comics.`,
    );
  }
  const dir = episodeDir(0);
  const written = await writeComicPages(
    ctx,
    dir,
    pages.map((name) => ({ label: name, read: () => zip.read(name, MAX_IMAGE_BYTES) })),
    (pageNumber, name) => `Page ${pageNumber} (“${name}”)`,
    (index) =>
      ctx.progress(0.1 + (0.85 * index) / pages.length, `Checking page ${index + 1} of ${pages.length}`),
  );
  ctx.progress(0.96, "Saving the cover");
  let coverPath = await writePackageCover(zip, pkg, ctx);
  if (!coverPath && written.firstPage) {
    coverPath = await writeCover(ctx, written.firstPage.buffer, written.firstPage.info);
  }
  return {
    contentType: "comic",
    coverPath,
    writingMode: "horizontal",
    episodes: [{ title: "Episode 1", dir, payload: written.payload }],
    warnings: ctx.warnings,
  };
}
