// Where a book's story starts and ends: which spine documents are front matter (title page,
// imprint, dedication, epigraph, contents…), which are the body that becomes episodes, and which
// are back matter (notes, colophon, copyright…). The book's own markup decides when it has any:
// EPUB 3 landmarks, then `epub:type` on the documents, then the EPUB 2 guide; headings, names and
// length only when it has none.

export type Placement = "front" | "body" | "back";

/** A spine document as far as its place in the book is concerned. */
export interface StructureDocument {
  path: string;
  /** `epub:type` values on the document's body and its top-level elements. */
  types: string[];
  heading: string | null;
  /** Non-space characters of text. */
  textLength: number;
  /** The table of contents' label for it, when it points there. */
  tocLabel: string | null;
  /** The book's navigation document, placed in the spine as a page. */
  isNav: boolean;
}

/** A link from EPUB 3 `landmarks` (`epub:type` values) or the EPUB 2 `guide` (its `type`). */
export interface StructureReference {
  types: string[];
  path: string;
}

export interface StructureHints {
  landmarks: StructureReference[];
  guide: StructureReference[];
  /** The book's title, which a title page usually repeats as its heading. */
  bookTitle: string | null;
}

/**
 * Types that mark a document as the story itself. Foreword, preface, introduction, prologue and
 * afterword are among them: in many books they are part of the story, so they stay episodes
 * unless the book also marks them front or back matter.
 */
const BODY_TYPES = new Set([
  "bodymatter",
  "chapter",
  "part",
  "volume",
  "division",
  "prologue",
  "epilogue",
  "conclusion",
  "foreword",
  "preface",
  "introduction",
  "preamble",
  "afterword",
]);

/** Types of pages that are not the story. */
const MATTER_TYPES = new Set([
  "frontmatter",
  "backmatter",
  "cover",
  "titlepage",
  "title-page",
  "halftitlepage",
  "fulltitle",
  "covertitle",
  "imprint",
  "imprimatur",
  "dedication",
  "epigraph",
  "copyright-page",
  "toc",
  "landmarks",
  "loi",
  "lot",
  "lov",
  "page-list",
  "seriespage",
  "frontispiece",
  "contributors",
  "other-credits",
  "credits",
  "errata",
  "revision-history",
  "endnotes",
  "rearnotes",
  "footnotes",
  "notes",
  "colophon",
  "acknowledgments",
  "acknowledgements",
  "appendix",
  "bibliography",
  "index",
  "glossary",
]);

/** Landmarks and guide entries that point at the first page of the story. */
const START_TYPES = new Set(["bodymatter", "start", "text"]);

/** Names a page of front or back matter goes by, for books that say nothing about their structure. */
const MATTER_NAME =
  /^(?:the )?(?:title(?: page)?|half[- ]title|copyright(?: page| notice)?|imprint|dedication|epigraph|(?:table of )?contents|toc|cover|colophon|also by\b.*|by the same author|other books by\b.*|about the (?:author|authors|publisher|book)|acknowledge?ments|(?:end)?notes|index|bibliography|glossary|credits)[.:]?$/i;

/** Below this many letters, a page without a heading ahead of the first chapter is front matter. */
const LITTLE_TEXT = 500;

function normalise(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim()
    .toLowerCase();
}

/** What the document says about itself: "body", "matter", or nothing. */
function declaredKind(doc: StructureDocument, matterPaths: ReadonlySet<string>): "body" | "matter" | null {
  if (doc.types.includes("frontmatter") || doc.types.includes("backmatter")) return "matter";
  if (doc.types.some((type) => BODY_TYPES.has(type))) return "body";
  if (doc.types.some((type) => MATTER_TYPES.has(type))) return "matter";
  if (doc.isNav || matterPaths.has(doc.path)) return "matter";
  return null;
}

