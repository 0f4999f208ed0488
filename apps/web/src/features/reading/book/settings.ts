// The reader's typography and layout choices: what they may be, how they are read back from
// storage (anything stored by an older or newer app, or edited by hand, comes back valid), and the
// CSS they turn into.

export const FONT_FAMILIES = ["publisher", "serif", "sans", "legible"] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const READER_THEMES = ["auto", "light", "sepia", "dark"] as const;
export type ReaderTheme = (typeof READER_THEMES)[number];

export const READING_MODES = ["paginated", "scrolling"] as const;
export type ReadingMode = (typeof READING_MODES)[number];

export const MARGINS = ["narrow", "normal", "wide"] as const;
export type Margin = (typeof MARGINS)[number];

export interface ReaderSettings {
  font: FontFamily;
  /** Percent of the base size (18 px). */
  fontSize: number;
  lineHeight: number;
  margin: Margin;
  theme: ReaderTheme;
  mode: ReadingMode;
  /** Two pages side by side when the window is wide enough (paginated horizontal text only). */
  spreads: boolean;
  /** The book's own stylesheet and fonts apply (the reader's choices above still win where made). */
  publisherStyles: boolean;
}

export const FONT_SIZE = { min: 70, max: 200, step: 10 } as const;
export const LINE_HEIGHT = { min: 1.2, max: 2.2, step: 0.1 } as const;

export const DEFAULT_SETTINGS: ReaderSettings = {
  font: "publisher",
  fontSize: 100,
  lineHeight: 1.6,
  margin: "normal",
  theme: "auto",
  mode: "paginated",
  spreads: true,
  publisherStyles: true,
};

/** The class the book's own stylesheet is confined to: on the chapter while its style applies. */
export const PUBLISHER_SCOPE_CLASS = "lv-publisher";

export const SETTINGS_STORAGE_KEY = "litverse.book-reader.settings";

export const FONT_LABELS: Record<FontFamily, string> = {
  publisher: "Publisher default",
  serif: "Serif",
  sans: "Sans-serif",
  legible: "Easy reading",
};

/** null keeps the book's own choice (which, without a publisher style sheet, is the browser's serif). */
export const FONT_STACKS: Record<FontFamily, string | null> = {
  publisher: null,
  serif: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Noto Serif", serif',
  sans: '"Inter", ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  // Fonts drawn to tell similar letters apart, as installed; Verdana's wide, open shapes otherwise.
  legible:
    '"Atkinson Hyperlegible", "Atkinson Hyperlegible Next", "OpenDyslexic", "Lexend", Verdana, Tahoma, sans-serif',
};

export const THEME_LABELS: Record<ReaderTheme, string> = {
  auto: "Auto",
  light: "Light",
  sepia: "Sepia",
  dark: "Dark",
};

export const MARGIN_LABELS: Record<Margin, string> = { narrow: "Narrow", normal: "Normal", wide: "Wide" };

/** The page margin in CSS pixels for a viewport width: a phone keeps most of its width for text. */
/** The chapter's text size in pixels, for a reading area `width` wide. */
export function fontPixels(fontSize: number, width: number): number {
  return ((width < 640 ? 17 : 18) * fontSize) / 100;
}

/** The reading area's CSS variables for the settings (book-reader.css reads them). */
export function readerStyleVariables(settings: ReaderSettings, fontPx: number): Record<string, string> {
  const fontStack = FONT_STACKS[settings.font];
  return {
    "--book-font-size": `${fontPx}px`,
    "--book-line-height": String(settings.lineHeight),
    ...(fontStack ? { "--book-font": fontStack } : {}),
  };
}

export function marginPixels(margin: Margin, viewportWidth: number): number {
  const phone = viewportWidth < 640;
  switch (margin) {
    case "narrow":
      return phone ? 12 : 24;
    case "wide":
      return phone ? 32 : 72;
    default:
      return phone ? 20 : 48;
  }
}

function pick<T extends string>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

function clampStep(
  value: unknown,
  range: { min: number; max: number; step: number },
  fallback: number,
): number {
  if (typeof value !== "number" || !Number.isFinite(value)) return fallback;
  const clamped = Math.min(range.max, Math.max(range.min, value));
  const steps = Math.round((clamped - range.min) / range.step);
  // Rounded to a tenth of a step so that 1.2 + 4 × 0.1 reads 1.6, not 1.6000000000000003.
  return Math.round((range.min + steps * range.step) * 1000) / 1000;
}

/** Settings from whatever was stored: a JSON string, an object, or nothing. */
export function parseSettings(stored: unknown): ReaderSettings {
  let value: unknown = stored;
  if (typeof stored === "string") {
    try {
      value = JSON.parse(stored);
    } catch {
      return { ...DEFAULT_SETTINGS };
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { ...DEFAULT_SETTINGS };
  const raw = value as Record<string, unknown>;
  return {
    font: pick(FONT_FAMILIES, raw.font, DEFAULT_SETTINGS.font),
    fontSize: clampStep(raw.fontSize, FONT_SIZE, DEFAULT_SETTINGS.fontSize),
    lineHeight: clampStep(raw.lineHeight, LINE_HEIGHT, DEFAULT_SETTINGS.lineHeight),
    margin: pick(MARGINS, raw.margin, DEFAULT_SETTINGS.margin),
    theme: pick(READER_THEMES, raw.theme, DEFAULT_SETTINGS.theme),
    mode: pick(READING_MODES, raw.mode, DEFAULT_SETTINGS.mode),
    spreads: typeof raw.spreads === "boolean" ? raw.spreads : DEFAULT_SETTINGS.spreads,
    publisherStyles:
      typeof raw.publisherStyles === "boolean" ? raw.publisherStyles : DEFAULT_SETTINGS.publisherStyles,
  };
}

/** One font size step up or down, within range. */
export function stepFontSize(current: number, direction: 1 | -1): number {
  return clampStep(current + direction * FONT_SIZE.step, FONT_SIZE, current);
}

/** The theme the page is drawn in: "auto" follows the app. */
export function resolveTheme(theme: ReaderTheme, appIsDark: boolean): Exclude<ReaderTheme, "auto"> {
  if (theme === "auto") return appIsDark ? "dark" : "light";
  return theme;
}

/** Whether a change moves text (and so needs the page layout measured again). */
export function changesLayout(before: ReaderSettings, after: ReaderSettings): boolean {
  return (
    before.font !== after.font ||
    before.fontSize !== after.fontSize ||
    before.lineHeight !== after.lineHeight ||
    before.margin !== after.margin ||
    before.mode !== after.mode ||
    before.spreads !== after.spreads ||
    before.publisherStyles !== after.publisherStyles
  );
}
