// Offline reading and listening: an episode downloaded from the reader's top bar is stored by the
// service worker, listed in My Library's Downloads, opens with the network cut (the app itself
// included, even once the sign-in's token has expired), plays from the downloads by ranges, and
// can be removed; a position recorded offline reaches the server once the network is back.
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

// The playwright config blocks service workers for the other tests; downloads need the real thing.
test.use({ serviceWorkers: "allow" });

const DOWNLOADS_CACHE = "litverse-downloads";

interface Summary {
  _id: string;
  title: string;
  contentType: string;
  episodeCount: number;
}
interface Episode {
  episode: { _id: string; number: number; title: string };
  payload: { kind: string; html?: string };
}

async function titleId(page: Page, query: string, contentType: string): Promise<string> {
  const found = await callAs<{ items: Summary[] }>(page, "query", "content.listContent", { query });
  const title = found.items
    .filter((item) => item.contentType === contentType)
    .sort((a, b) => b.episodeCount - a.episodeCount)[0];
  if (!title) throw new Error(`no ${contentType} found for "${query}"`);
  return title._id;
}

/** Words of the chapter's first plain paragraph, to find it on screen. */
function paragraphText(html: string): string {
  for (const [, inner = ""] of html.matchAll(/<p[^>]*>([\s\S]*?)<\/p>/g)) {
    // Inline markup (italics, a note's link) is left out: the words are what shows on screen.
    const text = inner
      .replace(/<[^>]+>/g, "")
      .replace(/\s+/g, " ")
      .trim();
    if (text.length < 60 || /&[#\w]+;/.test(text.slice(0, 50))) continue;
    return text.slice(0, 50).replace(/\s\S*$/, "");
  }
  throw new Error("the chapter has no plain paragraph");
}

/** Signs in and waits until the service worker controls the page. */
async function openUnderWorker(page: Page) {
  await openSignedIn(page, "reader@demo.test");
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(async () => {
      if (await page.evaluate(() => Boolean(navigator.serviceWorker.controller))) return true;
      await page.reload();
      return false;
    })
    .toBe(true);
}

/**
 * Cuts the browser off the server and brings it back. Offline emulation refuses the page's
 * requests and new WebSocket connections (each test navigates after cutting, which drops the open
 * one) but not the service worker's own fetches: every request is refused by a route as well.
 */
async function networkSwitch(context: BrowserContext) {
  let isCut = false;
  await context.route("**/*", (route) => (isCut ? route.abort("internetdisconnected") : route.fallback()));
  return {
    cut: async () => {
      isCut = true;
      await context.setOffline(true);
    },
    restore: async () => {
      isCut = false;
      await context.setOffline(false);
    },
  };
}

function downloadButton(page: Page) {
  return page.getByRole("banner").locator("[data-download-state]");
}

/** Downloads the open episode from the reader's top bar; returns how long it took, in ms. */
async function downloadFromTopBar(page: Page): Promise<number> {
  const button = downloadButton(page);
  await expect(button).toHaveAttribute("data-download-state", "none");
  // Timed in the page: from the click to the button saying it is done.
  const took = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const selector = "header [data-download-state]";
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector)?.getAttribute("data-download-state") !== "downloaded") return;
          observer.disconnect();
          resolve(Math.round(performance.now() - started));
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
        document.querySelector<HTMLElement>(selector)?.click();
      }),
  );
  await expect(button).toHaveAttribute("data-download-state", "downloaded", { timeout: 30_000 });
  await expect(page.getByText("Downloaded", { exact: true })).toBeVisible();
  return took;
}

function storedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    if (!(await caches.has(name))) return [];
    const keys = await (await caches.open(name)).keys();
    return keys.map((request) => new URL(request.url).pathname);
  }, DOWNLOADS_CACHE);
}

/** What the page's tabs have queued for the server: every outbox in local storage, as text. */
function outboxes(page: Page): Promise<string> {
  return page.evaluate(() =>
    Object.keys(localStorage)
      .filter((key) => key.startsWith("litverse.progress-outbox."))
      .map((key) => localStorage.getItem(key) ?? "")
      .join("\n"),
  );
}

/** The sizes of the stored files, for the log. */
function downloadedBytes(page: Page): Promise<string> {
  return page.evaluate(async (name) => {
    const cache = await caches.open(name);
    const sizes: string[] = [];
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      const size = (await response?.blob())?.size ?? 0;
      sizes.push(`${new URL(request.url).pathname.split("/").pop()}: ${size} B`);
    }
    return sizes.join(", ");
  }, DOWNLOADS_CACHE);
}

