// Installing the app: the install card's and the mobile banner's timing and answers (with
// Playwright's controllable clock), the iOS instructions, the manifest and icons, and the service
// worker (precache, control, offline fallback, sign-in under its control). Screenshots of the card,
// the banner and the iOS instructions go to test-results/screenshots/ for looking over by eye.
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { openSignedIn, signIn } from "./support/auth.ts";
import { REPO_ROOT } from "./support/env.ts";
import { landingHeading } from "./support/page.ts";
import { SCHEMES } from "./support/screenshots.ts";

// The playwright config blocks service workers for the other tests; these need the real thing.
test.use({ serviceWorkers: "allow" });

const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1";
const DISMISSED_KEY = "litverse.install-prompt.dismissed";
const INSTALL_TEXT = "Install the app for quick access and offline reading";
const INSTALL_TEXT_IOS = "Add to your home screen for a better experience";
const SCREENSHOT_DIR = path.join(REPO_ROOT, "test-results/screenshots");

type TestWindow = Window & { __prompted?: number };

function card(page: Page) {
  return page.getByRole("dialog", { name: "Install Litverse" });
}

function iosInstructions(page: Page) {
  return page.getByRole("dialog", { name: "Install on iOS" });
}

/** What Chromium fires when the page can be installed, with stubs for what the app calls. */
async function offerInstall(page: Page): Promise<void> {
  await page.evaluate(() => {
    const event = new Event("beforeinstallprompt", { cancelable: true });
    Object.assign(event, {
      platforms: ["web"],
      prompt: async () => {
        const win = window as TestWindow;
        win.__prompted = (win.__prompted ?? 0) + 1;
      },
      userChoice: Promise.resolve({ outcome: "dismissed", platform: "web" }),
    });
    window.dispatchEvent(event);
  });
}

/**
 * Lets the page finish what it started (React renders and effects) while the fake clock stands
 * still: a few rounds of real tasks, which the clock does not control.
 */
async function settle(page: Page): Promise<void> {
  for (let round = 0; round < 3; round++) {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve();
          channel.port2.postMessage(null);
        }),
    );
  }
}

/**
 * Stops the page's clock a moment from now (it keeps running until the command arrives, and can
 * only be moved forward): from then on only runFor() moves it.
 */
async function pauseClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 1_000);
}

async function dismissedFlag(page: Page): Promise<string | null> {
  return page.evaluate((key) => localStorage.getItem(key), DISMISSED_KEY);
}

test.describe("install card, where the browser offers installation", () => {
  test("appears 3 s after the browser's offer, and Install opens the browser's dialog", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    await pauseClock(page);

    // No offer, no card, however long one waits.
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);

    await offerInstall(page);
    await settle(page);
    await page.clock.runFor(2_999);
    await settle(page);
    await expect(card(page)).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(card(page)).toBeVisible();
    await expect(card(page)).toContainText(INSTALL_TEXT);
    await expect(card(page).getByRole("button", { name: "Show Instructions" })).toHaveCount(0);

    const install = card(page).getByRole("button", { name: "Install" });
    await expect(install).toBeEnabled();
    await install.click();
    expect(await page.evaluate(() => (window as TestWindow).__prompted)).toBe(1);
    await expect(card(page)).toHaveCount(0);
    // Installing is not dismissing: the card may come back with the browser's next offer.
    expect(await dismissedFlag(page)).toBeNull();
  });

  test("Not Now hides it for good", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    await pauseClock(page);
    await offerInstall(page);
    await settle(page);
    await page.clock.runFor(3_000);
    await card(page).getByRole("button", { name: "Not Now" }).click();
    await expect(card(page)).toHaveCount(0);
    expect(await dismissedFlag(page)).toBe("true");

    // The app needs its clock to run to load (zero-delay timers), so let it run again.
    await page.clock.resume();
    await page.reload();
    await expect(landingHeading(page)).toBeVisible();
    await pauseClock(page);
    await offerInstall(page);
    await settle(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);
  });

  test("the X hides it for good too", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    await pauseClock(page);
    await offerInstall(page);
    await settle(page);
    await page.clock.runFor(3_000);
    await card(page).getByRole("button", { name: "Close" }).click();
    await expect(card(page)).toHaveCount(0);
    expect(await dismissedFlag(page)).toBe("true");
  });

  test("never appears in the installed app's window", async ({ page }) => {
    await page.addInitScript(() => {
      const original = window.matchMedia.bind(window);
      window.matchMedia = (query: string) => {
        if (!query.includes("display-mode: standalone")) return original(query);
        const standalone = {
          matches: true,
          media: query,
          onchange: null,
          addEventListener: () => {},
          removeEventListener: () => {},
          addListener: () => {},
          removeListener: () => {},
          dispatchEvent: () => false,
        };
        return standalone as MediaQueryList;
      };
    });
    await page.clock.install();
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    expect(await page.evaluate(() => window.matchMedia("(display-mode: standalone)").matches)).toBe(true);
    await pauseClock(page);
    await offerInstall(page);
    await settle(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);
  });
});

