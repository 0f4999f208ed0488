// The comic reader's display settings: reading mode, direction, fit, single or double pages,
// webtoon side padding and zoom. Each change applies at once and is remembered on this device.
import type { ReadingDirection } from "@litverse/shared/content";
import { Minus, Plus, Settings2 } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Popover, PopoverContent, PopoverTrigger } from "../../../components/ui/popover.tsx";
import { Slider } from "../../../components/ui/slider.tsx";
import { Switch } from "../../../components/ui/switch.tsx";
import type { Fit } from "./comic-layout.ts";
import { type ComicSettings, MAX_PADDING, type PageLayout, type ReadingMode } from "./comic-settings.ts";
import { MAX_ZOOM, MIN_ZOOM } from "./zoom.ts";

function Choice<T extends string>({
  legend,
  value,
  options,
  onChange,
}: {
  legend: string;
  value: T;
  options: Array<{ value: T; label: string }>;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        {legend}
      </legend>
      <div
        className={cn(
          "gap-1 rounded-xl bg-stone-100 p-1 dark:bg-white/5",
          options.length > 3 ? "grid grid-cols-2" : "flex",
        )}
      >
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-pressed={value === option.value}
            onClick={() => onChange(option.value)}
            className={cn(
              "h-8 min-w-0 flex-1 truncate rounded-lg px-2 text-sm font-medium transition",
              value === option.value
                ? "bg-card text-foreground shadow-sm dark:bg-white/10"
                : "text-muted-foreground hover:text-foreground",
            )}
          >
            {option.label}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function ComicSettingsPanel({
  mode,
  direction,
  titleDirection,
  settings,
  padding,
  zoom,
  onMode,
  onDirection,
  onChange,
  onZoom,
}: {
  mode: ReadingMode;
  direction: ReadingDirection;
  /** The title's own direction, which "reset" returns to. */
  titleDirection: ReadingDirection;
  settings: ComicSettings;
  /** The padding in use (chosen, or the screen's default). */
  padding: number;
  zoom: number;
  onMode: (mode: ReadingMode) => void;
  onDirection: (direction: ReadingDirection) => void;
  onChange: (patch: Partial<ComicSettings>) => void;
  onZoom: (zoom: number) => void;
}) {
  const directionLabel = (value: ReadingDirection) => (value === "ltr" ? "Left to right" : "Right to left");
  let body: ReactNode;
  if (mode === "paged") {
    body = (
      <>
        <Choice<ReadingDirection>
          legend="Direction"
          value={direction}
          options={[
            { value: "ltr", label: directionLabel("ltr") },
            { value: "rtl", label: directionLabel("rtl") },
          ]}
          onChange={onDirection}
        />
        <p className="-mt-2 text-xs text-muted-foreground">
          This title reads {directionLabel(titleDirection).toLowerCase()}.
        </p>
        <Choice<Fit>
          legend="Fit"
          value={settings.fit}
          options={[
            { value: "screen", label: "Screen" },
            { value: "width", label: "Width" },
            { value: "height", label: "Height" },
            { value: "original", label: "Original" },
          ]}
          onChange={(fit) => onChange({ fit })}
        />
        <Choice<PageLayout>
          legend="Pages"
          value={settings.layout}
          options={[
            { value: "single", label: "Single" },
            { value: "double", label: "Double" },
            { value: "auto", label: "Auto" },
          ]}
          onChange={(layout) => onChange({ layout })}
        />
        <Switch
          label="First page alone"
          description="Shows the cover by itself in double pages."
          checked={settings.firstPageAlone}
          onCheckedChange={(firstPageAlone) => onChange({ firstPageAlone })}
          disabled={settings.layout === "single"}
        />
      </>
    );
  } else {
    body = (
      <div>
        <div className="mb-1.5 flex items-baseline justify-between text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <span>Side padding</span>
          <span className="tabular-nums">{padding}%</span>
        </div>
        <Slider
          label="Side padding"
          min={0}
          max={MAX_PADDING}
          step={1}
          value={[padding]}
          valueText={(value) => `${value}% on each side`}
          onValueChange={([value]) => onChange({ padding: value ?? 0 })}
        />
      </div>
    );
  }
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="ghost" size="icon" aria-label="Display settings" title="Display settings">
          <Settings2 aria-hidden />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 space-y-4" aria-label="Display settings">
        <Choice<ReadingMode>
          legend="Reading mode"
          value={mode}
          options={[
            { value: "paged", label: "Paged" },
            { value: "webtoon", label: "Webtoon" },
          ]}
          onChange={onMode}
        />
        {body}
        <div>
          <p className="mb-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">Zoom</p>
          <div className="flex items-center gap-2">
            <Button
              variant="secondary"
              size="icon"
              className="size-8"
              aria-label="Zoom out"
              disabled={zoom <= MIN_ZOOM}
              onClick={() => onZoom(zoom / 1.25)}
            >
              <Minus aria-hidden />
            </Button>
            <output className="w-14 text-center text-sm font-medium tabular-nums" aria-live="polite">
              {Math.round(zoom * 100)}%
            </output>
            <Button
              variant="secondary"
              size="icon"
              className="size-8"
              aria-label="Zoom in"
              disabled={zoom >= MAX_ZOOM}
              onClick={() => onZoom(zoom * 1.25)}
            >
              <Plus aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              className="ml-auto"
              disabled={zoom === 1}
              onClick={() => onZoom(1)}
            >
              Reset
            </Button>
          </div>
        </div>
      </PopoverContent>
    </Popover>
  );
}
