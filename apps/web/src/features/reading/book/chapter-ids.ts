// A book's element ids, scoped to the chapter. Put in the page as they are, a chapter's ids would
// become window properties (`window.config`, `window.root`) and could shadow names the app or its
// libraries look up, or collide with the app's own ids. Every id gets a prefix before the chapter
// reaches the document; links inside the book still name the book's own ids, and are looked up
// through `chapterElement`.

import { CHAPTER_ID_PREFIX as PREFIX } from "@litverse/shared/content";

/** The chapter's HTML with every element id prefixed; parsed inertly (nothing loads or runs). */
export function scopeChapterIds(html: string): string {
  if (typeof DOMParser === "undefined") return scopeIdsInMarkup(html);
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const element of document.body.querySelectorAll("[id]")) {
    element.id = `${PREFIX}${element.id}`;
  }
  // A drawing's references to its own parts (gradients, patterns, reused shapes) follow the ids.
  for (const element of document.body.querySelectorAll("svg *")) {
    for (const attribute of element.attributes) {
      const scoped = scopeReferences(attribute.name, attribute.value);
      if (scoped !== attribute.value) attribute.value = scoped;
    }
  }
  return document.body.innerHTML;
}

/**
 * The same without a DOM, for the first page drawn on the server (decision 0031). It reads the
 * chapter as the importer writes it (its purifier serialises as browsers do): `<` and `>` escaped in text and attribute
 * values alike, and every attribute value in double quotes, so each `<…>` is one tag.
 */
function scopeIdsInMarkup(html: string): string {
  return html.replace(/<[a-zA-Z][^>]*>/g, (tag) =>
    tag
      .replace(/(\sid=")/, `$1${PREFIX}`)
      .replace(/(\sxlink:href="#)/, `$1${PREFIX}`)
      .replaceAll("url(#", `url(#${PREFIX}`),
  );
}

/** A drawing's `xlink:href="#x"` and `url(#x)` (the importer writes SVG references that way). */
function scopeReferences(name: string, value: string): string {
  if (name === "xlink:href" && value.startsWith("#")) return `#${PREFIX}${value.slice(1)}`;
  return value.replaceAll("url(#", `url(#${PREFIX}`);
}

/** The element a link inside the book points at (`#fragment`), within the chapter. */
export function chapterElement(container: ParentNode | null | undefined, fragment: string): Element | null {
  if (!container || !fragment) return null;
  return container.querySelector(`[id="${CSS.escape(`${PREFIX}${fragment}`)}"]`);
}
