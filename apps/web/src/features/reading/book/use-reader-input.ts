// Touch, mouse and keys. On the page, a swipe or a tap on either side turns it, a tap on a
// highlight opens its toolbar and a tap elsewhere closes it. The keys (keyboard.ts) work anywhere
// but in a text field or a dialog: Escape closes the highlight toolbar, the arrows scroll a
// scrolling chapter, and the rest are the reader's actions.
import { useEffect, useRef } from "react";
import { actionForKey, isTypingTarget, type ReaderAction } from "./keyboard.ts";
import { swipeDirection, tapZone } from "./pagination.ts";
import type { ReadingMode } from "./settings.ts";
import type { ChapterView } from "./use-chapter-view.ts";
import type { Highlights } from "./use-highlights.ts";

export function useReaderInput({
  mode,
  mirrored,
  chapter: { engineRef, viewportRef },
  highlights: { toolbar, setToolbar, pointerDown, openHighlightAt },
  turn,
  performAction,
}: {
  mode: ReadingMode;
  /** Pages progress leftwards: swipes, taps and arrows follow them. */
  mirrored: boolean;
  chapter: ChapterView;
  /** The highlight toolbar, which waits for a pointer to be up and which Escape and taps close. */
  highlights: Highlights;
  turn: (delta: 1 | -1) => void;
  performAction: (action: ReaderAction) => void;
}) {
  const gesture = useRef<{ x: number; y: number; id: number; type: string; at: number } | null>(null);
  const onPointerDown = (event: React.PointerEvent) => {
    if (event.button !== 0) return;
    pointerDown.current = true;
    gesture.current = {
      x: event.clientX,
      y: event.clientY,
      id: event.pointerId,
      type: event.pointerType,
      at: event.timeStamp,
    };
  };
  const onPointerUp = (event: React.PointerEvent) => {
    const start = gesture.current;
    gesture.current = null;
    if (!start || start.id !== event.pointerId) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    const target = event.target as Element;
    if (target.closest("a, button, input, textarea, select, label, [role='button'], .book-end-page")) return;
    const selection = window.getSelection();
    if (selection && !selection.isCollapsed) return;
    if (Math.hypot(dx, dy) > 10) {
      if (mode === "paginated" && start.type !== "mouse") {
        const direction = swipeDirection(dx, dy, mirrored);
        if (direction) turn(direction === "next" ? 1 : -1);
      }
      return;
    }
    if (event.timeStamp - start.at > 600) return;
    if (openHighlightAt(event.clientX, event.clientY)) return;
    setToolbar(null);
    if (mode !== "paginated") return;
    const box = event.currentTarget.getBoundingClientRect();
    const zone = tapZone(event.clientX - box.left, box.width, mirrored);
    if (zone !== "middle") turn(zone === "next" ? 1 : -1);
  };
  const onPointerCancel = () => {
    gesture.current = null;
    pointerDown.current = false;
  };

  const performActionRef = useRef(performAction);
  performActionRef.current = performAction;
  const toolbarRef = useRef(toolbar);
  toolbarRef.current = toolbar;

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      const target = event.target as HTMLElement;
      if (event.key === "Escape" && toolbarRef.current) {
        setToolbar(null);
        window.getSelection()?.removeAllRanges();
        return;
      }
      if (isTypingTarget(target) || document.querySelector('[role="dialog"][data-state="open"]')) return;
      // Space and Enter keep activating the focused button or link.
      if ((event.key === " " || event.key === "Enter") && target.closest("button, a, [role='button']"))
        return;
      const engine = engineRef.current;
      if (engine?.mode === "scrolling" && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
        if (viewportRef.current?.contains(target)) return;
        viewportRef.current?.scrollBy({ top: event.key === "ArrowDown" ? 48 : -48 });
        event.preventDefault();
        return;
      }
      const action = actionForKey(event, { mirrored });
      if (!action) return;
      event.preventDefault();
      performActionRef.current(action);
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [mirrored, engineRef, viewportRef, setToolbar]);

  // The page's pointer handlers.
  return { onPointerDown, onPointerUp, onPointerCancel };
}
