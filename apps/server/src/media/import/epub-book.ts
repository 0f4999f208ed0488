// A reflowable EPUB imported as a book: each episode the sanitised body of its spine documents,
// with the pictures they use copied next to it and links rewritten to point at episodes.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { writeCover } from "./comic.ts";
import { checkEpisodeCount, episodeDir, type ImportContext, refuse } from "./context.ts";
import { type PlannedSection, planBook } from "./epub-book-plan.ts";
import { writePackageCover } from "./epub-cover.ts";
import {
  type DocumentSummary,
  isDocument,
  isImageItem,
  loadDocument,
  readDocument,
  summarise,
} from "./epub-documents.ts";
import { resolveHref } from "./epub-href.ts";
import { ImageCopier } from "./epub-images.ts";
import { MAX_IMAGE_BYTES } from "./epub-limits.ts";
import { type LinkTargets, partAnchor, rewriteLink } from "./epub-links.ts";
import { readNavigation } from "./epub-navigation.ts";
import { AudioCopier } from "./epub-overlays.ts";
import type { EpubPackage } from "./epub-package.ts";
import { ReadAlongWriter } from "./epub-read-along.ts";
import { BookStyles, type StyleSource } from "./epub-styles.ts";
import { cssDeclaresVertical, VERTICAL } from "./epub-writing-mode.ts";
import { FixedPages, fixedPage, type PageSize } from "./fixed-pages.ts";
import { countWords } from "./sanitize-chapter.ts";
import {
  EPISODE_MEDIA_MARKER,
  type ImportedEpisode,
  type ImportedMatter,
  type ImportedTitle,
} from "./types.ts";
import type { SafeZip } from "./zip.ts";

export async function importAsBook(
  zip: SafeZip,
  pkg: EpubPackage,
  label: string,
  ctx: ImportContext,
): Promise<
  Pick<ImportedTitle, "contentType" | "coverPath" | "writingMode" | "episodes" | "matter" | "warnings">
