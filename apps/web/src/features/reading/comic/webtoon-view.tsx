// Continuous vertical reading: every page stacked in one column, each taking its exact height
// from the start (the sizes come with the episode), images loaded as they come near. Reports the
// page at the middle of the screen and when the last page's bottom comes into view.
import {
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { clamp, pagesToPreload } from "./comic-layout.ts";
import { PageImage } from "./page-image.tsx";
import { type Point, useElementSize, useReaderGestures } from "./use-reader-gestures.ts";
import { toggleZoom } from "./zoom.ts";

export interface ComicPage {
  url: string;
  width: number;
  height: number;
}

export interface WebtoonHandle {
  /** Brings a page (and a point within it, 0 to 1 of its height) to the middle of the screen. */
  scrollToPage: (page: number, offset?: number, smooth?: boolean) => void;
  /** Scrolls by a number of screens (negative: up). */
  scrollByScreens: (screens: number) => void;
}

/** Room above the first page for the top bar. */
const TOP_SPACE_PX = 56;
const MIN_COLUMN_PX = 160;

export function WebtoonView({
  ref,
  pages,
  padding,
  zoom,
  zoomAnchor,
  start,
  isTracking,
  onZoom,
  onPosition,
  onReachEnd,
  onTap,
  onScrollDelta,
  end,
}: {
  ref: Ref<WebtoonHandle>;
  pages: readonly ComicPage[];
  /** Percent of the width left empty on each side. */
  padding: number;
  zoom: number;
  /** Where the last zoom change was centred, if it was at a point. */
  zoomAnchor: { current: Point | null };
  /** Where to open, once the column has its width. */
  start: { page: number; offset: number } | null;
  /** Off until the start position is known, so that nothing is reported before. */
  isTracking: boolean;
  onZoom: (zoom: number, point?: Point) => void;
  onPosition: (page: number, offset: number) => void;
  onReachEnd: () => void;
  onTap: (zone: "left" | "right" | "middle") => void;
  onScrollDelta: (delta: number) => void;
  end: ReactNode;
}) {
  const scroller = useRef<HTMLElement>(null);
  const column = useRef<HTMLDivElement>(null);
  const endMarker = useRef<HTMLDivElement>(null);
  const size = useElementSize(scroller);
  const hasWidth = size.width > 0;
  const baseWidth = Math.max(MIN_COLUMN_PX, size.width * (1 - (2 * padding) / 100));
  const columnWidth = Math.round(baseWidth * zoom);
  const layout = useMemo(() => {
    const heights = pages.map((page) =>
      page.width > 0 ? (columnWidth * page.height) / page.width : columnWidth,
    );
    const tops: number[] = [];
    let top = 0;
    for (const height of heights) {
      tops.push(top);
      top += height;
    }
    return { heights, tops, total: top };
  }, [pages, columnWidth]);
  const [current, setCurrent] = useState(start?.page ?? 0);
  const [near, setNear] = useState<ReadonlySet<number>>(() => new Set());
  const isAtEnd = useRef(false);
  /** A jump to a page (the slider, a key, another tab) is not reading on: the bars stay as they are. */
  const isJump = useRef(false);
  const latest = useRef({ layout, onPosition, onReachEnd, isTracking, onScrollDelta });
  latest.current = { layout, onPosition, onReachEnd, isTracking, onScrollDelta };

  /** The page at the middle of the screen and how far down it that is. */
  const measure = useCallback((): { page: number; offset: number } => {
    const element = scroller.current;
    const { heights, tops } = latest.current.layout;
    if (!element || heights.length === 0) return { page: 0, offset: 0 };
    if (isAtEnd.current) return { page: heights.length - 1, offset: 1 };
    const middle = element.scrollTop + element.clientHeight / 2 - (column.current?.offsetTop ?? 0);
    let page = 0;
    while (page < tops.length - 1 && (tops[page + 1] ?? 0) <= middle) page++;
    const offset = clamp((middle - (tops[page] ?? 0)) / (heights[page] || 1), 0, 1);
    return { page, offset };
  }, []);

  const scrollToPage = useCallback((page: number, offset = 0, smooth = false) => {
    const element = scroller.current;
    const { heights, tops } = latest.current.layout;
    if (!element || heights.length === 0) return;
    const index = clamp(page, 0, heights.length - 1);
    const target =
      (column.current?.offsetTop ?? 0) +
      (tops[index] ?? 0) +
      clamp(offset, 0, 1) * (heights[index] ?? 0) -
      element.clientHeight / 2;
    // Opening at a page's top shows the page from its top edge rather than centred.
    const top = offset === 0 ? (column.current?.offsetTop ?? 0) + (tops[index] ?? 0) - TOP_SPACE_PX : target;
    isJump.current = true;
    element.scrollTo({ top: Math.max(0, top), behavior: smooth ? "smooth" : "auto" });
  }, []);

  useImperativeHandle(
    ref,
    () => ({
      scrollToPage,
      scrollByScreens: (screens) => {
        const element = scroller.current;
        if (element) element.scrollBy({ top: screens * element.clientHeight * 0.85, behavior: "smooth" });
      },
    }),
    [scrollToPage],
  );

  /** The column's width and the position in it, as last seen. */
  const previous = useRef({ columnWidth: 0, position: { page: 0, offset: 0 } });

  // The start position, once there is a width to lay the column out with.
  const hasStarted = useRef(false);
  useLayoutEffect(() => {
    if (hasStarted.current || !hasWidth || !start) return;
    hasStarted.current = true;
    previous.current.position = start;
    if (start.page > 0 || start.offset > 0) scrollToPage(start.page, start.offset);
  }, [hasWidth, start, scrollToPage]);

  // A new column width (zoom, padding, a turned phone) keeps the reader where they were: around
  // the zoom's point, else the same spot of the same page at the middle of the screen.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element || !hasWidth) return;
    const before = previous.current;
    previous.current = { columnWidth, position: before.position };
    if (!hasStarted.current || before.columnWidth === 0 || before.columnWidth === columnWidth) return;
    const anchor = zoomAnchor.current;
    zoomAnchor.current = null;
    if (anchor) {
      const ratio = columnWidth / before.columnWidth;
      const top = column.current?.offsetTop ?? 0;
      element.scrollTop = (element.scrollTop + anchor.y - top) * ratio + top - anchor.y;
      const margin = Math.max(0, (element.clientWidth - before.columnWidth) / 2);
      const nextMargin = Math.max(0, (element.clientWidth - columnWidth) / 2);
      element.scrollLeft = (element.scrollLeft + anchor.x - margin) * ratio + nextMargin - anchor.x;
    } else {
      scrollToPage(before.position.page, before.position.offset || 0.0001);
    }
  }, [columnWidth, hasWidth, zoomAnchor, scrollToPage]);

  // Scrolling: the page in view, reported once per frame at most.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    let frame = 0;
    let lastTop = element.scrollTop;
    const report = () => {
      frame = 0;
      const position = measure();
      previous.current.position = position;
      setCurrent(position.page);
      if (!isJump.current) latest.current.onScrollDelta(element.scrollTop - lastTop);
      isJump.current = false;
      lastTop = element.scrollTop;
      if (latest.current.isTracking) latest.current.onPosition(position.page, position.offset);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(report);
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      element.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [measure]);

  // Pages within a screen and a half load, and the next few after the one in view.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pages are drawn once the width is known
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        const coming = entries
          .filter((entry) => entry.isIntersecting)
          .map((entry) => Number((entry.target as HTMLElement).dataset.page));
        if (coming.length > 0) {
          setNear((loaded) =>
            coming.every((page) => loaded.has(page)) ? loaded : new Set([...loaded, ...coming]),
          );
        }
      },
      { root: element, rootMargin: "150% 0px 150% 0px" },
    );
    for (const slot of element.querySelectorAll("[data-page]")) observer.observe(slot);
    return () => observer.disconnect();
  }, [hasWidth]);
  useEffect(() => {
    setNear((loaded) => {
      const wanted = pagesToPreload(current, pages.length);
      return wanted.every((page) => loaded.has(page)) ? loaded : new Set([...loaded, ...wanted]);
    });
  }, [current, pages.length]);

  // The last page's bottom edge in view: the episode is read.
  useEffect(() => {
    const element = scroller.current;
    const marker = endMarker.current;
    if (!element || !marker || !isTracking || !hasWidth) return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        isAtEnd.current = entry?.isIntersecting ?? false;
        if (isAtEnd.current) {
          setCurrent(pages.length - 1);
          latest.current.onPosition(pages.length - 1, 1);
          latest.current.onReachEnd();
        }
      },
      { root: element },
    );
    observer.observe(marker);
    return () => observer.disconnect();
  }, [isTracking, hasWidth, pages.length]);

  useReaderGestures(scroller, {
    zoom: () => zoom,
    onZoom,
    onTap,
    onDoubleTap: (point) => onZoom(toggleZoom(zoom), point),
  });

  return (
    <section
      ref={scroller}
      aria-label="Pages"
      className="absolute inset-0 overflow-auto overscroll-contain [touch-action:pan-x_pan-y]"
      data-testid="webtoon-view"
    >
      <div style={{ width: Math.max(columnWidth, size.width), paddingTop: TOP_SPACE_PX }}>
        <div ref={column} className="mx-auto" style={{ width: columnWidth }}>
          {!hasWidth
            ? null
            : pages.map((page, index) => (
                <div
                  // biome-ignore lint/suspicious/noArrayIndexKey: pages are fixed and in order
                  key={index}
                  data-page={index}
                  className="relative"
                  style={{ height: layout.heights[index] }}
                >
                  {near.has(index) ? (
                    <PageImage page={page} index={index} count={pages.length} className="size-full" />
                  ) : null}
                </div>
              ))}
          <div ref={endMarker} className="h-px" aria-hidden />
        </div>
        <div className="px-4 pt-10 pb-28" data-reader-ui>
          {end}
        </div>
      </div>
    </section>
  );
}
