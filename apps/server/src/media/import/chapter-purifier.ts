/// <reference path="../../types/jsdom.d.ts" />
// The last gate a chapter passes before it is stored: DOMPurify, on a jsdom window, with HTML, SVG
// and MathML allowed (decision 0049). Whatever went in, what comes out has no script, event
// handler, frame, form, media element or `foreignObject`, and loads nothing from anywhere but the
// episode's own copied pictures: links go out only as ordinary links, SVG references stay inside
// the chapter (`#id`), and style attributes pass the same CSS rules as the book's stylesheets.
// Sound and video stay, playing only the episode's own copies, and only when the reader starts them.
import createDOMPurify, { type Config } from "dompurify";
import { JSDOM } from "jsdom";
import { sanitizeStyleAttribute } from "./publisher-css.ts";
import { EPISODE_MEDIA_MARKER } from "./types.ts";

/** Prefix given to every class the book uses, so the app's own class names never match book elements. */
export const BOOK_CLASS_PREFIX = "pub-";

const FORBIDDEN_TAGS = [
  // Styles are taken out beforehand and stored, cleaned, beside the chapter.
  "style",
  "link",
  "meta",
  "base",
  "title",
  "form",
  "input",
  "button",
  "select",
  "option",
  "optgroup",
  "textarea",
  "datalist",
  "output",
  "label",
  "fieldset",
  "legend",
  "dialog",
  "track",
  "picture",
  "canvas",
  "map",
  "area",
  "iframe",
  "object",
  "embed",
  "template",
  "slot",
  "marquee",
  "blink",
  "foreignObject",
  // Filter images and animations can load or change what the drawing shows after it is checked.
  "feImage",
  "animate",
  "animateMotion",
  "animateTransform",
  "set",
  "mpath",
];

/** Dropped with everything inside them (an object's fallback, a form's fields). */
const DROPPED_WITH_CONTENT = [
  "object",
  "embed",
  "form",
  "button",
  "select",
  "textarea",
  "datalist",
  "canvas",
  "map",
  "iframe",
  "foreignobject",
  "title",
  "meta",
  "link",
  "dialog",
];

const FORBIDDEN_ATTRIBUTES = [
  // Named elements become properties of `document` (clobbering); ids are prefixed by the reader.
  "name",
  "background",
  "srcset",
  "sizes",
  "loading",
  "tabindex",
  "autofocus",
  "popover",
  "popovertarget",
  "popovertargetaction",
  "action",
  "formaction",
  "nonce",
  "integrity",
  "crossorigin",
  "usemap",
  "ismap",
  "draggable",
  "contenteditable",
  "ping",
  "download",
  // The reader starts sound and moving pictures, never the book.
  "autoplay",
  "poster",
  "attributename",
  "xlink:role",
  "xlink:arcrole",
];

