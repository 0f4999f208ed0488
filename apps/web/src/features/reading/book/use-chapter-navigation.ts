// Moving through the book: turning pages (on into the next chapter, back to the previous one's
// end), jumping within the chapter, opening a mark or a search hit (here or in its chapter),
// following the links inside the chapter, and bringing a focused link's page into view.
import type { BookSearchHit, ReadingMark } from "@litverse/shared/content";
import { type Dispatch, type SetStateAction, useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useGoToEpisode } from "../use-go-to-episode.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import type { BookTarget } from "./book-target.ts";
import { chapterElement } from "./chapter-ids.ts";
import { findOccurrence, readBlockPosition, textBetween } from "./locator.ts";
import type { ChapterView, Publish } from "./use-chapter-view.ts";
import { markRange, type ToolbarState } from "./use-highlights.ts";

export function useChapterNavigation({
  ready,
  chapter,
  isOpen,
  publish,
  setToolbar,
  setPanel,
  setSearchMatch,
}: {
  ready: ReaderReady;
  chapter: ChapterView;
  isOpen: boolean;
  publish: Publish;
  setToolbar: Dispatch<SetStateAction<ToolbarState | null>>;
  /** Closes the panels as a mark or a hit opens. */
  setPanel: (panel: null) => void;
  setSearchMatch: Dispatch<SetStateAction<{ start: number; end: number } | null>>;
}) {
  const { data, detail } = ready;
  const episodeId = data.episode._id;
  const number = data.episode.number;
  const { engineRef, stripRef, contentRef } = chapter;
  const navigate = useNavigate();
  const goToEpisode = useGoToEpisode();
  /** Where the reader was before following a link inside the chapter. */
  const [linkReturn, setLinkReturn] = useState<number | null>(null);

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
    [
      isOpen,
      publish,
      canOpen,
      data.nextNumber,
      data.previousNumber,
      goToChapter,
      engineRef,
      stripRef,
      setToolbar,
    ],
  );

  const jumpTo = useCallback(
    (offset: number) => {
      const engine = engineRef.current;
      if (!engine) return;
      stripRef.current?.setAttribute("data-animate", "false");
      engine.showOffset(offset);
      publish("jump");
    },
    [publish, engineRef, stripRef],
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
    [publish, engineRef, contentRef, stripRef],
  );

  const openMark = useCallback(
    (mark: ReadingMark) => {
      setPanel(null);
      const place = readBlockPosition(mark.locator);
      if (!place) return;
      if (mark.episodeId === episodeId) {
        const range = markRange(engineRef.current, mark);
        if (range) jumpTo(range.start);
        return;
      }
      goToChapter(mark.episodeNumber, { kind: "place", ...place });
    },
    [episodeId, jumpTo, goToChapter, engineRef, setPanel],
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
    [number, goToChapter, jumpTo, engineRef, setPanel, setSearchMatch],
  );

  const goToLastPage = () => {
    const engine = engineRef.current;
    if (!engine) return;
    if (engine.mode === "paginated") {
      engine.goToPage(engine.textPageCount - 1);
      publish("jump");
    } else jumpTo(engine.length);
  };

  /** Back to where the reader was before following a link. */
  const returnFromLink = () => {
    const back = linkReturn;
    setLinkReturn(null);
    if (back !== null) jumpTo(back);
  };

  // Links inside the chapter stay in the app; links to another chapter open it at the target.
  /** Follows a link inside the book (`#id`, `?episode=`, `?matter=`); false for any other link. */
  const followHref = (href: string): boolean => {
    if (href.startsWith("#")) {
      goToFragment(decodeURIComponent(href.slice(1)));
      return true;
    }
    if (href.startsWith("?episode=")) {
      const url = new URL(href, window.location.href);
      const target = Number(url.searchParams.get("episode"));
      if (target === number) goToFragment(decodeURIComponent(url.hash.slice(1)));
      else if (Number.isInteger(target) && target > 0) goToEpisode(target, { hash: url.hash });
      return true;
    }
    if (href.startsWith("?matter=")) {
      // A page of the book's front or back matter (a note, the contents).
      const url = new URL(href, window.location.href);
      navigate({ search: url.search, hash: url.hash });
      return true;
    }
    return false;
  };

  const followChapterLink = (event: React.MouseEvent) => {
    const link = (event.target as Element).closest("a[href]");
    if (link && followHref(link.getAttribute("href") ?? "")) event.preventDefault();
  };

  // A link or button focused on another page (Tab) brings its page into view.
  const showFocusedPage = (event: React.FocusEvent) => {
    const engine = engineRef.current;
    if (engine?.mode !== "paginated") return;
    const rect = event.target.getClientRects()[0];
    if (!rect || engine.pageOfRect(rect) === engine.page) return;
    stripRef.current?.setAttribute("data-animate", "false");
    engine.showElement(event.target);
    publish("jump");
  };

  return {
    canOpen,
    goToChapter,
    turn,
    jumpTo,
    openMark,
    openSearchHit,
    goToLastPage,
    linkReturn,
    returnFromLink,
    followChapterLink,
    followHref,
    showFocusedPage,
  };
}
