// "Notes & bookmarks": every bookmark and highlight in the book, chapter by chapter, each leading
// back to its place; notes can be edited and marks removed from here.
import type { ReadingMark } from "@litverse/shared/content";
import { Bookmark, Highlighter, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { Tabs, TabsList, TabsTrigger } from "../../../components/ui/tabs.tsx";
import { formatRelativeDate } from "../../../lib/format.ts";
import { MARK_SWATCHES } from "./mark-colors.ts";

type Filter = "all" | "bookmark" | "highlight";

export function MarksPanel({
  open,
  onOpenChange,
  marks,
  chapterTitles,
  currentNumber,
  onOpenMark,
  onEditNote,
  onRemove,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  marks: ReadingMark[] | undefined;
  chapterTitles: Map<number, string>;
  currentNumber: number;
  onOpenMark: (mark: ReadingMark) => void;
  onEditNote: (mark: ReadingMark) => void;
  onRemove: (mark: ReadingMark) => void;
}) {
  const [filter, setFilter] = useState<Filter>("all");
  const shown = (marks ?? []).filter((mark) => filter === "all" || mark.kind === filter);
  const groups = new Map<number, ReadingMark[]>();
  for (const mark of shown) {
    const list = groups.get(mark.episodeNumber) ?? [];
    list.push(mark);
    groups.set(mark.episodeNumber, list);
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Notes & bookmarks" size="lg" className="sm:min-h-[50dvh]">
        <Tabs value={filter} onValueChange={(value) => setFilter(value as Filter)}>
          <TabsList aria-label="Show">
            <TabsTrigger value="all">All</TabsTrigger>
            <TabsTrigger value="bookmark">Bookmarks</TabsTrigger>
            <TabsTrigger value="highlight">Highlights & notes</TabsTrigger>
          </TabsList>
        </Tabs>
        {marks === undefined ? (
          <p className="py-6 text-center text-sm text-muted-foreground">Loading…</p>
        ) : shown.length === 0 ? (
          <div className="py-8 text-center text-sm text-muted-foreground">
            <p className="font-medium text-foreground">
              {filter === "bookmark"
                ? "No bookmarks yet"
                : filter === "highlight"
                  ? "No highlights yet"
                  : "Nothing marked yet"}
            </p>
            <p className="mt-1">
              Bookmark a page with the bookmark button (or B). Select text to highlight it or add a note.
            </p>
          </div>
        ) : (
          <div className="mt-4 space-y-5" data-testid="book-marks">
            {[...groups.entries()].map(([number, list]) => (
              <section key={number} aria-label={`Chapter ${number}`}>
                <h3 className="mb-1 truncate text-sm font-semibold">
                  {number}. {chapterTitles.get(number) ?? `Chapter ${number}`}
                  {number === currentNumber ? (
                    <span className="ml-1 font-normal text-muted-foreground">(this chapter)</span>
                  ) : null}
                </h3>
                <ul className="divide-y divide-[var(--border)]">
                  {list.map((mark) => (
                    <li key={mark._id} className="flex items-start gap-2 py-2" data-testid="book-mark">
                      <span
                        aria-hidden
                        className={cn(
                          "mt-1 inline-flex size-6 shrink-0 items-center justify-center rounded-full",
                          mark.kind === "bookmark"
                            ? "bg-brand-50 text-brand-600 dark:bg-brand-500/15 dark:text-brand-400"
                            : cn(MARK_SWATCHES[mark.color ?? "yellow"], "text-stone-900"),
                        )}
                      >
                        {mark.kind === "bookmark" ? (
                          <Bookmark className="size-3.5" />
                        ) : (
                          <Highlighter className="size-3.5" />
                        )}
                      </span>
                      <div className="min-w-0 flex-1">
                        <button
                          type="button"
                          className="w-full rounded-md text-left text-sm leading-snug hover:underline"
                          onClick={() => onOpenMark(mark)}
                        >
                          <span className="sr-only">
                            {mark.kind === "bookmark" ? "Bookmark: " : "Highlight: "}
                          </span>
                          <span className="line-clamp-3">
                            {mark.quote
                              ? `“${mark.quote}”`
                              : mark.kind === "bookmark"
                                ? "Bookmarked page"
                                : ""}
                          </span>
                        </button>
                        {mark.note ? (
                          <p className="mt-1 rounded-md bg-muted px-2 py-1 text-sm whitespace-pre-line">
                            <span className="sr-only">Note: </span>
                            {mark.note}
                          </p>
                        ) : null}
                        <p className="mt-0.5 text-xs text-muted-foreground">
                          {formatRelativeDate(mark.createdAt)}
                        </p>
                      </div>
                      <div className="flex shrink-0">
                        {mark.kind === "highlight" ? (
                          <Button
                            variant="ghost"
                            size="icon"
                            className="size-8"
                            aria-label={mark.note ? "Edit note" : "Add note"}
                            onClick={() => onEditNote(mark)}
                          >
                            <Pencil aria-hidden />
                          </Button>
                        ) : null}
                        <Button
                          variant="ghost"
                          size="icon"
                          className="size-8"
                          aria-label={mark.kind === "bookmark" ? "Remove bookmark" : "Remove highlight"}
                          onClick={() => onRemove(mark)}
                        >
                          <Trash2 aria-hidden />
                        </Button>
                      </div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