test.describe("install card on iOS", () => {
  test.use({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, hasTouch: true });

  test("appears 3 s after load and shows the instructions; Got it! dismisses for good", async ({ page }) => {
    // The clock stands still from the start, so that "load" is an exact moment.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    // The card's code loads on its own and the card counts its 3 s from when it is drawn. React
    // reveals lazily loaded code on a short timer of its own, which the stopped clock holds too, so
    // the clock moves a millisecond at a time until the card is drawn and waiting: "load" is then
    // known to the millisecond, however long the code took to arrive.
    await page.goto("/");
    await expect(page.locator("#root > *").first()).toBeAttached();
    const waiting = page.locator('[data-install-card="waiting"]');
    for (let step = 0; step < 2_000 && (await waiting.count()) === 0; step++) {
      await page.clock.runFor(1);
      await settle(page);
    }
    await expect(waiting).toBeAttached();
    await page.clock.runFor(2_998);
    await settle(page);
    await expect(card(page)).toHaveCount(0);
    await page.clock.runFor(2);
    await expect(card(page)).toBeVisible();
    await expect(card(page)).toContainText(INSTALL_TEXT_IOS);
    await expect(card(page).getByRole("button", { name: "Install", exact: true })).toHaveCount(0);

    // The instructions are a modal dialog: Escape closes them and gives the focus back.
    const show = card(page).getByRole("button", { name: "Show Instructions" });
    await show.click();
    await expect(iosInstructions(page)).toBeVisible();
    await expect(iosInstructions(page)).toContainText("Share");
    await expect(iosInstructions(page)).toContainText("Add to Home Screen");
    await expect(iosInstructions(page)).toContainText("top-right corner");
    await expect(iosInstructions(page)).toContainText("appears on your home screen");
    await expect(iosInstructions(page)).toContainText("Tip:");
    await page.keyboard.press("Escape");
    await expect(iosInstructions(page)).toHaveCount(0);
    await page.clock.runFor(10); // the dialog hands the focus back on a zero-delay timer
    await expect(show).toBeFocused();
    expect(await dismissedFlag(page)).toBeNull();

    await show.click();
    await iosInstructions(page).getByRole("button", { name: "Got it!" }).click();
    await expect(iosInstructions(page)).toHaveCount(0);
    await expect(card(page)).toHaveCount(0);
    expect(await dismissedFlag(page)).toBe("true");

    await page.reload();
    await expect(page.locator("#root > *").first()).toBeAttached();
    await settle(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);
  });

  test("never appears when opened from the home screen", async ({ page }) => {
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, "standalone", { get: () => true, configurable: true });
    });
    await page.clock.install();
    await page.goto("/");
    await expect(page.locator("#root > *").first()).toBeAttached();
    await pauseClock(page);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);
  });
});

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36";
const BANNER_LATER_KEY = "litverse.install-banner.later";
const BANNER_CLOSED_KEY = "litverse.install-banner.closed";

function banner(page: Page) {
  return page.getByTestId("install-banner");
}

type HomeWindow = Window & { __homeShownAt?: number };

