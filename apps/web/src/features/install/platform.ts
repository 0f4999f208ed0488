// Which kind of device the page runs on, as far as installing goes, and whether it already runs
// as an installed app.

export type InstallPlatform = "ios" | "android" | "other";

export interface NavigatorLike {
  userAgent: string;
  platform?: string;
  maxTouchPoints?: number;
  /** Safari on iOS: true when opened from the home screen. */
  standalone?: boolean;
}

/**
 * iOS from its user agent; iPadOS 13+ says it is a Mac, so a "Mac" with a touch screen is an iPad
 * too. Android from its user agent.
 */
export function detectPlatform(nav: NavigatorLike): InstallPlatform {
  const ua = nav.userAgent;
  if (/iPhone|iPad|iPod/i.test(ua)) return "ios";
  if (nav.platform === "MacIntel" && (nav.maxTouchPoints ?? 0) > 1) return "ios";
  if (/Android/i.test(ua)) return "android";
  return "other";
}
