// Number keys 1 to 9 pick the scene's choices, as their numbers show, unless the reader is typing
// somewhere, holds a modifier, or a dialog is open.
import { useEffect, useRef } from "react";

/** The choice a key picks: "1" is the first; null for any other key. */
export function choiceIndexOfKey(key: string): number | null {
  return /^[1-9]$/.test(key) ? Number(key) - 1 : null;
}

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

export function useChoiceKeys(onKey: (index: number) => void, isEnabled: boolean) {
  // The latest handler without re-adding the listener at every render.
  const handler = useRef(onKey);
  handler.current = onKey;
  useEffect(() => {
    if (!isEnabled) return;
    const listener = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
      if (isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"], [role="alertdialog"]')) return;
      const index = choiceIndexOfKey(event.key);
      if (index === null) return;
      event.preventDefault();
      handler.current(index);
    };
    window.addEventListener("keydown", listener);
    return () => window.removeEventListener("keydown", listener);
  }, [isEnabled]);
}
