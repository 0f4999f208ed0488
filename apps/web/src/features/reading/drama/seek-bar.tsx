// The playback position: played, loaded ahead, and a thumb to drag; the arrow keys move it by
// five seconds.
import * as SliderPrimitive from "@radix-ui/react-slider";
import { formatDuration } from "../../../lib/format.ts";

const KEY_STEP_S = 5;

export function SeekBar({
  time,
  duration,
  buffered,
  onSeek,
  onScrub,
}: {
  time: number;
  duration: number;
  buffered: number;
  onSeek: (time: number) => void;
  /** Dragging starts (true) or ends (false). */
  onScrub: (isScrubbing: boolean) => void;
}) {
  const max = duration > 0 ? duration : 1;
  const value = Math.min(max, Math.max(0, time));
  return (
    <SliderPrimitive.Root
      min={0}
      max={max}
      step={0.05}
      value={[value]}
      disabled={duration <= 0}
      onValueChange={([next]) => {
        onScrub(true);
        if (next !== undefined) onSeek(next);
      }}
      onValueCommit={() => onScrub(false)}
      onKeyDown={(event) => {
        // Tenths of a second are right for dragging, too small for a key press.
        const step =
          event.key === "ArrowRight" || event.key === "ArrowUp"
            ? KEY_STEP_S
            : event.key === "ArrowLeft" || event.key === "ArrowDown"
              ? -KEY_STEP_S
              : 0;
        if (step === 0) return;
        event.preventDefault();
        onSeek(Math.min(max, Math.max(0, value + step)));
      }}
      className="group relative flex h-5 w-full cursor-pointer touch-none items-center select-none"
      data-testid="seek-bar"
    >
      <SliderPrimitive.Track className="relative h-1 grow overflow-hidden rounded-full bg-white/25 transition-[height] group-hover:h-1.5">
        <div
          className="absolute inset-y-0 left-0 bg-white/40"
          style={{ width: `${(Math.min(buffered, max) / max) * 100}%` }}
          data-testid="buffered"
        />
        <SliderPrimitive.Range className="absolute h-full bg-brand-500" />
      </SliderPrimitive.Track>
      <SliderPrimitive.Thumb
        aria-label="Playback position"
        aria-valuetext={`${formatDuration(value * 1000)} of ${formatDuration(duration * 1000)}`}
        className="block size-3.5 rounded-full bg-white shadow-md ring-brand-500/40 transition-transform group-hover:scale-110 focus-visible:ring-4 focus-visible:outline-none"
      />
    </SliderPrimitive.Root>
  );
}
