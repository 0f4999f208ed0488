// The comic reader as a reader meets it: pages that load in paged and webtoon modes, page turns by
// key, tap and swipe in both reading directions, double-page spreads, the last page finishing the
// episode, the position kept across a reload and followed from a second tab; and screenshots.
import { expect, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { progressOf, storeSettings } from "./support/reader.ts";
import { ALL_SCHEMES, capture } from "./support/screenshots.ts";

const SETTINGS_KEY = "litverse.comic-reader";

const setComicSettings = (page: Page, settings: Record<string, unknown>) =>
  storeSettings(page, SETTINGS_KEY, settings);

const reader = (page: Page) => page.getByTestId("comic-reader");
const position = (page: Page) => page.getByTestId("page-position");
const spread = (page: Page) => page.getByTestId("comic-spread");

/** Opens an episode and waits until the reader knows where to start. */
async function openComic(page: Page, path: string) {
  await page.goto(path);
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
}

/** Every page image in the document has arrived and decoded to a real picture. */
async function expectImagesLoaded(page: Page, count: number) {
  const images = page.getByTestId("comic-page");
  await expect(images).toHaveCount(count);
  await expect
    .poll(() =>
      images.evaluateAll((all) =>
        all.every(
          (image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth > 0,
        ),
      ),
    )
    .toBe(true);
}

/** Clicks a third of the page area: left, middle or right. */
async function tap(page: Page, zone: "left" | "middle" | "right") {
  const box = await reader(page).boundingBox();
  if (!box) throw new Error("no reader");
  const x = box.x + box.width * { left: 0.12, middle: 0.5, right: 0.88 }[zone];
  await page.mouse.click(x, box.y + box.height * 0.5);
}

test.describe.configure({ mode: "serial" });
let page: Page;
let nemo: string;
let krazy: string;
let katzenjammer: string;
test.beforeAll(async ({ browser }) => {
  // A context of its own, so that a second tab can share the sign-in.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  await openSignedIn(page, "reader@demo.test");
  nemo = await titleId(page, "Sleepwalk City", "comic", "Sleepwalk City");
  krazy = await titleId(page, "Brick by Brick", "comic", "Brick by Brick");
  katzenjammer = await titleId(page, "The Prank Twins", "comic", "The Prank Twins");
});
test.afterAll(async () => {
  await page.context().close();
});

test("pages load in paged mode and in webtoon mode", async () => {
  await setComicSettings(page, {});
  await openComic(page, `/read-comic/${nemo}?episode=1`);
  // A desktop screen in landscape shows double pages, the cover alone.
  await expect(reader(page)).toHaveAttribute("data-mode", "paged");
  await expect(spread(page)).toHaveAttribute("data-pages", "1");
  await expectImagesLoaded(page, 1);
  // The page arrives drawn by the server, the cover fitted to the screen as the app fits it
  // (decision 0031): without the app's code, it is where the app puts it.
  const cover = await page.getByTestId("comic-page").boundingBox();
  await page.route("**/assets/*.js", (route) => route.abort());
  try {
    await page.goto(`/read-comic/${nemo}?episode=1`);
    const drawn = page.locator('#first-screen [aria-label="Pages"] img');
    await expect(drawn).toHaveJSProperty("complete", true);
    const box = await drawn.boundingBox();
    for (const side of ["x", "y", "width", "height"] as const) {
      expect(Math.abs((box?.[side] ?? 0) - (cover?.[side] ?? -9))).toBeLessThan(1);
    }
  } finally {
    await page.unroute("**/assets/*.js");
  }
  await openComic(page, `/read-comic/${nemo}?episode=1`);
  await page.keyboard.press("ArrowRight");
  await expect(spread(page)).toHaveAttribute("data-pages", "2,3");
  await expectImagesLoaded(page, 2);

  // Webtoon from the settings: every page stacked, each box sized before its image arrives.
  await page.getByRole("button", { name: "Display settings" }).click();
  await page.getByRole("button", { name: "Webtoon" }).click();
  await expect(reader(page)).toHaveAttribute("data-mode", "webtoon");
  // A wide screen starts with side padding; the slider takes it away.
  const slots = page.locator("[data-page]");
  const slotWidth = async () => (await slots.first().boundingBox())?.width ?? 0;
  expect(await slotWidth()).toBeLessThan(900);
  await page.getByRole("slider", { name: "Side padding" }).focus();
  await page.keyboard.press("Home");
  await expect.poll(slotWidth).toBeGreaterThan(1200);
  await page.keyboard.press("End");
  await expect.poll(slotWidth).toBeLessThan(300);
  await page.keyboard.press("Escape");
  await expect(slots).toHaveCount(4);
  const heights = await slots.evaluateAll((all) => all.map((slot) => slot.getBoundingClientRect().height));
  for (const height of heights) expect(height).toBeGreaterThan(300);
  const view = page.getByTestId("webtoon-view");
  await view.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await expectImagesLoaded(page, 4);
  // Sizes reserved up front: the pages did not move when their images arrived.
  expect(await slots.evaluateAll((all) => all.map((slot) => slot.getBoundingClientRect().height))).toEqual(
    heights,
  );
  expect(
    JSON.parse((await page.evaluate((key) => localStorage.getItem(key), SETTINGS_KEY)) ?? "{}").mode,
  ).toBe("webtoon");
});

test("paged mode turns pages by key, tap and swipe; right to left mirrors them", async () => {
  await setComicSettings(page, { mode: "paged", layout: "single" });
  await openComic(page, `/read-comic/${krazy}?episode=1`);
  await expect(position(page)).toHaveText("Page 1 of 4");
  await expect(reader(page)).toHaveAttribute("data-direction", "ltr");

  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("Page 2 of 4");
  await expect(spread(page)).toHaveAttribute("data-pages", "2");
  await tap(page, "right");
  await expect(position(page)).toHaveText("Page 3 of 4");
  await page.keyboard.press("ArrowLeft");
  await expect(position(page)).toHaveText("Page 2 of 4");
  await tap(page, "left");
  await expect(position(page)).toHaveText("Page 1 of 4");
  await page.keyboard.press("PageDown");
  await expect(position(page)).toHaveText("Page 2 of 4");

  // The middle third hides and shows the bars.
  await tap(page, "middle");
  await expect(position(page)).not.toBeInViewport();
  await tap(page, "middle");
  await expect(position(page)).toBeInViewport();
  await page.keyboard.press("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
  await page.keyboard.press("Escape");

  // A swipe to the left brings in the page on the right: the next one.
  const box = await reader(page).boundingBox();
  if (!box) throw new Error("no reader");
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.5, y, { steps: 4 });
  await page.mouse.move(box.x + box.width * 0.3, y, { steps: 4 });
  await page.mouse.up();
  await expect(position(page)).toHaveText("Page 3 of 4");

  // Right to left: the next page lies to the left.
  await page.getByRole("button", { name: "Display settings" }).click();
  await page.getByRole("button", { name: "Right to left" }).click();
  await page.keyboard.press("Escape");
  await expect(reader(page)).toHaveAttribute("data-direction", "rtl");
  await page.keyboard.press("ArrowLeft");
  await expect(position(page)).toHaveText("Page 4 of 4");
  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("Page 3 of 4");
  await tap(page, "right");
  await expect(position(page)).toHaveText("Page 2 of 4");
  await tap(page, "left");
  await expect(position(page)).toHaveText("Page 3 of 4");
  // The page slider runs right to left too.
  await expect(page.getByRole("slider", { name: "Page" })).toHaveAttribute("aria-valuetext", "Page 3 of 4");

  // The override is this title's, and kept.
  await page.reload();
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await expect(reader(page)).toHaveAttribute("data-direction", "rtl");
  await page.getByRole("button", { name: "Display settings" }).click();
  await page.getByRole("button", { name: "Left to right" }).click();
  await page.keyboard.press("Escape");
  await expect(reader(page)).toHaveAttribute("data-direction", "ltr");
});

test("double pages: pairs, the cover alone, mirrored right to left", async () => {
  await setComicSettings(page, { mode: "paged", layout: "double", firstPageAlone: true });
  await openComic(page, `/read-comic/${krazy}?episode=2`);
  await expect(spread(page)).toHaveAttribute("data-pages", "1");
  await page.keyboard.press("ArrowRight");
  await expect(spread(page)).toHaveAttribute("data-pages", "2,3");
  await expect(position(page)).toHaveText("Pages 2–3 of 4");
  await expectImagesLoaded(page, 2);
  const order = () =>
    page
      .getByTestId("comic-page")
      .evaluateAll((all) => all.map((image) => image.getAttribute("data-page-index")));
  expect(await order()).toEqual(["1", "2"]);
  await page.keyboard.press("ArrowRight");
  await expect(spread(page)).toHaveAttribute("data-pages", "4");

  // Without the cover alone, pages pair from the first.
  await page.getByRole("button", { name: "Display settings" }).click();
  await page.getByRole("switch", { name: "First page alone" }).click();
  await page.getByRole("button", { name: "Right to left" }).click();
  await page.keyboard.press("Escape");
  await expect(spread(page)).toHaveAttribute("data-pages", "3,4");
  // Right to left, the first page of a spread sits on the right.
  expect(await order()).toEqual(["3", "2"]);
  await page.keyboard.press("ArrowRight");
  await expect(spread(page)).toHaveAttribute("data-pages", "1,2");
  await page.keyboard.press("ArrowLeft");
  await expect(spread(page)).toHaveAttribute("data-pages", "3,4");
});

test("the next pages, and near the end the next episode's first pages, are fetched ahead", async () => {
  await setComicSettings(page, { mode: "paged", layout: "single" });
  await openComic(page, `/read-comic/${katzenjammer}?episode=2`);
  type Episode = { payload: { pages: Array<{ url: string }> } };
  const pagesOf = async (number: number) =>
    (await callAs<Episode>(page, "query", "content.getEpisode", { contentId: katzenjammer, number })).payload
      .pages;
  // Signed addresses differ from one answer to the next: an episode's file is its id and name.
  const fileOf = (url: string) => {
    const parts = new URL(url, "http://x").pathname.split("/");
    return `${parts[3]}:${parts.at(-1)}`;
  };
  const fetched = async () =>
    (await page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name))).map(
      fileOf,
    );
  const [first, second] = [await pagesOf(2), await pagesOf(3)];
  await expect(spread(page)).toHaveAttribute("data-pages", "1");
  await expect.poll(fetched).toEqual(expect.arrayContaining(first.map((entry) => fileOf(entry.url))));
  expect(await fetched()).not.toContain(fileOf(second[0]?.url ?? ""));
  await page.keyboard.press("ArrowRight");
  await expect
    .poll(fetched)
    .toEqual(expect.arrayContaining(second.slice(0, 3).map((entry) => fileOf(entry.url))));
});

