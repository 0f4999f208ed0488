// Whether the page runs as the installed app (from the home screen or the app's own window) rather
// than in a browser tab: the install prompts hide, and analytics counts where people use Litverse.

/** What this needs of the navigator: Safari on iOS says `standalone` when opened from the home screen. */
export interface StandaloneNavigator {
  standalone?: boolean;
}

/** Already installed and opened as an app: from the home screen or the app's own window. */
export function isStandalone(
  nav: StandaloneNavigator,
  matchMedia: ((query: string) => { matches: boolean }) | undefined,
): boolean {
  if (nav.standalone === true) return true;
  return matchMedia?.("(display-mode: standalone)").matches ?? false;
}

/** The same, for this page. */
export function runsAsInstalledApp(): boolean {
  if (typeof window === "undefined") return false;
  return isStandalone(navigator as StandaloneNavigator, window.matchMedia?.bind(window));
}