/**
 * Signs in, then reloads the home page with the page's clock under the test's control. The app
 * needs a running clock to sign in and connect, so the clock runs until the home page shows; an
 * observer notes that moment on the page's clock, and pauseAfterHome() stops the clock relative
 * to it.
 */
async function openHomeWithClock(page: Page): Promise<void> {
  await openSignedIn(page, "reader@demo.test");
  await page.clock.install();
  await page.addInitScript(() => {
    new MutationObserver((_records, observer) => {
      if (!document.querySelector('[data-testid="welcome"]')) return;
      (window as HomeWindow).__homeShownAt = Date.now();
      observer.disconnect();
    }).observe(document, { childList: true, subtree: true });
  });
  await page.reload();
}

/** Waits for the home page (after a load or reload), then stops the clock `ms` after it showed. */
async function pauseAfterHome(page: Page, ms: number): Promise<void> {
  const shown = await page.waitForFunction(() => (window as HomeWindow).__homeShownAt);
  const shownAt = (await shown.jsonValue()) as number;
  const now = await page.evaluate(() => Date.now());
  expect(now, "the test saw the home page in time to stop the clock").toBeLessThan(shownAt + ms);
  await page.clock.pauseAt(shownAt + ms);
  await settle(page);
}

/**
 * Moves the paused clock on, 100 ms at a time and at most `ms` in all, until `locator` shows. The
 * banner's code is fetched once the page is idle, which the paused clock decides; the fetch itself
 * takes real time, so one jump of the clock can end before the banner's own timer exists. (That it
 * is not shown before its time is checked before each call; the card's 3 s, to the millisecond.)
 */
async function runClockUntilVisible(page: Page, locator: Locator, ms: number): Promise<void> {
  let ran = 0;
  await expect
    .poll(async () => {
      const step = Math.min(100, ms - ran);
      await page.clock.runFor(step);
      ran += step;
      await settle(page);
      return locator.isVisible();
    })
    .toBe(true);
}

async function reloadHome(page: Page): Promise<void> {
  await page.clock.resume();
  await page.reload();
}

async function storedFlags(page: Page) {
  return page.evaluate(
    ([later, closed]) => ({
      later: sessionStorage.getItem(later as string),
      closed: localStorage.getItem(closed as string),
    }),
    [BANNER_LATER_KEY, BANNER_CLOSED_KEY],
  );
}

