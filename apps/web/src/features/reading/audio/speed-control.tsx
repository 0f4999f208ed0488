// Playback speed: a fine slider from 0.5× to 3× and the usual presets; remembered on the device.
import { Gauge } from "lucide-react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { getPlayer, usePlayer } from "./player.ts";
import { formatRate } from "./player-format.ts";
import { MAX_RATE, MIN_RATE, RATE_STEP, SPEED_PRESETS } from "./player-preferences.ts";

export function SpeedControl() {
  const rate = usePlayer((state) => state.prefs.rate);
  const player = getPlayer();
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Playback speed: ${formatRate(rate)}`} title="Speed">
          <Gauge aria-hidden />
          <span className="tabular-nums">{formatRate(rate)}</span>
        </Button>
      </PopoverTrigger>
      <PopoverContent aria-label="Playback speed" className="w-80">
        <p className="text-center text-2xl font-bold tabular-nums" aria-hidden>
          {formatRate(rate)}
        </p>
        <div className="mt-3 flex items-center gap-3">
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>
            {formatRate(MIN_RATE)}
          </span>
          <Slider
            label="Playback speed"
            min={MIN_RATE}
            max={MAX_RATE}
            step={RATE_STEP}
            value={[rate]}
            valueText={(value) => formatRate(value)}
            onValueChange={([value]) => value !== undefined && player.setRate(value)}
          />
          <span className="text-xs text-muted-foreground tabular-nums" aria-hidden>
            {formatRate(MAX_RATE)}
          </span>
        </div>
        <fieldset className="mt-4 grid grid-cols-5 gap-1.5">
          <legend className="sr-only">Speed presets</legend>
          {SPEED_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              aria-pressed={preset === rate}
              onClick={() => player.setRate(preset)}
              className={cn(
                "h-9 rounded-lg text-sm font-medium tabular-nums transition",
                preset === rate
                  ? "bg-brand-600 text-white dark:bg-brand-500"
                  : "bg-muted text-foreground hover:bg-stone-200 dark:hover:bg-white/15",
              )}
            >
              {formatRate(preset)}
            </button>
          ))}
        </fieldset>
      </PopoverContent>
    </Popover>
  );
}
