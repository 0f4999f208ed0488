// The reader's controls around the chapter: its buttons in the top bar (search, the page's
// bookmark, the reading settings), its bottom bar (the position in the chapter, read-aloud, the
// chapters before and after, the page or percentage, the chapter and the minutes left in it), and
// the panels and dialogs they open: settings, search in the book, notes & bookmarks, a
// highlight's note and the keyboard shortcuts.
import type { BookSearchHit, ReadingMark } from "@litverse/shared/content";
import {
  ALargeSmall,
  Bookmark,
  BookmarkCheck,
  ChevronLeft,
  ChevronRight,
  Keyboard,
  NotebookPen,
  Search,
} from "lucide-react";
import { type Dispatch, lazy, type SetStateAction, Suspense, useEffect, useMemo, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import type { useMarks } from "../use-marks.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import type { ChapterState } from "./chapter-engine.ts";
import { shortcutList } from "./keyboard.ts";
import { minutesLeft } from "./pagination.ts";
import { ReadAloudBar, ReadAloudButton } from "./read-aloud-control.tsx";
import type { ReaderSettings, ReadingMode } from "./settings.ts";
import { toastMarkFailure, type useHighlights } from "./use-highlights.ts";
import type { useReadAloud } from "./use-read-aloud.ts";

// The panels load apart from the reader (the settings' sliders are most of their weight), and are
// fetched once the chapter is open, so that they are there when first asked for.
const loadSettings = () => import("./settings-panel.tsx");
const loadSearch = () => import("./search-panel.tsx");
const loadMarks = () => import("./marks-panel.tsx");
const loadNote = () => import("./note-dialog.tsx");
const loadShortcuts = () => import("../shortcuts-dialog.tsx");
const SettingsPanel = lazy(() => loadSettings().then((module) => ({ default: module.SettingsPanel })));
const SearchPanel = lazy(() => loadSearch().then((module) => ({ default: module.SearchPanel })));
const MarksPanel = lazy(() => loadMarks().then((module) => ({ default: module.MarksPanel })));
const NoteDialog = lazy(() => loadNote().then((module) => ({ default: module.NoteDialog })));
const ShortcutsDialog = lazy(() => loadShortcuts().then((module) => ({ default: module.ShortcutsDialog })));

function preloadPanels() {
  for (const load of [loadSettings, loadSearch, loadMarks, loadNote, loadShortcuts])
    void load().catch(() => {});
}

/** The panels' code, once the chapter is on screen and the browser has a moment. */
export function usePreloadPanels(isOpen: boolean) {
  useEffect(() => {
    if (!isOpen) return;
    if (typeof window.requestIdleCallback === "function") {
      const idle = window.requestIdleCallback(preloadPanels, { timeout: 3_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(preloadPanels, 1_500);
    return () => clearTimeout(timer);
  }, [isOpen]);
}

/** The last search per title, kept while the app is open so that the panel reopens with it. */
const lastSearches = new Map<string, string>();

export type Panel = "search" | "marks" | "shortcuts" | null;

export interface NoteDraft {
  mark: ReadingMark | null;
  start: number;
  end: number;
  quote: string;
}

type Marks = ReturnType<typeof useMarks>;

export function BookReaderPanels({
  ready,
  mirrored,
  panel,
  setPanel,
  noteDraft,
  setNoteDraft,
  marks: { marks, updateMark, removeMark },
  openMark,
  openSearchHit,
  addHighlight,
}: {
  ready: ReaderReady;
  /** Pages progress leftwards: the shortcuts say so. */
  mirrored: boolean;
  panel: Panel;
  setPanel: Dispatch<SetStateAction<Panel>>;
  noteDraft: NoteDraft | null;
  setNoteDraft: Dispatch<SetStateAction<NoteDraft | null>>;
  marks: Marks;
  openMark: (mark: ReadingMark) => void;
  openSearchHit: (hit: BookSearchHit, query: string) => void;
  addHighlight: ReturnType<typeof useHighlights>["addHighlight"];
}) {
  const { data, detail } = ready;
  const contentId = data.content._id;
  const number = data.episode.number;
  const [searchQuery, setSearchQuery] = useState(() => lastSearches.get(contentId) ?? "");
  const chapterTitles = useMemo(
    () => new Map((detail?.episodes ?? []).map((episode) => [episode.number, episode.title])),
    [detail],
  );

  return (
    <Suspense fallback={null}>
      {noteDraft ? (
        <NoteDialog
          open
          quote={noteDraft.quote}
          initialNote={noteDraft.mark?.note ?? ""}
          onOpenChange={(open) => !open && setNoteDraft(null)}
          onSave={async (note) => {
            if (noteDraft.mark) {
              await updateMark(noteDraft.mark._id, { note: note || null }).catch(toastMarkFailure);
            } else {
              await addHighlight(
                noteDraft.start,
                noteDraft.end,
                noteDraft.quote,
                "yellow",
                note || undefined,
              );
            }
          }}
        />
      ) : null}
      {panel === "search" ? (
        <SearchPanel
          open
          onOpenChange={(open) => setPanel(open ? "search" : null)}
          contentId={contentId}
          query={searchQuery}
          onQueryChange={(query) => {
            lastSearches.set(contentId, query);
            setSearchQuery(query);
          }}
          currentNumber={number}
          onOpenHit={openSearchHit}
        />
      ) : null}
      {panel === "marks" ? (
        <MarksPanel
          open
          onOpenChange={(open) => setPanel(open ? "marks" : null)}
          marks={marks}
          chapterTitles={chapterTitles}
          currentNumber={number}
          onOpenMark={openMark}
          onEditNote={(mark) => {
            setPanel(null);
            setNoteDraft({ mark, start: 0, end: 0, quote: mark.quote ?? "" });
          }}
          onRemove={(mark) => void removeMark(mark._id).catch(toastMarkFailure)}
        />
      ) : null}
      {panel === "shortcuts" ? (
        <ShortcutsDialog
          open
          onOpenChange={(open) => setPanel(open ? "shortcuts" : null)}
          shortcuts={shortcutList({ mirrored })}
          description={
            mirrored
              ? "This book reads right to left: the arrows follow its pages."
              : "Keys work anywhere in the reader."
          }
        />
      ) : null}
    </Suspense>
  );
}

export function BookTopBarActions({
  onSearch,
  isBookmarked,
  canBookmark,
  onToggleBookmark,
  isSettingsOpen,
  onSettingsOpenChange,
  settings,
  onSettingsChange,
  isVertical,
}: {
  onSearch: () => void;
  isBookmarked: boolean;
  /** The chapter is on screen. */
  canBookmark: boolean;
  onToggleBookmark: () => void;
  isSettingsOpen: boolean;
  onSettingsOpenChange: (open: boolean) => void;
  settings: ReaderSettings;
  onSettingsChange: (patch: Partial<ReaderSettings>) => void;
  isVertical: boolean;
}) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Search in the book"
        title="Search (/)"
        onClick={onSearch}
      >
        <Search aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={isBookmarked ? "Remove bookmark" : "Bookmark this page"}
        aria-pressed={isBookmarked}
        title={isBookmarked ? "Remove bookmark (B)" : "Bookmark this page (B)"}
        onClick={onToggleBookmark}
        disabled={!canBookmark}
      >
        {isBookmarked ? (
          <BookmarkCheck aria-hidden className="fill-brand-600/20 text-brand-600 dark:text-brand-400" />
        ) : (
          <Bookmark aria-hidden />
        )}
      </Button>
      <Popover open={isSettingsOpen} onOpenChange={onSettingsOpenChange}>
        <PopoverTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Reading settings" title="Reading settings (S)">
            <ALargeSmall aria-hidden />
          </Button>
        </PopoverTrigger>
        <PopoverContent
          align="end"
          className="max-h-[calc(100dvh-5rem)] w-80 overflow-y-auto"
          aria-label="Reading settings"
        >
          <Suspense
            fallback={
              <div className="flex justify-center py-8">
                <Spinner />
              </div>
            }
          >
            <SettingsPanel settings={settings} onChange={onSettingsChange} isVertical={isVertical} />
          </Suspense>
        </PopoverContent>
      </Popover>
    </>
  );
}

export function BookFooter({
  ready: { data, detail },
  view,
  mode,
  wordCount,
  mirrored,
  onGoToChapter,
  onOpenMarks,
  onOpenShortcuts,
  readAloud,
}: {
  ready: ReaderReady;
  view: ChapterState | null;
  mode: ReadingMode;
  wordCount: number;
  /** Pages progress leftwards: so do the chapter buttons. */
  mirrored: boolean;
  onGoToChapter: (target: number | null) => void;
  onOpenMarks: () => void;
  onOpenShortcuts: () => void;
  readAloud: ReturnType<typeof useReadAloud>;
}) {
  const { number } = data.episode;
  const { previousNumber, nextNumber } = data;
  const totalChapters = detail?.episodes.length ?? null;
  const isPaginated = mode === "paginated";
  const onEndPage = view ? isPaginated && view.page >= view.textPageCount : false;
  const chapterFraction = !view
    ? 0
    : isPaginated
      ? Math.min(1, (view.page + 1) / view.textPageCount)
      : view.atTextEnd
        ? 1
        : view.length > 0
          ? view.anchor / view.length
          : 0;
  const pageLabel = !view
    ? ""
    : isPaginated
      ? onEndPage
        ? "End of chapter"
        : `Page ${view.page + 1} of ${view.textPageCount}`
      : `${Math.round(chapterFraction * 100)}%`;
  const left = minutesLeft(wordCount, chapterFraction);

  const previousButton = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Previous chapter"
      title="Previous chapter ( [ )"
      disabled={previousNumber === null}
      onClick={() => onGoToChapter(previousNumber)}
    >
      {mirrored ? <ChevronRight aria-hidden /> : <ChevronLeft aria-hidden />}
    </Button>
  );
  const nextButton = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Next chapter"
      title="Next chapter ( ] )"
      disabled={nextNumber === null}
      onClick={() => onGoToChapter(nextNumber)}
    >
      {mirrored ? <ChevronLeft aria-hidden /> : <ChevronRight aria-hidden />}
    </Button>
  );

  return (
    <footer className="shrink-0 border-t border-border bg-(--background)/95">
      <div
        className="h-0.5 bg-border"
        role="progressbar"
        aria-label="Position in the chapter"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(chapterFraction * 100)}
      >
        <div
          className="h-full bg-brand-600 transition-[width] duration-200 dark:bg-brand-400"
          style={{ width: `${chapterFraction * 100}%` }}
        />
      </div>
      <ReadAloudBar readAloud={readAloud} />
      <div className="flex h-12 items-center gap-1 px-2 pb-[env(safe-area-inset-bottom)] sm:px-3">
        {mirrored ? nextButton : previousButton}
        <Button
          variant="ghost"
          size="icon"
          aria-label="Notes & bookmarks"
          title="Notes & bookmarks (N)"
          onClick={onOpenMarks}
        >
          <NotebookPen aria-hidden />
        </Button>
        <div className="min-w-0 flex-1 text-center leading-tight">
          <p className="truncate text-xs font-medium tabular-nums" data-testid="book-page-label">
            {pageLabel}
          </p>
          <p
            className="truncate text-[11px] text-muted-foreground tabular-nums"
            data-testid="book-chapter-label"
          >
            {totalChapters ? `Chapter ${number} of ${totalChapters}` : `Chapter ${number}`}
            {left > 0 ? ` · ${left} min left` : ""}
          </p>
        </div>
        <Button
          variant="ghost"
          size="icon"
          className="max-sm:hidden"
          aria-label="Keyboard shortcuts"
          title="Keyboard shortcuts (?)"
          onClick={onOpenShortcuts}
        >
          <Keyboard aria-hidden />
        </Button>
        {readAloud.isSupported && readAloud.state === "idle" ? (
          <ReadAloudButton onStart={readAloud.play} />
        ) : null}
        {mirrored ? previousButton : nextButton}
      </div>
    </footer>
  );
}