test("a downloaded chapter opens with the network cut, even once the sign-in has expired; removing it frees it", async ({
  page,
  context,
}) => {
  const network = await networkSwitch(context);
  await openUnderWorker(page);
  const bookId = await titleId(page, "moby-dick", "book");
  const chapter = await callAs<Episode>(page, "query", "content.getEpisode", {
    contentId: bookId,
    number: 2,
  });
  const text = paragraphText(chapter.payload.html ?? "");
  const readerUrl = `/read/${bookId}?episode=2`;

  await page.goto(readerUrl);
  await expect(page.getByText(text).first()).toBeVisible();
  const took = await downloadFromTopBar(page);
  console.log(`Moby-Dick chapter 2 (${await downloadedBytes(page)}) downloaded in ${took} ms`);
  expect(await storedPaths(page)).toContain(`/offline/episodes/${bookId}/2.json`);

  // Listed in My Library.
  await page.goto("/my-library?tab=downloads");
  const row = page.getByTestId("downloaded-episode").filter({ hasText: chapter.episode.title });
  await expect(row).toBeVisible();
  await expect(page.getByTestId("downloaded-title").filter({ hasText: "Moby-Dick" })).toBeVisible();
  await expect(page.getByTestId("storage-figures")).toContainText("available");

  await network.cut();
  try {
    // The app opens and shows the chapter from the downloads.
    const response = await page.goto(readerUrl);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByText(text).first()).toBeVisible();
    await expect(page.getByRole("banner").getByText("Offline")).toBeVisible();
    await expect(downloadButton(page)).toHaveAttribute("data-download-state", "downloaded");
    expect(await page.getByTestId("connection-state").getAttribute("data-state")).not.toBe("pending");

    // The Downloads tab reads the device alone, and the app says it is offline.
    await page.goto("/my-library?tab=downloads");
    await expect(row).toBeVisible();
    await expect(page.getByTestId("offline-indicator")).toBeVisible();

    // A token that expired while offline still lets the person in.
    await page.evaluate(() => {
      for (let index = 0; index < localStorage.length; index++) {
        const key = localStorage.key(index);
        if (!key?.startsWith("oidc.user:")) continue;
        const user = JSON.parse(localStorage.getItem(key) ?? "{}") as { expires_at: number };
        user.expires_at = Math.floor(Date.now() / 1000) - 60;
        localStorage.setItem(key, JSON.stringify(user));
      }
    });
    await page.goto(readerUrl);
    await expect(page.getByText(text).first()).toBeVisible();
  } finally {
    await network.restore();
  }

  // Back online, the token is renewed and the connection comes back, without a reload.
  await expect
    .poll(() =>
      page.evaluate(() => {
        for (let index = 0; index < localStorage.length; index++) {
          const key = localStorage.key(index);
          if (key?.startsWith("oidc.user:")) {
            return (JSON.parse(localStorage.getItem(key) ?? "{}") as { expires_at: number }).expires_at;
          }
        }
        return 0;
      }),
    )
    .toBeGreaterThan(Date.now() / 1000);
  await expect(page.getByTestId("connection-state")).toHaveAttribute("data-state", "pending", {
    timeout: 30_000,
  });

  // Removed from My Library: gone from the list and from the cache.
  await page.goto("/my-library?tab=downloads");
  await row.getByRole("button", { name: /^Remove the download of Moby-Dick, episode 2/ }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No downloads yet")).toBeVisible();
  expect(await storedPaths(page)).toEqual([]);
});

test("a downloaded audiobook plays offline, by ranges from the downloads", async ({ page, context }) => {
  const network = await networkSwitch(context);
  await openUnderWorker(page);
  const audiobookId = await titleId(page, "moby-dick", "audiobook");
  const listenUrl = `/listen/${audiobookId}?episode=1`;
  // Another tab follows the download as it happens.
  const other = await context.newPage();
  await other.goto("/my-library?tab=downloads");
  await expect(other.getByText("No downloads yet")).toBeVisible();
  await page.goto(listenUrl);
  const took = await downloadFromTopBar(page);
  console.log(`Moby-Dick audiobook episode 1 (${await downloadedBytes(page)}) downloaded in ${took} ms`);
  await expect(other.getByTestId("downloaded-episode")).toHaveCount(1);
  await other.close();

  const mediaAnswers: Array<{ status: number; fromWorker: boolean }> = [];
  page.on("response", (response) => {
    if (response.url().includes("/media/episodes/")) {
      mediaAnswers.push({ status: response.status(), fromWorker: response.fromServiceWorker() });
    }
  });
  await network.cut();
  try {
    await page.goto(listenUrl);
    await expect(page.getByRole("banner").getByText("Offline")).toBeVisible();
    const play = page.getByTestId("play-pause");
    await expect(play).toBeEnabled();
    await play.click();
    const audio = page.locator("#audiobook-audio");
    await expect
      .poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime))
      .toBeGreaterThan(1);
    expect(await audio.evaluate((element: HTMLAudioElement) => element.error)).toBeNull();
    expect(mediaAnswers.length).toBeGreaterThan(0);
    expect(mediaAnswers.every((answer) => answer.fromWorker)).toBe(true);
    expect(mediaAnswers.some((answer) => answer.status === 206)).toBe(true);
    await page.getByRole("button", { name: "Pause" }).click();
  } finally {
    await network.restore();
  }

  // Everything at once, from My Library.
  await page.goto("/my-library?tab=downloads");
  await page.getByRole("button", { name: "Remove all" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Remove all" }).click();
  await expect(page.getByText("No downloads yet")).toBeVisible();
  expect(await storedPaths(page)).toEqual([]);
});