const CONFIG: Config = {
  USE_PROFILES: { html: true, svg: true, svgFilters: true, mathMl: true },
  ADD_TAGS: ["use"],
  ADD_ATTR: ["data-type", "target"],
  FORBID_TAGS: FORBIDDEN_TAGS,
  FORBID_ATTR: FORBIDDEN_ATTRIBUTES,
  ADD_FORBID_CONTENTS: DROPPED_WITH_CONTENT,
  ALLOW_DATA_ATTR: false,
  // DOMPurify's own rule (no scheme, or one of these) with ours added; the hooks below then
  // narrow it per element.
  ALLOWED_URI_REGEXP: /^(?:(?:https?|mailto|lv-media):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
};

/** What the hooks touch of an element (the server is compiled without the DOM's types). */
interface PurifiedElement {
  localName: string;
  namespaceURI: string | null;
  getAttribute(name: string): string | null;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
  remove(): void;
}

const purify = createDOMPurify(new JSDOM("").window as Parameters<typeof createDOMPurify>[0]);

/** The one call's context: DOMPurify's hooks are shared, and a sanitisation runs synchronously. */
let bookFamilies: ReadonlySet<string> = new Set();

const REFERENCE_ATTRIBUTES = ["href", "xlink:href", "src"];

purify.addHook("uponSanitizeAttribute", (_node, data) => {
  const name = data.attrName;
  if (name === "style") {
    data.attrValue = sanitizeStyleAttribute(data.attrValue, { bookFamilies });
    if (!data.attrValue) data.keepAttr = false;
  } else if (name === "class") {
    data.attrValue = data.attrValue
      .split(/\s+/)
      .filter(Boolean)
      .map((token) => `${BOOK_CLASS_PREFIX}${token}`)
      .join(" ");
  } else if (/url\s*\(/i.test(data.attrValue) && !onlyLocalUrls(data.attrValue)) {
    // SVG presentation attributes (fill, filter, clip-path…) may point inside the chapter only.
    data.keepAttr = false;
  }
});

purify.addHook("afterSanitizeAttributes", (node) => {
  const element = node as unknown as PurifiedElement;
  const tag = element.localName.toLowerCase();
  const svg = element.namespaceURI === "http://www.w3.org/2000/svg";
  for (const attribute of REFERENCE_ATTRIBUTES) {
    const value = element.getAttribute(attribute)?.trim();
    if (value === undefined) continue;
    if (!allowedReference(tag, svg, value)) element.removeAttribute(attribute);
  }
  if (tag === "audio" || tag === "video") {
    element.setAttribute("controls", "");
    element.setAttribute("preload", "metadata");
  }
  if (tag === "source" && !element.getAttribute("src")?.startsWith(EPISODE_MEDIA_MARKER)) {
    element.remove();
    return;
  }
  if (tag === "img" && !element.getAttribute("src")?.startsWith(EPISODE_MEDIA_MARKER)) {
    element.remove();
    return;
  }
  if (svg && tag === "image" && !referenceOf(element)?.startsWith(EPISODE_MEDIA_MARKER)) {
    element.remove();
    return;
  }
  if (svg && tag === "use" && !referenceOf(element)?.startsWith("#")) {
    element.remove();
    return;
  }
  // One spelling for a drawing's references, which the reader scopes with the ids (chapter-ids.ts).
  const href = element.getAttribute("href");
  if (svg && tag !== "a" && href !== null) {
    element.removeAttribute("href");
    element.setAttribute("xlink:href", href);
  }
  if (tag === "a") {
    element.removeAttribute("target");
    element.removeAttribute("rel");
    if (isExternalHref(referenceOf(element) ?? "")) {
      element.setAttribute("rel", "noopener noreferrer nofollow");
      element.setAttribute("target", "_blank");
    }
  }
});

function referenceOf(element: PurifiedElement): string | null {
  return element.getAttribute("href") ?? element.getAttribute("xlink:href");
}

/**
 * Links may leave the book (web and mail addresses) or move within it (`?episode=`, `?matter=`,
 * `#id`); pictures come only from the episode's copies; anything else in a drawing points inside it.
 */
function allowedReference(tag: string, svg: boolean, value: string): boolean {
  if (tag === "a") return isExternalHref(value) || /^[?#]/.test(value);
  if (["img", "audio", "video", "source"].includes(tag) || (svg && tag === "image"))
    return value.startsWith(EPISODE_MEDIA_MARKER);
  return value.startsWith("#");
}

function onlyLocalUrls(value: string): boolean {
  const urls = [...value.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi)];
  const opened = value.match(/url\s*\(/gi)?.length ?? 0;
  return urls.length === opened && urls.every((match) => (match[2] ?? "").trim().startsWith("#"));
}

export function isExternalHref(href: string): boolean {
  return /^(https?:\/\/|mailto:)/i.test(href.trim());
}

/** Whatever goes in, only what the rules allow comes out, as HTML. */
export function purifyChapterHtml(html: string, families: ReadonlySet<string> = new Set()): string {
  bookFamilies = families;
  try {
    return purify.sanitize(html, CONFIG) as string;
  } finally {
    bookFamilies = new Set();
  }
}
