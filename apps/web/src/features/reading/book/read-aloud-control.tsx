// Read-aloud controls: a button in the bottom bar to start, then a small bar with pause or play,
// stop and speed while reading. Hidden where the browser cannot speak.
import { Headphones, Pause, Play, Square } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { NativeSelect } from "../../../components/ui/native-select.tsx";
import { SPEECH_RATES } from "./speech-text.ts";
import type { useReadAloud } from "./use-read-aloud.ts";

type ReadAloud = ReturnType<typeof useReadAloud>;

export function ReadAloudButton({ onStart }: { onStart: () => void }) {
  return (
    <Button variant="ghost" size="icon" aria-label="Read aloud" title="Read aloud (R)" onClick={onStart}>
      <Headphones aria-hidden />
    </Button>
  );
}

export function ReadAloudBar({ readAloud }: { readAloud: ReadAloud }) {
  if (!readAloud.isSupported || readAloud.state === "idle") return null;
  const isPlaying = readAloud.state === "playing";
  return (
    <section
      aria-label="Read aloud"
      className="flex items-center gap-2 border-b border-border px-3 py-1.5"
      data-testid="read-aloud-bar"
    >
      <Button
        variant="secondary"
        size="icon"
        className="size-9"
        aria-label={isPlaying ? "Pause reading aloud" : "Resume reading aloud"}
        onClick={isPlaying ? readAloud.pause : readAloud.play}
      >
        {isPlaying ? <Pause aria-hidden /> : <Play aria-hidden />}
      </Button>
      <Button
        variant="ghost"
        size="icon"
        className="size-9"
        aria-label="Stop reading aloud"
        onClick={readAloud.stop}
      >
        <Square aria-hidden />
      </Button>
      <p className="min-w-0 flex-1 truncate text-xs text-muted-foreground">
        {isPlaying ? "Reading aloud…" : "Paused"}
      </p>
      <NativeSelect
        size="sm"
        className="w-24"
        aria-label="Reading speed"
        value={String(readAloud.rate)}
        onValueChange={(value) => readAloud.setRate(Number(value))}
        items={SPEECH_RATES.map((rate) => ({ value: String(rate), label: `${rate}×` }))}
      />
    </section>
  );
}