> {
  const navigation = await readNavigation(zip, pkg, ctx);
  const readable = pkg.spine.filter((entry) => {
    if (!isDocument(entry.item) && !isImageItem(entry.item)) return false;
    if (!zip.has(entry.item.path)) {
      if (entry.linear)
        ctx.warn(`A chapter file (“${entry.item.path}”) is missing from the book and was left out.`);
      return false;
    }
    return true;
  });
  const linear = readable.filter((entry) => entry.linear);
  if (linear.length === 0) throw refuse(`${label} has no chapters to read.`);
  // Pages kept out of the reading order (`linear="no"`) are reached only through links to them.
  const apart = readable.filter((entry) => !entry.linear && entry.item !== pkg.nav);

  // First pass: what each document holds, which stylesheets it uses, whether it runs vertically.
  const styles = await BookStyles.open(zip, pkg, ctx);
  const summaries: DocumentSummary[] = [];
  const apartSummaries: DocumentSummary[] = [];
  const styleSources = new Map<string, StyleSource[]>();
  /** The stylesheets and style blocks of the reading order, which may set vertical writing. */
  const readingCss = new Set<string>();
  const rootClasses = new Set<string>();
  let vertical = pkg.verticalDeclared;
  const linkedPaths = new Set(navigation.toc.map((entry) => entry.path));
  const malformed: string[] = [];
  // A fixed-layout book keeps each document as a page of its declared size (fixed-pages.ts).
  const fixed = pkg.prePaginated;
  const viewports = new Map<string, PageSize | null>();
  for (const [index, entry] of [...linear, ...apart].entries()) {
    ctx.progress(
      (0.3 * index) / (linear.length + apart.length),
      `Reading chapter ${index + 1} of ${linear.length}`,
    );
    const { doc, malformed: problem } = await readDocument(zip, entry.item);
    (entry.linear ? summaries : apartSummaries).push(summarise(doc, entry.item));
    if (problem) malformed.push(`“${entry.item.path}” (${problem})`);
    if (fixed) viewports.set(entry.item.path, doc.viewport());
    for (const href of doc.linkHrefs()) {
      const resolved = resolveHref(entry.item.path, href);
      if (resolved && "path" in resolved && resolved.path !== entry.item.path) linkedPaths.add(resolved.path);
    }
    const sources = await styles.sourcesOf(entry.item.path, doc);
    styleSources.set(entry.item.path, sources);
    styles.learnFamilies(sources);
    if (!entry.linear) continue;
    for (const source of sources) readingCss.add(source.css);
    const docStyles = doc.styleSheets();
    for (const name of docStyles.rootClasses) rootClasses.add(name);
    if (docStyles.rootStyles.some((style) => VERTICAL.test(`;${style}`))) vertical = true;
  }
  if (malformed.length > 0) {
    // Read as a browser reads HTML, which may not be what the book meant: the team should know.
    ctx.warn(
      `${malformed.length} chapter file${malformed.length === 1 ? " is" : "s are"} not well-formed XHTML and ${malformed.length === 1 ? "was" : "were"} read as leniently as a browser reads HTML: ${malformed.slice(0, 3).join("; ")}${malformed.length > 3 ? "; …" : ""}.`,
    );
  }
  if (!vertical) vertical = [...readingCss].some((css) => cssDeclaresVertical(css, rootClasses));

  // A fixed-layout book is read page after page, as its pages were laid out: one episode of them
  // all, as a comic is (a table of contents there usually names every page).
  const planned = fixed
    ? { front: [], episodes: [{ title: "Episode 1", docs: summaries }], back: [], coverImage: null }
    : planBook(summaries, navigation, pkg);
  if (planned.episodes.length === 0) throw refuse(`${label} has no chapters with text or pictures.`);
  const tocLabel = (docPath: string) => navigation.toc.find((entry) => entry.path === docPath)?.label;
  // A page outside the reading order that nothing links to (a cover page, say) has no way in.
  for (const doc of apartSummaries) {
    if (!linkedPaths.has(doc.path)) continue;
    if (doc.textLength > 0 || doc.images.length > 0 || doc.drawings > 0)
      planned.back.push({ title: tocLabel(doc.path) || doc.heading || "Supplement", docs: [doc] });
  }
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
    for (const [part, doc] of section.docs.entries()) {
      // A document the spine lists twice is linked to where it first comes.
      if (!location.has(doc.path)) location.set(doc.path, { address, part });
    }
  }

  const images = new ImageCopier(zip, ctx, pkg.imageFallbacks);
  const pages = new FixedPages(pkg, viewports);
  const narration = new ReadAlongWriter(zip, pkg, ctx);
  const sounds = new AudioCopier(zip, ctx);
  const written: Array<{ title: string; dir: string; payload: BookPayload }> = [];
  for (const [index, { section, address, dir }] of sections.entries()) {
    ctx.progress(
      0.3 + (0.65 * index) / sections.length,
      `Writing chapter ${index + 1} of ${sections.length}`,
    );
    await ctx.makeDir(dir);
    const sectionImages = images.forEpisode(dir);
    const sectionSounds = sounds.forEpisode(dir);
    const sectionNarration = narration.forEpisode(dir, sectionSounds);
    const parts: string[] = [];
    const sectionStyles: StyleSource[] = [];
    for (const [part, summary] of section.docs.entries()) {
      sectionStyles.push(...(styleSources.get(summary.path) ?? []));
      await sectionNarration.add(summary.item);
      const html = await renderDocument(zip, summary, {
        images: sectionImages,
        sounds: sectionSounds,
        href: (href) => rewriteLink(summary.path, href, address, location),
        idPrefix: part === 0 ? undefined : `${partAnchor(part)}-`,
        bookFamilies: styles.bookFamilies,
      });
      if (fixed)
        parts.push(
          fixedPage(html, part, pages.sizeOf(summary.path), pages.spreadOf(summary.path), pages.single),
        );
      else parts.push(part === 0 ? html : `<div id="${partAnchor(part)}">${html}</div>`);
    }
    const html = parts.join("\n");
    await writeFile(ctx.outPath(path.posix.join(dir, "chapter.html")), html);
    const copyImage = (from: string, src: string) => sectionImages.copy(from, src);
    const stylesheet = await styles.writeFor(dir, sectionStyles, copyImage, { fixed });
    const readAlong = await sectionNarration.write();
    written.push({
      title: section.title ?? `Chapter ${index + 1}`,
      dir,
      payload: {
        kind: "book",
        file: "chapter.html",
        wordCount: countWords(html),
        images: sectionImages.files(),
        ...(stylesheet ? { styles: stylesheet } : {}),
        ...(fixed ? { layout: "fixed" as const } : {}),
        ...(readAlong ? { readAlong } : {}),
      },
    });
  }
  images.reportWarnings();
  styles.reportWarnings();
  sounds.reportWarnings();
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

/** One document of an episode as stored: its pictures and sounds copied, its links rewritten, purified. */
async function renderDocument(
  zip: SafeZip,
  summary: DocumentSummary,
  episode: {
    images: ReturnType<ImageCopier["forEpisode"]>;
    sounds: ReturnType<AudioCopier["forEpisode"]>;
    href: (href: string) => string | null;
    idPrefix: string | undefined;
    bookFamilies: ReadonlySet<string>;
  },
): Promise<string> {
  const doc = await loadDocument(zip, summary.item);
  const pictures = new Map<string, string | null>();
  for (const src of doc.imageSources()) {
    if (!pictures.has(src)) pictures.set(src, await episode.images.copy(summary.path, src));
  }
  const sounds = new Map<string, string | null>();
  for (const src of doc.mediaSources()) {
    if (sounds.has(src)) continue;
    const resolved = resolveHref(summary.path, src);
    const stored = resolved && "path" in resolved ? await episode.sounds.copy(resolved.path) : null;
    sounds.set(src, stored ? `${EPISODE_MEDIA_MARKER}${stored}` : null);
  }
  return doc.render({
    href: episode.href,
    image: (src) => pictures.get(src) ?? null,
    media: (src) => sounds.get(src) ?? null,
    idPrefix: episode.idPrefix,
    bookFamilies: episode.bookFamilies,
  });
}

function matterDir(index: number): string {
  return `matter/${String(index + 1).padStart(4, "0")}`;
}
