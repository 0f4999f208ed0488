// The book reader: one chapter at a time, in pages (CSS columns) or scrolling, with the reader's
// own typography and themes, resuming at the exact sentence, following the reader's other tabs,
// bookmarks, highlights with notes, search in the whole book, read-aloud and full keyboard use.
import "./book-reader.css";
import type { ReadAlongPayload } from "@litverse/shared/content";
import { Bookmark, Undo2 } from "lucide-react";
import { useTheme } from "next-themes";
import { useMemo, useRef, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { useIsDrawnOnServer } from "../../../first-screen/handoff.ts";
import { toast } from "../../../lib/toast.ts";
import { EpisodeEnd } from "../episode-end.tsx";
import { ReaderTopBar } from "../reader-top-bar.tsx";
import { useMarks } from "../use-marks.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import {
  BookFooter,
  BookReaderPanels,
  BookTopBarActions,
  type NoteDraft,
  type Panel,
  usePreloadPanels,
} from "./book-reader-controls.tsx";
import { scopeChapterIds } from "./chapter-ids.ts";
import { FixedLayoutChapter } from "./fixed-layout-reader.tsx";
import type { ReaderAction } from "./keyboard.ts";
import { LeaveBookDialog, useLeaveBook } from "./leave-book-dialog.tsx";
import { BackMatterLinks } from "./matter-contents.tsx";
import { NotePopover, useNotePopover } from "./note-popover.tsx";
import { ReadAlongControls } from "./read-along-controls.tsx";
import { SelectionToolbar } from "./selection-toolbar.tsx";
import {
  FONT_STACKS,
  PUBLISHER_SCOPE_CLASS,
  readerStyleVariables,
  resolveTheme,
  stepFontSize,
} from "./settings.ts";
import { chapterSpeechChunks, type SpeechChunk } from "./speech-text.ts";
import { useChapterNavigation } from "./use-chapter-navigation.ts";
import { useChapterView } from "./use-chapter-view.ts";
import { toastMarkFailure, useHighlights } from "./use-highlights.ts";
import { useReadAlong } from "./use-read-along.ts";
import { useReadAloud } from "./use-read-aloud.ts";
import { useReaderInput } from "./use-reader-input.ts";
import { useReaderSettings } from "./use-reader-settings.ts";

export function BookReader({ ready }: { ready: ReaderReady }) {
  const { payload } = ready.data;
  if (payload.kind !== "book") {
    return (
      <main className="mx-auto w-full max-w-lg flex-1 px-4 py-10">
        <ErrorState title="Could not open this chapter" message="This episode is not a book chapter." />
      </main>
    );
  }
  if (payload.layout === "fixed")
    return <FixedLayoutChapter ready={ready} html={payload.html} css={payload.css} />;
  return (
    <BookChapter
      ready={ready}
      html={payload.html}
      css={payload.css}
      readAlong={payload.readAlong}
      wordCount={payload.wordCount}
    />
  );
}

/** The chapter as the page shows it: its ids scoped (see chapter-ids.ts). */
function useScopedChapter(html: string): string {
  return useMemo(() => scopeChapterIds(html), [html]);
}

