// Bookmarks in the audiobook: a moment with an optional note, added from the player, listed with
// their times (and episodes), played from with a click, their notes edited, removed.
import type { ReadingMark } from "@litverse/shared/content";
import { Bookmark as BookmarkIcon, BookmarkPlus, Pencil, Trash2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Dialog, DialogContent } from "../../../components/ui/dialog.tsx";
import { EmptyState } from "../../../components/ui/empty-state.tsx";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Textarea } from "../../../components/ui/textarea.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { toast } from "../../../lib/toast.ts";
import type { useMarks } from "../use-marks.ts";
import { chapterIndexAt } from "./chapters.ts";
import { getPlayer, usePlayer } from "./player.ts";

export type Marks = ReturnType<typeof useMarks>;

const NOTE_MAX = 2000;

export function markMs(mark: ReadingMark): number {
  const ms = mark.locator.ms;
  return typeof ms === "number" && Number.isFinite(ms) ? ms : 0;
}

/** The title's bookmarks, by episode then time. */
export function audioBookmarks(marks: ReadingMark[] | undefined): ReadingMark[] {
  return (marks ?? [])
    .filter((mark) => mark.kind === "bookmark")
    .toSorted((a, b) => a.episodeNumber - b.episodeNumber || markMs(a) - markMs(b));
}

/** Adds a bookmark at `ms` of the loaded episode and says so. */
export async function addBookmark(marks: Marks, ms: number, note?: string) {
  const data = getPlayer().getState().data;
  if (!data) return;
  try {
    await marks.addMark({
      episodeId: data.episode._id,
      kind: "bookmark",
      locator: { ms: Math.round(ms) },
      ...(note ? { note } : {}),
    });
    toast.success(`Bookmark added at ${formatDuration(ms)}`);
  } catch {
    toast.error("Could not add the bookmark. Try again.");
  }
}

/** The bookmark button: takes the moment when opened, so that typing a note does not move it. */
export function AddBookmarkButton({ marks }: { marks: Marks }) {
  const [at, setAt] = useState<number | null>(null);
  const [note, setNote] = useState("");
  const [isSaving, setIsSaving] = useState(false);
  const noteId = useId();
  const isLoaded = usePlayer((state) => state.data !== null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (at === null) return;
    setIsSaving(true);
    await addBookmark(marks, at, note.trim() || undefined);
    setIsSaving(false);
    setAt(null);
  }

  return (
    <Popover
      open={at !== null}
      onOpenChange={(open) => {
        setNote("");
        setAt(open ? getPlayer().getState().positionMs : null);
      }}
    >
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" aria-label="Add a bookmark" title="Bookmark" disabled={!isLoaded}>
          <BookmarkPlus aria-hidden />
          <span className="max-sm:sr-only">Bookmark</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="New bookmark" align="end">
        <form onSubmit={submit} className="space-y-3">
          <p className="text-sm font-semibold">
            Bookmark at <span className="tabular-nums">{formatDuration(at ?? 0)}</span>
          </p>
          <div className="space-y-1">
            <label htmlFor={noteId} className="text-sm text-muted-foreground">
              Note (optional)
            </label>
            <Textarea
              id={noteId}
              rows={3}
              maxLength={NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === "Enter" && !event.shiftKey) void submit(event);
              }}
            />
          </div>
          <Button type="submit" className="w-full" isLoading={isSaving}>
            Save bookmark
          </Button>
        </form>
      </PopoverContent>
    </Popover>
  );
}

