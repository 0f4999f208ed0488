// The audiobook's chapters: its episodes (an imported book's chapters usually become episodes),
// and within the episode playing, the chapter marks inside its file, each with where it starts
// and how long it lasts. The one playing is marked; choosing one plays it.
import type { EpisodeSummary } from "@litverse/shared/content";
import { AudioLines, CheckCircle2, Lock } from "lucide-react";
import { useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { formatDuration } from "../../../lib/format.ts";
import { UnlockDialog } from "../../unlocks/index.ts";
import type { ReaderReady } from "../use-reader-episode.ts";
import { chapterRange } from "./chapters.ts";
import { getPlayer, usePlayer } from "./player.ts";

const ROW = "flex w-full items-center gap-3 px-3 py-3 text-left transition hover:bg-muted";
const CURRENT_ROW = "bg-brand-50 dark:bg-brand-500/10";

function NumberBadge({
  label,
  isCurrent,
  isPlaying,
}: {
  label: number;
  isCurrent: boolean;
  isPlaying: boolean;
}) {
  return (
    <span
      className={cn(
        "flex size-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold tabular-nums",
        isCurrent ? "bg-brand-600 text-white dark:bg-brand-500" : "bg-muted text-muted-foreground",
      )}
      aria-hidden
    >
      {isCurrent && isPlaying ? <AudioLines className="size-4" /> : label}
    </span>
  );
}

/** The chapter marks inside the file playing. */
function FileChapters({ nested }: { nested: boolean }) {
  const chapters = usePlayer((state) => state.chapters);
  const current = usePlayer((state) => state.chapterIndex);
  const durationMs = usePlayer((state) => state.durationMs);
  const isPlaying = usePlayer((state) => state.isPlaying);
  const player = getPlayer();
  return (
    <ol
      className={cn("divide-y divide-[var(--border)]", nested && "border-t border-border")}
      aria-label={nested ? "Chapters in this episode" : "Chapters"}
    >
      {chapters.map((chapter, index) => {
        const { startMs, endMs } = chapterRange(chapters, index, durationMs);
        const isCurrent = index === current;
        return (
          <li key={`${chapter.startMs}`}>
            <button
              type="button"
              aria-current={isCurrent ? "true" : undefined}
              onClick={() => {
                player.seek(startMs);
                void player.play();
              }}
              className={cn(ROW, nested && "pl-8", isCurrent && CURRENT_ROW)}
            >
              <NumberBadge label={index + 1} isCurrent={isCurrent} isPlaying={isPlaying} />
              <span className="min-w-0 flex-1">
                <span
                  className={cn(
                    "block truncate text-sm font-medium",
                    isCurrent && "text-brand-700 dark:text-brand-100",
                  )}
                >
                  {chapter.title}
                </span>
                <span className="block text-xs text-muted-foreground tabular-nums">
                  {formatDuration(startMs)} · {formatDuration(endMs - startMs)} long
                </span>
              </span>
              {isCurrent ? <span className="sr-only">(playing)</span> : null}
            </button>
          </li>
        );
      })}
    </ol>
  );
}

function EpisodeChapter({
  episode,
  isCurrent,
  hasMarks,
  onLocked,
}: {
  episode: EpisodeSummary;
  isCurrent: boolean;
  hasMarks: boolean;
  onLocked: (episode: EpisodeSummary) => void;
}) {
  const isPlaying = usePlayer((state) => state.isPlaying);
  const isFinished = episode.progress?.isCompleted ?? false;
  const fraction =
    episode.progress && !isFinished && episode.progress.fraction > 0 ? episode.progress.fraction : null;
  return (
    <button
      type="button"
      // The episode is the chapter playing unless its own marks say which.
      aria-current={isCurrent && !hasMarks ? "true" : undefined}
      onClick={() => {
        if (episode.lock) onLocked(episode);
        else if (isCurrent) void getPlayer().play();
        else void getPlayer().goToEpisode(episode.number, { start: "resume", autoplay: true });
      }}
      className={cn(ROW, isCurrent && CURRENT_ROW)}
    >
      <NumberBadge label={episode.number} isCurrent={isCurrent} isPlaying={isPlaying && !hasMarks} />
      <span className="min-w-0 flex-1">
        <span
          className={cn(
            "block truncate text-sm font-medium",
            isCurrent && "text-brand-700 dark:text-brand-100",
            episode.lock && "text-muted-foreground",
          )}
        >
          <span className="sr-only">Episode {episode.number}: </span>
          {episode.title}
        </span>
        <span className="block text-xs text-muted-foreground tabular-nums">
          {episode.durationMs ? formatDuration(episode.durationMs) : null}
          {fraction !== null ? ` · ${Math.round(fraction * 100)}% heard` : null}
        </span>
      </span>
      {episode.lock ? (
        <Lock className="size-4 shrink-0 text-muted-foreground" aria-label="Locked" />
      ) : isFinished ? (
        <CheckCircle2
          className="size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
          aria-label="Finished"
        />
      ) : null}
      {isCurrent && !hasMarks ? <span className="sr-only">(playing)</span> : null}
    </button>
  );
}

export function ChapterList({ ready }: { ready: ReaderReady }) {
  const hasMarks = usePlayer((state) => state.chapters.length > 1);
  const [locked, setLocked] = useState<EpisodeSummary | null>(null);
  const episodes = ready.detail?.episodes ?? [];
  // Without the title's episodes (offline), or with only this one: the marks alone.
  if (episodes.length <= 1) return <FileChapters nested={false} />;
  return (
    <>
      <ol className="divide-y divide-[var(--border)]" aria-label="Chapters">
        {episodes.map((episode) => {
          const isCurrent = episode.number === ready.data.episode.number;
          return (
            <li key={episode._id}>
              <EpisodeChapter
                episode={episode}
                isCurrent={isCurrent}
                hasMarks={hasMarks}
                onLocked={setLocked}
              />
              {isCurrent && hasMarks ? <FileChapters nested /> : null}
            </li>
          );
        })}
      </ol>
      <UnlockDialog episode={locked} onOpenChange={(open) => !open && setLocked(null)} />
    </>
  );
}
