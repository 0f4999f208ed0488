// The reader's download button: Download, then a ring filling up while the episode downloads (a
// menu to cancel), then a check (a menu to remove the download). A toast says when it is done or
// why it failed, even if the person has moved on to another episode meanwhile.
import type { EpisodeContent } from "@litverse/shared/content";
import { AlertCircle, CircleCheck, Download, Trash2, X } from "lucide-react";
import { Button } from "../../components/ui/button.tsx";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu.tsx";
import { toast } from "../../lib/toast.ts";
import { DownloadFailure, isDownloadSupported, useEpisodeDownload } from "./downloads.ts";
import { formatBytes } from "./offline-files.ts";

export function DownloadEpisodeButton({ data }: { data: EpisodeContent }) {
  if (!isDownloadSupported()) return null;
  return <EpisodeDownloadControl data={data} />;
}

function EpisodeDownloadControl({ data }: { data: EpisodeContent }) {
  const { state, progress, entry, download, remove } = useEpisodeDownload(data);
  const name = `${data.content.title}, episode ${data.episode.number}`;

  const start = () => {
    download().then(
      () => toast.success("Downloaded", { description: `${name} is ready to open offline.` }),
      (error: unknown) => {
        if (error instanceof DownloadFailure && error.code === "aborted") return;
        toast.error("Download failed", {
          description: error instanceof Error ? error.message : "Try again.",
        });
      },
    );
  };
  const removeIt = (wasDownloading: boolean) => {
    remove().then(
      () => toast.success(wasDownloading ? "Download cancelled" : "Download removed", { description: name }),
      (error: unknown) =>
        toast.error(wasDownloading ? "Could not cancel the download" : "Could not remove the download", {
          description: error instanceof Error ? error.message : undefined,
        }),
    );
  };

  if (state === "none" || state === "failed") {
    const label =
      state === "failed" ? `Download failed. Download ${name} again` : `Download ${name} for offline use`;
    return (
      <Button
        variant="ghost"
        size="icon"
        onClick={start}
        aria-label={label}
        title={state === "failed" ? "Download failed: try again" : "Download"}
        data-download-state={state}
      >
        {state === "failed" ? <AlertCircle className="text-rose-600 dark:text-rose-400" aria-hidden /> : null}
        {state === "none" ? <Download aria-hidden /> : null}
      </Button>
    );
  }

  const percent = Math.round(progress * 100);
  const isDownloading = state === "downloading";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={isDownloading ? `Downloading ${name}, ${percent}%` : `${name} is downloaded. Options`}
          title={isDownloading ? `Downloading ${percent}%` : "Downloaded"}
          data-download-state={state}
        >
          {isDownloading ? (
            <ProgressRing fraction={progress} />
          ) : (
            <CircleCheck className="text-brand-600 dark:text-brand-400" aria-hidden />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <p className="px-3 pt-2 pb-1.5 text-xs text-muted-foreground">
          {isDownloading
            ? `Downloading… ${percent}%`
            : `Available offline${entry ? ` · ${formatBytes(entry.bytes)}` : ""}`}
        </p>
        <DropdownMenuItem variant="danger" onSelect={() => removeIt(isDownloading)}>
          {isDownloading ? <X aria-hidden /> : <Trash2 aria-hidden />}
          {isDownloading ? "Cancel download" : "Remove download"}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A ring that fills with the download, around a small arrow. */
function ProgressRing({ fraction }: { fraction: number }) {
  const radius = 9;
  const circumference = 2 * Math.PI * radius;
  return (
    <span className="relative inline-flex size-6 items-center justify-center" aria-hidden>
      <svg viewBox="0 0 24 24" className="absolute inset-0 !size-6 -rotate-90" aria-hidden>
        <circle
          cx="12"
          cy="12"
          r={radius}
          fill="none"
          strokeWidth="2.5"
          className="stroke-stone-300 dark:stroke-white/15"
        />
        <circle
          cx="12"
          cy="12"
          r={radius}
          fill="none"
          strokeWidth="2.5"
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - Math.min(1, Math.max(0.02, fraction)))}
          className="stroke-brand-600 transition-[stroke-dashoffset] duration-300 dark:stroke-brand-400"
        />
      </svg>
      <Download className="!size-3" />
    </span>
  );
}