test("a position recorded offline reaches the server once the network is back", async ({ page, context }) => {
  const network = await networkSwitch(context);
  await openUnderWorker(page);
  const bookId = await titleId(page, "moby-dick", "book");
  const readerUrl = `/read/${bookId}?episode=3`;
  await page.goto(readerUrl);
  await downloadFromTopBar(page);
  const chapter = await callAs<Episode>(page, "query", "content.getEpisode", {
    contentId: bookId,
    number: 3,
  });
  const progressOf = async (from = page) => {
    const progress = await callAs<{ episodes: Array<{ episodeId: string; fraction: number }> }>(
      from,
      "query",
      "library.getTitleProgress",
      { contentId: bookId },
    );
    return progress.episodes.find((episode) => episode.episodeId === chapter.episode._id)?.fraction ?? 0;
  };
  const before = await progressOf();

  await network.cut();
  try {
    await page.goto(readerUrl);
    await expect(page.getByRole("banner").getByText("Offline")).toBeVisible();
    await page.locator("body").press("End");
    // Kept on the device meanwhile.
    await expect.poll(() => outboxes(page)).toContain(chapter.episode._id);
    expect(await progressOf()).toBe(before);
  } finally {
    await network.restore();
  }
  await expect.poll(() => progressOf(), { timeout: 30_000 }).toBeGreaterThan(Math.max(before, 0.5));
  await expect.poll(() => outboxes(page)).not.toContain(chapter.episode._id);

  // A tab closed before it could send leaves its position to the next tab that reads (here in
  // another chapter, so that this tab records nothing of the first chapter itself).
  await network.cut();
  await page.goto(readerUrl);
  await expect(page.getByRole("banner").getByText("Offline")).toBeVisible();
  await page.locator("body").press("Home");
  await expect.poll(() => outboxes(page)).toContain(chapter.episode._id);
  await page.close();
  await network.restore();
  const next = await context.newPage();
  await next.goto(`/read/${bookId}?episode=1`);
  await expect.poll(() => progressOf(next), { timeout: 30_000 }).toBeLessThan(0.5);
  await expect.poll(() => outboxes(next)).not.toContain(chapter.episode._id);
});

test.describe("screenshots", () => {
  test.skip(process.env.SCREENSHOTS !== "all", "screenshots run with SCREENSHOTS=all");
  for (const scheme of SCHEMES) {
    test(`downloads, ${scheme}`, async ({ page, context }) => {
      const network = await networkSwitch(context);
      await openUnderWorker(page);
      const bookId = await titleId(page, "moby-dick", "book");
      const audiobookId = await titleId(page, "moby-dick", "audiobook");
      await page.goto(`/listen/${audiobookId}?episode=1`);
      await downloadFromTopBar(page);
      const readerUrl = `/read/${bookId}?episode=4`;
      await page.goto(readerUrl);
      await expect(downloadButton(page)).toHaveAttribute("data-download-state", "none");
      await capture(
        page,
        "offline-download-button",
        scheme,
        async () => {
          await expect(downloadButton(page)).toHaveAttribute("data-download-state", "none");
        },
        readerUrl,
      );
      await downloadFromTopBar(page);
      await capture(
        page,
        "offline-downloaded-menu",
        scheme,
        async () => {
          await downloadButton(page).click();
          await expect(page.getByRole("menuitem", { name: "Remove download" })).toBeVisible();
        },
        readerUrl,
      );
      await capture(
        page,
        "offline-downloads-tab",
        scheme,
        async () => {
          await expect(page.getByTestId("downloaded-title")).toHaveCount(2);
          await expect(page.getByTestId("storage-figures")).toContainText("available");
        },
        "/my-library?tab=downloads",
      );
      await network.cut();
      try {
        await capture(
          page,
          "offline-downloads-tab-offline",
          scheme,
          async () => {
            await expect(page.getByTestId("downloaded-title")).toHaveCount(2);
            await expect(page.getByTestId("offline-indicator")).toBeVisible();
          },
          "/my-library?tab=downloads",
        );
        await capture(
          page,
          "offline-reader",
          scheme,
          async () => {
            await expect(page.getByRole("banner").getByText("Offline")).toBeVisible();
          },
          readerUrl,
        );
      } finally {
        await network.restore();
      }
    });
  }
});
