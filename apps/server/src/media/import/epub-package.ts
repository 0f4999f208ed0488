// An EPUB's package (OPF): found through META-INF/container.xml, read for the title's metadata,
// its manifest, spine, cover, navigation documents and EPUB 2 guide.
import type { StructureReference } from "./book-structure.ts";
import { refuse } from "./context.ts";
import { resolveHref } from "./epub-href.ts";
import { MAX_XML_BYTES } from "./epub-limits.ts";
import { normaliseLanguage } from "./media-tools.ts";
import { plainText } from "./sanitize-chapter.ts";
import { elements, parseXml, textOf } from "./xml.ts";
import type { SafeZip } from "./zip.ts";

export interface ManifestItem {
  id: string;
  /** Path inside the archive. */
  path: string;
  mediaType: string;
  properties: string[];
  /** The manifest id of the item to use where this one's type cannot be shown. */
  fallback: string | null;
  /** The manifest id of the media overlay (SMIL) that narrates this document. */
  mediaOverlay: string | null;
}

interface SpineEntry {
  item: ManifestItem;
  linear: boolean;
  properties: string[];
}

export interface EpubPackage {
  /** The identifier the package names as its own (fonts are obfuscated with it). */
  uniqueIdentifier: string | null;
  title: string | null;
  creators: string[];
  description: string;
  language: string | null;
  subjects: string[];
  byPath: Map<string, ManifestItem>;
  spine: SpineEntry[];
  rightToLeft: boolean;
  prePaginated: boolean;
  /** A fixed-layout book that asks never to be shown two pages side by side (`rendition:spread` none). */
  noSpreads: boolean;
  cover: ManifestItem | null;
  nav: ManifestItem | null;
  ncx: ManifestItem | null;
  /** Every manifest item by its id. */
  byId: Map<string, ManifestItem>;
  /** The class a media overlay's reading system puts on the phrase being spoken (`media:active-class`). */
  overlayActiveClass: string | null;
  /** Pictures of a type browsers cannot show, and the picture the manifest names in their place. */
  imageFallbacks: Map<string, string>;
  /** EPUB 2 `<guide>`: where reading starts, which pages are the title page, copyright… */
  guide: StructureReference[];
  verticalDeclared: boolean;
}

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
      fallback: item.attr("fallback")?.trim() || null,
      mediaOverlay: item.attr("media-overlay")?.trim() || null,
    };
    if (id) byId.set(id, entry);
    byPath.set(entry.path, entry);
  });

  const spineElement = elements($, "spine").first();
  const spine: SpineEntry[] = [];
  elements($, "itemref", spineElement).each((_, element) => {
    const itemref = $(element);
    const item = readableItem(byId, byId.get(itemref.attr("idref") ?? ""));
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

  const uniqueId = $("package").first().attr("unique-identifier");
  const identifiers = elements($, "identifier", metadata);
  const identifier = identifiers
    .filter((_, element) => !!uniqueId && $(element).attr("id") === uniqueId)
    .first();
  const uniqueIdentifier = textOf(identifier.length ? identifier : identifiers.first()) || null;

  const imageFallbacks = new Map<string, string>();
  for (const item of byId.values()) {
    if (!item.fallback || CORE_IMAGE_TYPES.has(item.mediaType)) continue;
    const seen = new Set<ManifestItem>([item]);
    let next = byId.get(item.fallback);
    while (next && !seen.has(next) && !CORE_IMAGE_TYPES.has(next.mediaType)) {
      seen.add(next);
      next = next.fallback ? byId.get(next.fallback) : undefined;
    }
    if (next && CORE_IMAGE_TYPES.has(next.mediaType)) imageFallbacks.set(item.path, next.path);
  }

  return {
    uniqueIdentifier,
    byId,
    overlayActiveClass: metaProperty("media:active-class")?.trim() || null,
    imageFallbacks,
    title,
    creators,
    description,
    language,
    subjects,
    byPath,
    spine,
    guide,
    rightToLeft: pagesRunRightToLeft(spineElement.attr("page-progression-direction"), language),
    prePaginated,
    noSpreads: metaProperty("rendition:spread")?.trim() === "none",
    cover,
    nav,
    ncx,
    verticalDeclared: (metaName("primary-writing-mode") ?? "").toLowerCase().startsWith("vertical"),
  };
}

/** Languages written right to left, whose books turn their pages leftwards unless they say otherwise. */
const RIGHT_TO_LEFT_LANGUAGES = new Set(["ar", "he", "fa", "ur", "yi", "ps", "sd", "ckb", "dv", "ug"]);

/** `page-progression-direction` as written; when it is absent or "default", the language's own direction. */
function pagesRunRightToLeft(declared: string | undefined, language: string | null): boolean {
  const direction = (declared ?? "").trim().toLowerCase();
  if (direction === "rtl" || direction === "ltr") return direction === "rtl";
  return RIGHT_TO_LEFT_LANGUAGES.has((language ?? "").toLowerCase().split("-")[0] ?? "");
}

/** Picture types every reading system shows (EPUB's core media types) and browsers draw. */
const CORE_IMAGE_TYPES = new Set([
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/svg+xml",
  "image/avif",
]);

/** Spine item types we can show: documents (XHTML, HTML, DTBook, SVG) and pictures. */
export function isReadableType(mediaType: string): boolean {
  return (
    ["application/xhtml+xml", "application/x-dtbook+xml", "text/html", "image/svg+xml"].includes(mediaType) ||
    mediaType.startsWith("image/")
  );
}

/**
 * The item itself when we can show it, otherwise the first readable item along its fallback
 * chain (a foreign resource or a scripted page in the spine names a page to show instead).
 */
function readableItem(
  byId: Map<string, ManifestItem>,
  item: ManifestItem | undefined,
): ManifestItem | undefined {
  const seen = new Set<ManifestItem>();
  let current = item;
  while (current && !seen.has(current)) {
    // A scripted page has its fallback shown instead where it names one: chapters run no scripts.
    const scriptedWithFallback = current.properties.includes("scripted") && current.fallback !== null;
    if (isReadableType(current.mediaType) && !scriptedWithFallback) return current;
    seen.add(current);
    current = current.fallback ? byId.get(current.fallback) : undefined;
  }
  return item;
}

export function epubTypes(value: string | undefined): string[] {
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
