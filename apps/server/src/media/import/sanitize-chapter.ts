// A chapter document from an EPUB turned into the HTML fragment we store: its body's content,
// links and image sources rewritten by the caller, then passed through an allowlist (sanitize-html)
// so that no script, style, event handler, embedded frame or remote load survives.
import * as cheerio from "cheerio";
import sanitizeHtml from "sanitize-html";
import { EPISODE_MEDIA_MARKER } from "./types.ts";

const ALLOWED_TAGS = [
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "p",
  "br",
  "hr",
  "em",
  "strong",
  "i",
  "b",
  "u",
  "s",
  "small",
  "sub",
  "sup",
  "span",
  "div",
  "section",
  "article",
  "aside",
  "header",
  "footer",
  "blockquote",
  "pre",
  "code",
  "ul",
  "ol",
  "li",
  "dl",
  "dt",
  "dd",
  "table",
  "thead",
  "tbody",
  "tfoot",
  "tr",
  "th",
  "td",
  "caption",
  "colgroup",
  "col",
  "figure",
  "figcaption",
  "img",
  "a",
  "abbr",
  "cite",
  "q",
  "mark",
  "ruby",
  "rt",
  "rp",
  "bdi",
  "bdo",
  "wbr",
];

/** Dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = [
  "script",
  "style",
  "link",
  "meta",
  "head",
  "title",
  "noscript",
  "template",
  "iframe",
  "frame",
  "frameset",
  "object",
  "embed",
  "applet",
  "form",
  "input",
  "button",
  "select",
  "option",
  "textarea",
  "audio",
  "video",
  "source",
  "track",
  "canvas",
  "map",
  "svg",
];

const SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: {
    "*": ["id", "lang", "dir", "title"],
    img: ["src", "alt"],
    a: ["href", "rel", "target"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
    col: ["span"],
    colgroup: ["span"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: [EPISODE_MEDIA_MARKER.replace(/:$/, "")] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  nonTextTags: DROPPED_WITH_CONTENT,
  parser: { lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  transformTags: {
    a: (tagName, attribs) => {
      const { rel: _rel, target: _target, ...rest } = attribs;
      if (rest.href && isExternalHref(rest.href)) {
        return { tagName, attribs: { ...rest, rel: "noopener noreferrer nofollow", target: "_blank" } };
      }
      return { tagName, attribs: rest };
    },
  },
  // Only images we copied into the episode may load; anything else would reach another server.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src?.startsWith(EPISODE_MEDIA_MARKER),
};

export function isExternalHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

/** The allowlist pass alone: whatever goes in, only allowed tags and attributes come out. */
export function sanitizeChapterHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE_OPTIONS);
}

export interface ChapterRewrites {
  /** The stored href for a link found in the chapter, or null to remove the link target. */
  href: (href: string) => string | null;
  /** The stored src for an image (`lv-media:images/…`), or null to drop the image. */
  image: (src: string) => string | null;
}

/**
 * A chapter document parsed once. Entities are left encoded while we work on the tree (XHTML
 * parsed as XML knows only XML's five); sanitize-html decodes them as HTML at the end.
 */
export class ChapterDocument {
  private readonly $: cheerio.CheerioAPI;
  private readonly xml: boolean;
  /** Kept before the tree drops `<style>`: only read to detect the writing mode. */
  private readonly inlineStyles: string[];

  constructor(source: string, xml: boolean) {
    this.xml = xml;
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

  /** Image sources in document order (entity-decoded), including SVG `<image>` wrapped ones. */
  imageSources(): string[] {
    return this.body()
      .find("img")
      .toArray()
      .map((element) => decodeEntities(element.attribs.src ?? ""))
      .filter(Boolean);
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
      for (const type of (element.attribs["epub:type"] ?? "").toLowerCase().split(/\s+/)) {
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

  /** The body's content with links and images rewritten, sanitised. */
  render(rewrites: ChapterRewrites): string {
    const $ = this.$;
    const body = this.body();
    body.find("a").each((_, element) => {
      const href = element.attribs.href;
      delete element.attribs.href;
      if (href === undefined) return;
      const rewritten = rewrites.href(decodeEntities(href).trim());
      if (rewritten !== null) element.attribs.href = escapeAttribute(rewritten);
    });
    body.find("img").each((_, element) => {
      const src = decodeEntities(element.attribs.src ?? "").trim();
      const rewritten = src ? rewrites.image(src) : null;
      if (rewritten === null) $(element).remove();
      else element.attribs.src = escapeAttribute(rewritten);
    });
    const contents = body.contents();
    const html = this.xml ? $.xml(contents) : $.html(contents);
    return sanitizeChapterHtml(html);
  }
}

function normaliseTree($: cheerio.CheerioAPI): void {
  // Dropped early as well as by the allowlist: nothing below should even look at them.
  $("script, style, iframe, object, embed, noscript, template").remove();
  // Cover pages and fixed layouts often wrap a picture in SVG; keep the picture, not the SVG.
  $("svg").each((_, element) => {
    const image = $(element)
      .find("*")
      .filter((_, child) => localName(child.tagName) === "image")
      .first();
    if (image.length === 0) {
      $(element).remove();
      return;
    }
    const src = image.attr("xlink:href") ?? image.attr("href") ?? "";
    const alt = $(element).find("title").first().text();
    $(element).replaceWith(`<img src="${escapeAttribute(src)}" alt="${escapeAttribute(alt)}"/>`);
  });
  $("[xml\\:lang]").each((_, element) => {
    const lang = element.attribs["xml:lang"];
    delete element.attribs["xml:lang"];
    if (lang && !element.attribs.lang) element.attribs.lang = lang;
  });
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
