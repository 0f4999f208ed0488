// An EPUB's navigation: the table of contents (EPUB 3 nav document, or the EPUB 2 NCX) and the
// EPUB 3 landmarks.
import * as cheerio from "cheerio";
import type { Element } from "domhandler";
import type { StructureReference } from "./book-structure.ts";
import type { ImportContext } from "./context.ts";
import { resolveHref } from "./epub-href.ts";
import { MAX_XML_BYTES } from "./epub-limits.ts";
import { type EpubPackage, epubTypes } from "./epub-package.ts";
import { attribute, children, elements, parseXml, textOf } from "./xml.ts";
import type { SafeZip } from "./zip.ts";

interface TocEntry {
  label: string;
  path: string;
  fragment: string;
}

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
      entries.push({ label: linkLabel($, $(element)), ...resolved });
    });
  return entries;
}

/** A contents entry's words: its text, or for a picture-only entry the picture's description. */
function linkLabel($: cheerio.CheerioAPI, link: cheerio.Cheerio<Element>): string {
  const text = link.text().replace(/\s+/g, " ").trim();
  if (text) return text;
  const pictures = link
    .find("img, [alt], [title]")
    .toArray()
    .map((element) => $(element).attr("alt") ?? $(element).attr("title") ?? "");
  const described = [link.attr("title") ?? "", ...pictures].map((value) => value.replace(/\s+/g, " ").trim());
  return described.find(Boolean) ?? "";
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

export interface Navigation {
  toc: TocEntry[];
  landmarks: StructureReference[];
}

export async function readNavigation(
  zip: SafeZip,
  pkg: EpubPackage,
  ctx: ImportContext,
): Promise<Navigation> {
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
