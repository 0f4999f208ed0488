// EPUB 2/3 → book (or comic, for fixed-layout EPUBs whose pages are pictures). Episodes follow the
// table of contents; each is the sanitised body of its spine documents, with the pictures they use
// copied next to it and links rewritten to point at episodes.
import { writeFile } from "node:fs/promises";
import path from "node:path";
import * as cheerio from "cheerio";
import {
  matterName,
  type Placement,
  placeDocuments,
  type StructureDocument,
  type StructureReference,
} from "./book-structure.ts";
import { writeComicPages, writeCover } from "./comic.ts";
import { checkEpisodeCount, episodeDir, type ImportContext, refuse } from "./context.ts";
import { checkImage, webImage } from "./images.ts";
import { quoted } from "./input-names.ts";
import { formatMegapixels } from "./limits.ts";
import { normaliseLanguage } from "./media-tools.ts";
import { titleFromFileName } from "./natural-sort.ts";
import { ChapterDocument, countWords, isExternalHref, plainText } from "./sanitize-chapter.ts";
import {
  EPISODE_MEDIA_MARKER,
  type ImportedEpisode,
  type ImportedMatter,
  type ImportedTitle,
  type ImportInput,
} from "./types.ts";
import { attribute, children, elements, parseXml, textOf } from "./xml.ts";
import { SafeZip } from "./zip.ts";

const MAX_XML_BYTES = 16 * 1024 * 1024;
const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;
const MAX_STYLESHEET_BYTES = 4 * 1024 * 1024;
const MAX_IMAGE_BYTES = 256 * 1024 * 1024;
const MAX_STYLESHEETS = 100;

interface ManifestItem {
  id: string;
  /** Path inside the archive. */
  path: string;
  mediaType: string;
  properties: string[];
}

interface SpineEntry {
  item: ManifestItem;
  linear: boolean;
  properties: string[];
}

export interface EpubPackage {
  title: string | null;
  creators: string[];
  description: string;
  language: string | null;
  subjects: string[];
  byPath: Map<string, ManifestItem>;
  spine: SpineEntry[];
  rightToLeft: boolean;
  prePaginated: boolean;
  cover: ManifestItem | null;
  nav: ManifestItem | null;
  ncx: ManifestItem | null;
  /** EPUB 2 `<guide>`: where reading starts, which pages are the title page, copyright… */
  guide: StructureReference[];
  verticalDeclared: boolean;
}

interface TocEntry {
  label: string;
  path: string;
  fragment: string;
}

// ---- paths ----------------------------------------------------------------------------------------

type Resolved = { path: string; fragment: string } | { external: string } | null;

/** Resolves an href found in `fromFile` to an archive path (percent-decoded) and its fragment. */
export function resolveHref(fromFile: string, href: string): Resolved {
  const trimmed = href.trim();
  if (!trimmed) return null;
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith("//")) return { external: trimmed };
  const hash = trimmed.indexOf("#");
  const fragment = hash === -1 ? "" : trimmed.slice(hash + 1);
  let target = hash === -1 ? trimmed : trimmed.slice(0, hash);
  const query = target.indexOf("?");
  if (query !== -1) target = target.slice(0, query);
  if (target === "") return { path: fromFile, fragment };
  let decoded = target;
  try {
    decoded = decodeURIComponent(target);
  } catch {
    // A stray % is kept as written.
  }
  const joined = decoded.startsWith("/")
    ? path.posix.normalize(decoded.slice(1))
    : path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), decoded));
  if (joined === ".." || joined.startsWith("../") || joined.startsWith("/") || joined.includes("\0"))
    return null;
  return { path: joined, fragment };
}

// ---- package --------------------------------------------------------------------------------------

