// Watching a drama: the vertical video as tall as the screen, and on wide screens the title's
// episodes beside it (phones reach them from the bar's episode list).
import type { EpisodeSummary } from "@litverse/shared/content";
import { Keyboard } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { readerPath } from "../../../components/catalogue/labels.ts";
import { Button } from "../../../components/ui/button.tsx";
import { EpisodeRow } from "../../content/index.ts";
import { UnlockDialog } from "../../unlocks/index.ts";
import { ReaderTopBar } from "../reader-top-bar.tsx";
import type { ReaderReady } from "../use-reader-episode.ts";
import { VideoPlayer } from "./video-player.tsx";

export function WatchPage({ ready }: { ready: ReaderReady }) {
  const { payload } = ready.data;
  const [areShortcutsOpen, setAreShortcutsOpen] = useState(false);
  const openShortcuts = () => setAreShortcutsOpen(true);
  return (
    <div className="flex h-dvh w-full overflow-hidden bg-black" data-testid="drama-player">
      <main className="flex min-w-0 flex-1 flex-col">
        <ReaderTopBar
          ready={ready}
          isPageHeading
          className="bg-(--background)!"
          actions={
            <Button
              variant="ghost"
              size="icon"
              className="max-lg:hidden"
              aria-label="Keyboard shortcuts"
              title="Keyboard shortcuts (?)"
              onClick={openShortcuts}
            >
              <Keyboard aria-hidden />
            </Button>
          }
        />
        {payload.kind === "video" ? (
          <VideoPlayer
            ready={ready}
            video={payload}
            areShortcutsOpen={areShortcutsOpen}
            onShortcutsOpenChange={setAreShortcutsOpen}
            className="flex-1"
          />
        ) : null}
      </main>
      <EpisodePanel ready={ready} />
    </div>
  );
}

function EpisodePanel({ ready }: { ready: ReaderReady }) {
  const { detail, data } = ready;
  const [locked, setLocked] = useState<EpisodeSummary | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    list.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: "nearest" });
  }, []);
  return (
    <aside
      aria-labelledby="watch-episodes-heading"
      className="hidden w-96 shrink-0 flex-col border-l border-border bg-background text-foreground lg:flex"
    >
      <div className="border-b border-border px-4 py-3">
        <h2 id="watch-episodes-heading" className="font-semibold">
          Episodes
        </h2>
        <p className="text-sm text-muted-foreground">
          {detail
            ? `${detail.episodes.length} ${detail.episodes.length === 1 ? "episode" : "episodes"} · now playing ${data.episode.number}`
            : "The episode list needs a connection."}
        </p>
      </div>
      {detail ? (
        <ol
          ref={list}
          className="min-h-0 flex-1 divide-y divide-[var(--border)] overflow-y-auto"
          data-testid="watch-episodes"
        >
          {detail.episodes.map((episode) => (
            <li key={episode._id}>
              <EpisodeRow
                episode={episode}
                href={readerPath(detail.contentType, detail._id, episode.number)}
                isNew={false}
                isCurrent={episode.number === data.episode.number}
                onLocked={setLocked}
              />
            </li>
          ))}
        </ol>
      ) : null}
      <UnlockDialog episode={locked} onOpenChange={(open) => !open && setLocked(null)} />
    </aside>
  );
}
