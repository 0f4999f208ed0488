// The seek bar over the whole file, with a tick where each chapter begins, and the time played
// and left under it. Dragging shows where the thumb is; the player moves when it is let go.
import { useMemo, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { Slider } from "../../../components/ui/slider.tsx";
import { formatDuration } from "../../../lib/format.ts";
import { chapterIndexAt, chapterMarks } from "./chapters.ts";
import { getPlayer, usePlayer } from "./player.ts";
import { formatRemaining, timelineValueText } from "./player-format.ts";

export function Timeline({ className }: { className?: string }) {
  const positionMs = usePlayer((state) => state.positionMs);
  const durationMs = usePlayer((state) => state.durationMs);
  const chapters = usePlayer((state) => state.chapters);
  const isLoaded = usePlayer((state) => state.data !== null);
  const [dragMs, setDragMs] = useState<number | null>(null);
  const shownMs = dragMs ?? positionMs;
  const marks = useMemo(() => chapterMarks(chapters, durationMs), [chapters, durationMs]);
  const chapterIndex = chapterIndexAt(chapters, shownMs);

  return (
    <div className={className}>
      {/* The thumb stays above the chapter ticks. */}
      <div className="relative [&_[role=slider]]:z-10">
        <Slider
          label="Playback position"
          min={0}
          max={Math.max(1, Math.round(durationMs))}
          step={1000}
          value={[Math.round(Math.min(shownMs, durationMs))]}
          disabled={!isLoaded || durationMs <= 0}
          valueText={(value) =>
            timelineValueText(value, durationMs, chapters[chapterIndexAt(chapters, value)]?.title)
          }
          onValueChange={([value]) => setDragMs(value ?? null)}
          onValueCommit={([value]) => {
            if (value !== undefined) getPlayer().seek(value);
            setDragMs(null);
          }}
          className="h-8"
        />
        {marks.map((fraction) => (
          <span
            key={fraction}
            aria-hidden
            data-testid="chapter-mark"
            className="pointer-events-none absolute top-1/2 h-3 w-0.5 -translate-x-1/2 -translate-y-1/2 rounded-full bg-background ring-1 ring-stone-400/70 dark:ring-white/40"
            style={{ left: `${fraction * 100}%` }}
          />
        ))}
      </div>
      <div className="mt-0.5 flex items-baseline justify-between gap-3 text-xs text-muted-foreground tabular-nums">
        <span data-testid="elapsed">{formatDuration(shownMs)}</span>
        {chapters.length > 1 ? (
          <span className={cn("truncate", dragMs !== null && "font-medium text-foreground")}>
            Chapter {chapterIndex + 1} of {chapters.length}
          </span>
        ) : null}
        <span data-testid="remaining">
          <span className="sr-only">Remaining </span>
          {formatRemaining(shownMs, durationMs)}
        </span>
      </div>
    </div>
  );
}
