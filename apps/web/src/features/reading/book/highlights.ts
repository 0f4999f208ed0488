// Drawing highlights, the search match and the sentence being read aloud over the chapter's text.
// Where the browser has the CSS Custom Highlight API the text is left alone and ranges are
// registered by name (styled by ::highlight() in book-reader.css); elsewhere the text is wrapped in
// <mark> elements, and the chapter map walked again.
import type { ChapterEngine } from "./chapter-engine.ts";

export const PAINT_LAYERS = ["yellow", "green", "blue", "pink", "note", "search", "speaking"] as const;
export type PaintLayer = (typeof PAINT_LAYERS)[number];

export interface Paint {
  layer: PaintLayer;
  start: number;
  end: number;
}

const PRIORITY: Record<PaintLayer, number> = {
  yellow: 1,
  green: 1,
  blue: 1,
  pink: 1,
  note: 2,
  search: 3,
  speaking: 4,
};

interface HighlightRegistry {
  set(name: string, highlight: unknown): void;
  delete(name: string): void;
}
type HighlightConstructor = new (...ranges: Range[]) => { priority: number };

function highlightApi(): { registry: HighlightRegistry; Highlight: HighlightConstructor } | null {
  const registry = (globalThis.CSS as unknown as { highlights?: HighlightRegistry } | undefined)?.highlights;
  const Highlight = (globalThis as unknown as { Highlight?: HighlightConstructor }).Highlight;
  return registry && Highlight ? { registry, Highlight } : null;
}

/** Keeps each layer's ranges drawn; `paint` replaces a layer's ranges with new ones. */
export class HighlightPainter {
  private readonly layers = new Map<PaintLayer, Paint[]>();
  private readonly api = highlightApi();

  private readonly engine: ChapterEngine;
  private readonly content: HTMLElement;

  constructor(engine: ChapterEngine, content: HTMLElement) {
    this.engine = engine;
    this.content = content;
  }

  set(layers: PaintLayer[], paints: Paint[]): void {
    for (const layer of layers) this.layers.set(layer, []);
    for (const paint of paints) this.layers.get(paint.layer)?.push(paint);
    this.draw();
  }

  private draw(): void {
    if (this.api) {
      const { registry, Highlight } = this.api;
      for (const layer of PAINT_LAYERS) {
        const ranges = (this.layers.get(layer) ?? [])
          .filter((paint) => paint.end > paint.start)
          .map((paint) => this.engine.rangeOf(paint.start, paint.end))
          .filter((range): range is Range => range !== null);
        if (ranges.length === 0) {
          registry.delete(`book-${layer}`);
          continue;
        }
        const highlight = new Highlight(...ranges);
        highlight.priority = PRIORITY[layer];
        registry.set(`book-${layer}`, highlight);
      }
      return;
    }
    this.unwrap();
    const all = PAINT_LAYERS.flatMap((layer) => this.layers.get(layer) ?? []);
    for (const paint of all) this.wrap(paint);
    this.engine.remap();
  }

  /** Removes every drawn highlight (leaving the chapter). */
  dispose(): void {
    if (this.api) {
      for (const layer of PAINT_LAYERS) this.api.registry.delete(`book-${layer}`);
    }
  }

  private unwrap(): void {
    const marks = this.content.querySelectorAll("mark[data-book-paint]");
    if (marks.length === 0) return;
    for (const mark of marks) mark.replaceWith(...mark.childNodes);
    this.content.normalize();
    this.engine.remap();
  }

  private wrap(paint: Paint): void {
    const { map } = this.engine;
    const doc = this.content.ownerDocument;
    for (let index = 0; index < map.texts.length; index++) {
      const node = map.texts[index] as Text;
      const start = map.textStarts[index] ?? 0;
      const end = start + node.data.length;
      if (end <= paint.start || start >= paint.end || !node.data.trim()) continue;
      let target = node;
      const from = Math.max(0, paint.start - start);
      const to = Math.min(node.data.length, paint.end - start);
      if (from > 0) target = target.splitText(from);
      if (to - from < target.data.length) target.splitText(to - from);
      const mark = doc.createElement("mark");
      mark.dataset.bookPaint = paint.layer;
      target.replaceWith(mark);
      mark.append(target);
    }
  }
}