/** A guess from the page alone, for books with no structure of their own. */
function looksLikeMatter(doc: StructureDocument, bookTitle: string | null, beforeHeadings: boolean): boolean {
  const names = [doc.tocLabel, doc.heading].filter((name): name is string => Boolean(name));
  if (names.some((name) => MATTER_NAME.test(name.trim()))) return true;
  const title = bookTitle ? normalise(bookTitle) : "";
  if (title && doc.heading && normalise(doc.heading) === title && doc.textLength < LITTLE_TEXT * 2)
    return true;
  return beforeHeadings && !doc.heading && doc.textLength < LITTLE_TEXT;
}

/**
 * Each document's place: front matter up to the first page of the story, then the story, then
 * the back matter that follows its last page. When nothing looks like story, everything is.
 */
export function placeDocuments(docs: StructureDocument[], hints: StructureHints): Placement[] {
  const indexOf = (path: string) => docs.findIndex((doc) => doc.path === path);
  const references = [...hints.landmarks, ...hints.guide];
  const matterPaths = new Set(
    references
      .filter((reference) => reference.types.some((type) => MATTER_TYPES.has(type)))
      .map((reference) => reference.path),
  );
  const kinds = docs.map((doc) => declaredKind(doc, matterPaths));

  const startOf = (list: StructureReference[]) => {
    for (const reference of list) {
      if (!reference.types.some((type) => START_TYPES.has(type))) continue;
      const index = indexOf(reference.path);
      if (index !== -1 && kinds[index] !== "matter") return index;
    }
    return -1;
  };
  const declaredStart = [startOf(hints.landmarks), startOf(hints.guide), kinds.indexOf("body")].filter(
    (index) => index !== -1,
  );
  const knowsStructure = declaredStart.length > 0;

  let start: number;
  if (knowsStructure) {
    // A page the book calls story ahead of where its landmarks say reading begins is still story.
    start = Math.min(...declaredStart);
  } else {
    // A title page repeating the book's title, or a "Contents", is no chapter heading.
    const firstHeading = docs.findIndex(
      (doc) => doc.heading !== null && !looksLikeMatter(doc, hints.bookTitle, false),
    );
    start = docs.findIndex(
      (doc, index) =>
        kinds[index] !== "matter" &&
        !looksLikeMatter(doc, hints.bookTitle, firstHeading !== -1 && index < firstHeading),
    );
  }
  if (start === -1) return docs.map(() => "body");

  const backLandmark = hints.landmarks
    .filter((reference) => reference.types.includes("backmatter"))
    .map((reference) => indexOf(reference.path))
    .find((index) => index > start);
  let end = docs.length - 1;
  while (end > start) {
    const doc = docs[end] as StructureDocument;
    const isMatter =
      kinds[end] === "matter" ||
      (kinds[end] === null &&
        ((backLandmark !== undefined && end >= backLandmark) ||
          (!knowsStructure && looksLikeMatter(doc, hints.bookTitle, false))));
    if (!isMatter) break;
    end--;
  }
  return docs.map((_, index) => (index < start ? "front" : index > end ? "back" : "body"));
}

const TYPE_NAMES: Array<[string, string]> = [
  ["titlepage", "Title page"],
  ["title-page", "Title page"],
  ["halftitlepage", "Half title"],
  ["imprint", "Imprint"],
  ["dedication", "Dedication"],
  ["epigraph", "Epigraph"],
  ["copyright-page", "Copyright"],
  ["toc", "Contents"],
  ["cover", "Cover"],
  ["colophon", "Colophon"],
  ["acknowledgments", "Acknowledgments"],
  ["acknowledgements", "Acknowledgements"],
  ["endnotes", "Notes"],
  ["rearnotes", "Notes"],
  ["footnotes", "Notes"],
  ["notes", "Notes"],
  ["appendix", "Appendix"],
  ["bibliography", "Bibliography"],
  ["index", "Index"],
  ["glossary", "Glossary"],
  ["foreword", "Foreword"],
  ["preface", "Preface"],
  ["introduction", "Introduction"],
  ["afterword", "Afterword"],
];

/** What to call a page of front or back matter that has no label or heading of its own. */
export function matterName(types: string[], placement: "front" | "back"): string {
  for (const [type, name] of TYPE_NAMES) if (types.includes(type)) return name;
  return placement === "front" ? "Front matter" : "Back matter";
}
