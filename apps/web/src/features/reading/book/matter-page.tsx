// A page of a book's front or back matter (title page, dedication, contents, notes…), at
// /read/:contentId?matter=N: read in the reader's own theme and type, scrolling, with the way on
// into the story (front matter leads to chapter 1) or back out of it (back matter follows the last).
import { ArrowLeft, ChevronLeft, ChevronRight } from "lucide-react";
import { useTheme } from "next-themes";
import { useMemo, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { ErrorState } from "../../../components/ui/error-state.tsx";
import { Skeleton } from "../../../components/ui/skeleton.tsx";
import { errorCode } from "../../../lib/errors.ts";
import { useDocumentTitle } from "../../../lib/use-document-title.ts";
import { chapterElement, scopeChapterIds } from "./chapter-ids.ts";
import { LeaveBookDialog, useLeaveBook } from "./leave-book-dialog.tsx";
import { NotePopover, useNotePopover } from "./note-popover.tsx";
import { fontPixels, PUBLISHER_SCOPE_CLASS, readerStyleVariables, resolveTheme } from "./settings.ts";
import { useMatterPage } from "./use-book-matter.ts";
import { useReaderSettings } from "./use-reader-settings.ts";

/** `?matter=N` as a position, or null when it is not one. */
export function matterParam(value: string | null): number | null {
  if (value === null || !/^\d{1,6}$/.test(value)) return null;
  const position = Number(value);
  return position >= 1 ? position : null;
}

type Neighbour = ({ position: number } | { episodeNumber: number }) & { title: string };

const neighbourSearch = (neighbour: Neighbour) =>
  "position" in neighbour ? `?matter=${neighbour.position}` : `?episode=${neighbour.episodeNumber}`;

export function MatterPage({ contentId, position }: { contentId: string; position: number | null }) {
  const [settings] = useReaderSettings();
  const { resolvedTheme } = useTheme();
  const theme = resolveTheme(settings.theme, resolvedTheme === "dark");
  const navigate = useNavigate();
  const query = useMatterPage(contentId, position);
  const data = query.data;
  const html = useMemo(() => (data ? scopeChapterIds(data.html) : ""), [data]);
  useDocumentTitle(data ? `${data.matter.title} · ${data.content.title}` : query.isError ? "Reader" : null);
  const width = typeof window === "undefined" ? 1024 : window.innerWidth;
  const style = readerStyleVariables(settings, fontPixels(settings.fontSize, width));

  // Links inside the page stay in the app: to a place in it, to another page, or into a chapter.
  const article = useRef<HTMLElement>(null);
  // A page of matter is no episode: its note references point within it or at other pages.
  const notes = useNotePopover({ contentId, chapterNumber: 0, content: () => article.current });
  const leaveBook = useLeaveBook();
  const followHref = (href: string) => {
    if (href.startsWith("#")) {
      chapterElement(article.current, decodeURIComponent(href.slice(1)))?.scrollIntoView();
    } else if (href.startsWith("?episode=") || href.startsWith("?matter=")) {
      const url = new URL(href, window.location.href);
      navigate({ search: url.search, hash: url.hash });
    }
  };
  const onContentClick = (event: React.MouseEvent<HTMLElement>) => {
    if (notes.openFromClick(event) || leaveBook.askFromClick(event)) return;
    const link = (event.target as Element).closest("a[href]");
    const href = link?.getAttribute("href") ?? "";
    if (!href.startsWith("#") && !href.startsWith("?episode=") && !href.startsWith("?matter=")) return;
    event.preventDefault();
    followHref(href);
  };

  const placementLabel = data?.matter.placement === "back" ? "Back matter" : "Front matter";
  return (
    <div
      className={cn("book-reader book-matter-page flex min-h-dvh flex-col", theme === "dark" && "dark")}
      data-theme={theme}
      data-testid="book-matter"
      data-ready={Boolean(data)}
    >
      <header className="sticky top-0 z-10 flex h-14 shrink-0 items-center gap-1 border-b border-border bg-(--background)/95 px-2 backdrop-blur sm:gap-2 sm:px-3">
        <Button variant="ghost" size="icon" asChild>
          <Link
            to={`/content/${contentId}`}
            aria-label={data ? `Back to ${data.content.title}` : "Back to the title"}
            title="Back"
          >
            <ArrowLeft aria-hidden />
          </Link>
        </Button>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-sm leading-tight font-semibold">{data?.content.title ?? ""}</h1>
          <p className="truncate text-xs leading-tight text-muted-foreground">
            {data ? `${placementLabel} · ${data.matter.title}` : ""}
          </p>
        </div>
      </header>

      <main className="mx-auto w-full max-w-2xl flex-1 px-5 pt-8 pb-12 sm:px-8">
        {position === null ? (
          <ErrorState title="Could not open this page" message="This book has no such page." />
        ) : query.isError ? (
          <ErrorState
            title="Could not open this page"
            error={query.error}
            // A page that is not there stays away however often it is asked for.
            onRetry={errorCode(query.error) === "NOT_FOUND" ? undefined : () => query.refetch()}
          />
        ) : !data ? (
          <div className="space-y-4" role="status" aria-label="Loading">
            <Skeleton className="h-8 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
          </div>
        ) : (
          <>
            {data.css ? (
              // Cleaned and confined to `.lv-publisher` by the server at import (publisher-css.ts).
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the book's own stylesheet, as text
              <style dangerouslySetInnerHTML={{ __html: data.css }} />
            ) : null}
            {/* biome-ignore lint/a11y/useKeyWithClickEvents: routes the clicks of the links inside, which keep their own keys */}
            <article
              ref={article}
              className={cn("book-content", settings.publisherStyles && PUBLISHER_SCOPE_CLASS)}
              style={style}
              aria-label={data.matter.title}
              data-testid="book-matter-content"
              onClick={onContentClick}
              // Sanitised by the server at import: an allowlist of tags and attributes, no scripts.
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the page is the book's own HTML
              dangerouslySetInnerHTML={{ __html: html }}
            />
            <nav
              aria-label="Pages"
              className="mt-12 grid grid-cols-2 gap-3 border-t border-border pt-6 text-sm"
            >
              {data.previous ? <NeighbourLink neighbour={data.previous} direction="previous" /> : <span />}
              {data.next ? <NeighbourLink neighbour={data.next} direction="next" /> : null}
            </nav>
            <NotePopover note={notes.note} onClose={notes.close} onGoToNote={followHref} />
            <LeaveBookDialog address={leaveBook.address} onClose={leaveBook.close} />
          </>
        )}
      </main>
    </div>
  );
}

function NeighbourLink({ neighbour, direction }: { neighbour: Neighbour; direction: "previous" | "next" }) {
  const isChapter = "episodeNumber" in neighbour;
  const label =
    direction === "next" ? (isChapter ? "Start reading" : "Next") : isChapter ? "Last chapter" : "Previous";
  return (
    <Link
      to={{ search: neighbourSearch(neighbour) }}
      className={cn(
        "group flex min-w-0 items-center gap-2 rounded-xl border border-border bg-card px-3 py-3 hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring",
        direction === "next" && "col-start-2 justify-end text-end",
      )}
    >
      {direction === "previous" ? <ChevronLeft className="size-4 shrink-0" aria-hidden /> : null}
      <span className="min-w-0">
        <span className="block font-semibold">{label}</span>
        <span className="block truncate text-muted-foreground">{neighbour.title}</span>
      </span>
      {direction === "next" ? <ChevronRight className="size-4 shrink-0" aria-hidden /> : null}
    </Link>
  );
}
