// A book's element ids, scoped to the chapter. Put in the page as they are, a chapter's ids would
// become window properties (`window.config`, `window.root`) and could shadow names the app or its
// libraries look up, or collide with the app's own ids. Every id gets a prefix before the chapter
// reaches the document; links inside the book still name the book's own ids, and are looked up
// through `chapterElement`.

const PREFIX = "book-";

/** The chapter's HTML with every element id prefixed; parsed inertly (nothing loads or runs). */
export function scopeChapterIds(html: string): string {
  if (typeof DOMParser === "undefined") return scopeIdsInMarkup(html);
  const document = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
  for (const element of document.body.querySelectorAll("[id]")) {
    element.id = `${PREFIX}${element.id}`;
  }
  return document.body.innerHTML;
}

/**
 * The same without a DOM, for the first page drawn on the server (decision 0031). It reads the
 * chapter as the importer writes it (sanitize-html): `<` and `>` escaped in text and attribute
 * values alike, and every attribute value in double quotes, so each `<…>` is one tag.
 */
function scopeIdsInMarkup(html: string): string {
  return html.replace(/<[a-zA-Z][^>]*>/g, (tag) => tag.replace(/(\sid=")/, `$1${PREFIX}`));
}

/** The element a link inside the book points at (`#fragment`), within the chapter. */
export function chapterElement(container: ParentNode | null | undefined, fragment: string): Element | null {
  if (!container || !fragment) return null;
  return container.querySelector(`[id="${CSS.escape(`${PREFIX}${fragment}`)}"]`);
}
