// The bar above every reader: back to the title's page, what is open, the episode list, the
// download button, then the reader's own controls.
import { ArrowLeft, WifiOff } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "../../components/ui/button.tsx";
import { cn } from "../../components/ui/cn.ts";
import { DownloadEpisodeButton } from "../offline/index.ts";
import { EpisodeSheet } from "./episode-sheet.tsx";
import type { ReaderReady } from "./use-reader-episode.ts";

export function ReaderTopBar({
  ready,
  actions,
  className,
  isPageHeading = false,
}: {
  ready: ReaderReady;
  actions?: ReactNode;
  className?: string;
  /** The title is the page's h1: for readers whose pages have no heading of their own. */
  isPageHeading?: boolean;
}) {
  const { content, episode } = ready.data;
  const Title = isPageHeading ? "h1" : "p";
  return (
    <header
      className={cn(
        "flex h-14 shrink-0 items-center gap-1 border-b border-border bg-(--background)/95 px-2 backdrop-blur sm:gap-2 sm:px-3",
        className,
      )}
    >
      <Button variant="ghost" size="icon" asChild>
        <Link to={`/content/${content._id}`} aria-label={`Back to ${content.title}`} title="Back">
          <ArrowLeft aria-hidden />
        </Link>
      </Button>
      <div className="min-w-0 flex-1">
        <Title className="truncate text-sm leading-tight font-semibold">{content.title}</Title>
        <p className="truncate text-xs leading-tight text-muted-foreground">
          <span className="tabular-nums">{episode.number}.</span> {episode.title}
        </p>
      </div>
      {ready.isOffline ? (
        <span
          className="inline-flex items-center gap-1 rounded-full bg-muted px-2 py-1 text-xs font-medium text-muted-foreground"
          title="Opened from your downloads"
        >
          <WifiOff className="size-3.5" aria-hidden />
          <span className="max-sm:sr-only">Offline</span>
        </span>
      ) : null}
      <div className="flex shrink-0 items-center">
        <EpisodeSheet ready={ready} />
        <DownloadEpisodeButton data={ready.data} />
        {actions}
      </div>
    </header>
  );
}