test.describe("mobile install banner on Android", () => {
  test.use({ userAgent: ANDROID_CHROME, viewport: { width: 390, height: 844 }, hasTouch: true });

  test("appears 2 s after the home page loads; Later hides it for the session", async ({ page }) => {
    await openHomeWithClock(page);
    await pauseAfterHome(page, 1_900);
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(100);
    // At 2 s, or soon after when its code arrived after the clock passed 2 s: its timer then
    // starts at 0, and React reveals lazily loaded code on a timer of its own (about 300 ms), both
    // on a clock that only moves when told.
    await runClockUntilVisible(page, banner(page), 1_000);
    // Without an offer from the browser it says where the browser keeps its install command.
    await expect(banner(page)).toContainText("Install app");
    await expect(banner(page).getByRole("button", { name: "Install", exact: true })).toHaveCount(0);

    await banner(page).getByRole("button", { name: "Later" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect(await storedFlags(page)).toEqual({ later: "true", closed: null });

    // The same browser session: not again.
    await reloadHome(page);
    await pauseAfterHome(page, 1_000);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(banner(page)).toHaveCount(0);
  });

  test("the X hides it for good; with the browser's offer, Install opens its dialog", async ({ page }) => {
    await openHomeWithClock(page);
    await pauseAfterHome(page, 1_000);
    await offerInstall(page);
    await settle(page);
    await runClockUntilVisible(page, banner(page), 1_000);
    // The banner came first, so the install card keeps away on this page.
    await page.clock.runFor(5_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);

    await banner(page).getByRole("button", { name: "Install", exact: true }).click();
    expect(await page.evaluate(() => (window as TestWindow).__prompted)).toBe(1);
    await expect(banner(page)).toHaveCount(0);
    // The browser's dialog was declined (offerInstall says so): that counts as Later.
    expect(await storedFlags(page)).toEqual({ later: "true", closed: null });

    // A new browser session starts with an empty sessionStorage.
    await page.evaluate(() => sessionStorage.clear());
    await reloadHome(page);
    await pauseAfterHome(page, 1_000);
    await runClockUntilVisible(page, banner(page), 1_000);
    await banner(page).getByRole("button", { name: "Close and don't show again" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await storedFlags(page)).closed).toBe("true");

    // In the next browser session the X still holds.
    await page.evaluate(() => sessionStorage.clear());
    await reloadHome(page);
    await pauseAfterHome(page, 1_000);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(banner(page)).toHaveCount(0);
  });
});

test.describe("mobile install banner on iOS", () => {
  test.use({ userAgent: IPHONE_SAFARI, viewport: { width: 390, height: 844 }, hasTouch: true });

  test("appears 2 s after load with the instructions, and the install card stays away", async ({ page }) => {
    await openHomeWithClock(page);
    await pauseAfterHome(page, 1_900);
    await expect(banner(page)).toHaveCount(0);
    await page.clock.runFor(100);
    // At 2 s, or soon after when its code arrived after the clock passed 2 s: its timer then
    // starts at 0, and React reveals lazily loaded code on a timer of its own (about 300 ms), both
    // on a clock that only moves when told.
    await runClockUntilVisible(page, banner(page), 1_000);
    await page.clock.runFor(5_000);
    await settle(page);
    await expect(card(page)).toHaveCount(0);

    await banner(page).getByRole("button", { name: "How to install" }).click();
    await expect(iosInstructions(page)).toBeVisible();
    await iosInstructions(page).getByRole("button", { name: "Got it!" }).click();
    await expect(banner(page)).toHaveCount(0);
    expect((await storedFlags(page)).closed).toBe("true");
    expect(await dismissedFlag(page)).toBe("true");
  });
});

test.describe("mobile install banner on a desktop browser", () => {
  test("never appears", async ({ page }) => {
    await openHomeWithClock(page);
    await pauseAfterHome(page, 1_000);
    await page.clock.runFor(10_000);
    await settle(page);
    await expect(banner(page)).toHaveCount(0);
  });
});

test.describe("manifest and icons", () => {
  test("the page links a manifest the browser accepts, with icons that exist", async ({ page, request }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
    await expect(page.locator('meta[name="theme-color"]')).toHaveCount(2);

    const response = await request.get("/manifest.webmanifest");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      description: string;
      start_url: string;
      scope: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: Array<{ src: string; sizes: string; type: string; purpose?: string }>;
    };
    expect(manifest).toMatchObject({
      name: "Litverse",
      short_name: "Litverse",
      description: "Your Literary Universe",
      start_url: "/",
      scope: "/",
      display: "standalone",
    });
    expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);

    const touchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    const icons = [
      ...manifest.icons,
      { src: touchIcon ?? "(missing)", sizes: "180x180", type: "image/png", purpose: "any" },
    ];
    expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`).sort()).toEqual([
      "180x180 any",
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);
    for (const icon of icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()["content-type"], icon.src).toBe("image/png");
      // A PNG's width and height are in its header chunk.
      const bytes = await image.body();
      const size = `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
      expect(size, icon.src).toBe(icon.sizes);
    }

    // Chromium's own verdict: the manifest parses and the page can be installed.
    const cdp = await page.context().newCDPSession(page);
    const { errors } = (await cdp.send("Page.getAppManifest")) as { errors: unknown[] };
    expect(errors).toEqual([]);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as {
      installabilityErrors: Array<{ errorId: string }>;
    };
    // Test browsers run "incognito", where Chromium never offers installation; nothing else is amiss.
    expect(installabilityErrors.map((error) => error.errorId).filter((id) => id !== "in-incognito")).toEqual(
      [],
    );
  });
});

