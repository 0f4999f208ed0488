// The chapter on screen: the chapter engine (chapter-engine.ts) on the reader's elements, laid out
// in the reader's settings at the viewport's size, with the painter of highlights over its text.
// It opens where the reader asked to go or where they were, keeps the same sentence on screen
// through new layouts, follows the scroll and the reader's other tabs, and records each move the
// reader makes.
import type { EpisodeContent } from "@litverse/shared/content";
import {
  type Dispatch,
  type SetStateAction,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { useLocation, useNavigate } from "react-router";
import { useEpisodeProgress } from "../use-episode-progress.ts";
import { routeTarget } from "./book-target.ts";
import { ChapterEngine, type ChapterState, type MoveCause } from "./chapter-engine.ts";
import { chapterElement } from "./chapter-ids.ts";
import { HighlightPainter } from "./highlights.ts";
import {
  blockPositionOf,
  findOccurrence,
  offsetOfBlockPosition,
  offsetOfSavedPosition,
  openingOffset,
  textBetween,
} from "./locator.ts";
import { fontPixels, marginPixels, type ReaderSettings } from "./settings.ts";

export type ChapterView = ReturnType<typeof useChapterView>;
export type Publish = (cause: MoveCause | "open") => void;

export function useChapterView({
  data,
  html,
  rtl,
  vertical,
  settings,
  setAnnouncement,
  setSearchMatch,
}: {
  data: EpisodeContent;
  /** The chapter's HTML, its ids scoped. */
  html: string;
  /** Right-to-left lines. */
  rtl: boolean;
  vertical: boolean;
  settings: ReaderSettings;
  setAnnouncement: Dispatch<SetStateAction<string>>;
  /** The search match a jump from another chapter opened at. */
  setSearchMatch: Dispatch<SetStateAction<{ start: number; end: number } | null>>;
}) {
  const navigate = useNavigate();
  const location = useLocation();

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
  const publish: Publish = useCallback(
    (cause) => {
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
    },
    [setAnnouncement],
  );

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
  }, [isOpen, initial, size, location, navigate, publish, setSearchMatch]);

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

  return {
    viewportRef,
    stripRef,
    contentRef,
    endRef,
    engineRef,
    painterRef,
    fontPx,
    /** The engine's state as last shown, null until the chapter opens. */
    view,
    placeKey,
    isOpen,
    publish,
    /** Where the reader was, once known (see useEpisodeProgress). */
    initial,
  };
}