async function findPackagePath(zip: SafeZip, label: string): Promise<string> {
  if (zip.has("META-INF/container.xml")) {
    const $ = parseXml(await zip.readText("META-INF/container.xml", MAX_XML_BYTES));
    const rootfiles = elements($, "rootfile").toArray();
    const preferred =
      rootfiles.find((element) => $(element).attr("media-type") === "application/oebps-package+xml") ??
      rootfiles[0];
    const fullPath = preferred ? $(preferred).attr("full-path") : undefined;
    const resolved = fullPath ? resolveHref("", fullPath) : null;
    if (resolved && "path" in resolved && zip.has(resolved.path))
      return zip.resolveName(resolved.path) ?? resolved.path;
  }
  // Some tools forget container.xml or point it wrong; the package file is still there.
  const opf = zip.entries.find((entry) => entry.name.toLowerCase().endsWith(".opf"));
  if (opf) return opf.name;
  throw refuse(`${label} is not a complete EPUB: its package file (OPF) is missing.`);
}

export async function readPackage(zip: SafeZip, label: string): Promise<EpubPackage> {
  const opfPath = await findPackagePath(zip, label);
  const $ = parseXml(await zip.readText(opfPath, MAX_XML_BYTES));
  const metadata = elements($, "metadata").first();
  const metas = elements($, "meta", metadata);

  const metaProperty = (property: string) =>
    textOf(metas.filter((_, element) => $(element).attr("property") === property).first()) || null;
  const metaName = (name: string) =>
    metas
      .filter((_, element) => $(element).attr("name") === name)
      .first()
      .attr("content")
      ?.trim() || null;

  // dc:title: the one refined as "main" when there are several.
  const titles = elements($, "title", metadata).toArray();
  const mainTitle = titles.find((element) => {
    const id = $(element).attr("id");
    return (
      id &&
      metas
        .toArray()
        .some(
          (meta) =>
            $(meta).attr("refines") === `#${id}` &&
            $(meta).attr("property") === "title-type" &&
            $(meta).text().trim() === "main",
        )
    );
  });
  const titleElement = mainTitle ?? titles[0];
  const title = titleElement ? $(titleElement).text().replace(/\s+/g, " ").trim() || null : null;

  const creators = uniqueStrings(
    elements($, "creator", metadata)
      .toArray()
      .map((element) => $(element).text().replace(/\s+/g, " ").trim()),
  );
  const description = plainText(textOf(elements($, "description", metadata).first()));
  const language = normaliseLanguage(textOf(elements($, "language", metadata).first()));
  const subjects = uniqueStrings(
    elements($, "subject", metadata)
      .toArray()
      .map((element) => $(element).text().replace(/\s+/g, " ").trim()),
  );

  const byId = new Map<string, ManifestItem>();
  const byPath = new Map<string, ManifestItem>();
  elements($, "item", elements($, "manifest").first()).each((_, element) => {
    const item = $(element);
    const id = item.attr("id") ?? "";
    const href = item.attr("href") ?? "";
    const resolved = resolveHref(opfPath, href);
    if (!resolved || !("path" in resolved)) return;
    const entry: ManifestItem = {
      id,
      path: zip.resolveName(resolved.path) ?? resolved.path,
      mediaType: (item.attr("media-type") ?? "").toLowerCase().trim(),
      properties: (item.attr("properties") ?? "").split(/\s+/).filter(Boolean),
    };
    if (id) byId.set(id, entry);
    byPath.set(entry.path, entry);
  });

  const spineElement = elements($, "spine").first();
  const spine: SpineEntry[] = [];
  elements($, "itemref", spineElement).each((_, element) => {
    const itemref = $(element);
    const item = byId.get(itemref.attr("idref") ?? "");
    if (!item) return;
    spine.push({
      item,
      linear: (itemref.attr("linear") ?? "yes").trim().toLowerCase() !== "no",
      properties: (itemref.attr("properties") ?? "").split(/\s+/).filter(Boolean),
    });
  });

  const layout = metaProperty("rendition:layout");
  const linearSpine = spine.filter((entry) => entry.linear);
  const prePaginated =
    layout === "pre-paginated"
      ? !linearSpine.every((entry) => entry.properties.includes("rendition:layout-reflowable"))
      : linearSpine.length > 0 &&
        linearSpine.every((entry) => entry.properties.includes("rendition:layout-pre-paginated"));

  let cover = [...byId.values()].find((item) => item.properties.includes("cover-image")) ?? null;
  const coverMeta = metaName("cover");
  if (!cover && coverMeta) {
    const byReference = resolveHref(opfPath, coverMeta);
    cover =
      byId.get(coverMeta) ??
      (byReference && "path" in byReference ? (byPath.get(byReference.path) ?? null) : null);
  }
  if (cover && !cover.mediaType.startsWith("image/")) cover = null;

  const nav = [...byId.values()].find((item) => item.properties.includes("nav")) ?? null;
  const tocId = spineElement.attr("toc");
  const ncx =
    (tocId ? byId.get(tocId) : undefined) ??
    [...byId.values()].find((item) => item.mediaType === "application/x-dtbncx+xml") ??
    null;

  const guide: StructureReference[] = [];
  elements($, "reference", elements($, "guide").first()).each((_, element) => {
    const resolved = resolveHref(opfPath, $(element).attr("href") ?? "");
    if (!resolved || !("path" in resolved)) return;
    guide.push({
      types: epubTypes($(element).attr("type")),
      path: zip.resolveName(resolved.path) ?? resolved.path,
    });
  });

  return {
    title,
    creators,
    description,
    language,
    subjects,
    byPath,
    spine,
    guide,
    rightToLeft: (spineElement.attr("page-progression-direction") ?? "").trim().toLowerCase() === "rtl",
    prePaginated,
    cover,
    nav,
    ncx,
    verticalDeclared: (metaName("primary-writing-mode") ?? "").toLowerCase().startsWith("vertical"),
  };
}

