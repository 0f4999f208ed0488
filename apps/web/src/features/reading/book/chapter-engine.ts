// The chapter on screen, driven directly on the DOM: laying it out in pages or as one scrolling
// column, moving between pages, and answering "where is the reader" as a chapter offset (see
// locator.ts) and "where on screen is this offset". React renders the elements once; layout
// changes happen here, synchronously, so that a new font size and the return to the same place
// land in the same frame.
import { type ChapterMap, mapChapter, offsetOfTextPosition, textPosition } from "./locator.ts";
import {
  clampPage,
  lowerBound,
  type PageLayout,
  pageLayout,
  pageOfPosition,
  positionAlongStrip,
  stripTransform,
} from "./pagination.ts";
import type { ReadingMode } from "./settings.ts";

export interface ChapterElements {
  /** The visible reading area: clips the page strip, or scrolls in scrolling mode. */
  viewport: HTMLElement;
  /** The column strip (paginated) or the text column (scrolling). */
  strip: HTMLElement;
  /** The chapter's own HTML. */
  content: HTMLElement;
  /** What follows the text: the end-of-chapter prompt. */
  endPage: HTMLElement;
}

export interface LayoutOptions {
  mode: ReadingMode;
  margin: number;
  fontPx: number;
  spreads: boolean;
}

export interface ChapterState {
  mode: ReadingMode;
  /** Screen shown (paginated), from 0. */
  page: number;
  /** Screens in all, the end prompt included. */
  pageCount: number;
  /** Screens holding the chapter's text. */
  textPageCount: number;
  /** The reading position: the first character shown. */
  anchor: number;
  /** Chapter offsets shown on screen, from and to. */
  visibleStart: number;
  visibleEnd: number;
  /** The last of the text is on screen. */
  atTextEnd: boolean;
  /** The end prompt is on screen. */
  atEndPage: boolean;
  length: number;
}

/** Pixels between the top of a scrolling view and the line it was asked to show. */
const SCROLL_GAP = 3;

/** Why the view moved: the reader's own turn, a jump, or a new layout returning to the same place. */
export type MoveCause = "turn" | "jump" | "layout" | "remote" | "scroll";

export class ChapterEngine {
  map: ChapterMap<Node>;
  layout: PageLayout | null = null;
  mode: ReadingMode = "paginated";
  page = 0;
  pageCount = 1;
  textPageCount = 1;
  /** The reading position (a chapter offset): kept through re-layouts, moved by the reader. */
  anchor = 0;
  private readonly range: Range;
  /** Where this engine last scrolled the viewport to, to tell its own scrolls from the reader's. */
  private ownScroll: { top: number; left: number } | null = null;

  private readonly elements: ChapterElements;
  readonly flow: { rtl: boolean; vertical: boolean };

  constructor(elements: ChapterElements, flow: { rtl: boolean; vertical: boolean }) {
    this.elements = elements;
    this.flow = flow;
    this.map = mapChapter<Node>(elements.content);
    this.range = elements.content.ownerDocument.createRange();
  }

  /** Walks the chapter again after its text nodes changed (highlights wrapped in marks). */
  remap(): void {
    this.map = mapChapter<Node>(this.elements.content);
  }

  get length(): number {
    return this.map.length;
  }

  /** Sets the layout's geometry on the elements and returns to the anchor. */
  relayout(options: LayoutOptions): void {
    const { viewport, strip } = this.elements;
    this.mode = options.mode;
    const box = viewport.getBoundingClientRect();
    if (options.mode === "paginated") {
      const layout = pageLayout(
        { width: box.width, height: box.height },
        {
          margin: options.margin,
          fontPx: options.fontPx,
          vertical: this.flow.vertical,
          spreads: options.spreads,
        },
      );
      this.layout = layout;
      strip.style.setProperty("--flow-width", `${layout.flowWidth}px`);
      strip.style.setProperty("--flow-height", `${layout.flowHeight}px`);
      strip.style.setProperty("--column-width", `${layout.columnWidth}px`);
      strip.style.setProperty("--column-gap", `${layout.columnGap}px`);
      strip.style.setProperty("--margin-inline", `${layout.marginInline}px`);
      strip.style.setProperty("--margin-block", `${layout.marginBlock}px`);
      // Pictures fit on one page, whichever way it runs.
      strip.style.setProperty(
        "--image-max",
        `${Math.max(40, (layout.vertical ? layout.flowWidth : layout.flowHeight) - 8)}px`,
      );
      this.measurePages();
    } else {
      this.layout = null;
      strip.style.removeProperty("transform");
      strip.style.setProperty("--margin-inline", `${options.margin}px`);
      strip.style.setProperty("--image-max", `${Math.max(120, Math.round(box.height * 0.85))}px`);
      this.page = 0;
      this.pageCount = 1;
      this.textPageCount = 1;
    }
    this.showOffset(this.anchor);
  }

