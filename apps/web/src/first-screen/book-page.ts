// Lays out a book chapter drawn on the server (decision 0031) as the reader will: the server draws
// the reader's frame and the chapter's text, but how the text falls into pages depends on the
// screen, and how it looks on this device's reader settings. This script, written by the server
// into the page right after the drawing (so it runs once the drawing and its styles are in, before
// the first paint), takes both from here and shows the page the reader opens at, with the reader's
// own chapter engine. Built apart from the app into one small classic script
// (build/inline-script.ts). Without it, or if it fails, the drawing shows the reader's frame alone.
import { FIRST_SCREEN_ELEMENT_ID } from "@litverse/shared/first-data";
import { ChapterEngine } from "../features/reading/book/chapter-engine.ts";
import { openingOffset } from "../features/reading/book/locator.ts";
import {
  FONT_STACKS,
  fontPixels,
  marginPixels,
  PUBLISHER_SCOPE_CLASS,
  parseSettings,
  type ReaderSettings,
  readerStyleVariables,
  resolveTheme,
  SETTINGS_STORAGE_KEY,
} from "../features/reading/book/settings.ts";

function storedSettings(): ReaderSettings {
  try {
    return parseSettings(localStorage.getItem(SETTINGS_STORAGE_KEY));
  } catch {
    return parseSettings(null);
  }
}

function layOutDrawnChapter(): void {
  const reader = document.querySelector<HTMLElement>(`#${FIRST_SCREEN_ELEMENT_ID} .book-reader`);
  const viewport = reader?.querySelector<HTMLElement>(".book-viewport[data-opening]");
  const strip = viewport?.querySelector<HTMLElement>(".book-strip");
  const content = strip?.querySelector<HTMLElement>(".book-content");
  const endPage = strip?.querySelector<HTMLElement>(".book-end-page");
  if (!reader || !viewport || !strip || !content || !endPage) return;

  const settings = storedSettings();
  // The app's theme is on the page already (the head script applied it).
  const theme = resolveTheme(settings.theme, document.documentElement.classList.contains("dark"));
  reader.dataset.theme = theme;
  reader.classList.toggle("dark", theme === "dark");
  viewport.dataset.mode = settings.mode;
  strip.dataset.mode = settings.mode;

  const width = Math.round(viewport.getBoundingClientRect().width);
  const fontPx = fontPixels(settings.fontSize, width);
  for (const [name, value] of Object.entries(readerStyleVariables(settings, fontPx))) {
    viewport.style.setProperty(name, value);
  }
  content.dataset.font = FONT_STACKS[settings.font] ? "forced" : "publisher";
  content.classList.toggle(PUBLISHER_SCOPE_CLASS, settings.publisherStyles);

  const engine = new ChapterEngine(
    { viewport, strip, content, endPage },
    { rtl: strip.dir === "rtl", vertical: viewport.dataset.vertical === "true" },
  );
  engine.anchor = openingOffset(engine.map, JSON.parse(viewport.dataset.opening ?? "null"));
  engine.relayout({
    mode: settings.mode,
    margin: marginPixels(settings.margin, width),
    fontPx,
    spreads: settings.spreads,
  });
  viewport.style.visibility = "visible";
}

try {
  layOutDrawnChapter();
} catch {
  // The frame alone stays until the app draws the page.
}
