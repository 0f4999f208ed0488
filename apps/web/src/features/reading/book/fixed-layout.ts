// A fixed-layout chapter: its pages as the importer stored them, paired into spreads as the book
// asks (`page-spread-left`/`right`/`center`), and the scale that fits a spread on the screen.
import { scopeChapterIds } from "./chapter-ids.ts";

export type SpreadSide = "left" | "right" | "center";

export interface FixedPage {
  /** The page's own HTML, its ids scoped (chapter-ids.ts). */
  html: string;
  width: number;
  height: number;
  spread: SpreadSide | null;
  /** The book asks for one page at a time (`rendition:spread` none). */
  single: boolean;
}

/** Each slot of a spread holds a page's index, or null for the empty half beside a lone page. */
export type Spread = Array<number | null>;

/** The pages of a stored fixed-layout chapter (`<section class="lv-fixed-page" …>` each). */
export function fixedPages(html: string): FixedPage[] {
  // Drawn on the server, the frame waits for the pages: they are laid out for this screen only.
  if (typeof DOMParser === "undefined") return [];
  const document = new DOMParser().parseFromString(`<body>${scopeChapterIds(html)}</body>`, "text/html");
  return [...document.body.children]
    .filter((element) => element.classList.contains("lv-fixed-page"))
    .map((element) => {
      const side = element.getAttribute("data-spread");
      return {
        html: element.innerHTML,
        width: positive(element.getAttribute("data-width"), 768),
        height: positive(element.getAttribute("data-height"), 1024),
        spread: side === "left" || side === "right" || side === "center" ? side : null,
        single: element.getAttribute("data-spreads") === "none",
      };
    });
}

function positive(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isFinite(number) && number > 0 ? number : fallback;
}

/**
 * Pages paired two by two on a wide screen, one by one otherwise. In a left-to-right book the
 * first half of a spread is the left page (in a right-to-left book, the right one): a page that
 * asks for the second half starts a spread alone beside an empty half, one that asks for the
 * centre is shown alone, and pages that ask nothing fill the halves in turn, except the first,
 * which is shown alone like a book's cover. A page that asks nothing and finds no partner is
 * shown alone too.
 */
export function fixedSpreads(
  pages: readonly FixedPage[],
  options: { double: boolean; rtl: boolean },
): Spread[] {
  if (!options.double || pages.some((page) => page.single)) return pages.map((_, index) => [index]);
  const first: SpreadSide = options.rtl ? "right" : "left";
  const spreads: Spread[] = [];
  let open: number | null = null;
  const close = () => {
    if (open === null) return;
    // A page that asked for its half keeps it; one that asked nothing is shown alone.
    spreads.push(pages[open]?.spread === first ? [open, null] : [open]);
    open = null;
  };
  for (const [index, page] of pages.entries()) {
    if (page.spread === "center" || (index === 0 && page.spread === null)) {
      close();
      spreads.push([index]);
    } else if (page.spread === first) {
      close();
      open = index;
    } else if (open !== null) {
      spreads.push([open, index]);
      open = null;
    } else if (page.spread !== null) {
      // The second half, with nothing before it: beside an empty first half.
      spreads.push([null, index]);
    } else {
      open = index;
    }
  }
  close();
  return spreads;
}

/** The spread that shows `page`. */
export function spreadOf(spreads: readonly Spread[], page: number): number {
  const found = spreads.findIndex((spread) => spread.includes(page));
  return found === -1 ? 0 : found;
}

/** The scale at which a spread's pages, side by side, fit in `box`; never above 2×. */
export function spreadScale(
  pages: ReadonlyArray<FixedPage | null>,
  box: { width: number; height: number },
): number {
  const shown = pages.filter((page): page is FixedPage => page !== null);
  if (shown.length === 0 || box.width <= 0 || box.height <= 0) return 1;
  // An empty half is as wide as the page beside it.
  const width = shown.reduce((sum, page) => sum + page.width, 0) * (pages.length / shown.length);
  const height = Math.max(...shown.map((page) => page.height));
  return Math.min(2, box.width / width, box.height / height);
}
