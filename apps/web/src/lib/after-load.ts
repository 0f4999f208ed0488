// Code that no first paint needs (the toasts' library) waits until the page has loaded and
// the browser is idle, so that on a slow phone it competes with neither the page's own chunks for
// the connection nor its first render for the processor.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** The longest an idle moment is waited for once the page has loaded. */
const IDLE_TIMEOUT_MS = 2000;

let settled: Promise<void> | null = null;

/** Resolves once the page has loaded and then the browser was idle (or two seconds passed). */
function afterLoadAndIdle(): Promise<void> {
  settled ??= new Promise<void>((resolve) => {
    const whenIdle = () => {
      if ("requestIdleCallback" in window)
        window.requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === "complete") whenIdle();
    else window.addEventListener("load", whenIdle, { once: true });
  });
  return settled;
}

/**
 * A lazily loaded component whose code is fetched only after the page has loaded and the browser
 * was idle: for parts no first paint shows (a popover's panel, an install offer), whose code
 * would otherwise download and run while the page is still drawing its first screen.
 * Until then the surrounding `Suspense` shows its fallback.
 */
// biome-ignore lint/suspicious/noExplicitAny: the same bound as React's own `lazy`
export function lazyAfterLoad<Component extends ComponentType<any>>(
  load: () => Promise<Component>,
): LazyExoticComponent<Component> {
  return lazy(async () => {
    await afterLoadAndIdle();
    return { default: await load() };
  });
}
