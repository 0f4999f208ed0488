// The player's main buttons: previous chapter, skip back, play or pause, skip forward, next chapter.
import { Pause, Play, RotateCcw, RotateCw, SkipBack, SkipForward } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Spinner } from "../../../components/ui/spinner.tsx";
import { getPlayer, usePlayer } from "./player.ts";

/** The circular arrow with the number of seconds in it, as audiobook players draw skip buttons. */
export function SkipGlyph({
  seconds,
  direction,
  className,
}: {
  seconds: number;
  direction: -1 | 1;
  className?: string;
}) {
  const Icon = direction === -1 ? RotateCcw : RotateCw;
  return (
    <span className={cn("relative inline-flex items-center justify-center", className)} aria-hidden>
      <Icon className="size-full" strokeWidth={1.75} />
      <span className="absolute inset-0 flex items-center justify-center pt-px text-[0.6rem] font-bold tabular-nums">
        {seconds}
      </span>
    </span>
  );
}

export function PlayPauseButton({ size = "lg", className }: { size?: "lg" | "sm"; className?: string }) {
  const isPlaying = usePlayer((state) => state.isPlaying);
  const isWaiting = usePlayer((state) => state.isWaiting);
  const isLoaded = usePlayer((state) => state.data !== null);
  const label = isPlaying ? "Pause" : "Play";
  const iconSize = size === "lg" ? "size-8" : "size-5";
  return (
    <button
      type="button"
      onClick={() => getPlayer().toggle()}
      disabled={!isLoaded}
      aria-label={label}
      title={label}
      data-testid="play-pause"
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-md transition",
        "hover:bg-brand-700 active:scale-95 disabled:opacity-50 dark:bg-brand-500 dark:hover:bg-brand-400",
        size === "lg" ? "size-18" : "size-10",
        className,
      )}
    >
      {isPlaying ? (
        <Pause className={cn(iconSize, "fill-current")} aria-hidden />
      ) : (
        <Play className={cn(iconSize, "translate-x-0.5 fill-current")} aria-hidden />
      )}
      {isPlaying && isWaiting ? (
        <Spinner className={cn("absolute text-white/70", size === "lg" ? "size-16" : "size-9")} />
      ) : null}
    </button>
  );
}

export function Transport({ className }: { className?: string }) {
  const skipBack = usePlayer((state) => state.prefs.skipBackSeconds);
  const skipForward = usePlayer((state) => state.prefs.skipForwardSeconds);
  const isLoaded = usePlayer((state) => state.data !== null);
  const isLastChapter = usePlayer(
    (state) => state.chapterIndex >= state.chapters.length - 1 && state.data?.nextNumber === null,
  );
  const player = getPlayer();
  const round = "size-12! [&_svg]:size-6!";
  return (
    <div className={cn("flex items-center justify-center gap-1 sm:gap-3", className)}>
      <Button
        variant="ghost"
        size="icon"
        className={round}
        aria-label="Previous chapter"
        title="Previous chapter"
        disabled={!isLoaded}
        onClick={() => player.previousChapter()}
      >
        <SkipBack aria-hidden />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-14! [&_svg]:size-9!"
        aria-label={`Skip back ${skipBack} seconds`}
        title={`Back ${skipBack} s`}
        disabled={!isLoaded}
        onClick={() => player.skipBack()}
      >
        <SkipGlyph seconds={skipBack} direction={-1} className="size-9" />
      </Button>
      <PlayPauseButton className="mx-1 sm:mx-2" />
      <Button
        variant="ghost"
        size="icon"
        className="size-14! [&_svg]:size-9!"
        aria-label={`Skip forward ${skipForward} seconds`}
        title={`Forward ${skipForward} s`}
        disabled={!isLoaded}
        onClick={() => player.skipForward()}
      >
        <SkipGlyph seconds={skipForward} direction={1} className="size-9" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className={round}
        aria-label="Next chapter"
        title="Next chapter"
        disabled={!isLoaded || isLastChapter}
        onClick={() => player.nextChapter()}
      >
        <SkipForward aria-hidden />
      </Button>
    </div>
  );
}
