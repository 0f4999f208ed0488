// The small toolbar over selected text (highlight in a colour, add a note) or over a highlight
// the reader tapped (change its colour, edit its note, remove it).
import type { MarkColor } from "@litverse/shared/content";
import { Copy, StickyNote, Trash2 } from "lucide-react";
import { useLayoutEffect, useRef, useState } from "react";
import { cn } from "../../../components/ui/cn.ts";
import { MARK_SWATCHES } from "./mark-colors.ts";

const COLORS: MarkColor[] = ["yellow", "green", "blue", "pink"];

export interface ToolbarAnchor {
  /** The selection's box on screen. */
  rect: { top: number; bottom: number; left: number; right: number };
}

export function SelectionToolbar({
  anchor,
  activeColor,
  hasNote,
  isExisting,
  onColor,
  onNote,
  onCopy,
  onRemove,
}: {
  anchor: ToolbarAnchor;
  activeColor: MarkColor | null;
  hasNote: boolean;
  isExisting: boolean;
  onColor: (color: MarkColor) => void;
  onNote: () => void;
  onCopy: () => void;
  onRemove: () => void;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const width = element.offsetWidth;
    const height = element.offsetHeight;
    const { rect } = anchor;
    const above = rect.top - height - 10;
    // Below the selection when there is no room above it (under the top bar).
    const top = above < 64 ? Math.min(window.innerHeight - height - 8, rect.bottom + 10) : above;
    const centre = (rect.left + rect.right) / 2;
    const left = Math.min(Math.max(8, centre - width / 2), window.innerWidth - width - 8);
    setPosition({ top, left });
  }, [anchor]);

  const button =
    "inline-flex size-9 items-center justify-center rounded-full transition hover:bg-white/15 focus-visible:outline-2 focus-visible:outline-white";
  return (
    <div
      ref={ref}
      role="toolbar"
      aria-label={isExisting ? "Highlight" : "Selected text"}
      data-reader-keys="own"
      className={cn(
        "fixed z-40 flex items-center gap-0.5 rounded-full bg-stone-900 px-1.5 py-1 text-white shadow-xl ring-1 ring-black/10 dark:bg-stone-800",
        position ? "opacity-100" : "opacity-0",
      )}
      style={position ?? { top: 0, left: 0 }}
      // Keeps the text selected while a button is pressed.
      onPointerDown={(event) => event.preventDefault()}
      onKeyDown={(event) => {
        // Arrow keys move between the buttons, as in any toolbar.
        if (event.key !== "ArrowRight" && event.key !== "ArrowLeft") return;
        const buttons = [...(ref.current?.querySelectorAll("button") ?? [])];
        const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
        const next =
          buttons[(index + (event.key === "ArrowRight" ? 1 : -1) + buttons.length) % buttons.length];
        next?.focus();
        event.preventDefault();
      }}
    >
      {COLORS.map((color) => (
        <button
          key={color}
          type="button"
          className={button}
          aria-label={`Highlight ${color}`}
          aria-pressed={isExisting ? activeColor === color : undefined}
          onClick={() => onColor(color)}
        >
          <span
            aria-hidden
            className={cn(
              "size-5 rounded-full ring-2",
              MARK_SWATCHES[color],
              isExisting && activeColor === color ? "ring-white" : "ring-transparent",
            )}
          />
        </button>
      ))}
      <span aria-hidden className="mx-1 h-5 w-px bg-white/25" />
      <button
        type="button"
        className={button}
        aria-label={hasNote ? "Edit note" : "Add note"}
        onClick={onNote}
      >
        <StickyNote className="size-4" aria-hidden />
      </button>
      <button type="button" className={button} aria-label="Copy" onClick={onCopy}>
        <Copy className="size-4" aria-hidden />
      </button>
      {isExisting ? (
        <button type="button" className={button} aria-label="Remove highlight" onClick={onRemove}>
          <Trash2 className="size-4" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
