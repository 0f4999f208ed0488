// A chapter document from an EPUB turned into the HTML fragment we store: its body's content,
// links and image sources rewritten by the caller, then passed through the purifier
// (chapter-purifier.ts) so that no script, event handler, embedded frame or remote load survives.
import * as cheerio from "cheerio";
import render from "dom-serializer";
import type { Element } from "domhandler";
import { isExternalHref, purifyChapterHtml } from "./chapter-purifier.ts";

export { isExternalHref };

/** The purifier alone: whatever goes in, only allowed tags and attributes come out. */
export function sanitizeChapterHtml(html: string, bookFamilies?: ReadonlySet<string>): string {
  return purifyChapterHtml(html, bookFamilies);
}

export interface ChapterRewrites {
  /** The stored href for a link found in the chapter, or null to remove the link target. */
  href: (href: string) => string | null;
  /** The stored src for an image (`lv-media:images/…`), or null to drop the image. */
  image: (src: string) => string | null;
  /** The stored src for a sound or video file (`lv-media:audio/…`), or null to drop it. */
  media?: (src: string) => string | null;
  /**
   * Given to the ids of a document that shares its episode with others (and to its drawings'
   * references to them), so that two documents' `#note1` stay apart; links reach them through `href`.
   */
  idPrefix?: string;
  /** Font families the book's own stylesheets declare (their names are changed in style attributes too). */
  bookFamilies?: ReadonlySet<string>;
}

/**
 * A chapter document parsed once. Entities are left encoded while we work on the tree (XHTML
 * parsed as XML knows only XML's five); the purifier's HTML parser decodes them at the end.
 */
export class ChapterDocument {
  private readonly $: cheerio.CheerioAPI;
  /** The document's `<style>` blocks (SVG ones included), taken out before the tree is cleaned. */
  private readonly inlineStyles: string[];

  constructor(source: string, xml: boolean) {
    const options = { xml: { xmlMode: xml, decodeEntities: false } };
    let $ = cheerio.load(source, options);
    // A fragment without <body> (invalid, but seen) is treated as the body's content.
    if ($("body").length === 0) $ = cheerio.load(`<body>${source}</body>`, options);
    this.$ = $;
    this.inlineStyles = $("style")
      .toArray()
      .map((element) => $(element).text());
    normaliseTree($);
  }

  private body() {
    return this.$("body").first();
  }

  /** Picture sources in document order (entity-decoded): `<img>` and SVG `<image>`. */
  imageSources(): string[] {
    return this.pictures()
      .map((element) => decodeEntities(pictureSource(element) ?? ""))
      .filter(Boolean);
  }

  /** Sound and video sources in document order (entity-decoded): `<audio>`, `<video>`, `<source>`. */
  mediaSources(): string[] {
    return this.mediaElements()
      .map((element) => decodeEntities(element.attribs.src ?? "").trim())
      .filter(Boolean);
  }

  private mediaElements(): Element[] {
    return this.body()
      .find("*")
      .toArray()
      .filter((element) => ["audio", "video", "source"].includes(localName(element.tagName)));
  }

  private pictures(): Element[] {
    return this.body()
      .find("*")
      .toArray()
      .filter((element) => ["img", "image"].includes(localName(element.tagName)));
  }

  /**
   * The page size a fixed-layout document declares: its viewport (`<meta name="viewport"
   * content="width=1200, height=800">`), or for a drawing its own size or viewBox.
   */
  viewport(): { width: number; height: number } | null {
    const $ = this.$;
    const meta = $("meta")
      .toArray()
      .find((element) => (element.attribs.name ?? "").trim().toLowerCase() === "viewport");
    if (meta) {
      const values = new Map(
        (meta.attribs.content ?? "").split(/[,;]/).map((pair) => {
          const [key = "", value = ""] = pair.split("=");
          return [key.trim().toLowerCase(), Number.parseFloat(value)] as const;
        }),
      );
      const size = pageSize(values.get("width"), values.get("height"));
      if (size) return size;
    }
    const drawing = this.body()
      .children()
      .toArray()
      .find((element) => localName(element.tagName) === "svg");
    if (!drawing) return null;
    const box = (drawing.attribs.viewBox ?? drawing.attribs.viewbox ?? "")
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    return (
      pageSize(
        Number.parseFloat(drawing.attribs.width ?? ""),
        Number.parseFloat(drawing.attribs.height ?? ""),
      ) ?? pageSize(box[2], box[3])
    );
  }