test("zoom with keys, double click, Ctrl + wheel and a pinch; drag to pan", async ({ browser }) => {
  await setComicSettings(page, { mode: "paged", layout: "single" });
  await openComic(page, `/read-comic/${nemo}?episode=1`);
  const width = async (target: Page = page) => (await spread(target).boundingBox())?.width ?? 0;
  const fitted = await width();
  await page.keyboard.press("+");
  await expect.poll(width).toBeCloseTo(fitted * 1.25, 0);
  await page.keyboard.press("0");
  await expect.poll(width).toBeCloseTo(fitted, 0);

  const box = await reader(page).boundingBox();
  if (!box) throw new Error("no reader");
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  await page.mouse.dblclick(centre.x, centre.y);
  await expect.poll(width).toBeCloseTo(fitted * 2.5, 0);
  // Zoomed in, a drag pans instead of turning the page.
  const view = page.getByTestId("paged-view");
  const scrollTop = () => view.evaluate((element) => element.scrollTop);
  const before = await scrollTop();
  expect(before).toBeGreaterThan(200);
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.down();
  await page.mouse.move(centre.x + 20, centre.y + 150, { steps: 5 });
  await page.mouse.up();
  await expect.poll(scrollTop).toBeLessThan(before - 100);
  await expect(position(page)).toHaveText("Page 1 of 4");
  await page.mouse.dblclick(centre.x, centre.y);
  await expect.poll(width).toBeCloseTo(fitted, 0);

  await page.keyboard.down("Control");
  await page.mouse.move(centre.x, centre.y);
  await page.mouse.wheel(0, -200);
  await page.keyboard.up("Control");
  await expect.poll(width).toBeGreaterThan(fitted * 1.5);
  // A page turn starts the next page at its fitted size.
  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("Page 2 of 4");
  await expect.poll(width).toBeCloseTo(fitted, 0);

  // Two fingers on a phone.
  const phone = await browser.newContext({
    storageState: await page.context().storageState(),
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const touch = await phone.newPage();
  await openComic(touch, `/read-comic/${nemo}?episode=1`);
  const phoneFitted = await width(touch);
  const cdp = await phone.newCDPSession(touch);
  const fingers = (apart: number) => [
    { x: 195 - apart / 2, y: 420 },
    { x: 195 + apart / 2, y: 420 },
  ];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: fingers(60) });
  for (const apart of [90, 120, 150, 180]) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: fingers(apart) });
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await expect.poll(() => width(touch)).toBeCloseTo(phoneFitted * 3, 0);
  // A tap on the right third still turns the page (and the next page starts fitted).
  await touch.touchscreen.tap(370, 420);
  await expect(position(touch)).toHaveText("Page 2 of 4");
  await expect.poll(() => width(touch)).toBeCloseTo(phoneFitted, 0);
  await phone.close();
});

