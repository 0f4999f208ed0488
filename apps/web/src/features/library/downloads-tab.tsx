// My Library's Downloads tab: the episodes kept on this device for offline reading and listening,
// by title, with their size and date; removing one or all; how much storage is used and left.
// It reads only the device (Cache Storage), so it works offline. See decision 0011.
import { Download, HardDrive, Play, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { CoverImage } from "../../components/catalogue/cover-image.tsx";
import { readerPath, TYPE_LABELS } from "../../components/catalogue/labels.ts";
import { Button } from "../../components/ui/button.tsx";
import { ConfirmDialog } from "../../components/ui/confirm-dialog.tsx";
import { EmptyState } from "../../components/ui/empty-state.tsx";
import { Progress } from "../../components/ui/progress.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { formatDateTime, formatRelativeDate } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import {
  type DownloadEntry,
  type DownloadedTitle,
  formatBytes,
  groupByTitle,
  isDownloadSupported,
  removeAllDownloads,
  removeDownload,
  useDownloads,
} from "../offline/index.ts";

export function DownloadsTab() {
  const { entries, running } = useDownloads();
  const storage = useStorageEstimate(entries);
  if (!isDownloadSupported()) {
    return (
      <EmptyState
        icon={Download}
        title="Downloads are not available here"
        text="This browser cannot keep episodes for offline use. Try an up-to-date browser, or the installed app."
      />
    );
  }
  if (!entries) return <DownloadsSkeleton />;
  const titles = groupByTitle(entries);
  const underWay = Object.values(running);

  return (
    <div className="space-y-4">
      <StorageSummary
        storage={storage}
        count={entries.length}
        bytes={entries.reduce((sum, entry) => sum + entry.bytes, 0)}
      />
      {underWay.length > 0 ? (
        <section aria-label="Downloading" className="rounded-2xl border border-border bg-card p-4 shadow-sm">
          <h2 className="mb-3 text-sm font-semibold">Downloading</h2>
          <ul className="space-y-3">
            {underWay.map((progress) => (
              <li key={progress.key}>
                <Progress
                  value={progress.progress}
                  label={`${progress.title}, episode ${progress.number}: ${progress.episodeTitle}`}
                  showLabel
                  size="sm"
                />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {titles.length === 0 ? (
        underWay.length > 0 ? null : (
          <EmptyState
            icon={Download}
            title="No downloads yet"
            text="Download episodes from the reader's top bar to read and listen without a connection."
          />
        )
      ) : (
        <ul className="grid gap-3 lg:grid-cols-2" data-testid="downloads-list">
          {titles.map((title) => (
            <DownloadedTitleCard key={title.contentId} title={title} />
          ))}
        </ul>
      )}
    </div>
  );
}

interface StorageFigures {
  /** Everything this site stores (the app itself, downloads, other data), in bytes. */
  usage: number | null;
  /** How much it may store. */
  quota: number | null;
  isPersistent: boolean | null;
}

/** The browser's storage figures, read again whenever the downloads change. */
function useStorageEstimate(entries: DownloadEntry[] | undefined): StorageFigures {
  const [figures, setFigures] = useState<StorageFigures>({ usage: null, quota: null, isPersistent: null });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list changing is what makes the figures change
  useEffect(() => {
    let isCurrent = true;
    const storage = navigator.storage;
    if (!storage?.estimate) return;
    void Promise.all([storage.estimate(), storage.persisted?.().catch(() => null) ?? null]).then(
      ([estimate, isPersistent]) => {
        if (!isCurrent) return;
        setFigures({ usage: estimate.usage ?? null, quota: estimate.quota ?? null, isPersistent });
      },
      () => {},
    );
    return () => {
      isCurrent = false;
    };
  }, [entries]);
  return figures;
}

function StorageSummary({
  storage,
  count,
  bytes,
}: {
  storage: StorageFigures;
  count: number;
  bytes: number;
}) {
  const { usage, quota, isPersistent } = storage;
  const available = usage !== null && quota !== null ? Math.max(0, quota - usage) : null;
  return (
    <section
      aria-label="Storage"
      className="flex flex-col gap-3 rounded-2xl border border-border bg-card p-4 shadow-sm sm:flex-row sm:items-center sm:gap-6"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <HardDrive className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium">
            {count === 0
              ? "Nothing downloaded"
              : `${count} ${count === 1 ? "episode" : "episodes"} · ${formatBytes(bytes)}`}
          </p>
          {usage !== null && quota ? (
            <Progress value={usage / quota} label="Storage used on this device" size="sm" className="mt-2" />
          ) : null}
          <p className="mt-1.5 text-xs text-muted-foreground" data-testid="storage-figures">
            {usage !== null && available !== null
              ? `${formatBytes(usage)} used on this device · ${formatBytes(available)} available. `
              : null}
            {isPersistent
              ? "Downloads stay until you remove them."
              : "The browser may remove downloads if the device runs short of space."}
          </p>
        </div>
      </div>
      {count > 0 ? (
        <ConfirmDialog
          trigger={
            <Button variant="secondary" size="sm" className="self-start sm:self-center">
              <Trash2 aria-hidden />
              Remove all
            </Button>
          }
          title="Remove all downloads?"
          description={`${count === 1 ? "The downloaded episode" : `All ${count} downloaded episodes`} will be removed from this device. You can download them again while online.`}
          confirmLabel="Remove all"
          onConfirm={async () => {
            await removeAllDownloads();
            toast.success("All downloads removed");
          }}
          errorFallback="The downloads could not be removed. Please try again."
        />
      ) : null}
    </section>
  );
}

function DownloadedTitleCard({ title }: { title: DownloadedTitle }) {
  const episodes = title.episodes.length;
  return (
    <li
      className="rounded-2xl border border-border bg-card p-3 shadow-sm sm:p-4"
      data-testid="downloaded-title"
    >
      <div className="flex gap-3 sm:gap-4">
        <Link to={`/content/${title.contentId}`} className="shrink-0 rounded-lg" tabIndex={-1} aria-hidden>
          <div className="aspect-[2/3] w-14 overflow-hidden rounded-lg border border-border bg-muted shadow-sm">
            <CoverImage
              url={title.coverUrl}
              title={title.title}
              sizes="64px"
              className="size-full text-[9px]"
            />
          </div>
        </Link>
        <div className="min-w-0 flex-1">
          <h3 className="line-clamp-2 font-semibold leading-snug">
            <Link
              to={`/content/${title.contentId}`}
              className="hover:text-brand-600 dark:hover:text-brand-400"
            >
              {title.title}
            </Link>
          </h3>
          <p className="text-xs text-muted-foreground">
            {TYPE_LABELS[title.contentType] ?? title.contentType} · {episodes}{" "}
            {episodes === 1 ? "episode" : "episodes"} · {formatBytes(title.bytes)}
          </p>
        </div>
      </div>
      <ul className="mt-3 divide-y divide-[var(--border)] border-t border-border">
        {title.episodes.map((entry) => (
          <DownloadedEpisodeRow key={entry.key} entry={entry} />
        ))}
      </ul>
    </li>
  );
}

function DownloadedEpisodeRow({ entry }: { entry: DownloadEntry }) {
  const [isRemoving, setIsRemoving] = useState(false);
  const name = `${entry.title}, episode ${entry.number}`;
  const remove = async () => {
    setIsRemoving(true);
    try {
      await removeDownload(entry.contentId, entry.number);
      toast.success("Download removed", { description: name });
    } catch (error) {
      setIsRemoving(false);
      toast.error("Could not remove the download", {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  };
  return (
    <li className="flex items-center gap-2 py-2" data-testid="downloaded-episode">
      <Link
        to={readerPath(entry.contentType, entry.contentId, entry.number)}
        className="group flex min-w-0 flex-1 items-center gap-3 rounded-lg py-1 pr-2"
        aria-label={`Open ${name}: ${entry.episodeTitle}`}
      >
        <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground group-hover:bg-brand-600 group-hover:text-white">
          <Play className="size-3.5" aria-hidden />
        </span>
        <span className="min-w-0 flex-1">
          <span className="line-clamp-1 text-sm font-medium group-hover:text-brand-600 dark:group-hover:text-brand-400">
            <span className="tabular-nums">{entry.number}.</span> {entry.episodeTitle}
          </span>
          <span className="block text-xs text-muted-foreground">
            {formatBytes(entry.bytes)} ·{" "}
            <time dateTime={entry.downloadedAt} title={formatDateTime(entry.downloadedAt)}>
              {formatRelativeDate(entry.downloadedAt)}
            </time>
          </span>
        </span>
      </Link>
      <Button
        variant="ghost"
        size="icon"
        onClick={() => void remove()}
        isLoading={isRemoving}
        aria-label={`Remove the download of ${name}`}
        title="Remove download"
      >
        <Trash2 aria-hidden />
      </Button>
    </li>
  );
}

function DownloadsSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading your downloads">
      <Skeleton className="h-20 w-full rounded-2xl" />
      <div className="grid gap-3 lg:grid-cols-2">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    </div>
  );
}
