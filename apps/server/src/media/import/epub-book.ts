// A reflowable EPUB imported as a book: each episode the sanitised body of its spine documents,
// with the pictures they use copied next to it and links rewritten to point at episodes.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { writeCover } from "./comic.ts";
import { checkEpisodeCount, episodeDir, type ImportContext, refuse } from "./context.ts";
import { type PlannedSection, planBook } from "./epub-book-plan.ts";
import { writePackageCover } from "./epub-cover.ts";
import { type DocumentSummary, isDocument, isImageItem, loadDocument, summarise } from "./epub-documents.ts";
import { resolveHref } from "./epub-href.ts";
import { ImageCopier } from "./epub-images.ts";
import { MAX_IMAGE_BYTES } from "./epub-limits.ts";
import { type LinkTargets, partAnchor, rewriteLink } from "./epub-links.ts";
import { readNavigation } from "./epub-navigation.ts";
import type { EpubPackage } from "./epub-package.ts";
import { cssDeclaresVertical, VERTICAL } from "./epub-writing-mode.ts";
import { countWords } from "./sanitize-chapter.ts";
import type { ImportedEpisode, ImportedMatter, ImportedTitle } from "./types.ts";
import type { SafeZip } from "./zip.ts";

const MAX_STYLESHEET_BYTES = 4 * 1024 * 1024;
const MAX_STYLESHEETS = 100;

export async function importAsBook(
  zip: SafeZip,
  pkg: EpubPackage,
  label: string,
  ctx: ImportContext,
): Promise<
  Pick<ImportedTitle, "contentType" | "coverPath" | "writingMode" | "episodes" | "matter" | "warnings">
> {
  const navigation = await readNavigation(zip, pkg, ctx);
  const linear = pkg.spine.filter((entry) => {
    if (!entry.linear) return false;
    if (!isDocument(entry.item) && !isImageItem(entry.item)) return false;
    if (!zip.has(entry.item.path)) {
      ctx.warn(`A chapter file (“${entry.item.path}”) is missing from the book and was left out.`);
      return false;
    }
    return true;
  });
  if (linear.length === 0) throw refuse(`${label} has no chapters to read.`);

  // First pass: what each document holds, and which stylesheets might set vertical writing.
  const summaries: DocumentSummary[] = [];
  const styleSheets = new Set<string>();
  const inlineCss: string[] = [];
  const rootClasses = new Set<string>();
  let vertical = pkg.verticalDeclared;
  for (const [index, entry] of linear.entries()) {
    ctx.progress((0.3 * index) / linear.length, `Reading chapter ${index + 1} of ${linear.length}`);
    const doc = await loadDocument(zip, entry.item);
    summaries.push(summarise(doc, entry.item));
    const styles = doc.styleSheets();
    inlineCss.push(...styles.inline);
    for (const name of styles.rootClasses) rootClasses.add(name);
    if (styles.rootStyles.some((style) => VERTICAL.test(`;${style}`))) vertical = true;
    for (const href of doc.linkedStyleSheets()) {
      const resolved = resolveHref(entry.item.path, href);
      if (resolved && "path" in resolved) styleSheets.add(resolved.path);
    }
  }
  if (!vertical) vertical = inlineCss.some((css) => cssDeclaresVertical(css, rootClasses));
  for (const sheet of [...styleSheets].slice(0, MAX_STYLESHEETS)) {
    if (vertical) break;
    if (!zip.has(sheet)) continue;
    try {
      vertical = cssDeclaresVertical(await zip.readText(sheet, MAX_STYLESHEET_BYTES), rootClasses);
    } catch (error) {
      if (error instanceof Error && error.name === "AbortError") throw error;
      // An unreadable stylesheet only costs us the writing-mode hint.
    }
  }

  const planned = planBook(summaries, navigation, pkg);
  if (planned.episodes.length === 0) throw refuse(`${label} has no chapters with text or pictures.`);
  checkEpisodeCount(planned.episodes.length, ctx.limits);

  // Where each document went: links to it become links to its episode or page of matter.
  const matterSections = [...planned.front, ...planned.back];
  const sections: Array<{ section: PlannedSection; address: string; dir: string }> = [
    ...planned.episodes.map((section, index) => ({
      section,
      address: `?episode=${index + 1}`,
      dir: episodeDir(index),
    })),
    ...matterSections.map((section, index) => ({
      section,
      address: `?matter=${index + 1}`,
      dir: matterDir(index),
    })),
  ];
  const location: LinkTargets = new Map();
  for (const { section, address } of sections) {
    for (const [part, doc] of section.docs.entries()) location.set(doc.path, { address, part });
  }

  const images = new ImageCopier(zip, ctx);
  const written: Array<{ title: string; dir: string; payload: BookPayload }> = [];
  for (const [index, { section, address, dir }] of sections.entries()) {
    ctx.progress(
      0.3 + (0.65 * index) / sections.length,
      `Writing chapter ${index + 1} of ${sections.length}`,
    );
    await ctx.makeDir(dir);
    const sectionImages = images.forEpisode(dir);
    const parts: string[] = [];
    for (const [part, summary] of section.docs.entries()) {
      const doc = await loadDocument(zip, summary.item);
      const sources = new Map<string, string | null>();
      for (const src of doc.imageSources()) {
        if (sources.has(src)) continue;
        sources.set(src, await sectionImages.copy(summary.path, src));
      }
      const html = doc.render({
        href: (href) => rewriteLink(summary.path, href, address, location),
        image: (src) => sources.get(src) ?? null,
      });
      parts.push(part === 0 ? html : `<div id="${partAnchor(part)}">${html}</div>`);
    }
    const html = parts.join("\n");
    await writeFile(ctx.outPath(path.posix.join(dir, "chapter.html")), html);
    written.push({
      title: section.title ?? `Chapter ${index + 1}`,
      dir,
      payload: {
        kind: "book",
        file: "chapter.html",
        wordCount: countWords(html),
        images: sectionImages.files(),
      },
    });
  }
  images.reportWarnings();
  const episodes: ImportedEpisode[] = written.slice(0, planned.episodes.length);
  const matter: ImportedMatter[] = written.slice(planned.episodes.length).map((section, index) => ({
    ...section,
    placement: index < planned.front.length ? "front" : "back",
  }));

  ctx.progress(0.96, "Saving the cover");
  let cover = await writePackageCover(zip, pkg, ctx);
  if (!cover && planned.coverImage && zip.has(planned.coverImage)) {
    cover = await writeCover(ctx, await zip.read(planned.coverImage, MAX_IMAGE_BYTES), null);
  }
  return {
    contentType: "book",
    coverPath: cover,
    writingMode: vertical ? "vertical" : "horizontal",
    episodes,
    matter,
    warnings: ctx.warnings,
  };
}

type BookPayload = ImportedMatter["payload"];

function matterDir(index: number): string {
  return `matter/${String(index + 1).padStart(4, "0")}`;
}
