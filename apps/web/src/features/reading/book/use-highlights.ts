// Selection and highlights: the highlight toolbar over a selection of the chapter's text (or over
// a highlight tapped), the reader's bookmarks and highlights in this chapter, and what is drawn
// over the text: the reader's highlights, the search match and the sentence read aloud.
import type { MarkColor, ReadingMark } from "@litverse/shared/content";
import { type Dispatch, type SetStateAction, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { describeError } from "../../../lib/errors.ts";
import { toast } from "../../../lib/toast.ts";
import type { useMarks } from "../use-marks.ts";
import type { ChapterEngine, ChapterState } from "./chapter-engine.ts";
import type { Paint } from "./highlights.ts";
import {
  blockPositionOf,
  offsetOfBlockPosition,
  readBlockPosition,
  squashSpaces,
  textBetween,
} from "./locator.ts";
import type { ToolbarAnchor } from "./selection-toolbar.tsx";
import type { ChapterView } from "./use-chapter-view.ts";

type TextRange = { start: number; end: number };

export interface ToolbarState extends ToolbarAnchor {
  start: number;
  end: number;
  quote: string;
  /** The highlight tapped, when not a new selection. */
  mark: ReadingMark | null;
}

/** A change to the marks that failed, told as a toast. */
export const toastMarkFailure = (error: unknown) => toast.error(describeError(error).message);

/** Where a mark lies in the chapter's text; null before the chapter is on screen. */
export function markRange(engine: ChapterEngine | null, mark: ReadingMark): TextRange | null {
  const start = readBlockPosition(mark.locator);
  if (!engine || !start) return null;
  const from = offsetOfBlockPosition(engine.map, start);
  const endPlace = readBlockPosition(mark.locator, "end");
  const to = endPlace ? offsetOfBlockPosition(engine.map, endPlace) : from;
  return { start: from, end: Math.max(from, to) };
}

export type Highlights = ReturnType<typeof useHighlights>;

export function useHighlights({
  episodeId,
  marks: { marks, addMark, removeMark },
  chapter: { engineRef, contentRef, painterRef },
  html,
  isOpen,
  view,
  searchMatch,
  speaking,
  setAnnouncement,
}: {
  episodeId: string;
  marks: ReturnType<typeof useMarks>;
  chapter: ChapterView;
  /** The chapter's HTML: a new copy is painted again. */
  html: string;
  isOpen: boolean;
  view: ChapterState | null;
  searchMatch: TextRange | null;
  /** The sentence being read aloud. */
  speaking: TextRange | null;
  setAnnouncement: Dispatch<SetStateAction<string>>;
}) {
  const [toolbar, setToolbar] = useState<ToolbarState | null>(null);
  /** A pointer is down: the selection is still being made. */
  const pointerDown = useRef(false);

  // Selection: the highlight toolbar ---------------------------------------------------------------

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const showToolbarForSelection = () => {
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
    const onSelectionChange = () => {
      clearTimeout(timer);
      if (!pointerDown.current) timer = setTimeout(showToolbarForSelection, 150);
    };
    const onPointerRelease = () => {
      pointerDown.current = false;
      clearTimeout(timer);
      timer = setTimeout(showToolbarForSelection, 30);
    };
    document.addEventListener("selectionchange", onSelectionChange);
    document.addEventListener("pointerup", onPointerRelease);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("selectionchange", onSelectionChange);
      document.removeEventListener("pointerup", onPointerRelease);
    };
  }, [engineRef, contentRef]);

  // Marks ------------------------------------------------------------------------------------------

  const chapterMarks = useMemo(
    () => (marks ?? []).filter((mark) => mark.episodeId === episodeId),
    [marks, episodeId],
  );

  // Highlights drawn over the text: the reader's, the search match and the sentence read aloud.
  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again over a new copy of the chapter
  useEffect(() => {
    const painter = painterRef.current;
    if (!painter || !isOpen) return;
    const paints: Paint[] = [];
    for (const mark of chapterMarks) {
      if (mark.kind !== "highlight") continue;
      const range = markRange(engineRef.current, mark);
      if (!range) continue;
      paints.push({ layer: mark.color ?? "yellow", ...range });
      if (mark.note) paints.push({ layer: "note", ...range });
    }
    painter.set(["yellow", "green", "blue", "pink", "note"], paints);
  }, [chapterMarks, isOpen, html, painterRef, engineRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again over a new copy of the chapter
  useEffect(() => {
    if (!isOpen) return;
    painterRef.current?.set(["search"], searchMatch ? [{ layer: "search", ...searchMatch }] : []);
  }, [searchMatch, isOpen, html, painterRef]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: drawn again over a new copy of the chapter
  useEffect(() => {
    if (!isOpen) return;
    painterRef.current?.set(["speaking"], speaking ? [{ layer: "speaking", ...speaking }] : []);
  }, [speaking, isOpen, html, painterRef]);

  const visibleStart = view?.visibleStart ?? 0;
  const visibleEnd = Math.max(view?.visibleEnd ?? 0, visibleStart + 1);
  const pageBookmarks = useMemo(
    () =>
      chapterMarks.filter((mark) => {
        if (mark.kind !== "bookmark") return false;
        const range = markRange(engineRef.current, mark);
        return range !== null && range.start >= visibleStart && range.start < visibleEnd;
      }),
    [chapterMarks, visibleStart, visibleEnd, engineRef],
  );

  const toggleBookmark = useCallback(() => {
    const engine = engineRef.current;
    if (!engine || !view) return;
    if (pageBookmarks.length > 0) {
      for (const mark of pageBookmarks) removeMark(mark._id).catch(toastMarkFailure);
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
    }).then(() => setAnnouncement("Page bookmarked"), toastMarkFailure);
  }, [view, pageBookmarks, removeMark, addMark, episodeId, engineRef, setAnnouncement]);

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
    }).then(() => setAnnouncement(note ? "Note added" : "Highlighted"), toastMarkFailure);
  };

  /** A tap on a highlight opens its toolbar; returns whether it did. */
  const openHighlightAt = (x: number, y: number): boolean => {
    const engine = engineRef.current;
    if (!engine) return false;
    const offset = engine.offsetAtPoint(x, y);
    if (offset === null) return false;
    const mark = chapterMarks.find((candidate) => {
      if (candidate.kind !== "highlight") return false;
      const range = markRange(engine, candidate);
      return range !== null && offset >= range.start && offset < range.end;
    });
    const range = mark ? markRange(engine, mark) : null;
    if (!mark || !range) return false;
    const box = engine.rangeOf(range.start, range.end)?.getBoundingClientRect();
    const rect = box ?? { top: y, bottom: y, left: x, right: x };
    setToolbar({ ...range, quote: mark.quote ?? "", mark, rect });
    return true;
  };

  return {
    toolbar,
    setToolbar,
    pointerDown,
    isBookmarked: pageBookmarks.length > 0,
    toggleBookmark,
    addHighlight,
    openHighlightAt,
  };
}
