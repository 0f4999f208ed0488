// The server may send a page with its first screen already drawn (decision 0031): inert, ahead of
// the app's root, which lays its page out unseen beneath it meanwhile (styles.css). The app takes
// its place in the same frame as it first draws something other than a loading state — the page,
// or the gate's decision (landing, coming soon), or an error — so nothing flickers in between.
import { FIRST_SCREEN_ELEMENT_ID } from "@litverse/shared/first-data";
import { useLayoutEffect, useSyncExternalStore } from "react";

/** Removes the server's first screen, if the page still shows one. */
export function handOffFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
}

/** For the components that draw a page's first real content: the screen goes as they appear. */
export function useFirstScreenHandoff(): void {
  useLayoutEffect(handOffFirstScreen, []);
}

const unchanging = () => () => {};

/**
 * True while the server draws a first screen (first-screen/render.tsx), false in the browser: what
 * only the app should start (a video's download) waits for it.
 */
export function useIsDrawnOnServer(): boolean {
  return useSyncExternalStore(
    unchanging,
    () => false,
    () => true,
  );
}
