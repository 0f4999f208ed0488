// The audiobook playing, at the bottom of every page of the app (above the bottom navigation):
// cover, title and chapter, skip back, play or pause, a line for the progress, the way back to
// the full player, and close. It records progress while the listen page is not open.
import type { EpisodeContent } from "@litverse/shared/content";
import { X } from "lucide-react";
import { Link } from "react-router";
import { CoverImage } from "../../../components/catalogue/cover-image.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { getPlayer, usePlayer } from "./player.ts";
import { PlayPauseButton, SkipGlyph } from "./transport.tsx";
import { usePlaybackProgress } from "./use-playback-progress.ts";

export default function MiniPlayer() {
  const data = usePlayer((state) => state.data);
  if (!data) return null;
  return (
    <>
      {/* Room at the end of the page, so that the player does not hide what is there. */}
      <div aria-hidden className="h-20" />
      <section
        aria-label="Now playing"
        data-testid="mini-player"
        className="fixed right-0 bottom-(--shell-bottom-bar) left-(--shell-side-nav) z-30 px-2 pb-2"
      >
        <MiniPlayerCard key={data.episode._id} data={data} />
      </section>
    </>
  );
}

function MiniPlayerCard({ data }: { data: EpisodeContent }) {
  usePlaybackProgress(data);
  const player = getPlayer();
  const chapter = usePlayer((state) =>
    state.chapters.length > 1 ? (state.chapters[state.chapterIndex]?.title ?? null) : null,
  );
  const skipBack = usePlayer((state) => state.prefs.skipBackSeconds);
  // A tenth of a percent is finer than the line can show: fewer renders.
  const permille = usePlayer((state) =>
    state.durationMs > 0 ? Math.round((state.positionMs / state.durationMs) * 1000) : 0,
  );
  const positionText = usePlayer(
    (state) => `${formatDuration(state.positionMs)} of ${formatDuration(state.durationMs)}`,
  );
  const { content, episode } = data;
  const href = `/listen/${content._id}?episode=${episode.number}`;

  return (
    <div className="relative mx-auto flex max-w-xl items-center gap-1 overflow-hidden rounded-2xl border border-border bg-card py-2 pr-1.5 pl-2 shadow-lg shadow-black/10 dark:shadow-black/50">
      <Link
        to={href}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-xl pr-1"
        aria-label={`Open the player: ${content.title}, episode ${episode.number}${chapter ? `, ${chapter}` : ""}`}
      >
        <CoverImage url={content.coverImage} title="" sizes="48px" className="size-12 shrink-0 rounded-lg" />
        <span className="min-w-0">
          <span className="block truncate text-sm font-semibold">{content.title}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {chapter ?? `Episode ${episode.number} · ${episode.title}`}
          </span>
        </span>
      </Link>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Skip back ${skipBack} seconds`}
        title={`Back ${skipBack} s`}
        className="[&_svg]:size-7!"
        onClick={() => player.skipBack()}
      >
        <SkipGlyph seconds={skipBack} direction={-1} className="size-7" />
      </Button>
      <PlayPauseButton size="sm" />
      <Button
        variant="ghost"
        size="icon"
        aria-label="Close the player"
        title="Close"
        className="text-muted-foreground"
        onClick={() => player.close()}
      >
        <X className="size-5!" aria-hidden />
      </Button>
      <div
        role="progressbar"
        aria-label="Position"
        aria-valuemin={0}
        aria-valuemax={1000}
        aria-valuenow={permille}
        aria-valuetext={positionText}
        className="absolute inset-x-0 bottom-0 h-0.5 bg-stone-200 dark:bg-white/10"
      >
        <div className="h-full bg-brand-600 dark:bg-brand-400" style={{ width: `${permille / 10}%` }} />
      </div>
    </div>
  );
}