  /** Where the document's links point, as written (entity-decoded). */
  linkHrefs(): string[] {
    return this.body()
      .find("*")
      .toArray()
      .filter((element) => localName(element.tagName) === "a")
      .map((element) => decodeEntities(element.attribs.href ?? element.attribs["xlink:href"] ?? "").trim())
      .filter(Boolean);
  }

  /** Drawings and formulas (inline SVG, MathML) in the body: content even without words. */
  drawingCount(): number {
    return this.body()
      .find("*")
      .toArray()
      .filter((element) => ["svg", "math"].includes(localName(element.tagName))).length;
  }

  text(): string {
    return decodeEntities(this.body().text()).replace(/\s+/g, " ").trim();
  }

  firstHeading(): string | null {
    const heading = this.body().find("h1, h2, h3, h4, h5, h6").first();
    const text = heading.length ? decodeEntities(heading.text()).replace(/\s+/g, " ").trim() : "";
    return text || null;
  }

  /**
   * `epub:type` values (lowercase) on the body and its top-level elements: what the document says
   * it is ("frontmatter titlepage", "bodymatter chapter"). Nested sections (a chapter's own notes)
   * do not speak for the whole document.
   */
  structuralTypes(): string[] {
    const body = this.body();
    const types = new Set<string>();
    for (const element of [body.get(0), ...body.children().toArray()]) {
      if (element?.type !== "tag") continue;
      for (const type of (element.attribs["data-type"] ?? "").toLowerCase().split(/\s+/)) {
        // Prefixed vocabularies ("z3998:poem") are not about the book's structure.
        if (type && !type.includes(":")) types.add(type);
      }
    }
    return [...types];
  }

  /** Inline `style` blocks and style attributes of html/body, only to detect the writing mode. */
  styleSheets(): { inline: string[]; rootStyles: string[]; rootClasses: string[] } {
    const $ = this.$;
    const inline = this.inlineStyles;
    const roots = $("html, body").toArray();
    return {
      inline,
      rootStyles: roots.map((element) => element.attribs.style ?? "").filter(Boolean),
      rootClasses: roots.flatMap((element) => (element.attribs.class ?? "").split(/\s+/).filter(Boolean)),
    };
  }

  /** `href`s of stylesheets the document links, as written. */
  linkedStyleSheets(): string[] {
    return this.$("link")
      .toArray()
      .filter((element) => /stylesheet/i.test(element.attribs.rel ?? ""))
      .map((element) => decodeEntities(element.attribs.href ?? ""))
      .filter(Boolean);
  }

  /** The body's content with links and pictures rewritten, purified. */
  render(rewrites: ChapterRewrites): string {
    const $ = this.$;
    const body = this.body();
    if (rewrites.idPrefix) scopeIds(body.find("*").toArray(), rewrites.idPrefix);
    for (const element of body.find("*").toArray()) {
      if (localName(element.tagName) !== "a") continue;
      const attribute = "href" in element.attribs ? "href" : "xlink:href";
      const href = element.attribs[attribute];
      delete element.attribs[attribute];
      if (href === undefined) continue;
      const rewritten = rewrites.href(decodeEntities(href).trim());
      if (rewritten !== null) element.attribs[attribute] = escapeAttribute(rewritten);
    }
    for (const element of this.pictures()) {
      const src = decodeEntities(pictureSource(element) ?? "").trim();
      const rewritten = src ? rewrites.image(src) : null;
      if (rewritten === null) $(element).remove();
      else if (localName(element.tagName) === "img") element.attribs.src = escapeAttribute(rewritten);
      else {
        delete element.attribs.href;
        element.attribs["xlink:href"] = escapeAttribute(rewritten);
      }
    }
    for (const element of this.mediaElements()) {
      const src = decodeEntities(element.attribs.src ?? "").trim();
      delete element.attribs.src;
      const rewritten = src && rewrites.media ? rewrites.media(src) : null;
      if (rewritten !== null) element.attribs.src = escapeAttribute(rewritten);
      else if (localName(element.tagName) === "source") $(element).remove();
    }
    // Serialised as HTML for the purifier's HTML parser: `<a/>` in XHTML must become `<a></a>`.
    const html = render(body.contents().toArray(), { xmlMode: false, decodeEntities: false });
    return withRootLanguage(sanitizeChapterHtml(html, rewrites.bookFamilies), this.rootLanguage());
  }

  /**
   * The language and direction the document gives its whole text (on `html` or `body`): they
   * travel with its content, as the book's title and package say nothing about the text itself.
   */
  private rootLanguage(): { lang: string | null; dir: string | null } {
    const roots = this.$("html, body").toArray().reverse();
    const lang = roots.map((element) => element.attribs.lang?.trim()).find(Boolean) ?? null;
    const dir = roots.map((element) => element.attribs.dir?.trim().toLowerCase()).find(Boolean) ?? null;
    return {
      lang: lang && /^[A-Za-z0-9-]{1,35}$/.test(lang) ? lang : null,
      dir: dir === "ltr" || dir === "rtl" || dir === "auto" ? dir : null,
    };
  }
}

