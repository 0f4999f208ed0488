// The app's frame at each size: on phones and tablets the bottom bar, which hides nothing; from
// 1024 px the navigation beside the page in its place. One set of page widths; the support lists
// as cards; the queue's search hint in full; a story's own bar kept below the header.
import { expect, type Locator, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { menuButton } from "./support/page.ts";

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const LARGE_DESKTOP = { width: 1440, height: 900 };
/** Wide enough for the wide pages to reach their width beside the navigation. */
const FULL_HD = { width: 1920, height: 1080 };
const REM = 16;
/** The page widths of styles.css, the content's (margins aside). */
const READING_WIDTH = 40 * REM;
const WIDE_WIDTH = 72 * REM;

const sideNav = (page: Page) => page.getByTestId("side-nav");
const bottomNav = (page: Page) => page.getByTestId("bottom-nav");

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error("the element is not shown");
  return found;
}

/** The width of the page's content: its `<main>` less its side padding. */
function contentWidth(page: Page): Promise<number> {
  return page.locator("main").evaluate((main) => {
    const style = getComputedStyle(main);
    return main.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  });
}

test("from 1024 px the navigation sits beside the page: the four sections, then the menu with its badges", async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await openSignedIn(page, "reader@demo.test");
  const nav = sideNav(page);
  await expect(nav).toBeVisible();
  // Neither the menu button nor the bottom bar: the navigation beside the page replaces both.
  await expect(menuButton(page)).toBeHidden();
  await expect(bottomNav(page)).toBeHidden();
  await expect(page.getByRole("banner")).toBeVisible();
  // The first Tab offers to pass the navigation's links, straight to the page.
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Skip to the page" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("#page")).toBeFocused();

  // The bottom bar's four lead, named as there; the menu's sections follow in their order.
  const sections = page.getByRole("navigation", { name: "Sections" });
  await expect(sections.getByRole("link")).toHaveText(["Home", "Library", "Stories", "Reels"]);
  const mainMenu = page.getByRole("navigation", { name: "Main menu" });
  await expect(mainMenu.locator("h2")).toHaveText(["Main Features", "Content Types", "Social", "Account"]);
  expect((await box(sections)).y).toBeLessThan((await box(mainMenu)).y);
  // Live badges: the demo reader's three unread messages and six notices.
  await expect(mainMenu.getByRole("link", { name: /^Messages/ }).getByTestId("unread-badge")).toHaveText("3");
  await expect(mainMenu.getByRole("link", { name: /^Notifications/ }).getByTestId("unread-badge")).toHaveText(
    "6",
  );
  await expect(nav.getByRole("button", { name: "Sign Out" })).toBeVisible();

  // The page starts right of it, below the header, and the bar's links lead where they say.
  const navBox = await box(nav);
  expect(navBox.x).toBe(0);
  expect((await box(page.locator("main"))).x).toBeGreaterThanOrEqual(navBox.x + navBox.width);
  expect(navBox.y).toBeGreaterThanOrEqual((await box(page.getByRole("banner"))).height - 1);
  await sections.getByRole("link", { name: "Library" }).click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(sections.getByRole("link", { name: "Library" })).toHaveAttribute("aria-current", "page");
  await mainMenu.getByRole("link", { name: "Book Clubs" }).click();
  await expect(page.getByRole("heading", { name: "Book Clubs", level: 1 })).toBeVisible();

  // Narrower again, the bottom bar and the menu button are back and the navigation goes.
  await page.setViewportSize({ width: 1023, height: 800 });
  await expect(nav).toBeHidden();
  await expect(bottomNav(page)).toBeVisible();
  await expect(menuButton(page)).toBeVisible();
});

test("on phones the bottom bar stays, and the end of a page is never behind it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openSignedIn(page, "reader@demo.test");
  await expect(bottomNav(page)).toBeVisible();
  await expect(sideNav(page)).toBeHidden();
  for (const path of ["/", "/support", "/clubs"]) {
    await page.goto(path);
    await expect(page.locator("main").first()).toBeVisible();
    const barTop = (await box(bottomNav(page))).y;
    // At the very end of the page (which grows as its shelves arrive), its last content is above
    // the bar.
    const endOfPage = () =>
      page.locator("main").evaluate((main) => {
        window.scrollTo(0, document.documentElement.scrollHeight);
        return Math.max(...[...main.children].map((child) => child.getBoundingClientRect().bottom));
      });
    await expect
      .poll(endOfPage, { message: `the end of ${path} clears the bottom bar` })
      .toBeLessThanOrEqual(barTop);
  }
});

