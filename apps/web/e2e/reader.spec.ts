// What every reader route shares: the episode to continue when the address names none, the
// contents list, a title opened on the wrong reader, an episode not out, a locked episode, a title
// the reader is too young for, and the next chapter fetched ahead so that it opens at once; and
// the first data and first screen that come with a signed-in person's page.
import { expect, type Page, test, type WebSocket } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";

/** The first-data answer the server wrote into a page (apps/server/src/http/app-page.ts). */
function answerInPage(html: string): { queries: Array<{ path: string; input?: unknown }> } {
  const text = /<script type="application\/json" id="first-data">(.*?)<\/script>/s.exec(html)?.[1];
  if (!text) throw new Error("the page holds no first-data answer");
  return JSON.parse(text);
}

interface Detail {
  episodes: Array<{ _id: string; number: number; title: string }>;
}

test.describe.configure({ mode: "serial" });
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await openSignedIn(page, "reader@demo.test");
});
test.afterAll(async () => {
  await page.close();
});

test("without an episode in the address, the reader opens the one to continue; the contents list moves between chapters", async () => {
  const bookId = await titleId(page, "thornmere", "book");
  const detail = await callAs<Detail>(page, "query", "content.getContent", { contentId: bookId });
  const [first, second] = detail.episodes;
  if (!first || !second) throw new Error("the book needs two chapters");
  await callAs(page, "mutation", "library.recordProgress", { episodeId: second._id, fraction: 0.3 });

  // The page's first data comes with the page, which the signed-in person's request asked for
  // (decisions 0029 and 0031).
  const sentOverSocket: string[] = [];
  const onSocket = (socket: WebSocket) =>
    socket.on("framesent", ({ payload }) => sentOverSocket.push(String(payload)));
  page.on("websocket", onSocket);
  const response = await page.goto(`/read/${bookId}`);
  const bar = page.getByRole("banner");
  await expect(bar).toContainText(second.title);
  await expect(page).toHaveTitle(`${second.title} · Thornmere · Litverse`);
  page.off("websocket", onSocket);
  const reply = answerInPage((await response?.text()) ?? "");
  expect(reply.queries.find((query) => query.path === "content.getEpisode")?.input).toEqual({
    contentId: bookId,
    number: second.number,
  });
  // The reader used it: the open chapter was not asked for again over the socket.
  const askedAgain = sentOverSocket.filter(
    (frame) => frame.includes('"content.getEpisode"') && !frame.includes("isPrefetch"),
  );
  expect(askedAgain).toEqual([]);

  await bar.getByRole("button", { name: "Contents" }).click();
  const contents = page.getByRole("dialog", { name: "Contents" });
  await expect(contents.locator('[aria-current="page"]')).toContainText(second.title);
  await contents
    .getByRole("link", { name: new RegExp(`Episode ${first.number}: ${first.title}\\b`) })
    .click();
  await expect(contents).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/read/${bookId}\\?episode=1$`));
  await expect(bar).toContainText(first.title);
  // Back returns to the chapter before.
  await page.goBack();
  await expect(bar).toContainText(second.title);
});

test("a title's page arrives drawn with its content, and the app takes its place", async () => {
  const bookId = await titleId(page, "children's literature", "book");
  const detail = await callAs<Detail & { title: string }>(page, "query", "content.getContent", {
    contentId: bookId,
  });
  // Without the app's code, the page still shows the title and its chapters, as the server drew them.
  await page.route("**/assets/*.js", (route) => route.abort());
  try {
    const response = await page.goto(`/content/${bookId}`);
    expect(response?.headers()["cache-control"]).toBe("private, no-store");
    const drawn = page.locator("#first-screen");
    await expect(drawn.getByRole("heading", { level: 1, includeHidden: true })).toHaveText(detail.title);
    await expect(drawn).toContainText(detail.episodes[0]?.title ?? "?");
    await expect(drawn).toHaveAttribute("inert", "");
  } finally {
    await page.unroute("**/assets/*.js");
  }
  // With it, the app draws the same page and the server's drawing goes: one page, which works.
  await page.goto(`/content/${bookId}`);
  await expect(page.getByRole("heading", { level: 1, name: detail.title })).toBeVisible();
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await page.getByRole("link", { name: "Litverse home" }).click();
  await expect(page.getByTestId("welcome")).toBeVisible();
});

test("explore, the stories and the reels arrive drawn too, the reels with their first poster", async () => {
  const stories = await callAs<{ items: Array<{ title: string }> }>(page, "query", "stories.listStories", {});
  const feed = await callAs<{ items: Array<{ posterUrl: string | null }> }>(page, "query", "reels.listFeed", {
    firstReelId: null,
  });
  await page.route("**/assets/*.js", (route) => route.abort());
  try {
    await page.goto("/explore?type=comic");
    const drawn = page.locator("#first-screen");
    await expect(drawn.getByRole("heading", { level: 1, includeHidden: true })).toHaveText("Explore");
    await expect(drawn.locator("ul li").first()).toBeAttached();

    await page.goto("/interactive-stories");
    await expect(drawn.getByRole("heading", { level: 1, includeHidden: true })).toHaveText(
      "Interactive Stories",
    );
    await expect(drawn).toContainText(stories.items[0]?.title ?? "?");

    // The reel on screen shows its poster before any of the app's code has come.
    await page.goto("/reels");
    const poster = drawn.locator("article img").first();
    await expect(poster).toHaveAttribute("src", feed.items[0]?.posterUrl ?? "?");
    await expect
      .poll(() => poster.evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
  } finally {
    await page.unroute("**/assets/*.js");
  }
  // With the code, the app takes each one's place and works.
  await page.goto("/reels");
  await expect(page.getByTestId("reel-video").first()).toBeAttached();
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await page.goto("/explore?type=comic");
  await expect(page.locator("#first-screen")).toHaveCount(0);
  await expect(page.getByTestId("result-count")).toContainText(/\d+ titles?/);
});

test("a title opened on another kind's reader moves to its own; an episode not out says so", async () => {
  const dramaId = await titleId(page, "two houses", "drama");
  await page.goto(`/read/${dramaId}?episode=2`);
  await expect(page).toHaveURL(new RegExp(`/watch/${dramaId}\\?episode=2$`));

  const bookId = await titleId(page, "children's literature", "book");
  await page.goto(`/read/${bookId}?episode=999`);
  const failure = page.getByRole("alert");
  await expect(failure).toContainText("Could not open this episode");
  await expect(failure).toContainText("This episode is not out yet.");
  await expect(page.getByRole("link", { name: "Back to the title" })).toHaveAttribute(
    "href",
    `/content/${bookId}`,
  );
});

test("a locked episode explains why and how to open it; closing returns to the title", async () => {
  // Two Houses: 20 coins from episode 4.
  const dramaId = await titleId(page, "two houses", "drama");
  await page.goto(`/watch/${dramaId}?episode=4`);
  const dialog = page.getByRole("dialog", { name: "Episode 4 is locked" });
  await expect(dialog).toContainText("costs 20 coins to unlock for good");
  await expect(dialog.getByRole("button", { name: "Unlock for 20 coins" })).toBeEnabled();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(new RegExp(`/content/${dramaId}$`));
  // The server keeps the locked episode's content to itself, whatever the page asks.
  await expect(
    callAs(page, "query", "content.getEpisode", { contentId: dramaId, number: 4 }),
  ).rejects.toThrow(/FORBIDDEN/);
});

test("the next chapter is fetched ahead and opens without asking the server again", async () => {
  const bookId = await titleId(page, "moby-dick", "book");
  const getEpisodeFrames: string[] = [];
  page.on("websocket", (socket) => {
    socket.on("framesent", ({ payload }) => {
      if (typeof payload === "string" && payload.includes("content.getEpisode"))
        getEpisodeFrames.push(payload);
    });
  });
  await page.goto(`/read/${bookId}?episode=3`);
  const bar = page.getByRole("banner");
  await expect(bar).toContainText("3.");
  // Chapter 4 is asked for ahead of time, marked so that it does not count as read yet.
  await expect
    .poll(() => getEpisodeFrames.filter((frame) => frame.includes('"number":4')))
    .toEqual([expect.stringContaining('"isPrefetch":true')]);
  await bar.getByRole("button", { name: "Contents" }).click();
  await page.getByRole("dialog", { name: "Contents" }).locator('a[href$="?episode=4"]').click();
  await expect(bar).toContainText("4.");
  // Opened from what was fetched: no second request for chapter 4.
  expect(getEpisodeFrames.filter((frame) => frame.includes('"number":4'))).toHaveLength(1);
});