function normaliseTree($: cheerio.CheerioAPI): void {
  // Dropped early as well as by the purifier: nothing below should even look at them.
  $("script, style, iframe, object, embed, noscript, template").remove();
  // A cover page or a picture page often wraps one picture in SVG to scale it: keep the picture,
  // which then fits the page like any other. Drawings keep their SVG.
  $("svg").each((_, element) => {
    const drawn = $(element)
      .find("*")
      .toArray()
      .filter((child) => !["title", "desc", "metadata", "g", "defs"].includes(localName(child.tagName)));
    const image = drawn[0];
    // Nothing drawn (its script, say, already gone): nothing to keep.
    if (drawn.length === 0) {
      $(element).remove();
      return;
    }
    if (drawn.length !== 1 || !image || localName(image.tagName) !== "image") return;
    const src = pictureSource(image) ?? "";
    const alt = $(element)
      .find("*")
      .filter((_, child) => localName(child.tagName) === "title")
      .first()
      .text();
    $(element).replaceWith(`<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}"/>`);
  });
  // What a part of the book is (`epub:type`), under a name HTML keeps: notes show in place by it.
  $("*").each((_, element) => {
    if (element.type !== "tag") return;
    const type = element.attribs["epub:type"];
    if (type !== undefined) {
      delete element.attribs["epub:type"];
      if (type.trim()) element.attribs["data-type"] = type.trim();
    }
    const lang = element.attribs["xml:lang"];
    if (lang !== undefined) {
      delete element.attribs["xml:lang"];
      if (lang && !element.attribs.lang) element.attribs.lang = lang;
    }
  });
}

/** Every id prefixed, and the references a drawing makes to them (`xlink:href="#x"`, `url(#x)`). */
function scopeIds(elements: Element[], prefix: string): void {
  for (const element of elements) {
    if (element.attribs.id) element.attribs.id = `${prefix}${element.attribs.id}`;
    if (localName(element.tagName) === "a") continue;
    for (const [name, value] of Object.entries(element.attribs)) {
      if ((name === "href" || name === "xlink:href") && value.startsWith("#")) {
        element.attribs[name] = `#${prefix}${value.slice(1)}`;
      } else if (value.includes("url(#")) {
        element.attribs[name] = value.replaceAll("url(#", `url(#${prefix}`);
      }
    }
  }
}

/** The document's content inside an element carrying its own language and direction, if it says. */
function withRootLanguage(html: string, { lang, dir }: { lang: string | null; dir: string | null }): string {
  if (!lang && !dir) return html;
  return `<div${lang ? ` lang="${lang}"` : ""}${dir ? ` dir="${dir}"` : ""}>${html}</div>`;
}

/** A usable page size: positive, finite, and within what a screen could show. */
function pageSize(
  width: number | undefined,
  height: number | undefined,
): { width: number; height: number } | null {
  if (!width || !height || !Number.isFinite(width) || !Number.isFinite(height)) return null;
  if (width <= 0 || height <= 0 || width > 20_000 || height > 20_000) return null;
  return { width: Math.round(width), height: Math.round(height) };
}

function pictureSource(element: Element): string | undefined {
  return localName(element.tagName) === "img"
    ? element.attribs.src
    : (element.attribs["xlink:href"] ?? element.attribs.href);
}

function localName(name: string): string {
  return name.slice(name.indexOf(":") + 1).toLowerCase();
}

/** Values we set are written out raw (entities stay encoded in this tree), so escape them here. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** HTML entity decoding (`&nbsp;`, `&eacute;`, `&#x2014;`) by the HTML parser itself. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return cheerio.load(`<p>${text.replace(/</g, "&lt;")}</p>`, null, false).text();
}

/** Words for reading-time estimates: CJK characters count one each. */
export function countWords(html: string): number {
  const text = cheerio.load(html, null, false).text();
  const cjk =
    text.match(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu)?.length ?? 0;
  const words =
    text
      .replace(/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu, " ")
      .match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu)?.length ?? 0;
  return cjk + words;
}

/** Markup removed, whitespace collapsed: descriptions stored as plain text. */
export function plainText(markup: string): string {
  const $ = cheerio.load(`<div>${markup}</div>`, null, false);
  $("script, style").remove();
  return $.root().text().replace(/\s+/g, " ").trim();
}