  /** Counts the screens again (pictures loaded, fonts arrived) and returns to the anchor. */
  refresh(): void {
    if (this.mode === "paginated") this.measurePages();
    this.showOffset(this.anchor);
  }

  private measurePages(): void {
    const last = this.lastContentPage();
    this.textPageCount = last + 1;
    const endRect = this.elements.endPage.getBoundingClientRect();
    const endPage = endRect.height > 0 || endRect.width > 0 ? this.pageOfRect(endRect) : last;
    this.pageCount = Math.max(this.textPageCount, endPage + 1);
  }

  /** The screen holding the last visible character or picture of the chapter. */
  private lastContentPage(): number {
    let last = 0;
    const rect = this.rectAt(this.length, -1);
    if (rect) last = this.pageOfRect(rect);
    const boxes = this.elements.content.querySelectorAll("img, hr, table");
    const lastBox = boxes[boxes.length - 1];
    if (lastBox) {
      const rects = lastBox.getClientRects();
      const final = rects[rects.length - 1];
      if (final) last = Math.max(last, this.pageOfRect(final));
    }
    return last;
  }

  // Positions ---------------------------------------------------------------------------------

  /** The screen a rectangle is on (paginated). */
  pageOfRect(rect: { left: number; right: number; top: number }): number {
    if (!this.layout) return 0;
    const strip = this.elements.strip.getBoundingClientRect();
    return pageOfPosition(positionAlongStrip(rect, strip, this.flow), this.layout.stride);
  }

  /**
   * The on-screen box of the character at `offset`, or of the nearest visible one in `direction`
   * (white space between blocks has no box).
   */
  rectAt(offset: number, direction: 1 | -1 = 1): DOMRect | null {
    const { texts } = this.map;
    if (texts.length === 0) return null;
    let at = Math.min(Math.max(0, offset), this.length);
    if (direction < 0) at = Math.max(0, at - 1);
    const start = textPosition(this.map, at);
    if (!start) return null;
    let index = start.index;
    let inner = start.offset;
    for (let tries = 0; tries < 400 && index >= 0 && index < texts.length; tries++) {
      const node = texts[index] as Text;
      const length = node.data.length;
      if (inner >= 0 && inner < length) {
        this.range.setStart(node, inner);
        this.range.setEnd(node, inner + 1);
        const rects = this.range.getClientRects();
        for (const rect of rects) {
          if (rect.width > 0 || rect.height > 0) return rect;
        }
        inner += direction;
        continue;
      }
      index += direction;
      const next = texts[index] as Text | undefined;
      inner = direction > 0 ? 0 : (next?.data.length ?? 0) - 1;
    }
    return null;
  }

  /** The screen showing chapter offset `offset`. */
  pageOfOffset(offset: number): number {
    const rect = offset >= this.length ? this.rectAt(this.length, -1) : this.rectAt(offset, 1);
    if (!rect) return offset >= this.length ? Math.max(0, this.textPageCount - 1) : 0;
    return this.pageOfRect(rect);
  }

  /** The first chapter offset shown on screen `page` (the chapter's length past the text). */
  pageStart(page: number): number {
    if (page <= 0) return 0;
    if (page >= this.textPageCount) return this.length;
    return lowerBound(0, this.length, (offset) => {
      const rect = this.rectAt(offset, 1);
      return rect ? this.pageOfRect(rect) >= page : true;
    });
  }

  /** Along the scrolling text, how far the start of the viewport is (in the text's own direction). */
  private scrollEdges(): { start: number; end: number } {
    const box = this.elements.viewport.getBoundingClientRect();
    return this.flow.vertical ? { start: box.right, end: box.left } : { start: box.top, end: box.bottom };
  }

