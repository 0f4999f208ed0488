// Screenshots at phone and desktop sizes, light and dark (see SCHEMES), for looking over by eye:
// test-results/screenshots/<name>-<width>-<scheme>.png (what the screen shows) and, with
// SCREENSHOTS set, <name>-<width>-<scheme>-full.png (the whole page). Each capture also checks that
// the page does not overflow sideways.
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { REPO_ROOT } from "./env.ts";

export interface Viewport {
  width: number;
  height: number;
}
export const VIEWPORTS: Viewport[] = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** Also a large desktop, for the screens whose layout changes on wide screens (the app's frame). */
export const WIDE_VIEWPORTS: Viewport[] = [...VIEWPORTS, { width: 1440, height: 900 }];
export const ALL_SCHEMES = ["light", "dark"] as const;
export type Scheme = (typeof ALL_SCHEMES)[number];
/**
 * The schemes the screenshot tests run in. Both with SCREENSHOTS=all (`npm run screenshots`);
 * otherwise light only: the layout checks (no sideways overflow) come out the same in dark, and
 * the suite stays within the time CI allows.
 */
export const SCHEMES: readonly Scheme[] = process.env.SCREENSHOTS === "all" ? ALL_SCHEMES : ["light"];
/** E2E_SCREENSHOT_DIR moves them, so that two runs on one machine keep their own. */
export const SCREENSHOT_DIR =
  process.env.E2E_SCREENSHOT_DIR ?? path.join(REPO_ROOT, "test-results/screenshots");

export async function capture(
  page: Page,
  name: string,
  scheme: Scheme,
  ready: () => Promise<void>,
  urlPath = "/",
  viewports: Viewport[] = VIEWPORTS,
) {
  await page.emulateMedia({ colorScheme: scheme });
  for (const viewport of viewports) {
    await page.setViewportSize(viewport);
    await page.goto(urlPath);
    await ready();
    // The app follows the system theme through a class on <html>.
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "the page does not overflow sideways").toBeLessThanOrEqual(viewport.width);
    const file = `${name}-${viewport.width}-${scheme}`;
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${file}.png`), animations: "disabled" });
    // The whole page, with every lazy image loaded, is for looking over (SCREENSHOTS set); it
    // takes a run longer than the checks above.
    if (!process.env.SCREENSHOTS) continue;
    await loadLazyImages(page);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${file}-full.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
}

/** Scrolls through the page so that lazy images below the fold load, then back to the top. */
export async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += window.innerHeight / 2) {
      window.scrollTo(0, top);
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  await expect
    .poll(() => page.evaluate(() => [...document.images].every((image) => image.complete)))
    .toBe(true);
}
