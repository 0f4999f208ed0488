// A note shown beside its reference, as the best readers do: the reader stays on the page, and
// can still go to the note itself (to read the notes around it, or to come back by its link).
import { useState } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { Popover, PopoverAnchor, PopoverContent } from "../../../components/ui/popover.tsx";
import { chapterElement } from "./chapter-ids.ts";
import { isNoteReference, noteContent, noteInPage, noteOf, notePlace } from "./notes.ts";
import { useFetchMatterPage } from "./use-book-matter.ts";

interface OpenNote {
  anchor: Element;
  href: string;
  /** null while a note on another page is fetched; "" when it could not be found. */
  html: string | null;
}

/**
 * Opens a note reference's note in place. `openFromClick` answers whether the click was one
 * (then the link is not followed).
 */
export function useNotePopover({
  contentId,
  chapterNumber,
  content,
}: {
  contentId: string;
  chapterNumber: number;
  content: () => HTMLElement | null;
}) {
  const fetchMatterPage = useFetchMatterPage();
  const [note, setNote] = useState<OpenNote | null>(null);

  const openFromClick = (event: React.MouseEvent): boolean => {
    const link = (event.target as Element).closest("a[href]");
    if (!link || !isNoteReference(link)) return false;
    const href = link.getAttribute("href") ?? "";
    const place = notePlace(href, chapterNumber);
    if (!place) return false;
    if (place.matter === null) {
      const target = chapterElement(content(), place.fragment);
      if (!target) return false;
      event.preventDefault();
      setNote({ anchor: link, href, html: noteContent(noteOf(target)) });
      return true;
    }
    event.preventDefault();
    setNote({ anchor: link, href, html: null });
    const settle = (html: string) =>
      setNote((current) =>
        current?.href === href && current.anchor === link ? { ...current, html } : current,
      );
    fetchMatterPage(contentId, place.matter)
      .then((page) => settle(noteInPage(page.html, place.fragment) ?? ""))
      .catch(() => settle(""));
    return true;
  };

  return { note, openFromClick, close: () => setNote(null) };
}

export function NotePopover({
  note,
  onClose,
  onGoToNote,
}: {
  note: OpenNote | null;
  onClose: () => void;
  onGoToNote: (href: string) => void;
}) {
  if (!note) return null;
  const anchor = { current: note.anchor };
  return (
    <Popover open onOpenChange={(open) => (open ? undefined : onClose())}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        className="flex max-h-[min(50vh,24rem)] w-80 flex-col gap-3 overflow-y-auto"
        aria-label="Note"
        data-testid="note-popover"
        onOpenAutoFocus={(event) => event.preventDefault()}
      >
        {note.html === null ? (
          <p className="text-sm text-muted-foreground" role="status">
            Loading the note…
          </p>
        ) : note.html === "" ? (
          <p className="text-sm text-muted-foreground">This note could not be shown here.</p>
        ) : (
          <div
            className="note-popover-text text-sm leading-relaxed [&_a]:underline [&_p]:mb-2 [&_p:last-child]:mb-0"
            // The book's own note, already sanitised at import and taken from the page on screen.
            // biome-ignore lint/security/noDangerouslySetInnerHtml: the note is part of the chapter's HTML
            dangerouslySetInnerHTML={{ __html: note.html }}
          />
        )}
        <Button
          variant="secondary"
          size="sm"
          className="self-start"
          onClick={() => {
            onClose();
            onGoToNote(note.href);
          }}
        >
          Go to the note
        </Button>
      </PopoverContent>
    </Popover>
  );
}
