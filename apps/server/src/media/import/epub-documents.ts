// An EPUB's spine documents: which manifest items are chapters or pictures, each parsed, and what
// it holds (text, pictures, heading, structural type).
import path from "node:path";
import { resolveHref } from "./epub-href.ts";
import type { ManifestItem } from "./epub-package.ts";
import { ChapterDocument } from "./sanitize-chapter.ts";
import { wellFormednessProblem } from "./xml.ts";
import type { SafeZip } from "./zip.ts";

const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

const XHTML_TYPES = ["application/xhtml+xml", "application/x-dtbook+xml"];
const SVG_TYPE = "image/svg+xml";

/** A page of text or a drawing: SVG in the spine is a content document of its own. */
export function isDocument(item: ManifestItem): boolean {
  return (
    XHTML_TYPES.includes(item.mediaType) || item.mediaType === "text/html" || item.mediaType === SVG_TYPE
  );
}

export function isImageItem(item: ManifestItem): boolean {
  return item.mediaType.startsWith("image/") && item.mediaType !== SVG_TYPE;
}

/** A spine document parsed; a picture placed in the spine directly becomes a one-image page. */
export async function loadDocument(zip: SafeZip, item: ManifestItem): Promise<ChapterDocument> {
  if (isImageItem(item)) return picturePage(item);
  return documentOf(item, await zip.readText(item.path, MAX_DOCUMENT_BYTES));
}

/**
 * A spine document parsed, and why it is not well-formed XML when it should be (XHTML, SVG), or
 * null: read once for both.
 */
export async function readDocument(
  zip: SafeZip,
  item: ManifestItem,
): Promise<{ doc: ChapterDocument; malformed: string | null }> {
  if (isImageItem(item)) return { doc: picturePage(item), malformed: null };
  const text = await zip.readText(item.path, MAX_DOCUMENT_BYTES);
  const isXml = item.mediaType === "application/xhtml+xml" || item.mediaType === SVG_TYPE;
  return { doc: documentOf(item, text), malformed: isXml ? wellFormednessProblem(text) : null };
}

function picturePage(item: ManifestItem): ChapterDocument {
  const name = encodeURIComponent(path.posix.basename(item.path));
  return new ChapterDocument(`<html><body><img src="${name}" alt=""/></body></html>`, true);
}

function documentOf(item: ManifestItem, text: string): ChapterDocument {
  if (item.mediaType === SVG_TYPE) {
    // The drawing becomes the page's body; its prologue and doctype have no place inside one.
    const drawing = text.replace(/^[\s\S]*?(?=<svg[\s>:])/i, "");
    return new ChapterDocument(`<html><body>${drawing}</body></html>`, true);
  }
  return new ChapterDocument(text, item.mediaType !== "text/html");
}

export interface DocumentSummary {
  path: string;
  item: ManifestItem;
  textLength: number;
  images: string[];
  /** Inline drawings and formulas (SVG, MathML). */
  drawings: number;
  heading: string | null;
  /** What the document says it is (`epub:type`): "frontmatter", "titlepage", "chapter"… */
  types: string[];
}

export function summarise(doc: ChapterDocument, item: ManifestItem): DocumentSummary {
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
    drawings: doc.drawingCount(),
    heading: doc.firstHeading(),
    types: doc.structuralTypes(),
  };
}
