// The title's episodes from inside a reader (a book's table of contents): each with its progress
// and lock, the open one marked and scrolled into view.
import type { EpisodeSummary } from "@litverse/shared/content";
import { ListOrdered } from "lucide-react";
import { useEffect, useState } from "react";
import { useLocation } from "react-router";
import { readerPath } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogTrigger } from "../../components/ui/dialog.tsx";
import { EpisodeRow } from "../content/index.ts";
import { UnlockDialog } from "../unlocks/index.ts";
import { MatterContents } from "./book/matter-contents.tsx";
import type { ReaderReady } from "./use-reader-episode.ts";

export function EpisodeSheet({ ready }: { ready: ReaderReady }) {
  const [isOpen, setIsOpen] = useState(false);
  const [locked, setLocked] = useState<EpisodeSummary | null>(null);
  // Opening another episode closes the list (locked ones open their own dialog instead).
  const { search } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the address changes
  useEffect(() => setIsOpen(false), [search]);
  const { detail, data } = ready;
  if (!detail) return null;
  const label = detail.contentType === "book" ? "Contents" : "Episodes";
  return (
    <>
      <Dialog open={isOpen} onOpenChange={setIsOpen}>
        <DialogTrigger asChild>
          <Button variant="ghost" size="icon" aria-label={label} title={label}>
            <ListOrdered aria-hidden />
          </Button>
        </DialogTrigger>
        <DialogContent
          title={label}
          description={`${detail.title} · ${detail.episodes.length} ${detail.episodes.length === 1 ? "episode" : "episodes"}`}
          onOpenAutoFocus={(event) => {
            // Focus (and show) the open episode rather than the first row.
            event.preventDefault();
            const current = document.querySelector<HTMLElement>(
              '[data-testid="episode-sheet"] [aria-current="page"]',
            );
            current?.scrollIntoView({ block: "center" });
            current?.focus();
          }}
        >
          {detail.contentType === "book" ? <MatterContents contentId={detail._id} placement="front" /> : null}
          <ol
            className="-mx-5 divide-y divide-[var(--border)] border-y border-border"
            data-testid="episode-sheet"
          >
            {detail.episodes.map((episode) => (
              <li key={episode._id}>
                <EpisodeRow
                  episode={episode}
                  href={readerPath(detail.contentType, detail._id, episode.number)}
                  isNew={false}
                  isCurrent={episode.number === data.episode.number}
                  onLocked={(target) => {
                    setIsOpen(false);
                    setLocked(target);
                  }}
                />
              </li>
            ))}
          </ol>
          {detail.contentType === "book" ? <MatterContents contentId={detail._id} placement="back" /> : null}
        </DialogContent>
      </Dialog>
      <UnlockDialog episode={locked} onOpenChange={(open) => !open && setLocked(null)} />
    </>
  );
}
