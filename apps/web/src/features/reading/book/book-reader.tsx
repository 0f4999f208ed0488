// The book reader: one chapter at a time, in pages (CSS columns) or scrolling, with the reader's
// own typography and themes, resuming at the exact sentence, following the reader's other tabs,
// bookmarks, highlights with notes, search in the whole book, read-aloud and full keyboard use.
import "./book-reader.css";
import type { BookSearchHit, MarkColor, ReadingMark } from "@litverse/shared/content";
import {
  ALargeSmall,
  Bookmark,
  BookmarkCheck,
  ChevronLeft,
  ChevronRight,
  Keyboard,
  NotebookPen,
  Search,
  Undo2,
} from "lucide-react";
import { useTheme } from "next-themes";
import { lazy, Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { toast } from "sonner";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";
import { describeError } from "../../../lib/errors.ts";
import { EpisodeEnd } from "../episode-end.tsx";
import { ReaderTopBar } from "../reader-top-bar.tsx";
import { useEpisodeProgress } from "../use-episode-progress.ts";
import { useGoToEpisode } from "../use-go-to-episode.ts";
import { useMarks } from "../use-marks.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import { ChapterEngine, type ChapterState, type MoveCause } from "./chapter-engine.ts";
import { chapterElement, scopeChapterIds } from "./chapter-ids.ts";
import { HighlightPainter, type Paint } from "./highlights.ts";
import { actionForKey, isTypingTarget, type ReaderAction, shortcutList } from "./keyboard.ts";
import {
  blockPositionOf,
  findOccurrence,
  offsetOfBlockPosition,
  offsetOfSavedPosition,
  openingOffset,
  readBlockPosition,
  squashSpaces,
  textBetween,
} from "./locator.ts";
import { BackMatterLinks } from "./matter-contents.tsx";
import { minutesLeft, swipeDirection, tapZone } from "./pagination.ts";
import { ReadAloudBar, ReadAloudButton } from "./read-aloud-control.tsx";
import { SelectionToolbar, type ToolbarAnchor } from "./selection-toolbar.tsx";
import {
  FONT_STACKS,
  fontPixels,
  marginPixels,
  readerStyleVariables,
  resolveTheme,
  stepFontSize,
} from "./settings.ts";
import { chapterSpeechChunks, type SpeechChunk } from "./speech-text.ts";
import { useReadAloud } from "./use-read-aloud.ts";
import { useReaderSettings } from "./use-reader-settings.ts";

/** Where to open a chapter, passed in the router's state by jumps from another chapter. */
export type BookTarget =
  | { kind: "place"; p: number; o: number }
  | { kind: "search"; query: string; occurrence: number; before: string; after: string }
  | { kind: "end" };

function routeTarget(state: unknown): BookTarget | null {
  if (typeof state !== "object" || state === null || !("bookTarget" in state)) return null;
  return (state as { bookTarget: BookTarget }).bookTarget ?? null;
}

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

/** The last search per title, kept while the app is open so that the panel reopens with it. */
const lastSearches = new Map<string, string>();

type Panel = "search" | "marks" | "shortcuts" | null;

interface ToolbarState extends ToolbarAnchor {
  start: number;
  end: number;
  quote: string;
  /** The highlight tapped, when not a new selection. */
  mark: ReadingMark | null;
}

interface NoteDraft {
  mark: ReadingMark | null;
  start: number;
  end: number;
  quote: string;
}

export function BookReader({ ready }: { ready: ReaderReady }) {
  const { payload } = ready.data;
  if (payload.kind !== "book") {
    return (
      <main className="mx-auto w-full max-w-lg flex-1 px-4 py-10">
        <ErrorState title="Could not open this chapter" message="This episode is not a book chapter." />
      </main>
    );
  }
  return <BookChapter ready={ready} html={payload.html} wordCount={payload.wordCount} />;
}

/** The chapter as the page shows it: its ids scoped (see chapter-ids.ts). */
function useScopedChapter(html: string): string {
  return useMemo(() => scopeChapterIds(html), [html]);
}

function BookChapter({
  ready,
  html: bookHtml,
  wordCount,
}: {
  ready: ReaderReady;
  html: string;
  wordCount: number;
}) {
  const html = useScopedChapter(bookHtml);
  const { data, detail } = ready;
  const contentId = data.content._id;
  const episodeId = data.episode._id;
  const number = data.episode.number;
  const vertical = data.content.writingMode === "vertical";
  /**
   * Right-to-left lines. Vertical text runs top to bottom whatever the book's direction: its
   * reading direction only says which way the pages go, and vertical-rl pages always go leftwards.
   */
  const rtl = data.content.readingDirection === "rtl" && !vertical;
  /** Pages progress leftwards: right-to-left books and vertical text. */
  const mirrored = data.content.readingDirection === "rtl" || vertical;

  const [settings, updateSettings] = useReaderSettings();
  const { resolvedTheme } = useTheme();
  const isDrawnOnServer = useIsDrawnOnServer();
  const theme = resolveTheme(settings.theme, resolvedTheme === "dark");
  const navigate = useNavigate();
  const location = useLocation();
  const goToEpisode = useGoToEpisode();
  const { marks, addMark, updateMark, removeMark } = useMarks(contentId);

  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLElement>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const engineRef = useRef<ChapterEngine | null>(null);
  const painterRef = useRef<HighlightPainter | null>(null);

  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [view, setView] = useState<ChapterState | null>(null);
  /** The reading position as saved ("block:offset"), shown on the reader for tests and tools. */
  const [placeKey, setPlaceKey] = useState<string | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [panel, setPanel] = useState<Panel>(null);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [searchQuery, setSearchQuery] = useState(() => lastSearches.get(contentId) ?? "");
  const [searchMatch, setSearchMatch] = useState<{ start: number; end: number } | null>(null);
  const [speaking, setSpeaking] = useState<SpeechChunk | null>(null);
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  const [noteDraft, setNoteDraft] = useState<NoteDraft | null>(null);
  /** Where the reader was before following a link inside the chapter. */
  const [linkReturn, setLinkReturn] = useState<number | null>(null);
  const completedRef = useRef(false);

  const width = size?.width ?? (typeof window === "undefined" ? 1024 : window.innerWidth);
  const fontPx = fontPixels(settings.fontSize, width);
  const margin = marginPixels(settings.margin, width);
  const layoutOptions = useMemo(
    () => ({ mode: settings.mode, margin, fontPx, spreads: settings.spreads }),
    [settings.mode, margin, fontPx, settings.spreads],
  );
  const layoutRef = useRef(layoutOptions);
  layoutRef.current = layoutOptions;

  // Progress ----------------------------------------------------------------------------------

  const saveRef = useRef<
    (position: { fraction: number; locator?: Record<string, number>; isCompleted?: boolean }) => void
  >(() => {});

  /** Shows the engine's state and records the position, unless the move came from elsewhere. */
  const publish = useCallback((cause: MoveCause | "open") => {
    const engine = engineRef.current;
    if (!engine) return;
    const state = engine.state();
    setView(state);
    const place = blockPositionOf(engine.map, state.anchor);
    setPlaceKey(`${place.p}:${place.o}`);
    if (cause === "turn" || cause === "jump") {
      setAnnouncement(
        state.mode === "paginated"
          ? state.page < state.textPageCount
            ? `Page ${state.page + 1} of ${state.textPageCount}`
            : "End of chapter"
          : "",
      );
    }
    if (cause === "layout" || cause === "remote") return;
    const fraction = state.atTextEnd ? 1 : state.length > 0 ? state.anchor / state.length : 0;
    const locator = { p: place.p, o: place.o };
    if (state.atTextEnd && !completedRef.current) {
      completedRef.current = true;
      saveRef.current({ fraction: 1, locator, isCompleted: true });
    } else {
      saveRef.current({ fraction, locator });
    }
  }, []);

  const onRemoteMove = useCallback(
    (position: { locator: Record<string, unknown> | null; fraction: number }) => {
      const engine = engineRef.current;
      if (!engine) return;
      engine.showOffset(offsetOfSavedPosition(engine.map, position));
      publish("remote");
    },
    [publish],
  );
  const progress = useEpisodeProgress(data, { onRemoteMove });
  saveRef.current = progress.save;
  /**
   * Drawn on the server (decision 0031), the page is laid out by a script of its own
   * (first-screen/book-page.ts) with this device's settings, at the place the reader opens at.
   */
  const drawnOpening =
    isDrawnOnServer && progress.initial !== undefined ? JSON.stringify(progress.initial) : undefined;

  // The chapter on screen -----------------------------------------------------------------------

  // A fresh engine for the chapter's HTML (a refetch after the media URLs expired brings the same
  // text with new image addresses): the reading position carries over.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new copy of the chapter needs a new engine
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    const strip = stripRef.current;
    const content = contentRef.current;
    const endPage = endRef.current;
    if (!viewport || !strip || !content || !endPage) return;
    const previous = engineRef.current;
    const engine = new ChapterEngine({ viewport, strip, content, endPage }, { rtl, vertical });
    if (previous) {
      engine.anchor = previous.anchor;
      engine.relayout(layoutRef.current);
    }
    engineRef.current = engine;
    const painter = new HighlightPainter(engine, content);
    painterRef.current = painter;
    return () => painter.dispose();
  }, [html, rtl, vertical]);

  // The viewport's size, for the page layout.
  useLayoutEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport) return;
    const measure = () => {
      const box = viewport.getBoundingClientRect();
      setSize((current) =>
        current && Math.abs(current.width - box.width) < 1 && Math.abs(current.height - box.height) < 1
          ? current
          : { width: Math.round(box.width), height: Math.round(box.height) },
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(viewport);
    return () => observer.disconnect();
  }, []);

  const layoutKey = `${layoutOptions.mode}|${layoutOptions.margin}|${layoutOptions.fontPx}|${layoutOptions.spreads}|${settings.font}|${settings.lineHeight}|${size?.width}x${size?.height}`;
  const layoutKeyRef = useRef(layoutKey);
  layoutKeyRef.current = layoutKey;
  /** The layout the page was last laid out in: a new one re-paginates. */
  const lastLayoutKey = useRef(layoutKey);

  // Opening: where the reader asked to go (a search hit, a mark, a link), else where they were.
  const initial = progress.initial;
  useLayoutEffect(() => {
    const engine = engineRef.current;
    const content = contentRef.current;
    if (isOpen || initial === undefined || !engine || !content || !size) return;
    const target = routeTarget(location.state);
    const fragment = decodeURIComponent(location.hash.replace(/^#/, ""));
    let offset = 0;
    if (target?.kind === "place") {
      offset = offsetOfBlockPosition(engine.map, target);
    } else if (target?.kind === "search") {
      const text = textBetween(engine.map, 0, engine.length);
      const match = findOccurrence(text, target.query, target.occurrence, target);
      if (match) {
        offset = match.start;
        setSearchMatch(match);
      }
    } else if (target?.kind === "end") {
      offset = engine.length;
    } else if (fragment) {
      const element = chapterElement(content, fragment);
      offset = element ? (engine.map.elementStarts.get(element) ?? 0) : 0;
    } else {
      offset = openingOffset(engine.map, initial);
    }
    engine.anchor = offset;
    engine.relayout(layoutRef.current);
    lastLayoutKey.current = layoutKeyRef.current;
    completedRef.current = Boolean(initial?.isCompleted);
    setIsOpen(true);
    publish("open");
    // The jump is done: a reload returns to the reading position, not to the jump's target.
    if (target || fragment) navigate({ search: location.search }, { replace: true, state: null });
  }, [isOpen, initial, size, location, navigate, publish]);

  // New settings or a new window size: the same sentence stays on screen.
  useLayoutEffect(() => {
    if (!isOpen || lastLayoutKey.current === layoutKey) return;
    lastLayoutKey.current = layoutKey;
    engineRef.current?.relayout(layoutRef.current);
    publish("layout");
  }, [isOpen, layoutKey, publish]);

  // Pictures and web fonts arriving change the text's length in pages.
  useEffect(() => {
    const content = contentRef.current;
    if (!content || !isOpen) return;
    let frame = 0;
    const refresh = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        engineRef.current?.refresh();
        publish("layout");
      });
    };
    content.addEventListener("load", refresh, true);
    if (document.fonts && document.fonts.status !== "loaded") void document.fonts.ready.then(refresh);
    return () => {
      cancelAnimationFrame(frame);
      content.removeEventListener("load", refresh, true);
    };
  }, [isOpen, publish]);

  // The panels' code, once the chapter is on screen and the browser has a moment.
  useEffect(() => {
    if (!isOpen) return;
    if (typeof window.requestIdleCallback === "function") {
      const idle = window.requestIdleCallback(preloadPanels, { timeout: 3_000 });
      return () => window.cancelIdleCallback(idle);
    }
    const timer = setTimeout(preloadPanels, 1_500);
    return () => clearTimeout(timer);
  }, [isOpen]);

  // Scrolling mode: the position follows the scroll, recorded once it settles.
  useEffect(() => {
    const viewport = viewportRef.current;
    if (!viewport || !isOpen || settings.mode !== "scrolling") return;
    let frame = 0;
    let settle: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        if (engineRef.current?.consumeOwnScroll()) return;
        engineRef.current?.syncFromScroll();
        clearTimeout(settle);
        settle = setTimeout(() => publish("scroll"), 150);
      });
    };
    viewport.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(settle);
      viewport.removeEventListener("scroll", onScroll);
    };
  }, [isOpen, settings.mode, publish]);

  // Moving ----------------------------------------------------------------------------------------

  const chapterTitles = useMemo(
    () => new Map((detail?.episodes ?? []).map((episode) => [episode.number, episode.title])),
    [detail],
  );
  const canOpen = useCallback(
    (target: number | null): target is number => {
      if (target === null) return false;
      const summary = detail?.episodes.find((episode) => episode.number === target);
      return !summary?.lock;
    },
    [detail],
  );

  const goToChapter = useCallback(
    (target: number | null, bookTarget?: BookTarget) => {
      if (target === null) return;
      goToEpisode(target, bookTarget ? { state: { bookTarget } } : undefined);
    },
    [goToEpisode],
  );

  const turn = useCallback(
    (delta: 1 | -1) => {
      const engine = engineRef.current;
      if (!engine || !isOpen) return;
      setToolbar(null);
      if (engine.mode === "paginated") stripRef.current?.setAttribute("data-animate", "true");
      if (engine.turn(delta)) {
        publish("turn");
        return;
      }
      // Past either end of the chapter: on to the next one, or back to the previous one's end.
      if (delta > 0 && canOpen(data.nextNumber)) goToChapter(data.nextNumber);
      if (delta < 0 && data.previousNumber !== null) goToChapter(data.previousNumber, { kind: "end" });
    },
    [isOpen, publish, canOpen, data.nextNumber, data.previousNumber, goToChapter],
  );

  const jumpTo = useCallback(
    (offset: number) => {
      const engine = engineRef.current;
      if (!engine) return;
      stripRef.current?.setAttribute("data-animate", "false");
      engine.showOffset(offset);
      publish("jump");
    },
    [publish],
  );

  const goToFragment = useCallback(
    (id: string) => {
      const engine = engineRef.current;
      const element = chapterElement(contentRef.current, id);
      if (!engine || !element) return;
      setLinkReturn(engine.anchor);
      stripRef.current?.setAttribute("data-animate", "false");
      engine.showElement(element);
      publish("jump");
    },
    [publish],
  );

  // Marks -------------------------------------------------------------------------------------------

  const chapterMarks = useMemo(
    () => (marks ?? []).filter((mark) => mark.episodeId === episodeId),
    [marks, episodeId],
  );

  const markRange = useCallback((mark: ReadingMark): { start: number; end: number } | null => {
    const engine = engineRef.current;
    const start = readBlockPosition(mark.locator);
    if (!engine || !start) return null;
    const from = offsetOfBlockPosition(engine.map, start);
    const endPlace = readBlockPosition(mark.locator, "end");
    const to = endPlace ? offsetOfBlockPosition(engine.map, endPlace) : from;
    return { start: from, end: Math.max(from, to) };
  }, []);

  // Highlights drawn over the text: the reader's, the search match and the sentence read aloud.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again over a new copy of the chapter
  useEffect(() => {
    const painter = painterRef.current;
    if (!painter || !isOpen) return;
    const paints: Paint[] = [];
    for (const mark of chapterMarks) {
      if (mark.kind !== "highlight") continue;
      const range = markRange(mark);
      if (!range) continue;
      paints.push({ layer: mark.color ?? "yellow", ...range });
      if (mark.note) paints.push({ layer: "note", ...range });
    }
    painter.set(["yellow", "green", "blue", "pink", "note"], paints);
  }, [chapterMarks, isOpen, markRange, html]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again over a new copy of the chapter
  useEffect(() => {
    if (!isOpen) return;
    painterRef.current?.set(["search"], searchMatch ? [{ layer: "search", ...searchMatch }] : []);
  }, [searchMatch, isOpen, html]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again over a new copy of the chapter
  useEffect(() => {
    if (!isOpen) return;
    painterRef.current?.set(["speaking"], speaking ? [{ layer: "speaking", ...speaking }] : []);
  }, [speaking, isOpen, html]);

  const visibleStart = view?.visibleStart ?? 0;
  const visibleEnd = Math.max(view?.visibleEnd ?? 0, visibleStart + 1);
  const pageBookmarks = useMemo(
    () =>
      chapterMarks.filter((mark) => {
        if (mark.kind !== "bookmark") return false;
        const range = markRange(mark);
        return range !== null && range.start >= visibleStart && range.start < visibleEnd;
      }),
    [chapterMarks, markRange, visibleStart, visibleEnd],
  );
  const isBookmarked = pageBookmarks.length > 0;

  const failed = useCallback((error: unknown) => toast.error(describeError(error).message), []);

  const toggleBookmark = useCallback(() => {
    const engine = engineRef.current;
    if (!engine || !view) return;
    if (pageBookmarks.length > 0) {
      for (const mark of pageBookmarks) removeMark(mark._id).catch(failed);
      setAnnouncement("Bookmark removed");
      return;
    }
    const place = blockPositionOf(engine.map, view.visibleStart);
    const quote = squashSpaces(textBetween(engine.map, view.visibleStart, view.visibleStart + 400)).slice(
      0,
      140,
    );
    addMark({
      episodeId,
      kind: "bookmark",
      locator: { p: place.p, o: place.o },
      ...(quote ? { quote } : {}),
    }).then(() => setAnnouncement("Page bookmarked"), failed);
  }, [view, pageBookmarks, removeMark, addMark, episodeId, failed]);

  const highlightLocator = (start: number, end: number) => {
    const engine = engineRef.current;
    if (!engine) return null;
    const from = blockPositionOf(engine.map, start);
    const to = blockPositionOf(engine.map, end);
    return { p: from.p, o: from.o, endP: to.p, endO: to.o };
  };

  const addHighlight = (start: number, end: number, quote: string, color: MarkColor, note?: string) => {
    const locator = highlightLocator(start, end);
    if (!locator) return Promise.resolve();
    window.getSelection()?.removeAllRanges();
    setToolbar(null);
    return addMark({
      episodeId,
      kind: "highlight",
      locator,
      quote: quote.slice(0, 1000),
      color,
      ...(note ? { note } : {}),
    }).then(() => setAnnouncement(note ? "Note added" : "Highlighted"), failed);
  };

  const openMark = useCallback(
    (mark: ReadingMark) => {
      setPanel(null);
      const place = readBlockPosition(mark.locator);
      if (!place) return;
      if (mark.episodeId === episodeId) {
        const range = markRange(mark);
        if (range) jumpTo(range.start);
        return;
      }
      goToChapter(mark.episodeNumber, { kind: "place", ...place });
    },
    [episodeId, markRange, jumpTo, goToChapter],
  );

  const openSearchHit = useCallback(
    (hit: BookSearchHit, query: string) => {
      setPanel(null);
      if (hit.number !== number) {
        goToChapter(hit.number, {
          kind: "search",
          query,
          occurrence: hit.occurrence,
          before: hit.before,
          after: hit.after,
        });
        return;
      }
      const engine = engineRef.current;
      if (!engine) return;
      const match = findOccurrence(textBetween(engine.map, 0, engine.length), query, hit.occurrence, hit);
      if (!match) return;
      setSearchMatch(match);
      jumpTo(match.start);
    },
    [number, goToChapter, jumpTo],
  );

  // Selection: the highlight toolbar ---------------------------------------------------------------

  const pointerDown = useRef(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      const engine = engineRef.current;
      const content = contentRef.current;
      const selection = window.getSelection();
      if (!engine || !content || !selection || selection.rangeCount === 0 || selection.isCollapsed) {
        setToolbar((current) => (current && !current.mark ? null : current));
        return;
      }
      const range = selection.getRangeAt(0);
      if (!content.contains(range.commonAncestorContainer)) return;
      const start = engine.offsetOfBoundary(range.startContainer, range.startOffset);
      const end = engine.offsetOfBoundary(range.endContainer, range.endOffset);
      const quote = squashSpaces(range.toString());
      if (start === null || end === null || end <= start || !quote) return;
      const box = range.getBoundingClientRect();
      setToolbar({
        start,
        end,
        quote,
        mark: null,
        rect: { top: box.top, bottom: box.bottom, left: box.left, right: box.right },
      });
    };
    const onChange = () => {
      clearTimeout(timer);
      if (!pointerDown.current) timer = setTimeout(check, 150);
    };
    const onUp = () => {
      pointerDown.current = false;
      clearTimeout(timer);
      timer = setTimeout(check, 30);
    };
    document.addEventListener("selectionchange", onChange);
    document.addEventListener("pointerup", onUp);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("selectionchange", onChange);
      document.removeEventListener("pointerup", onUp);
    };
  }, []);

  /** A tap on a highlight opens its toolbar; returns whether it did. */
  const openHighlightAt = (x: number, y: number): boolean => {
    const engine = engineRef.current;
    if (!engine) return false;
    const offset = engine.offsetAtPoint(x, y);
    if (offset === null) return false;
    const mark = chapterMarks.find((candidate) => {
      if (candidate.kind !== "highlight") return false;
      const range = markRange(candidate);
      return range !== null && offset >= range.start && offset < range.end;
    });
    const range = mark ? markRange(mark) : null;
    if (!mark || !range) return false;
    const box = engine.rangeOf(range.start, range.end)?.getBoundingClientRect();
    const rect = box ?? { top: y, bottom: y, left: x, right: x };
    setToolbar({ ...range, quote: mark.quote ?? "", mark, rect });
    return true;
  };

  // Touch, mouse and keys ------------------------------------------------------------------------

  const gesture = useRef<{ x: number; y: number; id: number; type: string; at: number } | null>(null);
  const onPointerDown = (event: React.PointerEvent) => {
    if (event.button !== 0) return;
    pointerDown.current = true;
    gesture.current = {
      x: event.clientX,
      y: event.clientY,
      id: event.pointerId,
      type: event.pointerType,
      at: event.timeStamp,
    };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const target = event.target as Element;
    if (target.closest("a, button, input, textarea, select, label, [role='button'], .book-end-page")) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) return;
    if (Math.hypot(dx, dy) > 10) {
      if (settings.mode === "paginated" && start.type !== "mouse") {
        const direction = swipeDirection(dx, dy, mirrored);
        if (direction) turn(direction === "next" ? 1 : -1);
      }
      return;
    }
    if (event.timeStamp - start.at > 600) return;
    if (openHighlightAt(event.clientX, event.clientY)) return;
    setToolbar(null);
    if (settings.mode !== "paginated") return;
    const box = event.currentTarget.getBoundingClientRect();
    const zone = tapZone(event.clientX - box.left, box.width, mirrored);
    if (zone !== "middle") turn(zone === "next" ? 1 : -1);
  };

  const contentsButton = () =>
    rootRef.current?.querySelector<HTMLButtonElement>('header button[aria-label="Contents"]') ?? null;

  const readAloud = useReadAloud({
    chunksFromHere: () => {
      const engine = engineRef.current;
      return engine ? chapterSpeechChunks(engine.map, engine.state().visibleStart) : [];
    },
    onChunk: (chunk) => {
      setSpeaking(chunk);
      const engine = engineRef.current;
      if (!chunk || !engine) return;
      // The page follows the voice.
      const state = engine.state();
      if (
        chunk.start < state.visibleStart ||
        chunk.start >= Math.max(state.visibleEnd, state.visibleStart + 1)
      ) {
        stripRef.current?.setAttribute("data-animate", "true");
        engine.showOffset(chunk.start);
        publish("turn");
      }
    },
    onFinished: () => setAnnouncement("Finished reading the chapter aloud"),
    lang: detail?.language ?? null,
  });

  const run = (action: ReaderAction) => {
    const engine = engineRef.current;
    switch (action) {
      case "next-page":
        return turn(1);
      case "previous-page":
        return turn(-1);
      case "first-page":
        return jumpTo(0);
      case "last-page":
        if (!engine) return;
        if (engine.mode === "paginated") {
          engine.goToPage(engine.textPageCount - 1);
          publish("jump");
        } else jumpTo(engine.length);
        return;
      case "next-chapter":
        if (canOpen(data.nextNumber)) goToChapter(data.nextNumber);
        return;
      case "previous-chapter":
        goToChapter(data.previousNumber);
        return;
      case "toggle-bookmark":
        return toggleBookmark();
      case "open-search":
        return setPanel("search");
      case "open-marks":
        return setPanel("marks");
      case "open-settings":
        return setIsSettingsOpen(true);
      case "open-contents":
        contentsButton()?.click();
        return;
      case "toggle-read-aloud":
        if (!readAloud.isSupported) return;
        return readAloud.state === "playing" ? readAloud.pause() : readAloud.play();
      case "font-larger":
        return updateSettings({ fontSize: stepFontSize(settings.fontSize, 1) });
      case "font-smaller":
        return updateSettings({ fontSize: stepFontSize(settings.fontSize, -1) });
      case "toggle-mode":
        return updateSettings({ mode: settings.mode === "paginated" ? "scrolling" : "paginated" });
      case "show-shortcuts":
        return setPanel("shortcuts");
    }
  };
  const runRef = useRef(run);
  runRef.current = run;
  const toolbarRef = useRef(toolbar);
  toolbarRef.current = toolbar;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target as HTMLElement;
      if (event.key === "Escape" && toolbarRef.current) {
        setToolbar(null);
        window.getSelection()?.removeAllRanges();
        return;
      }
      if (isTypingTarget(target) || document.querySelector('[role="dialog"][data-state="open"]')) return;
      // Space and Enter keep activating the focused button or link.
      if ((event.key === " " || event.key === "Enter") && target.closest("button, a, [role='button']"))
        return;
      const engine = engineRef.current;
      if (engine?.mode === "scrolling" && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
        if (viewportRef.current?.contains(target)) return;
        viewportRef.current?.scrollBy({ top: event.key === "ArrowDown" ? 48 : -48 });
        event.preventDefault();
        return;
      }
      const action = actionForKey(event, { mirrored });
      if (!action) return;
      event.preventDefault();
      runRef.current(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [mirrored]);
  // Links inside the chapter stay in the app; links to another chapter open it at the target.
  const onContentClick = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (!link) return;
    const href = link.getAttribute("href") ?? "";
    if (href.startsWith("#")) {
      event.preventDefault();
      goToFragment(decodeURIComponent(href.slice(1)));
      return;
    }
    if (href.startsWith("?episode=")) {
      event.preventDefault();
      const url = new URL(href, window.location.href);
      const target = Number(url.searchParams.get("episode"));
      if (target === number) goToFragment(decodeURIComponent(url.hash.slice(1)));
      else if (Number.isInteger(target) && target > 0) goToEpisode(target, { hash: url.hash });
    } else if (href.startsWith("?matter=")) {
      // A page of the book's front or back matter (a note, the contents).
      event.preventDefault();
      const url = new URL(href, window.location.href);
      navigate({ search: url.search, hash: url.hash });
    }
  };

  // A link or button focused on another page (Tab) brings its page into view.
  const onFocusIn = (event: React.FocusEvent) => {
    const engine = engineRef.current;
    if (engine?.mode !== "paginated") return;
    const rect = event.target.getClientRects()[0];
    if (!rect || engine.pageOfRect(rect) === engine.page) return;
    stripRef.current?.setAttribute("data-animate", "false");
    engine.showElement(event.target);
    publish("jump");
  };

  // What the bars show -------------------------------------------------------------------------------

  const totalChapters = detail?.episodes.length ?? null;
  const isPaginated = settings.mode === "paginated";
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
  const fontStack = FONT_STACKS[settings.font];
  const readerStyle = readerStyleVariables(settings, fontPx) as React.CSSProperties;

  const previousButton = (
    <Button
      variant="ghost"
      size="icon"
      aria-label="Previous chapter"
      title="Previous chapter ( [ )"
      disabled={data.previousNumber === null}
      onClick={() => goToChapter(data.previousNumber)}
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
      disabled={data.nextNumber === null}
      onClick={() => goToChapter(data.nextNumber)}
    >
      {mirrored ? <ChevronLeft aria-hidden /> : <ChevronRight aria-hidden />}
    </Button>
  );

  return (
    <div
      ref={rootRef}
      className={cn("book-reader flex h-dvh flex-col overflow-hidden", theme === "dark" && "dark")}
      data-theme={theme}
      data-testid="book-reader"
      data-ready={isOpen}
      data-episode={number}
      data-locator={placeKey ?? undefined}
    >
      <ReaderTopBar
        ready={ready}
        actions={
          <>
            <Button
              variant="ghost"
              size="icon"
              aria-label="Search in the book"
              title="Search (/)"
              onClick={() => setPanel("search")}
            >
              <Search aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              aria-label={isBookmarked ? "Remove bookmark" : "Bookmark this page"}
              aria-pressed={isBookmarked}
              title={isBookmarked ? "Remove bookmark (B)" : "Bookmark this page (B)"}
              onClick={toggleBookmark}
              disabled={!view}
            >
              {isBookmarked ? (
                <BookmarkCheck aria-hidden className="fill-brand-600/20 text-brand-600 dark:text-brand-400" />
              ) : (
                <Bookmark aria-hidden />
              )}
            </Button>
            <Popover open={isSettingsOpen} onOpenChange={setIsSettingsOpen}>
              <PopoverTrigger asChild>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label="Reading settings"
                  title="Reading settings (S)"
                >
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
                  <SettingsPanel settings={settings} onChange={updateSettings} isVertical={vertical} />
                </Suspense>
              </PopoverContent>
            </Popover>
          </>
        }
      />

      <main className="relative flex min-h-0 flex-1 flex-col">
        <section
          ref={viewportRef}
          className="book-viewport"
          data-mode={settings.mode}
          data-vertical={vertical}
          data-opening={drawnOpening}
          style={{ ...readerStyle, visibility: isOpen ? "visible" : "hidden" }}
          aria-label={`Chapter ${number}: ${data.episode.title}`}
          onPointerDown={onPointerDown}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            gesture.current = null;
            pointerDown.current = false;
          }}
          onFocus={onFocusIn}
          data-testid="book-viewport"
        >
          <div
            ref={stripRef}
            className="book-strip"
            data-mode={settings.mode}
            data-vertical={vertical}
            dir={rtl ? "rtl" : "ltr"}
            lang={detail?.language ?? undefined}
          >
            {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: routes the clicks of the links inside, which keep their own keys */}
            <div
              ref={contentRef}
              className="book-content"
              data-font={fontStack ? "forced" : "publisher"}
              data-testid="book-content"
              onClick={onContentClick}
              // Sanitised by the server at import: an allowlist of tags and attributes, no scripts.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the chapter is the book's own HTML
              dangerouslySetInnerHTML={{ __html: html }}
            />
            <div ref={endRef} className="book-end-page" dir="ltr">
              <EpisodeEnd ready={ready} />
              {data.nextNumber === null ? <BackMatterLinks contentId={contentId} /> : null}
            </div>
          </div>
        </section>

        {isBookmarked ? (
          <Bookmark
            aria-hidden
            className="pointer-events-none absolute top-0 right-3 size-7 fill-brand-600 text-brand-600 dark:fill-brand-400 dark:text-brand-400"
          />
        ) : null}

        {linkReturn !== null ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              className="pointer-events-auto shadow-md"
              onClick={() => {
                const back = linkReturn;
                setLinkReturn(null);
                jumpTo(back);
              }}
            >
              <Undo2 aria-hidden />
              Back to where you were
            </Button>
          </div>
        ) : null}
      </main>

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
            onClick={() => setPanel("marks")}
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
            onClick={() => setPanel("shortcuts")}
          >
            <Keyboard aria-hidden />
          </Button>
          {readAloud.isSupported && readAloud.state === "idle" ? (
            <ReadAloudButton onStart={readAloud.play} />
          ) : null}
          {mirrored ? previousButton : nextButton}
        </div>
      </footer>

      <div role="status" aria-live="polite" className="sr-only" data-testid="book-announcer">
        {announcement}
      </div>

      {toolbar ? (
        <SelectionToolbar
          anchor={toolbar}
          isExisting={toolbar.mark !== null}
          activeColor={toolbar.mark?.color ?? null}
          hasNote={Boolean(toolbar.mark?.note)}
          onColor={(color) => {
            if (toolbar.mark) {
              updateMark(toolbar.mark._id, { color }).catch(failed);
              setToolbar(null);
            } else void addHighlight(toolbar.start, toolbar.end, toolbar.quote, color);
          }}
          onNote={() => {
            setNoteDraft({
              mark: toolbar.mark,
              start: toolbar.start,
              end: toolbar.end,
              quote: toolbar.quote,
            });
            setToolbar(null);
          }}
          onCopy={() => {
            void navigator.clipboard?.writeText(toolbar.quote).then(() => toast.success("Copied"));
            setToolbar(null);
          }}
          onRemove={() => {
            if (toolbar.mark) removeMark(toolbar.mark._id).catch(failed);
            setToolbar(null);
          }}
        />
      ) : null}

      <Suspense fallback={null}>
        {noteDraft ? (
          <NoteDialog
            open
            quote={noteDraft.quote}
            initialNote={noteDraft.mark?.note ?? ""}
            onOpenChange={(open) => !open && setNoteDraft(null)}
            onSave={async (note) => {
              if (noteDraft.mark) {
                await updateMark(noteDraft.mark._id, { note: note || null }).catch(failed);
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
            onRemove={(mark) => void removeMark(mark._id).catch(failed)}
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
    </div>
  );
}