  /** The first character at least partly on screen (scrolling). */
  private firstVisibleOffset(): number {
    const { start } = this.scrollEdges();
    return lowerBound(0, this.length, (offset) => {
      const rect = this.rectAt(offset, 1);
      if (!rect) return true;
      return this.flow.vertical ? rect.left < start - 2 : rect.bottom > start + 2;
    });
  }

  /** The first character past the screen (scrolling). */
  private firstOffsetAfterScreen(): number {
    const { end } = this.scrollEdges();
    return lowerBound(0, this.length, (offset) => {
      const rect = this.rectAt(offset, 1);
      if (!rect) return true;
      return this.flow.vertical ? rect.right <= end + 1 : rect.top >= end - 1;
    });
  }

  // Moving ----------------------------------------------------------------------------------

  /** Shows the place `offset` (its page, or scrolled to the top) and makes it the anchor. */
  showOffset(offset: number): void {
    this.anchor = Math.min(Math.max(0, offset), this.length);
    if (this.mode === "paginated") {
      this.setPage(this.pageOfOffset(this.anchor));
      return;
    }
    const { viewport } = this.elements;
    const rect = offset >= this.length ? this.rectAt(this.length, -1) : this.rectAt(this.anchor, 1);
    if (!rect || this.anchor === 0) {
      viewport.scrollTo({ top: 0, left: 0, behavior: "instant" });
    } else {
      const box = viewport.getBoundingClientRect();
      // The line with the place at the top, a little below the edge so that no rounding clips it;
      // the line before it stays wholly above (the line spacing is larger than the gap), so that
      // reading the position back from the screen gives the same line.
      if (this.flow.vertical)
        viewport.scrollBy({ left: rect.right - box.right + SCROLL_GAP, behavior: "instant" });
      else viewport.scrollBy({ top: rect.top - box.top - SCROLL_GAP, behavior: "instant" });
    }
    this.noteOwnScroll();
  }

  /** Shows an element of the chapter (a link's target, a focused link). */
  showElement(element: Element): void {
    const start = this.map.elementStarts.get(element);
    if (start !== undefined && (element.textContent ?? "").trim().length > 0) {
      this.showOffset(start);
      return;
    }
    if (this.mode === "paginated") {
      const rect = element.getClientRects()[0];
      if (rect) this.setPage(this.pageOfRect(rect), true);
    } else {
      element.scrollIntoView({ block: "start", inline: "start", behavior: "instant" });
      this.noteOwnScroll();
      this.anchor = this.firstVisibleOffset();
    }
  }

  /** Goes to a screen; the anchor becomes its first character. */
  goToPage(page: number): void {
    this.setPage(clampPage(page, this.pageCount), true);
  }

  private setPage(page: number, moveAnchor = false): void {
    this.page = clampPage(page, this.pageCount);
    if (this.layout) {
      this.elements.strip.style.transform = stripTransform(this.page, this.layout, this.flow.rtl);
    }
    if (moveAnchor) this.anchor = this.pageStart(this.page);
  }

  /**
   * One screen on or back. Returns false at either end of the chapter (the caller may go on to
   * the next or previous chapter).
   */
  turn(delta: 1 | -1): boolean {
    if (this.mode === "paginated") {
      const target = this.page + delta;
      if (target < 0 || target >= this.pageCount) return false;
      this.goToPage(target);
      return true;
    }
    const { viewport } = this.elements;
    const before = this.flow.vertical ? viewport.scrollLeft : viewport.scrollTop;
    const size = this.flow.vertical ? viewport.clientWidth : viewport.clientHeight;
    const maximum = this.flow.vertical
      ? viewport.scrollWidth - viewport.clientWidth
      : viewport.scrollHeight - viewport.clientHeight;
    // Vertical text scrolls leftwards: its scroll offsets run from 0 down to negative values.
    const position = this.flow.vertical ? -before : before;
    if ((delta > 0 && position >= maximum - 2) || (delta < 0 && position <= 1)) return false;
    // A screen less two lines, so that the eye finds where it was.
    const step = delta * Math.max(40, size - 2 * 28);
    if (this.flow.vertical) viewport.scrollBy({ left: -step, behavior: "instant" });
    else viewport.scrollBy({ top: step, behavior: "instant" });
    this.noteOwnScroll();
    this.anchor = this.firstVisibleOffset();
    return true;
  }

