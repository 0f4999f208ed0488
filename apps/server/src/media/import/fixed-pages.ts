// Fixed-layout books whose pages are more than one picture each (those become comics): every
// document is kept as one page of the size it declares, with the side of a spread it asks for,
// and the reader lays each out at that size and scales it to the screen.
import { partAnchor } from "./epub-links.ts";
import type { EpubPackage } from "./epub-package.ts";

export interface PageSize {
  width: number;
  height: number;
}

export type SpreadSide = "left" | "right" | "center";

/** A page size when a book declares none at all (a portrait tablet page). */
const DEFAULT_PAGE: PageSize = { width: 768, height: 1024 };

export class FixedPages {
  private readonly spreads = new Map<string, SpreadSide>();
  private readonly sizes: ReadonlyMap<string, PageSize | null>;
  private readonly fallback: PageSize;
  /** The book asks for one page at a time, however wide the screen. */
  readonly single: boolean;

  constructor(pkg: EpubPackage, sizes: ReadonlyMap<string, PageSize | null>) {
    this.sizes = sizes;
    this.single = pkg.noSpreads;
    // A page that declares no size takes the book's first declared one.
    this.fallback = [...sizes.values()].find((size) => size !== null) ?? DEFAULT_PAGE;
    for (const entry of pkg.spine) {
      const side = entry.properties
        .map((property) => property.replace(/^rendition:/, ""))
        .find((property) => property.startsWith("page-spread-"))
        ?.slice("page-spread-".length);
      if (side === "left" || side === "right" || side === "center") this.spreads.set(entry.item.path, side);
    }
  }

  sizeOf(path: string): PageSize {
    return this.sizes.get(path) ?? this.fallback;
  }

  spreadOf(path: string): SpreadSide | null {
    return this.spreads.get(path) ?? null;
  }
}

/** One page as stored: the document's purified body inside a box that says its size and side. */
export function fixedPage(
  html: string,
  part: number,
  size: PageSize,
  spread: SpreadSide | null,
  single: boolean,
): string {
  const id = part === 0 ? "" : ` id="${partAnchor(part)}"`;
  const side = spread ? ` data-spread="${spread}"` : "";
  const alone = single ? ' data-spreads="none"' : "";
  return `<section class="lv-fixed-page"${id} data-width="${size.width}" data-height="${size.height}"${side}${alone}>${html}</section>`;
}
