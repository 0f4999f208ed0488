// When the install card and the mobile install banner appear: pure decisions, tested in
// install-rules.test.ts. The components feed them what the page knows.
import { INSTALL_BANNER_DELAY_MS, INSTALL_PROMPT_DELAY_MS } from "@litverse/shared/constants";
import type { InstallPlatform } from "./platform.ts";

/** Where the answers are kept. Values are the string "true". */
export const INSTALL_STORAGE_KEYS = {
  /** localStorage: Not Now, X or Got it! on the card; never shown again. */
  cardDismissed: "litverse.install-prompt.dismissed",
  /** localStorage: the banner's X; never shown again. */
  bannerClosed: "litverse.install-banner.closed",
  /** sessionStorage: the banner's Later; not shown again in this browser session. */
  bannerLater: "litverse.install-banner.later",
} as const;

export interface CardInput {
  platform: InstallPlatform;
  isStandalone: boolean;
  isDismissed: boolean;
  /** The browser reported the app installed from this page. */
  isInstalled: boolean;
  /** When the card was mounted, that is when the app loaded (ms). */
  loadedAt: number;
  /** When the browser offered installation (ms), if it did. */
  offeredAt: number | null;
  now: number;
}

/**
 * How long until the card appears, or null if it must not (yet): never when running installed or
 * dismissed; on iOS 3 s after load; elsewhere 3 s after the browser's install offer.
 */
export function installCardDelay(input: CardInput): number | null {
  if (input.isStandalone || input.isDismissed || input.isInstalled) return null;
  const from = input.platform === "ios" ? input.loadedAt : input.offeredAt;
  if (from === null) return null;
  return Math.max(0, from + INSTALL_PROMPT_DELAY_MS - input.now);
}

export interface BannerInput {
  platform: InstallPlatform;
  isStandalone: boolean;
  /** The banner's X was pressed once (kept in localStorage). */
  isClosed: boolean;
  /** Later was pressed in this browser session (kept in sessionStorage). */
  isLater: boolean;
  isInstalled: boolean;
  /** When the banner was mounted, that is when its page loaded (ms). */
  loadedAt: number;
  now: number;
}

/** How long until the banner appears, or null if it must not: 2 s after load, on phones and tablets. */
export function installBannerDelay(input: BannerInput): number | null {
  if (input.platform === "other") return null;
  if (input.isStandalone || input.isClosed || input.isLater || input.isInstalled) return null;
  return Math.max(0, input.loadedAt + INSTALL_BANNER_DELAY_MS - input.now);
}

/**
 * Only one of the two asks per page: they sit at the same place at the bottom of the screen, and a
 * person who just answered one should not be asked again by the other at once. The first to appear
 * keeps the place until the page reloads.
 */
export type InstallSurface = "card" | "banner";

export function createSurfaceClaim() {
  let owner: InstallSurface | null = null;
  return {
    /** True if `surface` may appear (nothing else has appeared on this page). */
    claim(surface: InstallSurface): boolean {
      owner ??= surface;
      return owner === surface;
    },
    owner: () => owner,
  };
}