test.describe("service worker", () => {
  test("is served fresh and controls the page from the second load", async ({ page, request }) => {
    const script = await request.get("/sw.js");
    expect(script.status()).toBe(200);
    expect(script.headers()["content-type"]).toContain("javascript");
    expect(script.headers()["cache-control"]).toBe("no-cache");

    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
    const active = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return { url: registration.active?.scriptURL, scope: registration.scope };
    });
    expect(active.url).toMatch(/\/sw\.js$/);
    expect(new URL(active.scope).pathname).toBe("/");

    await page.reload();
    await expect(landingHeading(page)).toBeVisible();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toMatch(/\/sw\.js$/);

    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const urls: string[] = [];
      for (const name of names) {
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname);
      }
      return { names, urls };
    });
    expect(cached.names).toHaveLength(1);
    expect(cached.names[0]).toMatch(/^litverse-[0-9a-f]{12}$/);
    expect(cached.urls).toContain("/index.html");
    expect(cached.urls).toContain("/manifest.webmanifest");
    expect(cached.urls.some((url) => /^\/assets\/index-[^/]+\.js$/.test(url))).toBe(true);
    expect(cached.urls.filter((url) => /^\/(api|oidc|media)\/|^\/healthz/.test(url))).toEqual([]);
  });

  test("serves the app's page when the network is gone", async ({ page, context }) => {
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    try {
      const response = await page.goto("/explore");
      expect(response?.fromServiceWorker()).toBe(true);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle("Litverse");
      // The app's own code comes from the cache as well.
      await expect(page.locator('script[type="module"][src^="/assets/"]')).toHaveCount(1);
      expect(await page.evaluate(() => document.getElementById("root") !== null)).toBe(true);
    } finally {
      await context.setOffline(false);
    }
  });

  test("signing in works under its control", async ({ page }) => {
    await page.goto("/");
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await signIn(page, "reader@demo.test");
    await expect(page.getByTestId("welcome")).toBeVisible();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
  });
});

test.describe("screenshots", () => {
  const VIEWPORTS = [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ];

  async function shoot(page: Page, name: string, width: number, scheme: string) {
    await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth, "the page does not overflow sideways").toBeLessThanOrEqual(width);
    await page.screenshot({
      path: path.join(SCREENSHOT_DIR, `${name}-${width}-${scheme}.png`),
      animations: "disabled",
    });
  }

  for (const scheme of SCHEMES) {
    test(`install card on the home page, ${scheme}`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await openSignedIn(page, "reader@demo.test");
      for (const viewport of VIEWPORTS) {
        await page.setViewportSize(viewport);
        await offerInstall(page);
        await expect(card(page)).toBeVisible({ timeout: 6_000 });
        await shoot(page, "install-card", viewport.width, scheme);
        await page.reload();
        await expect(page.getByTestId("welcome")).toBeVisible();
      }
    });
  }

  test.describe("Android", () => {
    test.use({ userAgent: ANDROID_CHROME, hasTouch: true });
    for (const scheme of SCHEMES) {
      test(`install banner on the home page, ${scheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        await openSignedIn(page, "reader@demo.test");
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.reload();
          await expect(page.getByTestId("welcome")).toBeVisible();
          await offerInstall(page);
          await expect(banner(page)).toBeVisible({ timeout: 6_000 });
          await shoot(page, "install-banner", viewport.width, scheme);
        }
      });
    }
  });

  test.describe("iOS", () => {
    test.use({ userAgent: IPHONE_SAFARI, hasTouch: true });
    for (const scheme of SCHEMES) {
      test(`install card and instructions on iOS, ${scheme}`, async ({ page }) => {
        await page.emulateMedia({ colorScheme: scheme });
        for (const viewport of VIEWPORTS) {
          await page.setViewportSize(viewport);
          await page.goto("/");
          await expect(landingHeading(page)).toBeVisible();
          await expect(card(page)).toBeVisible({ timeout: 6_000 });
          await shoot(page, "install-card-ios", viewport.width, scheme);
          await card(page).getByRole("button", { name: "Show Instructions" }).click();
          await expect(iosInstructions(page)).toBeVisible();
          await shoot(page, "install-ios-dialog", viewport.width, scheme);
        }
      });
    }
  });
});