  private noteOwnScroll(): void {
    const { viewport } = this.elements;
    this.ownScroll = { top: viewport.scrollTop, left: viewport.scrollLeft };
  }

  /** Whether the viewport is where this engine scrolled it (so the scroll was not the reader's). */
  consumeOwnScroll(): boolean {
    const own = this.ownScroll;
    this.ownScroll = null;
    if (!own) return false;
    const { viewport } = this.elements;
    return Math.abs(viewport.scrollTop - own.top) < 1 && Math.abs(viewport.scrollLeft - own.left) < 1;
  }

  /** After the reader scrolled: the anchor follows the top of the screen. */
  syncFromScroll(): void {
    if (this.mode !== "scrolling") return;
    this.anchor = this.firstVisibleOffset();
  }

  // State -----------------------------------------------------------------------------------

  state(): ChapterState {
    if (this.mode === "paginated") {
      const visibleStart = this.pageStart(this.page);
      const visibleEnd = this.page + 1 >= this.textPageCount ? this.length : this.pageStart(this.page + 1);
      return {
        mode: this.mode,
        page: this.page,
        pageCount: this.pageCount,
        textPageCount: this.textPageCount,
        anchor: this.anchor,
        visibleStart,
        visibleEnd,
        atTextEnd: this.page >= this.textPageCount - 1,
        atEndPage: this.page >= this.pageCount - 1,
        length: this.length,
      };
    }
    const visibleStart = this.firstVisibleOffset();
    const visibleEnd = Math.max(visibleStart, this.firstOffsetAfterScreen());
    const endBox = this.elements.endPage.getBoundingClientRect();
    const { end } = this.scrollEdges();
    const endShown = this.flow.vertical ? endBox.right > end : endBox.top < end;
    // The last line on screen (white space may follow it, which has no place on screen).
    const last = this.rectAt(this.length, -1);
    const lastShown = !last || (this.flow.vertical ? last.right > end + 1 : last.top < end - 1);
    return {
      mode: this.mode,
      page: 0,
      pageCount: 1,
      textPageCount: 1,
      anchor: this.anchor,
      visibleStart,
      visibleEnd,
      atTextEnd: lastShown,
      atEndPage: endShown,
      length: this.length,
    };
  }

  // Ranges ----------------------------------------------------------------------------------

  /** A DOM range over chapter offsets [start, end). */
  rangeOf(start: number, end: number): Range | null {
    const from = textPosition(this.map, start);
    const to = textPosition(this.map, end);
    if (!from || !to) return null;
    const range = this.elements.content.ownerDocument.createRange();
    range.setStart(from.node, from.offset);
    range.setEnd(to.node, to.offset);
    return range;
  }

  /** The chapter offset of a DOM boundary point (a selection's start or end), or null outside. */
  offsetOfBoundary(container: Node, offset: number): number | null {
    const { content } = this.elements;
    if (!content.contains(container)) {
      // A selection dragged past the chapter's end.
      if (content.compareDocumentPosition(container) & Node.DOCUMENT_POSITION_FOLLOWING) return this.length;
      return null;
    }
    if (container.nodeType === Node.TEXT_NODE) return offsetOfTextPosition(this.map, container, offset);
    const child = container.childNodes[offset];
    if (!child) {
      // After the container's last child: where the container's text ends.
      if (container === content) return this.length;
      const start = this.map.elementStarts.get(container) ?? 0;
      return start + (container.textContent?.length ?? 0);
    }
    if (child.nodeType === Node.TEXT_NODE) return offsetOfTextPosition(this.map, child, 0);
    return this.map.elementStarts.get(child) ?? null;
  }

  /** The chapter offset under a point of the screen, if it is over the text. */
  offsetAtPoint(x: number, y: number): number | null {
    const doc = this.elements.content.ownerDocument;
    const caret = doc.caretPositionFromPoint?.(x, y);
    if (caret) return this.offsetOfBoundary(caret.offsetNode, caret.offset);
    const range = doc.caretRangeFromPoint?.(x, y);
    return range ? this.offsetOfBoundary(range.startContainer, range.startOffset) : null;
  }
}
