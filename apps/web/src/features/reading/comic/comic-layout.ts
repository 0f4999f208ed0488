// The comic reader's arithmetic: which pages share a spread, where a page sits in the episode,
// which way a tap, swipe or key turns, and how big a page is drawn for each fit.
import type { ReadingDirection } from "@litverse/shared/content";

export interface PageSize {
  width: number;
  height: number;
}

/** Pages shown together, by index in reading order: one page, or two side by side. */
export type Spread = readonly number[];

/** A landscape page is already a spread of its own (a two-page scan) and is never paired. */
export function isWidePage(page: PageSize): boolean {
  return page.width > page.height;
}

/**
 * Groups pages into what paged mode shows at once. Single: one page each. Double: pages in
 * pairs, except that a wide page stands alone, and so does the first page when it is a cover
 * ("first page alone"), which also shifts the pairs so that left and right pages meet as printed.
 */
export function buildSpreads(
  pages: readonly PageSize[],
  options: { double: boolean; firstPageAlone: boolean },
): Spread[] {
  const spreads: Spread[] = [];
  let index = 0;
  while (index < pages.length) {
    const page = pages[index] as PageSize;
    const next = pages[index + 1];
    const standsAlone =
      !options.double ||
      isWidePage(page) ||
      (index === 0 && options.firstPageAlone) ||
      next === undefined ||
      isWidePage(next);
    if (standsAlone) {
      spreads.push([index]);
      index += 1;
    } else {
      spreads.push([index, index + 1]);
      index += 2;
    }
  }
  return spreads;
}

/** The spread that shows `page` (0 when there are none). */
export function spreadOfPage(spreads: readonly Spread[], page: number): number {
  const found = spreads.findIndex((spread) => spread.includes(page));
  return found === -1 ? 0 : found;
}

export const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** How far through the episode a reader on `page` (0-based) is: the last page is 1. */
export function pageToFraction(page: number, count: number): number {
  if (count <= 0) return 0;
  return clamp((page + 1) / count, 0, 1);
}

/** The page a fraction of the episode falls on: the inverse of pageToFraction. */
export function fractionToPage(fraction: number, count: number): number {
  if (count <= 0 || !Number.isFinite(fraction)) return 0;
  // The small margin absorbs rounding: (3/7) * 7 may come out a hair above 3.
  return clamp(Math.ceil(fraction * count - 1e-6) - 1, 0, count - 1);
}

/** The page a saved position points at, if it points at one of this episode's pages. */
export function savedPage(
  position: { fraction: number; locator: Record<string, unknown> | null } | null | undefined,
  count: number,
): number | null {
  if (!position || count <= 0) return null;
  const page = position.locator?.page;
  if (typeof page === "number" && Number.isInteger(page)) return clamp(page, 0, count - 1);
  return position.fraction > 0 ? fractionToPage(position.fraction, count) : null;
}

export type Side = "left" | "right";

/**
 * +1 to go on, -1 to go back, for the page on that side: in left-to-right comics the next page
 * lies to the right; right-to-left (manga) mirrors it.
 */
export function sideStep(side: Side, direction: ReadingDirection): 1 | -1 {
  const toRight = direction === "ltr" ? 1 : -1;
  return side === "right" ? toRight : (-toRight as 1 | -1);
}

/** Left and right thirds turn pages, the middle third shows or hides the bars. */
export function tapZone(x: number, width: number): Side | "middle" {
  if (width <= 0) return "middle";
  const ratio = x / width;
  if (ratio < 1 / 3) return "left";
  if (ratio > 2 / 3) return "right";
  return "middle";
}

/** A finished horizontal swipe: the finger moving left brings in the page on the right. */
export function swipeSide(dx: number, dy: number, minDistance = 50): Side | null {
  if (Math.abs(dx) < minDistance || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  return dx < 0 ? "right" : "left";
}

/**
 * What a key does in paged mode: +1 next, -1 previous, null not ours. Arrow keys follow the
 * page's side (so right-to-left mirrors them); Page Down, Space and the down arrow always go on.
 */
export function keyStep(key: string, shiftKey: boolean, direction: ReadingDirection): 1 | -1 | null {
  switch (key) {
    case "ArrowRight":
      return sideStep("right", direction);
    case "ArrowLeft":
      return sideStep("left", direction);
    case "PageDown":
    case "ArrowDown":
      return 1;
    case "PageUp":
    case "ArrowUp":
      return -1;
    case " ":
      return shiftKey ? -1 : 1;
    default:
      return null;
  }
}

export type Fit = "screen" | "width" | "height" | "original";

/** The size of a spread's pages laid side by side at a common height (the tallest page's). */
export function spreadSize(pages: readonly PageSize[]): PageSize {
  const height = Math.max(0, ...pages.map((page) => page.height));
  const width = pages.reduce(
    (sum, page) => sum + (page.height > 0 ? (page.width * height) / page.height : 0),
    0,
  );
  return { width, height };
}

/** How much to scale content of `size` to fit `viewport`: the whole page, its width, its height, or none. */
export function fitScale(fit: Fit, size: PageSize, viewport: PageSize): number {
  if (size.width <= 0 || size.height <= 0) return 1;
  const byWidth = viewport.width / size.width;
  const byHeight = viewport.height / size.height;
  switch (fit) {
    case "screen":
      return Math.min(byWidth, byHeight);
    case "width":
      return byWidth;
    case "height":
      return byHeight;
    case "original":
      return 1;
  }
}

/** Spreads are laid out in the order the eye meets them: right to left for manga. */
export function visualOrder(spread: Spread, direction: ReadingDirection): number[] {
  return direction === "rtl" ? [...spread].reverse() : [...spread];
}

/**
 * Side padding of the webtoon column, percent of the width on each side, when the reader has not
 * chosen: none on phones, enough on wide screens for a column about as wide as a phone held
 * sideways, which keeps a tall strip readable without scrolling forever.
 */
export function defaultPadding(containerWidth: number): number {
  if (containerWidth <= 0) return 0;
  return Math.round(clamp(((1 - 720 / containerWidth) / 2) * 100, 0, 35));
}

/** Long strips read best scrolled; pages shaped like print read best one at a time. */
export function defaultMode(pages: readonly PageSize[]): "paged" | "webtoon" {
  if (pages.length === 0) return "paged";
  const ratios = pages.map((page) => (page.width > 0 ? page.height / page.width : 0)).sort((a, b) => a - b);
  const median = ratios[Math.floor(ratios.length / 2)] ?? 0;
  return median >= 2 ? "webtoon" : "paged";
}

/** Pages to fetch ahead of `page`: the next few, and the one before for turning back. */
export function pagesToPreload(page: number, count: number, ahead = 3): number[] {
  const wanted: number[] = [];
  for (let index = page - 1; index <= page + ahead; index++) {
    if (index >= 0 && index < count) wanted.push(index);
  }
  return wanted;
}
