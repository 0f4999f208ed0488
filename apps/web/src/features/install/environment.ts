// What the browser says about installing, read once per page.

import { isStandalone } from "../../lib/installed-app.ts";
import { createSurfaceClaim } from "./install-rules.ts";
import { detectPlatform, type InstallPlatform, type NavigatorLike } from "./platform.ts";

export interface InstallEnvironment {
  platform: InstallPlatform;
  isStandalone: boolean;
}

export function readInstallEnvironment(): InstallEnvironment {
  const nav = navigator as Navigator & NavigatorLike;
  return {
    platform: detectPlatform(nav),
    isStandalone: isStandalone(nav, window.matchMedia?.bind(window)),
  };
}

/** Which of the card and the banner has appeared on this page (see `createSurfaceClaim`). */
export const installSurfaces = createSurfaceClaim();
