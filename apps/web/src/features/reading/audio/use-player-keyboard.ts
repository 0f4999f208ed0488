// The player's keyboard shortcuts on the listen page (listed in player-keys.ts).
import { useEffect, useRef } from "react";
import { getPlayer } from "./player.ts";
import { formatRate } from "./player-format.ts";
import { type FocusKind, type KeyAction, keyAction } from "./player-keys.ts";
import { stepRate } from "./player-preferences.ts";

function focusKind(target: EventTarget | null): FocusKind {
  if (!(target instanceof HTMLElement)) return "other";
  if (target.isContentEditable || target.closest("input, textarea, select")) return "text";
  if (target.closest('[role="slider"]')) return "slider";
  if (target.closest('button, a, [role="button"], [role="tab"], [role="menuitem"], summary')) return "button";
  return "other";
}

/**
 * `announce` tells screen readers what a key did where the screen only shows it in passing;
 * `onBookmark` and `onHelp` are the page's.
 */
export function usePlayerKeyboard(handlers: {
  announce: (text: string) => void;
  onBookmark: () => void;
  onHelp: () => void;
}) {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const player = getPlayer();
    const run: Record<KeyAction, () => void> = {
      toggle: () => player.toggle(),
      back: () => player.skipBack(),
      forward: () => player.skipForward(),
      previousChapter: () => player.previousChapter(),
      nextChapter: () => player.nextChapter(),
      slower: () => {
        player.setRate(stepRate(player.getState().prefs.rate, -1));
        latest.current.announce(`Speed ${formatRate(player.getState().prefs.rate)}`);
      },
      faster: () => {
        player.setRate(stepRate(player.getState().prefs.rate, 1));
        latest.current.announce(`Speed ${formatRate(player.getState().prefs.rate)}`);
      },
      mute: () => {
        player.toggleMute();
        latest.current.announce(player.audio.muted ? "Muted" : "Sound on");
      },
      bookmark: () => latest.current.onBookmark(),
      help: () => latest.current.onHelp(),
    };
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.isComposing) return;
      // Dialogs and menus keep their own keys.
      if (event.target instanceof Element && event.target.closest('[role="dialog"], [role="menu"]')) return;
      const action = keyAction(event, focusKind(event.target));
      if (!action || !player.getState().data) return;
      event.preventDefault();
      run[action]();
    }
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);
}
