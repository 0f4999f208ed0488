// The read-along bar: play or pause the book's recorded narration, and its speed. It only shows
// what it is given and says what was asked; the reader owns the ReadAlong controller.
import { AudioLines, Pause } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import type { ReadAlongState } from "./read-along.ts";

/** Speeds offered; recorded voices stay clear up to about twice their pace. */
export const READ_ALONG_RATES = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export interface ReadAlongControlsProps {
  state: ReadAlongState;
  rate: number;
  onPlay: () => void;
  onPause: () => void;
  onRateChange: (rate: number) => void;
}

export function ReadAlongControls({ state, rate, onPlay, onPause, onRateChange }: ReadAlongControlsProps) {
  const isPlaying = state === "playing";
  return (
    <section
      aria-label="Read-along"
      className="flex items-center gap-2 border-b border-border px-3 py-1.5"
      data-testid="read-along-bar"
    >
      <Button
        variant={isPlaying ? "secondary" : "primary"}
        size="icon"
        className="size-9"
        aria-label={isPlaying ? "Pause read-along" : "Read along"}
        onClick={isPlaying ? onPause : onPlay}
      >
        {isPlaying ? <Pause aria-hidden /> : <AudioLines aria-hidden />}
      </Button>
      <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
        {isPlaying ? "Reading along…" : "Recorded narration"}
      </p>
      <div className="w-24 shrink-0">
        <NativeSelect
          size="sm"
          aria-label="Read-along speed"
          value={String(closestRate(rate))}
          onValueChange={(value) => onRateChange(Number(value))}
          items={READ_ALONG_RATES.map((speed) => ({ value: String(speed), label: `${speed}×` }))}
        />
      </div>
    </section>
  );
}

/** The offered speed nearest the current one, so the list always shows a choice. */
function closestRate(rate: number): number {
  return READ_ALONG_RATES.reduce((best, speed) =>
    Math.abs(speed - rate) < Math.abs(best - rate) ? speed : best,
  );
}
