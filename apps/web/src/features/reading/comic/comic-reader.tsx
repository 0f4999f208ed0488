// The comic reader: pages one (or two) at a time or as one long strip, in the title's reading
// direction or the reader's, zoomable; the bars come and go with a tap in the middle. Progress
// is the page in view; the last page marks the episode read and leads to the next one.
import type { ReadingDirection } from "@litverse/shared/content";
import { useQuery } from "@tanstack/react-query";
import { ChevronLeft, ChevronRight, Keyboard } from "lucide-react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Slider } from "../../../components/ui/slider.tsx";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";
import { isKeyForControl } from "../../../lib/keyboard.ts";
import { EpisodeEnd } from "../episode-end.tsx";
import { ReaderTopBar } from "../reader-top-bar.tsx";
import { type Shortcut, ShortcutsDialog } from "../shortcuts-dialog.tsx";
import { type SavedPosition, useEpisodeProgress } from "../use-episode-progress.ts";
import { episodeQueryOptions, type ReaderReady } from "../use-reader-episode.ts";
import {
  buildSpreads,
  defaultMode,
  defaultPadding,
  keyStep,
  pagesToPreload,
  pageToFraction,
  type Side,
  savedPage,
  sideStep,
  spreadOfPage,
} from "./comic-layout.ts";
import { type ComicSettings, type ReadingMode, useComicSettings, withDirection } from "./comic-settings.ts";
import { ComicSettingsPanel } from "./comic-settings-panel.tsx";
import { type PagedHandle, PagedView } from "./paged-view.tsx";
import { type Point, useElementSize } from "./use-reader-gestures.ts";
import { type ComicPage, type WebtoonHandle, WebtoonView } from "./webtoon-view.tsx";
import { clampZoom, zoomStep } from "./zoom.ts";

/** Without an answer about the saved position by then, the episode opens at its start. */
const POSITION_WAIT_MS = 3_000;
/** Webtoon positions within this much of a page of one followed from elsewhere are that one. */
const FOLLOW_SLACK = 0.05;

const SHORTCUTS: Shortcut[] = [
  { keys: ["→", "←"], label: "Next or previous page (mirrored right to left)" },
  { keys: ["Space", "Page Down"], label: "Next page, or scroll down" },
  { keys: ["Shift Space", "Page Up"], label: "Previous page, or scroll up" },
  { keys: ["Home", "End"], label: "First or last page" },
  { keys: ["+", "−", "0"], label: "Zoom in, out, reset" },
  { keys: ["Ctrl + wheel"], label: "Zoom at the pointer" },
  { keys: ["W"], label: "Switch between paged and webtoon" },
  { keys: ["B"], label: "Show or hide the bars" },
  { keys: ["?"], label: "This list" },
];

export function ComicReader({ ready }: { ready: ReaderReady }) {
  const { payload } = ready.data;
  if (payload.kind !== "comic") return null;
  return <ComicEpisode ready={ready} pages={payload.pages} />;
}

