// One page or one spread at a time, fitted to the screen, its width or its height, or at its own
// size; zoomable, with the box scrolling over what does not fit. Taps, swipes and the wheel turn
// pages; drags pan what is zoomed.

import type { ReadingDirection } from "@litverse/shared/content";
import {
  type CSSProperties,
  type ReactNode,
  type Ref,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
} from "react";
import { cn } from "../../../components/ui/cn.ts";
import {
  type Fit,
  fitScale,
  type PageSize,
  type Side,
  type Spread,
  spreadSize,
  visualOrder,
} from "./comic-layout.ts";
import { PageImage } from "./page-image.tsx";
import { type Point, useElementSize, useReaderGestures } from "./use-reader-gestures.ts";
import type { ComicPage } from "./webtoon-view.tsx";
import { anchoredScroll, toggleZoom } from "./zoom.ts";

const BAR_SPACE_PX = 56;
/** A wheel turns one page per gesture: further notches within this time belong to the same one. */
const WHEEL_GESTURE_MS = 450;

/**
 * The spread's box as `fitScale` would size it, in CSS: the scroller is a size container, and the
 * room is its size less the bars' space above and below (as `room` below).
 */
function cssFit(fit: Fit, natural: PageSize): CSSProperties {
  const ratio = natural.height > 0 ? natural.width / natural.height : 1;
  const roomHeight = `max(120px, 100cqh - ${2 * BAR_SPACE_PX}px)`;
  const byHeight = `calc(${roomHeight} * ${ratio})`;
  const width = {
    screen: `min(100cqw, ${byHeight})`,
    width: "100cqw",
    height: byHeight,
    original: `${natural.width}px`,
  }[fit];
  return { width, aspectRatio: `${natural.width} / ${natural.height}` };
}

export interface PagedHandle {
  /** Scrolls a page taller than the screen on by most of a screen; false at its end (turn instead). */
  scrollStep: (step: 1 | -1) => boolean;
}

