// The one way the app raises a toast. sonner is a single module holding both the toasts' panel and
// the function that raises one, so a page importing `toast` from it statically carried the whole
// library (about 10 KB gzipped) in its first load, although the panel itself waits until the page
// has loaded (app.tsx). Here the library comes with the first toast or with the panel, whichever
// comes first; a toast raised before the panel is up still shows, since sonner replays the active
// ones to it.
import type { ExternalToast } from "sonner";

let sonner: Promise<typeof import("sonner")> | undefined;

function show(raise: (library: typeof import("sonner")) => void): void {
  sonner ??= import("sonner");
  sonner.then(raise, () => {
    // Offline, the chunk may fail to load: that toast is lost, the next one tries again.
    sonner = undefined;
  });
}

/** Raises a toast: `toast(message)`, `toast.success`, `toast.error`, `toast.info`. */
export const toast = Object.assign(
  (message: string, options?: ExternalToast) => show((library) => library.toast(message, options)),
  {
    success: (message: string, options?: ExternalToast) =>
      show((library) => library.toast.success(message, options)),
    error: (message: string, options?: ExternalToast) =>
      show((library) => library.toast.error(message, options)),
    info: (message: string, options?: ExternalToast) =>
      show((library) => library.toast.info(message, options)),
  },
);