function ComicEpisode({ ready, pages }: { ready: ReaderReady; pages: readonly ComicPage[] }) {
  const { data } = ready;
  const contentId = data.content._id;
  const count = pages.length;
  const root = useRef<HTMLElement>(null);
  const size = useElementSize(root);
  const [settings, updateSettings] = useComicSettings();
  const mode: ReadingMode = settings.mode ?? defaultMode(pages);
  const direction: ReadingDirection = settings.directions[contentId] ?? data.content.readingDirection;
  const isDouble =
    settings.layout === "double" ||
    (settings.layout === "auto" && size.width >= 1024 && size.width > size.height);
  const spreads = useMemo(
    () => buildSpreads(pages, { double: isDouble, firstPageAlone: settings.firstPageAlone }),
    [pages, isDouble, settings.firstPageAlone],
  );
  const padding = settings.padding ?? defaultPadding(size.width);

  /** The page being read (the first of a spread); null until the saved position is known. */
  const [page, setPage] = useState<number | null>(null);
  const [start, setStart] = useState<{ page: number; offset: number } | null>(null);
  const [isAtEnd, setIsAtEnd] = useState(false);
  const [zoom, setZoom] = useState(1);
  const zoomAnchor = useRef<Point | null>(null);
  const [areBarsShown, setAreBarsShown] = useState(true);
  const [isHelpOpen, setIsHelpOpen] = useState(false);
  const webtoon = useRef<WebtoonHandle>(null);
  const paged = useRef<PagedHandle>(null);
  const isComplete = useRef(false);
  const lastSaved = useRef<string | null>(null);
  const followed = useRef<{ page: number; offset: number } | null>(null);

  const onRemoteMove = (position: SavedPosition) => {
    const target = savedPage(position, count);
    if (target === null) return;
    const offset = typeof position.locator?.offset === "number" ? position.locator.offset : 0;
    followed.current = { page: target, offset };
    lastSaved.current = `${target}`;
    setPage(target);
    if (mode === "paged") setIsAtEnd(false);
    // At once: a smooth scroll would pass other pages and report them as this tab's own moves.
    else webtoon.current?.scrollToPage(target, offset);
  };
  const { initial, save } = useEpisodeProgress(data, { onRemoteMove });

  // Open where the reader left off (a finished episode opens at its start again), in the same
  // render as the position is known: at once when it came with the page.
  const open = (position: SavedPosition | null) => {
    const saved = position && !position.isCompleted ? savedPage(position, count) : null;
    const offset =
      saved !== null && typeof position?.locator?.offset === "number" ? position.locator.offset : 0;
    isComplete.current = position?.isCompleted ?? false;
    lastSaved.current = saved === null ? null : `${saved}`;
    setPage(saved ?? 0);
    setStart({ page: saved ?? 0, offset });
  };
  if (start === null && initial !== undefined) open(initial);
  const openAtStart = useRef(open);
  openAtStart.current = open;
  useEffect(() => {
    if (start || initial !== undefined) return;
    const timer = setTimeout(() => openAtStart.current(null), POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [initial, start]);

  const complete = useCallback(() => {
    if (isComplete.current || count === 0) return;
    isComplete.current = true;
    save({ fraction: 1, locator: { page: count - 1 }, isCompleted: true });
  }, [count, save]);

  const spreadIndex = page === null ? 0 : spreadOfPage(spreads, page);
  const spread = spreads[spreadIndex] ?? [];
  // Drawn on the server (decision 0031), the screen's size is unknown and pages are drawn one at a
  // time: a page the app shows beside another on a wide landscape screen waits for the app there.
  const isDrawnOnServer = useIsDrawnOnServer();
  const isDrawnForNarrowOnly = useMemo(() => {
    if (!isDrawnOnServer || settings.layout !== "auto") return false;
    const doubles = buildSpreads(pages, { double: true, firstPageAlone: settings.firstPageAlone });
    return (doubles[spreadOfPage(doubles, page ?? 0)]?.length ?? 1) > 1;
  }, [isDrawnOnServer, settings.layout, settings.firstPageAlone, pages, page]);
  const lastShown = spread[spread.length - 1] ?? 0;

  // Paged mode: the spread shown is the position; the one holding the last page finishes the episode.
  useEffect(() => {
    if (mode !== "paged" || page === null || !start) return;
    const key = `${page}`;
    if (lastSaved.current !== key) {
      lastSaved.current = key;
      save({ fraction: pageToFraction(lastShown, count), locator: { page } });
    }
    if (lastShown === count - 1) complete();
  }, [mode, page, lastShown, count, start, save, complete]);

  const onWebtoonPosition = useCallback(
    (at: number, offset: number) => {
      setPage(at);
      const follow = followed.current;
      if (follow && follow.page === at && Math.abs(follow.offset - offset) < FOLLOW_SLACK) return;
      followed.current = null;
      const key = `${at}:${offset.toFixed(2)}`;
      if (lastSaved.current === key) return;
      lastSaved.current = key;
      save({ fraction: pageToFraction(at, count), locator: { page: at, offset: Number(offset.toFixed(3)) } });
    },
    [count, save],
  );

  const goToPage = useCallback(
    (target: number) => {
      const clamped = Math.min(count - 1, Math.max(0, target));
      setZoom(1);
      setPage(clamped);
      setIsAtEnd(false);
      if (mode === "webtoon") webtoon.current?.scrollToPage(clamped);
    },
    [count, mode],
  );

  const turn = useCallback(
    (step: 1 | -1) => {
      if (mode === "webtoon") {
        webtoon.current?.scrollByScreens(step);
        return;
      }
      if (isAtEnd) {
        if (step === -1) setIsAtEnd(false);
        return;
      }
      const next = spreadIndex + step;
      setZoom(1);
      if (next >= spreads.length) setIsAtEnd(true);
      else if (next >= 0) setPage(spreads[next]?.[0] ?? 0);
    },
    [mode, isAtEnd, spreadIndex, spreads],
  );

  const changeZoom = useCallback((next: number, point?: Point) => {
    zoomAnchor.current = point ?? null;
    setZoom(clampZoom(next));
  }, []);

  const onTap = useCallback(
    (zone: Side | "middle") => {
      if (zone === "middle") setAreBarsShown((shown) => !shown);
      else turn(mode === "webtoon" ? (zone === "right" ? 1 : -1) : sideStep(zone, direction));
    },
    [turn, mode, direction],
  );

  const onScrollDelta = useCallback((delta: number) => {
    // Reading on down hides the bars, scrolling back up a fair way brings them back.
    if (delta > 12) setAreBarsShown(false);
    else if (delta < -60) setAreBarsShown(true);
  }, []);

  const setMode = (next: ReadingMode) => {
    updateSettings((current) => ({ ...current, mode: next }));
    setZoom(1);
    setIsAtEnd(false);
    if (page !== null) setStart({ page, offset: 0 });
  };
  const change = (patch: Partial<ComicSettings>) => updateSettings((current) => ({ ...current, ...patch }));
  const setDirection = (next: ReadingDirection) =>
    updateSettings((current) =>
      withDirection(current, contentId, next === data.content.readingDirection ? null : next),
    );

  // Keys: page turns, zoom, the bars, the shortcuts list.
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (isKeyForControl(event) || start === null) return;
    if (event.key === "?") {
      setIsHelpOpen(true);
      return;
    }
    if (event.ctrlKey) return;
    let handled = true;
    if (event.key === "+" || event.key === "=") changeZoom(zoomStep(zoom, 1));
    else if (event.key === "-" || event.key === "_") changeZoom(zoomStep(zoom, -1));
    else if (event.key === "0") changeZoom(1);
    else if (event.key === "b" || event.key === "B") setAreBarsShown((shown) => !shown);
    else if (event.key === "w" || event.key === "W") setMode(mode === "paged" ? "webtoon" : "paged");
    else if (event.key === "Home") goToPage(0);
    else if (event.key === "End") goToPage(count - 1);
    else if (mode === "webtoon") {
      const current = page ?? 0;
      if (event.key === "ArrowRight") goToPage(current + 1);
      else if (event.key === "ArrowLeft") goToPage(current - 1);
      else if (event.key === " " || event.key === "PageDown") turn(event.shiftKey ? -1 : 1);
      else if (event.key === "PageUp") turn(-1);
      else if (event.key === "ArrowDown") webtoon.current?.scrollByScreens(0.25);
      else if (event.key === "ArrowUp") webtoon.current?.scrollByScreens(-0.25);
      else handled = false;
    } else {
      const step = keyStep(event.key, event.shiftKey, direction);
      // Keys that read on downwards first scroll through a page taller than the screen.
      const isDownward = [" ", "PageDown", "PageUp", "ArrowDown", "ArrowUp"].includes(event.key);
      if (step === null) handled = false;
      else if (!(isDownward && paged.current?.scrollStep(step))) turn(step);
    }
    if (handled) event.preventDefault();
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  usePreload(ready, pages, page === null ? null : mode === "paged" ? lastShown : page, mode === "paged");

  const current = page ?? 0;
  const positionLabel =
    mode === "paged" && spread.length === 2
      ? `Pages ${(spread[0] ?? 0) + 1}–${(spread[1] ?? 0) + 1} of ${count}`
      : `Page ${current + 1} of ${count}`;
  const end = <EpisodeEnd ready={ready} />;
  const isPagedRtl = mode === "paged" && direction === "rtl";
  const showBars = areBarsShown || (mode === "paged" && isAtEnd);

  return (
    <main
      ref={root}
      className="relative h-dvh w-full overflow-hidden bg-stone-200 dark:bg-black"
      data-testid="comic-reader"
      data-mode={mode}
      data-direction={direction}
      data-ready={start !== null || undefined}
    >
      {start === null ? null : mode === "webtoon" ? (
        <WebtoonView
          ref={webtoon}
          pages={pages}
          padding={padding}
          zoom={zoom}
          zoomAnchor={zoomAnchor}
          start={start}
          isTracking
          onZoom={changeZoom}
          onPosition={onWebtoonPosition}
          onReachEnd={complete}
          onTap={onTap}
          onScrollDelta={onScrollDelta}
          end={end}
        />
      ) : (
        <PagedView
          ref={paged}
          pages={pages}
          spread={isAtEnd ? null : spread}
          isDrawnForNarrowOnly={isDrawnForNarrowOnly}
          direction={direction}
          fit={settings.fit}
          zoom={zoom}
          zoomAnchor={zoomAnchor}
          end={end}
          onZoom={changeZoom}
          onTap={onTap}
          onTurn={turn}
        />
      )}

      <div
        className={cn(
          "absolute inset-x-0 top-0 z-10 transition-transform duration-200",
          !showBars && "-translate-y-full focus-within:translate-y-0",
        )}
      >
        <ReaderTopBar
          ready={ready}
          isPageHeading
          className="bg-(--background)/95!"
          actions={
            <>
              <ComicSettingsPanel
                mode={mode}
                direction={direction}
                titleDirection={data.content.readingDirection}
                settings={settings}
                padding={padding}
                zoom={zoom}
                onMode={setMode}
                onDirection={setDirection}
                onChange={change}
                onZoom={(next) => changeZoom(next)}
              />
              <Button
                variant="ghost"
                size="icon"
                className="max-sm:hidden"
                aria-label="Keyboard shortcuts"
                title="Keyboard shortcuts (?)"
                onClick={() => setIsHelpOpen(true)}
              >
                <Keyboard aria-hidden />
              </Button>
            </>
          }
        />
      </div>

      <div
        className={cn(
          "absolute inset-x-0 bottom-0 z-10 border-t border-border bg-(--background)/95 pb-[env(safe-area-inset-bottom)] backdrop-blur transition-transform duration-200",
          !showBars && "translate-y-full focus-within:translate-y-0",
        )}
      >
        <div
          className={cn(
            "flex h-14 items-center gap-2 px-2 sm:gap-3 sm:px-4",
            isPagedRtl && "flex-row-reverse",
          )}
        >
          <Button
            variant="ghost"
            size="icon"
            aria-label={mode === "paged" ? "Previous page" : "Scroll up"}
            onClick={() => turn(-1)}
            disabled={mode === "paged" && spreadIndex === 0 && !isAtEnd}
          >
            {isPagedRtl ? <ChevronRight aria-hidden /> : <ChevronLeft aria-hidden />}
          </Button>
          <Slider
            label="Page"
            min={0}
            max={Math.max(0, count - 1)}
            step={1}
            value={[current]}
            inverted={isPagedRtl}
            disabled={count <= 1}
            valueText={(value) => `Page ${value + 1} of ${count}`}
            onValueChange={([value]) => value !== undefined && goToPage(value)}
            className="flex-1"
          />
          <Button
            variant="ghost"
            size="icon"
            aria-label={mode === "paged" ? "Next page" : "Scroll down"}
            onClick={() => turn(1)}
            disabled={mode === "paged" && isAtEnd}
          >
            {isPagedRtl ? <ChevronLeft aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
          <span
            className="w-24 shrink-0 text-right text-xs font-medium text-muted-foreground tabular-nums sm:w-28 sm:text-sm"
            data-testid="page-position"
          >
            {start === null ? "" : isAtEnd ? "End" : positionLabel}
          </span>
        </div>
      </div>

      {!showBars && count > 0 ? (
        <div
          aria-hidden
          className="pointer-events-none absolute bottom-[calc(0.75rem+env(safe-area-inset-bottom))] left-1/2 z-10 -translate-x-1/2 rounded-full bg-black/60 px-2.5 py-0.5 text-xs font-medium text-white tabular-nums"
        >
          {current + 1} / {count}
        </div>
      ) : null}

      {/* Page turns are announced; scrolling through a strip is not, as it would never stop talking. */}
      <p className="sr-only" aria-live="polite">
        {mode === "paged" && start ? (isAtEnd ? "End of the episode" : positionLabel) : ""}
      </p>

      <ShortcutsDialog open={isHelpOpen} onOpenChange={setIsHelpOpen} shortcuts={SHORTCUTS} />
    </main>
  );
}

/**
 * Fetches ahead what comes next: in paged mode the pages after those shown (the strip loads its
 * own as they come near), and near the end the first pages of the next episode, once the page has
 * fetched that episode's content ahead.
 */
function usePreload(
  ready: ReaderReady,
  pages: readonly ComicPage[],
  current: number | null,
  withPages: boolean,
) {
  const { data } = ready;
  const count = pages.length;
  const next = useQuery({
    ...episodeQueryOptions(data.content._id, data.nextNumber ?? 0),
    enabled: false,
  });
  const images = useRef(new Map<string, HTMLImageElement>());
  const isNearEnd = current !== null && current >= count - 3;
  const nextPages = next.data?.payload.kind === "comic" ? next.data.payload.pages.slice(0, 3) : [];
  const urls = [
    ...(withPages && current !== null
      ? pagesToPreload(current, count).map((index) => pages[index]?.url)
      : []),
    ...(isNearEnd && data.nextNumber !== null ? nextPages.map((page) => page.url) : []),
  ].filter((url): url is string => Boolean(url));
  const key = urls.join(" ");
  useEffect(() => {
    for (const url of key.split(" ")) {
      if (!url || images.current.has(url)) continue;
      const image = new Image();
      image.decoding = "async";
      image.src = url;
      // Decoded ahead, the page shows at once when turned to.
      image.decode().catch(() => {});
      images.current.set(url, image);
    }
  }, [key]);
}