export function PagedView({
  ref,
  pages,
  spread,
  isDrawnForNarrowOnly = false,
  direction,
  fit,
  zoom,
  zoomAnchor,
  end,
  onZoom,
  onTap,
  onTurn,
}: {
  ref: Ref<PagedHandle>;
  pages: readonly ComicPage[];
  /** The pages shown, or null for the end of the episode. */
  spread: Spread | null;
  /** Drawn on the server, a spread hidden on wide landscape screens (where it has a second page). */
  isDrawnForNarrowOnly?: boolean;
  direction: ReadingDirection;
  fit: Fit;
  zoom: number;
  zoomAnchor: { current: Point | null };
  end: ReactNode;
  onZoom: (zoom: number, point?: Point) => void;
  onTap: (zone: Side | "middle") => void;
  /** +1 next, -1 previous. */
  onTurn: (step: 1 | -1) => void;
}) {
  const scroller = useRef<HTMLElement>(null);
  const viewport = useElementSize(scroller);
  useImperativeHandle(
    ref,
    () => ({
      scrollStep: (step) => {
        const element = scroller.current;
        if (!element) return false;
        const room = element.scrollHeight - element.clientHeight;
        const atEdge = step === 1 ? element.scrollTop >= room - 1 : element.scrollTop <= 1;
        if (room <= 1 || atEdge) return false;
        element.scrollBy({ top: step * element.clientHeight * 0.8, behavior: "smooth" });
        return true;
      },
    }),
    [],
  );
  const shown = spread ? visualOrder(spread, direction) : [];
  const sizes: PageSize[] = shown.map((index) => pages[index] ?? { width: 1, height: 1 });
  const natural = spreadSize(sizes);
  // The bars' room stays free above and below, so that they never cover a fitted page and the
  // page does not jump when they come and go.
  const room = { width: viewport.width, height: Math.max(120, viewport.height - 2 * BAR_SPACE_PX) };
  const scale = fitScale(fit, natural, room) * zoom;
  const width = natural.width * scale;
  const height = natural.height * scale;
  /** Drawn on the server (decision 0031), the screen's size is not known: the fit is left to CSS. */
  const isMeasured = viewport.width > 0;

  // Zooming keeps the point under the pointer (or the centre) still.
  const previous = useRef({ width, height, zoom });
  useLayoutEffect(() => {
    const element = scroller.current;
    const before = previous.current;
    previous.current = { width, height, zoom };
    if (!element || before.zoom === zoom || before.width === 0) return;
    const ratio = width / before.width;
    const anchor = zoomAnchor.current ?? { x: element.clientWidth / 2, y: element.clientHeight / 2 };
    zoomAnchor.current = null;
    element.scrollLeft = anchoredScroll(
      { scroll: element.scrollLeft, viewport: element.clientWidth, size: before.width, point: anchor.x },
      ratio,
    );
    element.scrollTop = anchoredScroll(
      { scroll: element.scrollTop, viewport: element.clientHeight, size: before.height, point: anchor.y },
      ratio,
    );
  }, [width, height, zoom, zoomAnchor]);

  // A new spread starts at its top, and at its reading-side edge when wider than the screen.
  const spreadKey = spread?.join("-") ?? "end";
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new spread
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    element.scrollTop = 0;
    element.scrollLeft = direction === "rtl" ? element.scrollWidth : 0;
  }, [spreadKey, direction]);

  const wheel = useRef({ at: 0 });
  useReaderGestures(scroller, {
    zoom: () => zoom,
    onZoom,
    onTap,
    onDoubleTap: (point) => onZoom(toggleZoom(zoom), point),
    onPan: (dx, dy) => scroller.current?.scrollBy(dx, dy),
    onSwipe: (side) => {
      const element = scroller.current;
      if (!element) return;
      // Zoomed or wider than the screen, a drag pans; it turns the page once the edge is reached.
      const canScrollX = element.scrollWidth > element.clientWidth + 1;
      const atLeft = element.scrollLeft <= 1;
      const atRight = element.scrollLeft >= element.scrollWidth - element.clientWidth - 1;
      if (!canScrollX || (side === "left" && atLeft) || (side === "right" && atRight)) {
        onTurn(side === "right" ? (direction === "ltr" ? 1 : -1) : direction === "ltr" ? -1 : 1);
      }
    },
    onWheel: (event) => {
      const element = scroller.current;
      if (!element || Math.abs(event.deltaY) < Math.abs(event.deltaX)) return;
      const down = event.deltaY > 0;
      const atTop = element.scrollTop <= 1;
      const atBottom = element.scrollTop >= element.scrollHeight - element.clientHeight - 1;
      // The wheel scrolls a page taller than the screen, and turns once its end is reached.
      if ((down && !atBottom) || (!down && !atTop)) return;
      event.preventDefault();
      const now = performance.now();
      const isNewGesture = now - wheel.current.at > WHEEL_GESTURE_MS;
      wheel.current.at = now;
      if (isNewGesture) onTurn(down ? 1 : -1);
    },
  });

  return (
    <section
      ref={scroller}
      aria-label="Pages"
      className={cn(
        "absolute inset-0 touch-none overflow-auto overscroll-contain [container-type:size]",
        isDrawnForNarrowOnly && "min-[1024px]:landscape:invisible",
      )}
      data-testid="paged-view"
    >
      {spread === null ? (
        <div className="flex min-h-full items-center justify-center px-4 py-20" data-reader-ui>
          {end}
        </div>
      ) : (
        <div className="flex min-h-full w-max min-w-full py-14">
          <div
            className="m-auto flex"
            style={isMeasured ? { width, height } : cssFit(fit, natural)}
            data-testid="comic-spread"
            data-pages={spread.map((index) => index + 1).join(",")}
          >
            {shown.map((index) => {
              const page = pages[index] as ComicPage;
              const pageWidth = (page.width * natural.height) / page.height;
              return (
                <PageImage
                  key={index}
                  page={page}
                  index={index}
                  count={pages.length}
                  style={
                    isMeasured
                      ? { width: pageWidth * scale, height }
                      : { width: `${(100 * pageWidth) / natural.width}%`, height: "100%" }
                  }
                />
              );
            })}
          </div>
        </div>
      )}
    </section>
  );
}
