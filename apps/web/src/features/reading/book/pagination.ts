// The arithmetic of pages. The chapter is laid out by the browser in CSS columns one page tall
// (horizontal text: columns run sideways, right to left for RTL books; vertical text: they run
// downwards, each a page of right-to-left vertical lines), and the reader moves the column strip
// by one screen at a time. Everything here is plain numbers, so it can be tested without a browser.

export interface Size {
  width: number;
  height: number;
}

export interface PageLayout {
  /** Text runs in vertical lines (writing-mode: vertical-rl). */
  vertical: boolean;
  /** Columns shown side by side on one screen (1 or 2). */
  columnsPerScreen: 1 | 2;
  /** Space between the viewport's edge and the text, sideways and top/bottom. */
  marginInline: number;
  marginBlock: number;
  /** Size of the column strip's box: one screen minus the margins. */
  flowWidth: number;
  flowHeight: number;
  /** CSS column-width and column-gap of the strip. */
  columnWidth: number;
  columnGap: number;
  /** How far one screen moves the strip: the viewport's width, or height for vertical text. */
  stride: number;
}

/** Longest comfortable line, in ems of the text size (about 70 characters). */
export const MAX_LINE_EMS = 38;
/** Narrowest column worth splitting a screen into two pages for, in ems. */
export const MIN_SPREAD_COLUMN_EMS = 20;
/** Below this width a screen never shows two pages. */
export const MIN_SPREAD_WIDTH = 900;

/**
 * The page layout for a viewport. Horizontal margins widen when lines would otherwise be too long,
 * and the gap between two columns is twice the margin, so that one screen's stride is exactly the
 * viewport's width and no sliver of a neighbouring page shows at either edge.
 */
export function pageLayout(
  viewport: Size,
  options: { margin: number; fontPx: number; vertical: boolean; spreads: boolean },
): PageLayout {
  const width = Math.max(1, Math.floor(viewport.width));
  const height = Math.max(1, Math.floor(viewport.height));
  const marginBlock = Math.min(options.margin, 48, Math.floor(height / 8));
  if (options.vertical) {
    // Vertical lines are as long as the page is tall; the margins only frame the page.
    const marginInline = Math.min(options.margin, Math.floor(width / 6));
    const flowHeight = Math.max(1, height - 2 * marginBlock);
    return {
      vertical: true,
      columnsPerScreen: 1,
      marginInline,
      marginBlock,
      flowWidth: Math.max(1, width - 2 * marginInline),
      flowHeight,
      columnWidth: flowHeight,
      columnGap: 2 * marginBlock,
      stride: height,
    };
  }
  const maxLine = options.fontPx * MAX_LINE_EMS;
  const minSpreadColumn = options.fontPx * MIN_SPREAD_COLUMN_EMS;
  const twoFit = width - 4 * options.margin >= 2 * minSpreadColumn;
  const columnsPerScreen: 1 | 2 =
    options.spreads && width >= MIN_SPREAD_WIDTH && width > height && twoFit ? 2 : 1;
  let margin = Math.min(options.margin, Math.floor(width / 6));
  // width = columns × column + 2 × columns × margin (an outer margin each side, a double gap between).
  const column = (width - 2 * columnsPerScreen * margin) / columnsPerScreen;
  if (column > maxLine) margin = (width - columnsPerScreen * maxLine) / (2 * columnsPerScreen);
  margin = Math.floor(margin);
  const flowWidth = width - 2 * margin;
  const columnGap = 2 * margin;
  return {
    vertical: false,
    columnsPerScreen,
    marginInline: margin,
    marginBlock,
    flowWidth,
    flowHeight: Math.max(1, height - 2 * marginBlock),
    columnWidth: (flowWidth - (columnsPerScreen - 1) * columnGap) / columnsPerScreen,
    columnGap,
    stride: width,
  };
}

/** Rounding slack: text at a page's very edge measures a fraction of a pixel either way. */
const EPSILON = 1;

/**
 * The screen a point of the column strip falls on, given its distance along the strip from the
 * start of the first page (rightwards for LTR, leftwards for RTL, downwards for vertical text).
 */
export function pageOfPosition(position: number, stride: number): number {
  if (!(stride > 0)) return 0;
  return Math.max(0, Math.floor((position + EPSILON) / stride));
}

/** How many screens hold content that ends `extent` along the strip (at least one). */
export function pageCountForExtent(extent: number, stride: number): number {
  if (!(stride > 0)) return 1;
  return Math.max(1, Math.ceil((extent - EPSILON) / stride));
}

export function clampPage(page: number, count: number): number {
  if (!Number.isFinite(page)) return 0;
  return Math.min(Math.max(0, Math.round(page)), Math.max(0, count - 1));
}

/** The CSS transform that shows screen `page` of the strip. */
export function stripTransform(page: number, layout: Pick<PageLayout, "stride" | "vertical">, rtl: boolean) {
  const distance = page * layout.stride;
  if (layout.vertical) return `translate3d(0, ${-distance}px, 0)`;
  return `translate3d(${rtl ? distance : -distance}px, 0, 0)`;
}

/** Distance of a rectangle along the strip from the strip's start, as pageOfPosition expects. */
export function positionAlongStrip(
  rect: { left: number; right: number; top: number },
  strip: { left: number; right: number; top: number },
  flow: { vertical: boolean; rtl: boolean },
): number {
  if (flow.vertical) return rect.top - strip.top;
  return flow.rtl ? strip.right - rect.right : rect.left - strip.left;
}

/**
 * The smallest index in [low, high) for which `isAtOrAfter` holds, when it holds for every index
 * after the first that does (a sorted predicate); `high` when it holds for none.
 */
export function lowerBound(low: number, high: number, isAtOrAfter: (index: number) => boolean): number {
  let lo = low;
  let hi = high;
  while (lo < hi) {
    const mid = lo + Math.floor((hi - lo) / 2);
    if (isAtOrAfter(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** Which way a page turn goes for a tap at `x` of a `width` wide page, mirrored for RTL books. */
export function tapZone(x: number, width: number, mirrored: boolean): "previous" | "next" | "middle" {
  if (!(width > 0)) return "middle";
  const third = width / 3;
  const side = x < third ? "left" : x >= width - third ? "right" : "middle";
  if (side === "middle") return "middle";
  const forward = mirrored ? "left" : "right";
  return side === forward ? "next" : "previous";
}

/** A horizontal swipe that is long and straight enough turns the page: which way, or null. */
export function swipeDirection(
  dx: number,
  dy: number,
  mirrored: boolean,
  threshold = 40,
): "previous" | "next" | null {
  if (Math.abs(dx) < threshold || Math.abs(dx) < Math.abs(dy) * 1.5) return null;
  // A finger moving left drags the next page in (from the right) in a left-to-right book.
  const towardsLeft = dx < 0;
  return towardsLeft !== mirrored ? "next" : "previous";
}

/** Minutes left in the chapter at an average reading speed, at least 1 while any text is left. */
export function minutesLeft(wordCount: number, fraction: number, wordsPerMinute = 230): number {
  const left = Math.max(0, wordCount * (1 - Math.min(1, Math.max(0, fraction))));
  if (left === 0) return 0;
  return Math.max(1, Math.round(left / wordsPerMinute));
}