function BookChapter({
  ready,
  html: bookHtml,
  css,
  readAlong: narration,
  wordCount,
}: {
  ready: ReaderReady;
  html: string;
  css: string | null;
  readAlong: ReadAlongPayload | null;
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
  const marks = useMarks(contentId);

  const rootRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState("");
  const [panel, setPanel] = useState<Panel>(null);
  const [isSettingsOpen, setIsSettingsOpen] = useState(false);
  const [searchMatch, setSearchMatch] = useState<{ start: number; end: number } | null>(null);
  const [speaking, setSpeaking] = useState<SpeechChunk | null>(null);
  const [noteDraft, setNoteDraft] = useState<NoteDraft | null>(null);

  const chapter = useChapterView({ data, html, rtl, vertical, settings, setAnnouncement, setSearchMatch });
  const { viewportRef, stripRef, contentRef, endRef, engineRef, view, placeKey, isOpen, publish, initial } =
    chapter;
  /**
   * Drawn on the server (decision 0031), the page is laid out by a script of its own
   * (first-screen/book-page.ts) with this device's settings, at the place the reader opens at.
   */
  const drawnOpening = isDrawnOnServer && initial !== undefined ? JSON.stringify(initial) : undefined;
  usePreloadPanels(isOpen);

  const highlights = useHighlights({
    episodeId,
    marks,
    chapter,
    html,
    isOpen,
    view,
    searchMatch,
    speaking,
    setAnnouncement,
  });
  const { toolbar, setToolbar, isBookmarked, toggleBookmark, addHighlight } = highlights;
  const navigation = useChapterNavigation({
    ready,
    chapter,
    isOpen,
    publish,
    setToolbar,
    setPanel,
    setSearchMatch,
  });
  const { turn, goToChapter } = navigation;
  const notes = useNotePopover({ contentId, chapterNumber: number, content: () => contentRef.current });
  const leaveBook = useLeaveBook();
  const readAlong = useReadAlong({
    contentId,
    readAlong: narration,
    // The narration goes on into the next chapter, as an audiobook would.
    onFinished: () => {
      if (navigation.canOpen(data.nextNumber)) goToChapter(data.nextNumber);
    },
    html,
    content: contentRef,
    viewport: viewportRef,
    follow: (phrase) => {
      const engine = engineRef.current;
      const area = viewportRef.current?.getBoundingClientRect();
      const rect = phrase.getBoundingClientRect();
      if (!engine || !area) return;
      const inView =
        rect.top >= area.top &&
        rect.bottom <= area.bottom &&
        rect.left >= area.left &&
        rect.right <= area.right;
      if (inView) return;
      stripRef.current?.setAttribute("data-animate", "true");
      engine.showElement(phrase);
      publish("turn");
    },
  });

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

  const performAction = (action: ReaderAction) => {
    switch (action) {
      case "next-page":
        return turn(1);
      case "previous-page":
        return turn(-1);
      case "first-page":
        return navigation.jumpTo(0);
      case "last-page":
        return navigation.goToLastPage();
      case "next-chapter":
        if (navigation.canOpen(data.nextNumber)) goToChapter(data.nextNumber);
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
  const pageGestures = useReaderInput({
    mode: settings.mode,
    mirrored,
    chapter,
    highlights,
    turn,
    performAction,
  });

  const fontStack = FONT_STACKS[settings.font];
  const readerStyle = readerStyleVariables(settings, chapter.fontPx) as React.CSSProperties;

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
          <BookTopBarActions
            onSearch={() => setPanel("search")}
            isBookmarked={isBookmarked}
            canBookmark={view !== null}
            onToggleBookmark={toggleBookmark}
            isSettingsOpen={isSettingsOpen}
            onSettingsOpenChange={setIsSettingsOpen}
            settings={settings}
            onSettingsChange={updateSettings}
            isVertical={vertical}
          />
        }
      />

      <main className="relative flex min-h-0 flex-1 flex-col">
        {readAlong.isAvailable ? (
          <>
            <ReadAlongControls
              state={readAlong.state}
              rate={readAlong.rate}
              onPlay={readAlong.play}
              onPause={readAlong.pause}
              onRateChange={readAlong.setRate}
            />
            {/* biome-ignore lint/a11y/useMediaCaption: the chapter on screen is the narration's text */}
            <audio ref={readAlong.audioRef} preload="none" hidden />
          </>
        ) : null}
        <section
          ref={viewportRef}
          className="book-viewport"
          data-mode={settings.mode}
          data-vertical={vertical}
          data-opening={drawnOpening}
          style={{ ...readerStyle, visibility: isOpen ? "visible" : "hidden" }}
          aria-label={`Chapter ${number}: ${data.episode.title}`}
          {...pageGestures}
          onFocus={navigation.showFocusedPage}
          data-testid="book-viewport"
        >
          <div
            ref={stripRef}
            className="book-strip"
            data-mode={settings.mode}
            data-vertical={vertical}
            dir={rtl ? "rtl" : "ltr"}
          >
            {css ? (
              // Cleaned and confined to `.lv-publisher` by the server at import (publisher-css.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the book's own stylesheet, as text
              <style dangerouslySetInnerHTML={{ __html: css }} />
            ) : null}
            {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: routes the clicks of the links inside, which keep their own keys */}
            <div
              ref={contentRef}
              className={cn("book-content", settings.publisherStyles && PUBLISHER_SCOPE_CLASS)}
              data-font={fontStack ? "forced" : "publisher"}
              data-testid="book-content"
              onClick={(event) => {
                if (notes.openFromClick(event) || leaveBook.askFromClick(event)) return;
                navigation.followChapterLink(event);
              }}
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

        <LeaveBookDialog address={leaveBook.address} onClose={leaveBook.close} />
        <NotePopover
          note={notes.note}
          onClose={notes.close}
          onGoToNote={(href) => void navigation.followHref(href)}
        />

        {isBookmarked ? (
          <Bookmark
            aria-hidden
            className="pointer-events-none absolute top-0 right-3 size-7 fill-brand-600 text-brand-600 dark:fill-brand-400 dark:text-brand-400"
          />
        ) : null}

        {navigation.linkReturn !== null ? (
          <div className="pointer-events-none absolute inset-x-0 bottom-3 flex justify-center">
            <Button
              variant="secondary"
              size="sm"
              className="pointer-events-auto shadow-md"
              onClick={navigation.returnFromLink}
            >
              <Undo2 aria-hidden />
              Back to where you were
            </Button>
          </div>
        ) : null}
      </main>

      <BookFooter
        ready={ready}
        view={view}
        mode={settings.mode}
        wordCount={wordCount}
        mirrored={mirrored}
        onGoToChapter={goToChapter}
        onOpenMarks={() => setPanel("marks")}
        onOpenShortcuts={() => setPanel("shortcuts")}
        readAloud={readAloud}
      />

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
              marks.updateMark(toolbar.mark._id, { color }).catch(toastMarkFailure);
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
            if (toolbar.mark) marks.removeMark(toolbar.mark._id).catch(toastMarkFailure);
            setToolbar(null);
          }}
        />
      ) : null}

      <BookReaderPanels
        ready={ready}
        mirrored={mirrored}
        panel={panel}
        setPanel={setPanel}
        noteDraft={noteDraft}
        setNoteDraft={setNoteDraft}
        marks={marks}
        openMark={navigation.openMark}
        openSearchHit={navigation.openSearchHit}
        addHighlight={addHighlight}
      />
    </div>
  );
}
