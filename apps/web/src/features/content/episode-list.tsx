// A title's released episodes: number, title, length, release date, the viewer's progress and
// what it takes to open each. Open ones lead to the reader; locked ones explain themselves. Long
// lists show their first part until asked for all.
import type { ContentType, EpisodeSummary } from "@litverse/shared/content";
import { CheckCircle2, ChevronDown, Coins, Crown, Gem } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { episodeCountLabel, readerPath } from "../../components/catalogue/labels.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { Progress } from "../../components/ui/progress.tsx";
import { formatDate, formatDateTime } from "../../lib/format.ts";
import { episodeLength } from "./episodes.ts";

/** Episodes shown before "Show all". */
export const EPISODE_CHUNK = 30;
const NEW_EPISODE_MS = 7 * 86_400_000;

type Order = "oldest" | "newest";

export function EpisodeList({
  contentId,
  contentType,
  episodes,
  onLocked,
}: {
  contentId: string;
  contentType: ContentType;
  episodes: EpisodeSummary[];
  onLocked: (episode: EpisodeSummary) => void;
}) {
  const [order, setOrder] = useState<Order>("oldest");
  const [isShowingAll, setIsShowingAll] = useState(false);
  const ordered = order === "oldest" ? episodes : [...episodes].reverse();
  const shown = isShowingAll ? ordered : ordered.slice(0, EPISODE_CHUNK);
  const hidden = ordered.length - shown.length;
  // "New" is relative to when the page was first drawn, and only marks episodes that came out
  // after others: a title released all at once has no new episodes, only a new title.
  const [now] = useState(() => Date.now());
  const isRecent = (episode: EpisodeSummary) => now - Date.parse(episode.publishedAt) < NEW_EPISODE_MS;
  const marksNew = episodes.some((episode) => !isRecent(episode));

  return (
    <section aria-labelledby="episodes-heading" className="mt-10">
      <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="episodes-heading" className="text-lg font-bold sm:text-xl">
            Episodes
          </h2>
          <p className="text-sm text-muted-foreground">{episodeCountLabel(episodes.length)} out</p>
        </div>
        {episodes.length > 1 ? (
          <fieldset className="flex gap-1 rounded-xl bg-stone-100 p-1 dark:bg-white/5 min-w-0">
            <legend className="sr-only">Episode order</legend>
            {(["oldest", "newest"] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={order === value}
                onClick={() => setOrder(value)}
                className={cn(
                  "h-8 rounded-lg px-3 text-sm font-medium transition",
                  order === value
                    ? "bg-card text-foreground shadow-sm dark:bg-white/10"
                    : "text-muted-foreground hover:text-foreground",
                )}
              >
                {value === "oldest" ? "Oldest first" : "Newest first"}
              </button>
            ))}
          </fieldset>
        ) : null}
      </div>
      <ol className="divide-y divide-[var(--border)] overflow-hidden rounded-2xl border border-border bg-card shadow-sm">
        {shown.map((episode) => (
          <li key={episode._id}>
            <EpisodeRow
              episode={episode}
              href={readerPath(contentType, contentId, episode.number)}
              isNew={marksNew && isRecent(episode)}
              onLocked={onLocked}
            />
          </li>
        ))}
      </ol>
      {hidden > 0 ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => setIsShowingAll(true)}>
            <ChevronDown aria-hidden />
            Show all {episodes.length} episodes
          </Button>
        </div>
      ) : null}
    </section>
  );
}

const ROW_CLASSES =
  "flex w-full items-center gap-3 px-3 py-3 text-left transition hover:bg-muted focus-visible:-outline-offset-2 sm:gap-4 sm:px-4";

export function EpisodeRow({
  episode,
  href,
  isNew,
  onLocked,
  isCurrent = false,
}: {
  episode: EpisodeSummary;
  href: string;
  isNew: boolean;
  onLocked: (episode: EpisodeSummary) => void;
  /** The episode open in the reader around the list. */
  isCurrent?: boolean;
}) {
  const length = episodeLength(episode);
  const isFinished = episode.progress?.isCompleted ?? false;
  const fraction = episode.progress && !isFinished ? episode.progress.fraction : null;
  const body = (
    <>
      <span
        className={cn(
          "inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-bold tabular-nums",
          episode.lock
            ? "bg-stone-100 text-muted-foreground dark:bg-white/5"
            : "bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-100",
        )}
        aria-hidden
      >
        {episode.number}
      </span>
      <span className="min-w-0 flex-1">
        <span className="flex items-center gap-2">
          <span className="truncate font-medium">
            <span className="sr-only">Episode {episode.number}: </span>
            {episode.title}
          </span>
          {isNew ? (
            <Badge variant="brand" className="text-[10px]">
              New
            </Badge>
          ) : null}
        </span>
        <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
          {length ? <span>{length}</span> : null}
          {length ? <span aria-hidden>·</span> : null}
          <time dateTime={episode.publishedAt} title={formatDateTime(episode.publishedAt)}>
            {formatDate(episode.publishedAt)}
          </time>
        </span>
        {fraction !== null ? (
          <span className="mt-1.5 flex max-w-56 items-center gap-2">
            <Progress value={fraction} label={`Episode ${episode.number} progress`} size="sm" />
            <span className="text-xs text-muted-foreground tabular-nums">{Math.round(fraction * 100)}%</span>
          </span>
        ) : null}
      </span>
      <span className="flex shrink-0 flex-col items-end gap-1">
        <LockState episode={episode} />
        {isFinished ? (
          <span className="inline-flex items-center gap-1 text-xs font-medium text-emerald-700 dark:text-emerald-300">
            <CheckCircle2 className="size-3.5" aria-hidden />
            Finished
          </span>
        ) : null}
      </span>
    </>
  );
  if (episode.lock) {
    return (
      <button
        type="button"
        className={ROW_CLASSES}
        onClick={() => onLocked(episode)}
        aria-haspopup="dialog"
        data-testid="episode-row"
        data-locked={episode.lock.reason}
      >
        {body}
      </button>
    );
  }
  return (
    <Link
      to={href}
      className={cn(ROW_CLASSES, isCurrent && "bg-brand-50 dark:bg-brand-500/10")}
      aria-current={isCurrent ? "page" : undefined}
      data-testid="episode-row"
    >
      {body}
    </Link>
  );
}

/** Free, "30 coins", "Premium" or "VVIP"; an unlocked priced episode says so. */
function LockState({ episode }: { episode: EpisodeSummary }) {
  const { lock } = episode;
  if (!lock) {
    return (
      <span className="text-xs font-medium text-muted-foreground">
        {episode.priceCoins > 0 ? "Unlocked" : "Free"}
      </span>
    );
  }
  if (lock.reason === "price") {
    return (
      <Badge variant="warning">
        <span className="sr-only">Locked, </span>
        <Coins aria-hidden />
        {lock.priceCoins} coins
      </Badge>
    );
  }
  const isVvip = lock.accessType === "vvip";
  const Icon = isVvip ? Gem : Crown;
  return (
    <Badge variant={lock.accessType}>
      <span className="sr-only">Locked, </span>
      <Icon aria-hidden />
      {isVvip ? "VVIP" : "Premium"}
    </Badge>
  );
}
