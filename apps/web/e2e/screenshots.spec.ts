// Screenshots of the landing and coming-soon pages at phone and desktop sizes, light and dark, in
// test-results/screenshots/<name>-<width>-<scheme>.png, for looking over by eye.
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { comingSoonOff, comingSoonOn } from "./support/cli.ts";
import { mainDataDir, REPO_ROOT } from "./support/env.ts";
import { comingSoonTitle, landingHeading } from "./support/page.ts";

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
const SCHEMES = ["light", "dark"] as const;
const SCREENSHOT_DIR = path.join(REPO_ROOT, "test-results/screenshots");

async function capture(
  page: Page,
  name: string,
  scheme: (typeof SCHEMES)[number],
  ready: () => Promise<void>,
) {
  await page.emulateMedia({ colorScheme: scheme });
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await page.goto("/");
    await ready();
    // The app follows the system theme through a class on <html>.
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "the page does not overflow sideways").toBeLessThanOrEqual(viewport.width);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${viewport.width}-${scheme}.png`),
      fullPage: true,
      animations: "disabled",
    });
  }
}

test.describe("landing", () => {
  for (const scheme of SCHEMES) {
    test(`landing, ${scheme}`, async ({ page }) => {
      await capture(page, "landing", scheme, () => expect(landingHeading(page)).toBeVisible());
    });
  }
});

test.describe("coming soon", () => {
  test.beforeEach(async () => {
    await comingSoonOn(mainDataDir(), { title: "Something new is on its way", launch: "Spring 2027" });
  });
  test.afterEach(async () => {
    await comingSoonOff(mainDataDir());
  });

  for (const scheme of SCHEMES) {
    test(`coming soon, ${scheme}`, async ({ page }) => {
      await capture(page, "coming-soon", scheme, async () => {
        await expect(comingSoonTitle(page)).toHaveText("Something new is on its way");
        await expect(page.getByText("Expected Launch: Spring 2027", { exact: true })).toBeVisible();
      });
    });
  }
});
