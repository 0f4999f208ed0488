// "Reading settings": theme, font, text size, line spacing, margins and layout. Every change
// applies at once and the reader stays on the same sentence.
import { AArrowDown, AArrowUp, RotateCcw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "../../../components/ui/button.tsx";
import { cn } from "../../../components/ui/cn.ts";
import { Slider } from "../../../components/ui/slider.tsx";
import {
  DEFAULT_SETTINGS,
  FONT_FAMILIES,
  FONT_LABELS,
  FONT_SIZE,
  FONT_STACKS,
  LINE_HEIGHT,
  MARGIN_LABELS,
  MARGINS,
  READER_THEMES,
  type ReaderSettings,
  stepFontSize,
  THEME_LABELS,
} from "./settings.ts";

const THEME_SWATCHES: Record<(typeof READER_THEMES)[number], string> = {
  auto: "bg-gradient-to-br from-[#fffdf8] from-50% to-[#121118] to-50% text-stone-900",
  light: "bg-[#fffdf8] text-[#1f1b16]",
  sepia: "bg-[#f6ecd9] text-[#4a3b2a]",
  dark: "bg-[#121118] text-[#ddd8d0]",
};

export function SettingsPanel({
  settings,
  onChange,
  isVertical,
}: {
  settings: ReaderSettings;
  onChange: (patch: Partial<ReaderSettings>) => void;
  isVertical: boolean;
}) {
  return (
    <div className="space-y-4 text-sm">
      <Choice legend="Theme" name="book-theme">
        {READER_THEMES.map((theme) => (
          <Option
            key={theme}
            name="book-theme"
            checked={settings.theme === theme}
            onSelect={() => onChange({ theme })}
            className={cn("h-11 flex-1 justify-center text-xs font-semibold", THEME_SWATCHES[theme])}
          >
            {THEME_LABELS[theme]}
          </Option>
        ))}
      </Choice>

      <Choice legend="Font" name="book-font" className="grid grid-cols-2 gap-1.5">
        {FONT_FAMILIES.map((font) => (
          <Option
            key={font}
            name="book-font"
            checked={settings.font === font}
            onSelect={() => onChange({ font })}
            className="h-10 justify-center bg-card"
          >
            <span style={{ fontFamily: FONT_STACKS[font] ?? "serif" }}>{FONT_LABELS[font]}</span>
          </Option>
        ))}
      </Choice>

      <div>
        <div className="mb-1 flex items-baseline justify-between">
          <span className="font-medium" id="book-size-label">
            Text size
          </span>
          <span className="text-muted-foreground tabular-nums">{settings.fontSize}%</span>
        </div>
        <div className="flex items-center gap-2">
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Smaller text"
            disabled={settings.fontSize <= FONT_SIZE.min}
            onClick={() => onChange({ fontSize: stepFontSize(settings.fontSize, -1) })}
          >
            <AArrowDown aria-hidden />
          </Button>
          <Slider
            label="Text size"
            min={FONT_SIZE.min}
            max={FONT_SIZE.max}
            step={FONT_SIZE.step}
            value={[settings.fontSize]}
            valueText={(value) => `${value}%`}
            onValueChange={([value]) => value !== undefined && onChange({ fontSize: value })}
          />
          <Button
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label="Larger text"
            disabled={settings.fontSize >= FONT_SIZE.max}
            onClick={() => onChange({ fontSize: stepFontSize(settings.fontSize, 1) })}
          >
            <AArrowUp aria-hidden />
          </Button>
        </div>
      </div>

      <div>
        <div className="mb-1 flex items-baseline justify-between">
          <span className="font-medium">Line spacing</span>
          <span className="text-muted-foreground tabular-nums">{settings.lineHeight.toFixed(1)}</span>
        </div>
        <Slider
          label="Line spacing"
          min={LINE_HEIGHT.min}
          max={LINE_HEIGHT.max}
          step={LINE_HEIGHT.step}
          value={[settings.lineHeight]}
          valueText={(value) => value.toFixed(1)}
          onValueChange={([value]) => value !== undefined && onChange({ lineHeight: value })}
        />
      </div>

      <Choice legend="Margins" name="book-margin">
        {MARGINS.map((margin) => (
          <Option
            key={margin}
            name="book-margin"
            checked={settings.margin === margin}
            onSelect={() => onChange({ margin })}
            className="h-9 flex-1 justify-center bg-card"
          >
            {MARGIN_LABELS[margin]}
          </Option>
        ))}
      </Choice>

      <Choice legend="Layout" name="book-mode">
        <Option
          name="book-mode"
          checked={settings.mode === "paginated"}
          onSelect={() => onChange({ mode: "paginated" })}
          className="h-9 flex-1 justify-center bg-card"
        >
          Pages
        </Option>
        <Option
          name="book-mode"
          checked={settings.mode === "scrolling"}
          onSelect={() => onChange({ mode: "scrolling" })}
          className="h-9 flex-1 justify-center bg-card"
        >
          Scrolling
        </Option>
      </Choice>

      {settings.mode === "paginated" && !isVertical ? (
        <label className="flex items-center justify-between gap-3">
          <span>Two pages side by side on wide screens</span>
          <input
            type="checkbox"
            className="size-4 accent-brand-600"
            checked={settings.spreads}
            onChange={(event) => onChange({ spreads: event.target.checked })}
          />
        </label>
      ) : null}

      <label className="flex items-center justify-between gap-3">
        <span>
          Publisher's style
          <span className="block text-muted-foreground text-xs">The book's own fonts and layout</span>
        </span>
        <input
          type="checkbox"
          className="size-4 accent-brand-600"
          checked={settings.publisherStyles}
          onChange={(event) => onChange({ publisherStyles: event.target.checked })}
        />
      </label>

      <Button variant="ghost" size="sm" className="w-full" onClick={() => onChange({ ...DEFAULT_SETTINGS })}>
        <RotateCcw aria-hidden />
        Reset to defaults
      </Button>
    </div>
  );
}

function Choice({
  legend,
  name,
  className,
  children,
}: {
  legend: string;
  name: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset>
      <legend className="mb-1.5 font-medium" id={`${name}-legend`}>
        {legend}
      </legend>
      <div className={cn("flex gap-1.5", className)}>{children}</div>
    </fieldset>
  );
}

/** A radio button drawn as a tile: the native input keeps arrow keys and screen readers right. */
function Option({
  name,
  checked,
  onSelect,
  className,
  children,
}: {
  name: string;
  checked: boolean;
  onSelect: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        "relative flex cursor-pointer items-center rounded-lg border border-border px-2 transition select-none",
        "has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-500",
        checked
          ? "border-brand-600 ring-1 ring-brand-600 dark:border-brand-400 dark:ring-brand-400"
          : "hover:border-brand-400",
        className,
      )}
    >
      <input type="radio" name={name} checked={checked} onChange={onSelect} className="sr-only" />
      {children}
    </label>
  );
}