test("the last page finishes the episode in paged mode and leads to the next", async () => {
  await setComicSettings(page, { mode: "paged", layout: "single" });
  await openComic(page, `/read-comic/${nemo}?episode=2`);
  await expect(position(page)).toHaveText("Page 1 of 4");
  for (const shown of [2, 3]) {
    await page.keyboard.press("ArrowRight");
    await expect(position(page)).toHaveText(`Page ${shown} of 4`);
  }
  await expect.poll(progressOf(page, nemo, 2)).toMatchObject({ isCompleted: false, locator: { page: 2 } });
  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("Page 4 of 4");
  await expect.poll(progressOf(page, nemo, 2)).toMatchObject({ isCompleted: true, fraction: 1 });
  // Past the last page: the end of the episode and the way on.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("episode-end")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Episode 2 complete" })).toBeVisible();
  await page.getByRole("button", { name: "Next episode" }).click();
  await expect(page).toHaveURL(new RegExp(`/read-comic/${nemo}\\?episode=3$`));
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await expect(position(page)).toHaveText("Page 1 of 4");
  // The title's page shows the episode finished.
  await page.goto(`/content/${nemo}`);
  await expect(
    page.getByTestId("episode-row").filter({ hasText: "Episode 2" }).getByText("Finished"),
  ).toBeVisible();
});