export function BookmarkList({ marks }: { marks: Marks }) {
  const bookmarks = audioBookmarks(marks.marks);
  const loadedEpisodeId = usePlayer((state) => state.data?.episode._id);
  const chapters = usePlayer((state) => state.chapters);
  const [editing, setEditing] = useState<ReadingMark | null>(null);

  if (marks.marks === undefined) {
    return <p className="px-3 py-6 text-center text-sm text-muted-foreground">Loading bookmarks…</p>;
  }
  if (bookmarks.length === 0) {
    return (
      <EmptyState
        as="h3"
        icon={BookmarkIcon}
        title="No bookmarks yet"
        text="Bookmark a moment to come back to it (or press B)."
        className="border-0 bg-transparent py-8"
      />
    );
  }

  function open(mark: ReadingMark) {
    const ms = markMs(mark);
    if (mark.episodeId === loadedEpisodeId) {
      getPlayer().seek(ms);
      void getPlayer().play();
    } else {
      void getPlayer().goToEpisode(mark.episodeNumber, { start: ms, autoplay: true });
    }
  }

  return (
    <>
      <ul className="divide-y divide-[var(--border)]" aria-label="Bookmarks">
        {bookmarks.map((mark) => {
          const ms = markMs(mark);
          const isHere = mark.episodeId === loadedEpisodeId;
          const where = isHere
            ? chapters.length > 1
              ? chapters[chapterIndexAt(chapters, ms)]?.title
              : undefined
            : `Episode ${mark.episodeNumber}`;
          return (
            <li key={mark._id} className="flex items-start gap-1 px-1 py-1" data-testid="bookmark">
              <button
                type="button"
                onClick={() => open(mark)}
                className="flex min-w-0 flex-1 items-start gap-3 rounded-lg px-2 py-2 text-left transition hover:bg-muted"
              >
                <BookmarkIcon
                  className="mt-0.5 size-4 shrink-0 fill-brand-500 text-brand-600 dark:text-brand-400"
                  aria-hidden
                />
                <span className="min-w-0">
                  <span className="block text-sm font-semibold tabular-nums">
                    <span className="sr-only">Play from </span>
                    {formatDuration(ms)}
                    {where ? <span className="font-normal text-muted-foreground"> · {where}</span> : null}
                  </span>
                  {mark.note ? (
                    <span className="mt-0.5 block text-sm break-words whitespace-pre-line text-muted-foreground">
                      {mark.note}
                    </span>
                  ) : null}
                </span>
              </button>
              <Button
                variant="ghost"
                size="icon"
                className="size-9!"
                aria-label={`Edit the note of the bookmark at ${formatDuration(ms)}`}
                title="Edit note"
                onClick={() => setEditing(mark)}
              >
                <Pencil aria-hidden />
              </Button>
              <Button
                variant="ghost"
                size="icon"
                className="size-9!"
                aria-label={`Remove the bookmark at ${formatDuration(ms)}`}
                title="Remove"
                onClick={() => {
                  marks.removeMark(mark._id).then(
                    () => toast.success("Bookmark removed"),
                    () => toast.error("Could not remove the bookmark. Try again."),
                  );
                }}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          );
        })}
      </ul>
      <NoteDialog mark={editing} marks={marks} onClose={() => setEditing(null)} />
    </>
  );
}

function NoteDialog({
  mark,
  marks,
  onClose,
}: {
  mark: ReadingMark | null;
  marks: Marks;
  onClose: () => void;
}) {
  const [note, setNote] = useState("");
  const [isSaving, setIsSaving] = useState(false);
  const noteId = useId();
  const [shownId, setShownId] = useState<string | null>(null);
  // A newly opened bookmark starts from its own note.
  if (mark && mark._id !== shownId) {
    setShownId(mark._id);
    setNote(mark.note ?? "");
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!mark) return;
    setIsSaving(true);
    try {
      await marks.updateMark(mark._id, { note: note.trim() || null });
      onClose();
    } catch {
      toast.error("Could not save the note. Try again.");
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Dialog
      open={mark !== null}
      onOpenChange={(open) => {
        if (!open) {
          setShownId(null);
          onClose();
        }
      }}
    >
      <DialogContent
        title="Bookmark note"
        description={mark ? `At ${formatDuration(markMs(mark))}, episode ${mark.episodeNumber}` : undefined}
        size="sm"
      >
        <form onSubmit={submit} className="space-y-3">
          <label htmlFor={noteId} className="sr-only">
            Note
          </label>
          <Textarea
            id={noteId}
            rows={4}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
          <Button type="submit" className="w-full" isLoading={isSaving}>
            Save note
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
