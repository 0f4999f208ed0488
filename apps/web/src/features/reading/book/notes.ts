// Footnotes and endnotes shown where they are referenced. A book marks a note reference with
// `epub:type="noteref"` (kept as `data-type`) or the `doc-noteref` role, and the note itself with
// `footnote`, `endnote`, `rearnote` or the `doc-` roles; older books only put a superscript
// number in a link to a list item.
import { chapterElement, scopeChapterIds } from "./chapter-ids.ts";

const NOTE_SELECTOR = [
  '[data-type~="footnote"]',
  '[data-type~="endnote"]',
  '[data-type~="rearnote"]',
  '[data-type~="note"]',
  '[role="doc-footnote"]',
  '[role="doc-endnote"]',
  "aside",
  "li",
].join(", ");

/** Whether a link in the book points at a note rather than at a place to read on from. */
export function isNoteReference(link: Element): boolean {
  const types = (link.getAttribute("data-type") ?? "").split(/\s+/);
  if (types.includes("noteref") || link.getAttribute("role") === "doc-noteref") return true;
  // An unmarked reference: a link whose only content is a superscript number.
  const only = link.children.length === 1 ? link.children[0] : null;
  return only?.localName === "sup" && /^\s*[\d*†‡§]+\s*$/.test(link.textContent ?? "");
}

/** The element holding the whole note a reference's target sits in. */
export function noteOf(target: Element): Element {
  return target.closest(NOTE_SELECTOR) ?? target;
}

/** The note as HTML for the popover: without ids (they would repeat the page's) or its way back. */
export function noteContent(note: Element): string {
  const copy = note.cloneNode(true) as Element;
  for (const element of copy.querySelectorAll("[id]")) element.removeAttribute("id");
  copy.removeAttribute("id");
  for (const link of copy.querySelectorAll('a[data-type~="backlink"], a[role="doc-backlink"]')) link.remove();
  // A list item's own number is not in its content: the note keeps its marker, if it had one.
  return copy.innerHTML.trim();
}

/** A note found in another page of the book (`html` as delivered), by its unscoped id. */
export function noteInPage(html: string, fragment: string): string | null {
  const document = new DOMParser().parseFromString(`<body>${scopeChapterIds(html)}</body>`, "text/html");
  const target = chapterElement(document.body, fragment);
  return target ? noteContent(noteOf(target)) : null;
}

/** Where a note reference points: this chapter, or a page of matter; null for anywhere else. */
export function notePlace(
  href: string,
  chapterNumber: number,
): { fragment: string; matter: number | null } | null {
  if (href.startsWith("#")) return { fragment: decodeURIComponent(href.slice(1)), matter: null };
  const url = new URL(href, "https://book.invalid/");
  const fragment = decodeURIComponent(url.hash.slice(1));
  if (!fragment) return null;
  if (url.searchParams.has("episode"))
    return Number(url.searchParams.get("episode")) === chapterNumber ? { fragment, matter: null } : null;
  const matter = Number(url.searchParams.get("matter"));
  return Number.isInteger(matter) && matter > 0 ? { fragment, matter } : null;
}