test("pages share two widths: a reading measure for text, a wide one for grids and tables", async ({
  page,
}) => {
  await page.setViewportSize(FULL_HD);
  await openSignedIn(page, "admin@demo.test");
  const widthOf = async (path: string, ready: Locator) => {
    await page.goto(path);
    await expect(ready).toBeVisible();
    return contentWidth(page);
  };
  const heading = (name: string) => page.getByRole("heading", { name, level: 1 });
  for (const [path, name] of [
    ["/support", "Support"],
    ["/notifications", "Notifications"],
    ["/settings/profile", "Edit Profile"],
  ] as const) {
    expect(await widthOf(path, heading(name)), path).toBe(READING_WIDTH);
  }
  for (const [path, name] of [
    ["/explore", "Explore"],
    ["/clubs", "Book Clubs"],
    ["/admin/support", "Support Tickets"],
    ["/admin/content-management", "Manage Content"],
  ] as const) {
    expect(await widthOf(path, heading(name)), path).toBe(WIDE_WIDTH);
  }
});

test("the support lists are cards, and the queue's search shows its whole hint", async ({ page }) => {
  await openSignedIn(page, "admin@demo.test");
  for (const viewport of [PHONE, DESKTOP, LARGE_DESKTOP]) {
    await page.setViewportSize(viewport);
    await page.goto("/admin/support");
    const tickets = page.getByRole("list", { name: "Tickets" }).getByRole("listitem");
    await expect(tickets.nth(1)).toBeVisible();
    // Each ticket a card of its own (rounded, with room between), like lists elsewhere.
    const [first, second] = [await box(tickets.nth(0)), await box(tickets.nth(1))];
    expect(second.y - (first.y + first.height)).toBeGreaterThanOrEqual(8);
    expect(
      await tickets.nth(0).evaluate((item) => Number.parseFloat(getComputedStyle(item).borderTopLeftRadius)),
    ).toBeGreaterThan(0);

    const search = page.getByRole("searchbox", { name: "Search tickets" });
    const room = await search.evaluate((input: HTMLInputElement) => {
      const style = getComputedStyle(input);
      const context = document.createElement("canvas").getContext("2d");
      if (!context) throw new Error("no canvas");
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inside =
        input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
      return { hint: input.placeholder, inside, needed: context.measureText(input.placeholder).width };
    });
    expect(room.hint).toBe("Subject, #number or email");
    expect(room.needed, `the hint fits at ${viewport.width} px`).toBeLessThanOrEqual(room.inside);
  }
});

test("a story's own bar stays in view below the app's header as the scene scrolls", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await openSignedIn(page, "reader@demo.test");
  // The demo reader is part-way through this one.
  const stories = await callAs<{ items: Array<{ id: string; title: string }> }>(
    page,
    "query",
    "stories.listStories",
    { search: "Harbour" },
  );
  const storyId = stories.items.find((story) => story.title === "Harbour Lights")?.id;
  if (!storyId) throw new Error("no demo story Harbour Lights");
  // Short screens, so that the scene has somewhere to scroll.
  for (const viewport of [
    { width: 390, height: 480 },
    { width: 1280, height: 360 },
  ]) {
    await page.setViewportSize(viewport);
    await page.goto(`/interactive-stories/${storyId}/play`);
    await expect(page.getByTestId("scene")).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    const header = await box(page.getByRole("banner"));
    const bar = await box(page.getByTestId("story-bar"));
    // Just below the header, not behind it.
    expect(bar.y).toBeGreaterThanOrEqual(header.y + header.height - 1);
    expect(bar.y).toBeLessThanOrEqual(header.y + header.height + 1);
    await expect(
      page.getByTestId("story-bar").getByRole("heading", { name: "Harbour Lights" }),
    ).toBeInViewport();
  }
});