test("the last page's bottom coming into view finishes the episode in webtoon mode", async () => {
  await setComicSettings(page, { mode: "webtoon" });
  await openComic(page, `/read-comic/${krazy}?episode=3`);
  const view = page.getByTestId("webtoon-view");
  // Halfway down the last page is not yet the end.
  await view.evaluate((element) => {
    const last = element.querySelector<HTMLElement>('[data-page="3"]');
    if (last) element.scrollTo(0, last.offsetTop + last.offsetHeight / 2 - element.clientHeight);
  });
  await expect.poll(progressOf(page, krazy, 3)).toMatchObject({ isCompleted: false });
  await view.evaluate((element) => {
    const last = element.querySelector<HTMLElement>('[data-page="3"]');
    if (last) element.scrollTo(0, last.offsetTop + last.offsetHeight - element.clientHeight + 80);
  });
  await expect(page.getByTestId("episode-end")).toBeInViewport();
  await expect.poll(progressOf(page, krazy, 3)).toMatchObject({ isCompleted: true, fraction: 1 });
});

test("the position is kept across a reload, in both modes", async () => {
  await setComicSettings(page, { mode: "paged", layout: "single" });
  await openComic(page, `/read-comic/${katzenjammer}?episode=1`);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("Page 3 of 4");
  await expect.poll(progressOf(page, katzenjammer, 1)).toMatchObject({ locator: { page: 2 } });
  await page.reload();
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await expect(position(page)).toHaveText("Page 3 of 4");
  await expect(spread(page)).toHaveAttribute("data-pages", "3");

  // Webtoon: the same spot of the same page at the middle of the screen.
  await setComicSettings(page, { mode: "webtoon" });
  await openComic(page, `/read-comic/${katzenjammer}?episode=2`);
  const view = page.getByTestId("webtoon-view");
  const middleOfPage2 = () =>
    view.evaluate((element) => {
      const second = element.querySelector<HTMLElement>('[data-page="1"]');
      if (!second) return Number.NaN;
      // Where on page 2 the middle of the screen falls, 0 to 1.
      return (element.scrollTop + element.clientHeight / 2 - second.offsetTop) / second.offsetHeight;
    });
  await view.evaluate((element) => {
    const second = element.querySelector<HTMLElement>('[data-page="1"]');
    if (second) element.scrollTo(0, second.offsetTop + second.offsetHeight * 0.4 - element.clientHeight / 2);
  });
  await expect(position(page)).toHaveText("Page 2 of 4");
  await expect.poll(progressOf(page, katzenjammer, 2)).toMatchObject({ locator: { page: 1 } });
  await expect
    .poll(async () => Number((await progressOf(page, katzenjammer, 2)())?.locator?.offset))
    .toBeCloseTo(0.4, 1);
  await page.reload();
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await expect(position(page)).toHaveText("Page 2 of 4");
  expect(await middleOfPage2()).toBeCloseTo(0.4, 1);
});