function epubTypes(value: string | undefined): string[] {
  return (value ?? "").toLowerCase().split(/\s+/).filter(Boolean);
}

function uniqueStrings(values: string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (!value || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- table of contents ----------------------------------------------------------------------------

function parseNav(text: string, navPath: string): TocEntry[] {
  const $ = cheerio.load(text);
  const navs = $("nav").toArray();
  const toc =
    navs.find((element) => ($(element).attr("epub:type") ?? "").split(/\s+/).includes("toc")) ?? navs[0];
  if (!toc) return [];
  const entries: TocEntry[] = [];
  $(toc)
    .find("a[href]")
    .each((_, element) => {
      const resolved = resolveHref(navPath, $(element).attr("href") ?? "");
      if (!resolved || !("path" in resolved)) return;
      entries.push({ label: $(element).text().replace(/\s+/g, " ").trim(), ...resolved });
    });
  return entries;
}

function parseNcx(text: string, ncxPath: string): TocEntry[] {
  const $ = parseXml(text);
  const entries: TocEntry[] = [];
  elements($, "navPoint").each((_, element) => {
    const point = $(element);
    const label = textOf(children(children(point, "navLabel").first(), "text").first());
    const src = attribute(children(point, "content").first(), "src") ?? "";
    const resolved = resolveHref(ncxPath, src);
    if (!resolved || !("path" in resolved)) return;
    entries.push({ label, ...resolved });
  });
  return entries;
}

/** EPUB 3 `landmarks`: links marked "bodymatter" (where reading starts), "titlepage", "toc"… */
function parseLandmarks(text: string, navPath: string, zip: SafeZip): StructureReference[] {
  const $ = cheerio.load(text);
  const landmarks = $("nav")
    .toArray()
    .find((element) => epubTypes($(element).attr("epub:type")).includes("landmarks"));
  if (!landmarks) return [];
  const references: StructureReference[] = [];
  $(landmarks)
    .find("a[href]")
    .each((_, element) => {
      const resolved = resolveHref(navPath, $(element).attr("href") ?? "");
      if (!resolved || !("path" in resolved)) return;
      references.push({
        types: epubTypes($(element).attr("epub:type")),
        path: zip.resolveName(resolved.path) ?? resolved.path,
      });
    });
  return references;
}

interface Navigation {
  toc: TocEntry[];
  landmarks: StructureReference[];
}

async function readNavigation(zip: SafeZip, pkg: EpubPackage, ctx: ImportContext): Promise<Navigation> {
  let landmarks: StructureReference[] = [];
  try {
    if (pkg.nav && zip.has(pkg.nav.path)) {
      const text = await zip.readText(pkg.nav.path, MAX_XML_BYTES);
      landmarks = parseLandmarks(text, pkg.nav.path, zip);
      const entries = parseNav(text, pkg.nav.path);
      if (entries.length > 0) return { toc: entries, landmarks };
    }
    if (pkg.ncx && zip.has(pkg.ncx.path)) {
      return { toc: parseNcx(await zip.readText(pkg.ncx.path, MAX_XML_BYTES), pkg.ncx.path), landmarks };
    }
  } catch (error) {
    if (error instanceof Error && error.name === "AbortError") throw error;
    ctx.warn("The table of contents could not be read; chapters were made from the book's files instead.");
  }
  return { toc: [], landmarks };
}

// ---- spine documents ------------------------------------------------------------------------------

const XHTML_TYPES = ["application/xhtml+xml", "application/x-dtbook+xml"];

function isDocument(item: ManifestItem): boolean {
  return XHTML_TYPES.includes(item.mediaType) || item.mediaType === "text/html";
}

function isImageItem(item: ManifestItem): boolean {
  return item.mediaType.startsWith("image/");
}

/** A spine document parsed; a picture placed in the spine directly becomes a one-image page. */
async function loadDocument(zip: SafeZip, item: ManifestItem): Promise<ChapterDocument> {
  if (isImageItem(item)) {
    const name = encodeURIComponent(path.posix.basename(item.path));
    return new ChapterDocument(`<html><body><img src="${name}" alt=""/></body></html>`, true);
  }
  const text = await zip.readText(item.path, MAX_DOCUMENT_BYTES);
  return new ChapterDocument(text, item.mediaType !== "text/html");
}

interface DocumentSummary {
  path: string;
  item: ManifestItem;
  textLength: number;
  images: string[];
  heading: string | null;
  /** What the document says it is (`epub:type`): "frontmatter", "titlepage", "chapter"… */
  types: string[];
}

function summarise(doc: ChapterDocument, item: ManifestItem): DocumentSummary {
  const images: string[] = [];
  for (const src of doc.imageSources()) {
    const resolved = resolveHref(item.path, src);
    if (resolved && "path" in resolved) images.push(resolved.path);
    else images.push(src);
  }
  return {
    path: item.path,
    item,
    textLength: doc.text().replace(/\s/g, "").length,
    images,
    heading: doc.firstHeading(),
    types: doc.structuralTypes(),
  };
}

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

// ---- writing mode ---------------------------------------------------------------------------------

const VERTICAL = /(?:^|[;{\s])(?:-epub-|-webkit-)?writing-mode\s*:\s*vertical-rl/i;

/** Whether CSS sets vertical-rl writing on html, body, :root or a class those elements carry. */
export function cssDeclaresVertical(css: string, rootClasses: ReadonlySet<string>): boolean {
  const cleaned = css.replace(/\/\*[\s\S]*?\*\//g, "");
  for (const match of cleaned.matchAll(/([^{}]*)\{([^{}]*)\}/g)) {
    const [, selectors = "", declarations = ""] = match;
    if (!VERTICAL.test(`;${declarations}`)) continue;
    for (const selector of selectors.split(",")) {
      const last =
        selector
          .trim()
          .split(/[\s>+~]+/)
          .pop() ?? "";
      if (/^(html|body|:root)(?![\w-])/i.test(last)) return true;
      for (const [, name] of last.matchAll(/\.([\w-]+)/g)) {
        if (name && rootClasses.has(name)) return true;
      }
    }
  }
  return false;
}

// ---- genres ---------------------------------------------------------------------------------------

const KNOWN_GENRES = new Set(
  [
    "action",
    "adventure",
    "biography",
    "children's fiction",
    "classics",
    "comedy",
    "crime",
    "drama",
    "dystopian",
    "fantasy",
    "fiction",
    "historical fiction",
    "horror",
    "humor",
    "humour",
    "literary fiction",
    "memoir",
    "mystery",
    "non-fiction",
    "nonfiction",
    "paranormal",
    "poetry",
    "romance",
    "science fiction",
    "short stories",
    "thriller",
    "western",
    "young adult",
  ].map((genre) => genre.toLowerCase()),
);

// ---- import ---------------------------------------------------------------------------------------

export async function importEpub(
  input: ImportInput,
  ctx: ImportContext,
  as: "book" | "comic",
): Promise<ImportedTitle> {
  const label = quoted(input);
  const zip = await SafeZip.open(input.path, label, ctx.limits, ctx.signal);
  try {
    const pkg = await readPackage(zip, label);
    const common = {
      title: pkg.title ?? titleFromFileName(input.name),
      author: pkg.creators.length > 0 ? pkg.creators.join(", ") : "Unknown",
      description: pkg.description,
      language: pkg.language,
      genres: pkg.subjects.filter((subject) => KNOWN_GENRES.has(subject.toLowerCase())),
      tags: pkg.subjects.filter((subject) => !KNOWN_GENRES.has(subject.toLowerCase())),
      readingDirection: pkg.rightToLeft ? ("rtl" as const) : ("ltr" as const),
    };
    if (as === "comic") return { ...common, ...(await importAsComic(zip, pkg, label, ctx)) };
    return { ...common, ...(await importAsBook(zip, pkg, label, ctx)) };
  } finally {
    zip.close();
  }
}

async function writePackageCover(zip: SafeZip, pkg: EpubPackage, ctx: ImportContext): Promise<string | null> {
  if (!pkg.cover) return null;
  if (!zip.has(pkg.cover.path)) {
    ctx.warn("The cover named by the book is missing from the file.");
    return null;
  }
  return writeCover(ctx, await zip.read(pkg.cover.path, MAX_IMAGE_BYTES), null);
}

async function importAsComic(
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

async function importAsBook(
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

function partAnchor(part: number): string {
  return `lv-part-${part + 1}`;
}

interface PlannedSection {
  title: string | null;
  docs: DocumentSummary[];
}

interface BookPlan {
  front: PlannedSection[];
  episodes: PlannedSection[];
  back: PlannedSection[];
  coverImage: string | null;
}

/**
 * The book cut into front matter, episodes and back matter (see book-structure.ts). Episodes
 * follow the table of contents: a document it points to starts an episode, titled by the first
 * entry pointing to it; documents it does not point to join the episode before them. A page of
 * matter is one document, or several when the later ones have no heading, label or type of their
 * own. A picture-only page ahead of the first chapter is the cover, kept as the title's cover.
 */
function planBook(docs: DocumentSummary[], navigation: Navigation, pkg: EpubPackage): BookPlan {
  const coverPath = pkg.cover?.path ?? null;
  const inSpine = new Set(docs.map((doc) => doc.path));
  const targets = new Map<string, string>();
  for (const entry of navigation.toc) {
    if (inSpine.has(entry.path) && !targets.has(entry.path)) targets.set(entry.path, entry.label);
  }
  const useToc = targets.size > 0;

  let coverImage: string | null = null;
  const kept: DocumentSummary[] = [];
  let seenTarget = false;
  for (const doc of docs) {
    if (targets.has(doc.path)) seenTarget = true;
    const beforeContent = useToc ? !seenTarget : kept.length === 0;
    if (beforeContent && doc.textLength === 0 && doc.images.length === 1) {
      const image = doc.images[0] ?? null;
      if (coverPath === null || image === coverPath) {
        coverImage ??= image;
        continue;
      }
    }
    if (doc.textLength === 0 && doc.images.length === 0) continue;
    kept.push(doc);
  }

  const placements = placeDocuments(
    kept.map(
      (doc): StructureDocument => ({
        path: doc.path,
        types: doc.types,
        heading: doc.heading,
        textLength: doc.textLength,
        tocLabel: targets.get(doc.path) || null,
        isNav: pkg.nav !== null && doc.path === pkg.nav.path,
      }),
    ),
    { landmarks: navigation.landmarks, guide: pkg.guide, bookTitle: pkg.title },
  );

  const plan: BookPlan = { front: [], episodes: [], back: [], coverImage };
  let previous: Placement | null = null;
  for (const [index, doc] of kept.entries()) {
    const placement = placements[index] ?? "body";
    const label = targets.get(doc.path);
    if (placement === "body") {
      const current = plan.episodes.at(-1);
      if (label !== undefined || !useToc || !current || previous !== "body") {
        plan.episodes.push({ title: label || doc.heading, docs: [doc] });
      } else {
        current.docs.push(doc);
      }
    } else {
      const list = placement === "front" ? plan.front : plan.back;
      const current = list.at(-1);
      const named = matterName(doc.types, placement);
      const isGeneric = named === "Front matter" || named === "Back matter";
      if (current && previous === placement && label === undefined && !doc.heading && isGeneric) {
        current.docs.push(doc);
      } else {
        list.push({ title: label || doc.heading || named, docs: [doc] });
      }
    }
    previous = placement;
  }
  return plan;
}

type LinkTargets = Map<string, { address: string; part: number }>;

/** A link as stored: within the same section a fragment, to another one its address ("?episode=3#x"). */
function rewriteLink(
  fromDoc: string,
  href: string,
  ownAddress: string,
  location: LinkTargets,
): string | null {
  const resolved = resolveHref(fromDoc, href);
  if (!resolved) return null;
  if ("external" in resolved) return isExternalHref(resolved.external) ? resolved.external : null;
  const target = location.get(resolved.path);
  if (!target) return null;
  const fragment = resolved.fragment
    ? `#${resolved.fragment}`
    : target.part > 0
      ? `#${partAnchor(target.part)}`
      : "";
  if (target.address === ownAddress) return fragment || "#";
  return `${target.address}${fragment}`;
}

type PreparedImage = { ok: true; extension: string; buffer: Buffer | null } | { ok: false };

const CACHE_IMAGE_BYTES = 4 * 1024 * 1024;
const CACHE_TOTAL_BYTES = 128 * 1024 * 1024;

/**
 * Copies the pictures chapters use into `<episodeDir>/images/`, checked once per archive entry.
 * Problems are counted and reported as one warning each.
 */
class ImageCopier {
  private readonly prepared = new Map<string, Promise<PreparedImage>>();
  private cachedBytes = 0;
  private readonly missing = new Set<string>();
  private readonly unreadable = new Set<string>();
  private readonly tooLarge = new Set<string>();
  private readonly remote = new Set<string>();
  private readonly zip: SafeZip;
  private readonly ctx: ImportContext;

  constructor(zip: SafeZip, ctx: ImportContext) {
    this.zip = zip;
    this.ctx = ctx;
  }

  forEpisode(dir: string) {
    const names = new Map<string, string | null>();
    const used = new Set<string>();
    return {
      files: () =>
        [...names.values()].filter((name): name is string => name !== null).map((name) => `images/${name}`),
      copy: async (fromDoc: string, src: string): Promise<string | null> => {
        const resolved = resolveHref(fromDoc, src);
        if (!resolved || "external" in resolved) {
          this.remote.add(src);
          return null;
        }
        const entryName = this.zip.resolveName(resolved.path);
        if (!entryName) {
          this.missing.add(resolved.path);
          return null;
        }
        if (names.has(entryName)) {
          const known = names.get(entryName);
          return known ? `${EPISODE_MEDIA_MARKER}images/${known}` : null;
        }
        const stored = await this.store(entryName, dir, used);
        names.set(entryName, stored);
        return stored ? `${EPISODE_MEDIA_MARKER}images/${stored}` : null;
      },
    };
  }

  private async store(entryName: string, dir: string, used: Set<string>): Promise<string | null> {
    let prepared = this.prepared.get(entryName);
    if (!prepared) {
      prepared = this.prepare(entryName);
      this.prepared.set(entryName, prepared);
    }
    const image = await prepared;
    if (!image.ok) return null;
    const name = uniqueName(safeFileName(entryName, image.extension), used);
    await this.ctx.makeDir(path.posix.join(dir, "images"));
    const bytes = image.buffer ?? (await this.convert(entryName))?.buffer;
    if (!bytes) return null;
    await writeFile(this.ctx.outPath(path.posix.join(dir, "images", name)), bytes, { flag: "wx" });
    return name;
  }

  /** Checked once per picture; small ones are kept in memory for chapters that use them again. */
  private async prepare(entryName: string): Promise<PreparedImage> {
    const converted = await this.convert(entryName);
    if (!converted) return { ok: false };
    const keep = converted.buffer.length <= CACHE_IMAGE_BYTES && this.cachedBytes < CACHE_TOTAL_BYTES;
    if (keep) this.cachedBytes += converted.buffer.length;
    return { ok: true, extension: converted.extension, buffer: keep ? converted.buffer : null };
  }

  private async convert(entryName: string): Promise<{ buffer: Buffer; extension: string } | null> {
    const buffer = await this.zip.read(entryName, MAX_IMAGE_BYTES);
    const check = await checkImage(buffer, this.ctx.limits.maxImagePixels);
    if (!check.ok) {
      (check.reason === "too-large" ? this.tooLarge : this.unreadable).add(entryName);
      return null;
    }
    try {
      return await webImage(buffer, check.info, this.ctx.limits.maxImagePixels);
    } catch {
      this.unreadable.add(entryName);
      return null;
    }
  }

  reportWarnings(): void {
    const missing = this.missing.size;
    const unreadable = this.unreadable.size;
    const tooLarge = this.tooLarge.size;
    const remote = this.remote.size;
    const plural = (count: number) => (count === 1 ? "picture" : "pictures");
    if (missing)
      this.ctx.warn(
        `${missing} ${plural(missing)} missing from the book ${missing === 1 ? "was" : "were"} left out.`,
      );
    if (unreadable) {
      this.ctx.warn(
        `${unreadable} ${plural(unreadable)} that could not be read ${unreadable === 1 ? "was" : "were"} left out.`,
      );
    }
    if (tooLarge) {
      this.ctx.warn(
        `${tooLarge} ${plural(tooLarge)} larger than ${formatMegapixels(this.ctx.limits.maxImagePixels)} ${tooLarge === 1 ? "was" : "were"} left out.`,
      );
    }
    if (remote) {
      this.ctx.warn(
        `${remote} ${plural(remote)} loading from other websites ${remote === 1 ? "was" : "were"} removed.`,
      );
    }
  }
}

/** "Images/My Pic (1).JPG" → "my-pic-1.jpg": letters, digits, dots and dashes only. */
function safeFileName(entryName: string, extension: string): string {
  const base = path.posix.basename(entryName).replace(/\.[^.]*$/, "");
  const cleaned = base
    .normalize("NFKD")
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^[-_]+|[-_]+$/g, "")
    .toLowerCase()
    .slice(0, 80);
  return `${cleaned || "image"}.${extension}`;
}

function uniqueName(name: string, used: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf(".");
  for (let counter = 2; used.has(candidate); counter++) {
    candidate = `${name.slice(0, dot)}-${counter}${name.slice(dot)}`;
  }
  used.add(candidate);
  return candidate;
}
