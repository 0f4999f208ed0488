// A fixed-layout book's chapter: each page laid out at the size the book declares, with its own
// stylesheet, and scaled as a whole to the screen; two pages side by side on a wide landscape
// screen, as the book pairs them. Progress is the page in view, as in the comic reader.
import { ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { isKeyForControl } from "../../../lib/keyboard.ts";
import { pageToFraction, savedPage } from "../comic/comic-layout.ts";
import { useElementSize } from "../comic/use-reader-gestures.ts";
import { EpisodeEnd } from "../episode-end.tsx";
import { ReaderTopBar } from "../reader-top-bar.tsx";
import { type SavedPosition, useEpisodeProgress } from "../use-episode-progress.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import { type FixedPage, fixedPages, fixedSpreads, spreadOf, spreadScale } from "./fixed-layout.ts";
import "./fixed-layout.css";
import { PUBLISHER_SCOPE_CLASS } from "./settings.ts";
import { useReaderSettings } from "./use-reader-settings.ts";

/** Without an answer about the saved position by then, the chapter opens at its first page. */
const POSITION_WAIT_MS = 3_000;
/** From this width, landscape screens show two pages side by side. */
const SPREAD_MIN_WIDTH = 800;

export function FixedLayoutChapter({
  ready,
  html,
  css,
}: {
  ready: ReaderReady;
  html: string;
  css: string | null;
}) {
  const { data } = ready;
  const pages = useMemo(() => fixedPages(html), [html]);
  const count = pages.length;
  const rtl = data.content.readingDirection === "rtl";
  const [settings] = useReaderSettings();
  const stage = useRef<HTMLDivElement>(null);
  const size = useElementSize(stage);
  const double = settings.spreads && size.width >= SPREAD_MIN_WIDTH && size.width > size.height;
  const spreads = useMemo(() => fixedSpreads(pages, { double, rtl }), [pages, double, rtl]);

  const [page, setPage] = useState<number | null>(null);
  const [isAtEnd, setIsAtEnd] = useState(false);
  const lastSaved = useRef<number | null>(null);
  const { initial, save } = useEpisodeProgress(data, {
    onRemoteMove: (position: SavedPosition) => {
      const target = savedPage(position, count);
      if (target === null) return;
      lastSaved.current = target;
      setIsAtEnd(false);
      setPage(target);
    },
  });
  if (page === null && initial !== undefined) {
    setPage(initial && !initial.isCompleted ? (savedPage(initial, count) ?? 0) : 0);
  }
  useEffect(() => {
    if (page !== null || initial !== undefined) return;
    const timer = setTimeout(() => setPage(0), POSITION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [page, initial]);

  const spreadIndex = page === null ? 0 : spreadOf(spreads, page);
  const spread = spreads[spreadIndex] ?? [];
  const shown = spread.filter((index): index is number => index !== null);
  const lastShown = shown.at(-1) ?? 0;

  // The page in view is the reading position; the last page marks the chapter read.
  useEffect(() => {
    if (page === null || count === 0 || lastSaved.current === lastShown) return;
    lastSaved.current = lastShown;
    const isLast = lastShown >= count - 1;
    save({
      fraction: pageToFraction(lastShown, count),
      locator: { page: shown[0] ?? 0 },
      isCompleted: isLast,
    });
  }, [page, lastShown, count, save, shown]);

  const turn = (step: 1 | -1) => {
    if (page === null) return;
    if (isAtEnd) {
      if (step === -1) setIsAtEnd(false);
      return;
    }
    const next = spreads[spreadIndex + step];
    if (next) setPage(next.find((index) => index !== null) ?? page);
    else if (step === 1) setIsAtEnd(true);
  };
  const keys = useRef<(event: KeyboardEvent) => void>(() => {});
  keys.current = (event) => {
    if (isKeyForControl(event) || event.ctrlKey) return;
    const forward = rtl ? "ArrowLeft" : "ArrowRight";
    const back = rtl ? "ArrowRight" : "ArrowLeft";
    let step: 1 | -1 | null = null;
    if (event.key === forward || event.key === "PageDown" || (event.key === " " && !event.shiftKey)) step = 1;
    else if (event.key === back || event.key === "PageUp" || (event.key === " " && event.shiftKey)) step = -1;
    if (step === null) return;
    event.preventDefault();
    turn(step);
  };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => keys.current(event);
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const slotPages = spread.map((index) => (index === null ? null : (pages[index] ?? null)));
  const scale = spreadScale(slotPages, size);
  const label =
    shown.length === 2
      ? `Pages ${(shown[0] ?? 0) + 1}–${lastShown + 1} of ${count}`
      : `Page ${lastShown + 1} of ${count}`;

  return (
    <div
      className="flex h-dvh flex-col overflow-hidden bg-stone-200 dark:bg-neutral-950"
      data-testid="book-reader"
      data-ready={page !== null}
    >
      <ReaderTopBar ready={ready} isPageHeading />
      <main
        className="relative flex min-h-0 flex-1 flex-col"
        data-testid="fixed-layout"
        data-ready={page !== null}
        data-spread={spread.map((index) => (index === null ? "-" : index + 1)).join(",")}
      >
        {css ? (
          // Cleaned and confined to `.lv-publisher` by the server at import (publisher-css.ts).
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the book's own stylesheet, as text
          <style dangerouslySetInnerHTML={{ __html: css }} />
        ) : null}
        <div className="relative min-h-0 flex-1">
          <div ref={stage} className="absolute inset-2 sm:inset-4">
            {page === null ? null : isAtEnd ? (
              <div className="mx-auto h-full max-w-md overflow-y-auto py-8">
                <EpisodeEnd ready={ready} />
              </div>
            ) : (
              <div className={cn("flex h-full items-center justify-center", rtl && "flex-row-reverse")}>
                {slotPages.map((slot, index) => (
                  <PageBox
                    // biome-ignore lint/suspicious/noArrayIndexKey: a spread's halves are its slots
                    key={`${spread[index] ?? "empty"}-${index}`}
                    page={slot}
                    beside={slotPages.find((other) => other !== null) ?? null}
                    scale={scale}
                  />
                ))}
              </div>
            )}
          </div>
          <button
            type="button"
            className="absolute inset-y-0 left-0 w-1/5 cursor-w-resize opacity-0"
            aria-label={rtl ? "Next page" : "Previous page"}
            onClick={() => turn(rtl ? 1 : -1)}
          />
          <button
            type="button"
            className="absolute inset-y-0 right-0 w-1/5 cursor-e-resize opacity-0"
            aria-label={rtl ? "Previous page" : "Next page"}
            onClick={() => turn(rtl ? -1 : 1)}
          />
        </div>
        <footer className="flex h-12 shrink-0 items-center justify-between gap-2 border-t border-border bg-(--background)/95 px-2">
          <Button variant="ghost" size="icon" aria-label="Previous page" onClick={() => turn(-1)}>
            {rtl ? <ChevronRight aria-hidden /> : <ChevronLeft aria-hidden />}
          </Button>
          <span className="text-xs text-muted-foreground tabular-nums" data-testid="fixed-page-label">
            {page === null ? "" : isAtEnd ? "End of chapter" : label}
          </span>
          <Button variant="ghost" size="icon" aria-label="Next page" onClick={() => turn(1)}>
            {rtl ? <ChevronLeft aria-hidden /> : <ChevronRight aria-hidden />}
          </Button>
        </footer>
      </main>
    </div>
  );
}

/** One page at its own size, scaled; an empty half of a spread is as large as the page beside it. */
function PageBox({
  page,
  beside,
  scale,
}: {
  page: FixedPage | null;
  beside: FixedPage | null;
  scale: number;
}) {
  const box = page ?? beside;
  if (!box) return null;
  const frame = { width: box.width * scale, height: box.height * scale };
  if (!page) return <div style={frame} aria-hidden />;
  return (
    <div className="shrink-0 overflow-hidden bg-white shadow-md" style={frame}>
      <div
        className={cn("lv-fixed-page", PUBLISHER_SCOPE_CLASS)}
        style={{ width: page.width, height: page.height, transform: `scale(${scale})` }}
        data-testid="fixed-page"
        // Sanitised by the server at import, like every chapter.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the page is the book's own HTML
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
    </div>
  );
}