test("a second tab follows the first", async () => {
  await setComicSettings(page, { mode: "paged", layout: "single" });
  await openComic(page, `/read-comic/${katzenjammer}?episode=3`);
  const other = await page.context().newPage();
  await other.setViewportSize({ width: 390, height: 844 });
  await openComic(other, `/read-comic/${katzenjammer}?episode=3`);
  await expect(position(other)).toHaveText("Page 1 of 4");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(position(page)).toHaveText("Page 3 of 4");
  await expect(position(other)).toHaveText("Page 3 of 4");
  // And back the other way, from the phone-sized tab.
  await tap(other, "left");
  await expect(position(other)).toHaveText("Page 2 of 4");
  await expect(position(page)).toHaveText("Page 2 of 4");
  await other.close();
});

test("screenshots", async () => {
  test.skip(process.env.SCREENSHOTS !== "all", "screenshots only with SCREENSHOTS=all");
  test.setTimeout(120_000);
  for (const scheme of ALL_SCHEMES) {
    await setComicSettings(page, { mode: "paged" });
    await capture(
      page,
      "comic-paged",
      scheme,
      async () => {
        await expect(reader(page)).toHaveAttribute("data-ready", "true");
        // The cover: alone in double pages on a wide screen, alone anyway on a phone.
        await expectImagesLoaded(page, 1);
      },
      `/read-comic/${nemo}?episode=1`,
    );
    await setComicSettings(page, { mode: "webtoon" });
    await capture(
      page,
      "comic-webtoon",
      scheme,
      async () => {
        await expect(reader(page)).toHaveAttribute("data-ready", "true");
        await expect(page.getByTestId("comic-page").first()).toBeVisible();
      },
      `/read-comic/${nemo}?episode=1`,
    );
    await setComicSettings(page, { mode: "paged" });
    await capture(
      page,
      "comic-settings",
      scheme,
      async () => {
        await expect(reader(page)).toHaveAttribute("data-ready", "true");
        await page.getByRole("button", { name: "Display settings" }).click();
        await expect(page.getByRole("button", { name: "Right to left" })).toBeVisible();
      },
      `/read-comic/${nemo}?episode=1`,
    );
    await capture(
      page,
      "comic-end",
      scheme,
      async () => {
        await expect(reader(page)).toHaveAttribute("data-ready", "true");
        await page.keyboard.press("End");
        await page.keyboard.press("ArrowRight");
        await expect(page.getByTestId("episode-end")).toBeVisible();
      },
      `/read-comic/${nemo}?episode=3`,
    );
  }
});
