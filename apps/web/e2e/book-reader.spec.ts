// The book reader as a reader meets it, on Moby-Dick (136 chapters) and The Waste Land: text in
// pages that turn by tap, swipe and key; the exact place kept across a reload and across new
// settings; the chapter's end leading to the next; bookmarks and highlights with notes kept;
// search across the book; a second tab following the first; links inside a chapter; right-to-left
// and vertical books; how fast the next chapter opens; and screenshots (SCREENSHOTS=all).
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { progressOf, storeSettings } from "./support/reader.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

interface Summary {
  _id: string;
  title: string;
  contentType: string;
}
const SETTINGS_KEY = "litverse.book-reader.settings";

const setSettings = (page: Page, settings: Record<string, unknown>) =>
  storeSettings(page, SETTINGS_KEY, settings);

const reader = (page: Page) => page.getByTestId("book-reader");

/** Picks a choice of the settings panel: its radio button is drawn as the tile around it. */
async function choose(panel: Locator, name: string) {
  const radio = panel.getByRole("radio", { name, exact: true });
  await radio.locator("..").click();
  await expect(radio).toBeChecked();
}
const viewport = (page: Page) => page.getByTestId("book-viewport");
const pageLabel = (page: Page) => page.getByTestId("book-page-label");

/** Opens a chapter and waits until the reader has placed the text. */
async function openBook(page: Page, path: string) {
  await page.goto(path);
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
}

/** The text the reader can see on screen now (white space collapsed), in the app or `area`. */
function screenText(page: Page, area: Locator = viewport(page)): Promise<string> {
  return area.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const content = element.querySelector(".book-content");
    if (!content) return "";
    const inside = (rect: DOMRect) =>
      (rect.width > 0 || rect.height > 0) &&
      rect.right > box.left + 1 &&
      rect.left < box.right - 1 &&
      rect.bottom > box.top + 1 &&
      rect.top < box.bottom - 1;
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    let text = "";
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      range.selectNodeContents(node);
      const rects = [...range.getClientRects()];
      if (!rects.some(inside)) continue;
      if (rects.every(inside)) {
        text += node.data;
        continue;
      }
      for (let index = 0; index < node.data.length; index++) {
        range.setStart(node, index);
        range.setEnd(node, index + 1);
        const rect = range.getClientRects()[0];
        if (rect && inside(rect)) text += node.data[index];
      }
    }
    return text.replace(/\s+/g, " ").trim();
  });
}

/**
 * Whether the start of `phrase` (as screenText gives it) is on screen: the place the reader was
 * at, even when the rest of the sentence runs on to the next page.
 */
function startsOnScreen(page: Page, phrase: string): Promise<boolean> {
  return viewport(page).evaluate((element, wanted) => {
    const box = element.getBoundingClientRect();
    const content = element.querySelector('[data-testid="book-content"]');
    if (!content) return false;
    // The chapter's text with white space collapsed, and where each character came from.
    let text = "";
    const from: Array<[Text, number]> = [];
    const walker = document.createTreeWalker(content, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let index = 0; index < node.data.length; index++) {
        const char = /\s/.test(node.data[index] ?? "") ? " " : (node.data[index] ?? "");
        if (char === " " && text.endsWith(" ")) continue;
        text += char;
        from.push([node, index]);
      }
    }
    const at = text.indexOf(wanted);
    const origin = from[at];
    if (at < 0 || !origin) return false;
    const range = document.createRange();
    range.setStart(origin[0], origin[1]);
    range.setEnd(origin[0], origin[1] + 1);
    const rect = range.getClientRects()[0];
    // A pixel of rounding either way.
    return Boolean(
      rect &&
        rect.left >= box.left - 1 &&
        rect.right <= box.right + 1 &&
        rect.top >= box.top - 1 &&
        rect.bottom <= box.bottom + 1,
    );
  }, phrase);
}

/** Clicks a third of the reading area: left, middle or right. */
async function tap(page: Page, zone: "left" | "middle" | "right") {
  const box = await viewport(page).boundingBox();
  if (!box) throw new Error("no reading area");
  const x = box.x + box.width * { left: 0.1, middle: 0.5, right: 0.9 }[zone];
  await page.mouse.click(x, box.y + box.height * 0.5);
}

/** A finger swiping across the reading area, `dx` pixels sideways. */
async function swipe(page: Page, dx: number) {
  await viewport(page).evaluate((element, distance) => {
    const box = element.getBoundingClientRect();
    const y = box.top + box.height / 2;
    const x = box.left + box.width / 2 - distance / 2;
    const init = { bubbles: true, pointerId: 7, pointerType: "touch", isPrimary: true, button: 0 };
    element.dispatchEvent(new PointerEvent("pointerdown", { ...init, clientX: x, clientY: y }));
    element.dispatchEvent(new PointerEvent("pointerup", { ...init, clientX: x + distance, clientY: y + 4 }));
  }, dx);
}

/** The number of pages the chapter has now ("Page 3 of 12" → 12). */
async function pageCount(page: Page): Promise<number> {
  const text = (await pageLabel(page).textContent()) ?? "";
  const match = /of (\d+)/.exec(text);
  if (!match) throw new Error(`no page count in "${text}"`);
  return Number(match[1]);
}

/** Ranges drawn with the CSS Custom Highlight API under `name`, as text. */
function highlighted(page: Page, name: string): Promise<string[]> {
  return page.evaluate((key) => {
    const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    return [...(registry.get(key) ?? [])].map((range) => range.toString().replace(/\s+/g, " ").trim());
  }, name);
}

test.describe.configure({ mode: "serial" });
let context: BrowserContext;
let page: Page;
let moby: string;
let wasteLand: string;
test.beforeAll(async ({ browser }) => {
  // Without the page-turn slide, what is on screen can be read as soon as the page number changes.
  context = await browser.newContext({ viewport: { width: 1280, height: 720 }, reducedMotion: "reduce" });
  page = await context.newPage();
  // A reader of its own, so that the demo reader's library stays as the other specs expect it.
  await createAccount(page, {
    email: `book-reader-${Date.now()}@example.test`,
    name: "Book Reader",
    password: "Read-Passw0rd",
  });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
  moby = await titleId(page, "moby", "book", "Moby-Dick");
  wasteLand = await titleId(page, "waste land", "book", "The Waste Land");
});
test.afterAll(async () => {
  await context.close();
});

test("the chapter's text shows in pages that turn by tap, swipe and key", async () => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await setSettings(page, {});
  await openBook(page, `/read/${moby}?episode=1`);
  await page.keyboard.press("Home");
  await expect(pageLabel(page)).toHaveText(/^Page 1 of \d+$/);
  await expect(page.getByTestId("book-chapter-label")).toContainText("Chapter 1 of 136");
  const first = await screenText(page);
  expect(first).toContain("Chapter 1. Loomings.");
  expect(first).toContain("Call me Ishmael.");
  const pages = await pageCount(page);
  expect(pages).toBeGreaterThan(2);

  await tap(page, "right");
  await expect(pageLabel(page)).toHaveText(`Page 2 of ${pages}`);
  const second = await screenText(page);
  expect(second).not.toContain("Call me Ishmael");
  expect(second.length).toBeGreaterThan(500);

  await tap(page, "left");
  await expect(pageLabel(page)).toHaveText(`Page 1 of ${pages}`);
  expect(await screenText(page)).toBe(first);
  // The middle of the page does not turn it.
  await tap(page, "middle");
  await expect(pageLabel(page)).toHaveText(`Page 1 of ${pages}`);

  await swipe(page, -200);
  await expect(pageLabel(page)).toHaveText(`Page 2 of ${pages}`);
  expect(await screenText(page)).toBe(second);
  await swipe(page, 200);
  await expect(pageLabel(page)).toHaveText(`Page 1 of ${pages}`);

  // On a phone, one column: more pages, and the text still fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => pageCount(page)).toBeGreaterThan(pages);
  expect(await screenText(page)).toContain("Call me Ishmael");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
});

test("the reader comes back to the same page after a reload", async () => {
  await openBook(page, `/read/${moby}?episode=3`);
  await page.keyboard.press("Home");
  for (let turn = 0; turn < 3; turn++) await page.keyboard.press("ArrowRight");
  await expect(pageLabel(page)).toHaveText(/^Page 4 of \d+$/);
  const label = await pageLabel(page).textContent();
  const before = await screenText(page);
  const locator = await reader(page).getAttribute("data-locator");
  // The place is recorded on the server (sent about once a second).
  await expect
    .poll(async () => {
      const saved = (await progressOf(page, moby, 3)())?.locator;
      return saved ? `${saved.p}:${saved.o}` : null;
    })
    .toBe(locator);

  await openBook(page, `/read/${moby}?episode=3`);
  await expect(pageLabel(page)).toHaveText(label ?? "");
  expect(await screenText(page)).toBe(before);

  // The page arrives drawn by the server and laid out for this screen before its first paint
  // (decision 0031): without the app's code, it shows the same page.
  await page.route("**/assets/*.js", (route) => route.abort());
  try {
    await page.goto(`/read/${moby}?episode=3`);
    const drawn = page.locator("#first-screen .book-viewport");
    await expect(drawn).toBeVisible();
    expect(await screenText(page, drawn)).toBe(before);
  } finally {
    await page.unroute("**/assets/*.js");
  }
});

test("new settings keep the reader on the same sentence", async () => {
  await openBook(page, `/read/${moby}?episode=3`);
  await page.keyboard.press("Home");
  for (let turn = 0; turn < 3; turn++) await page.keyboard.press("ArrowRight");
  await expect(pageLabel(page)).toHaveText(/^Page 4 of \d+$/);
  const start = (await screenText(page)).slice(0, 40);
  const pagesBefore = await pageCount(page);

  await page.getByRole("button", { name: "Reading settings" }).click();
  const settings = page.getByRole("dialog", { name: "Reading settings" });
  await settings.getByRole("button", { name: "Larger text" }).click();
  await settings.getByRole("button", { name: "Larger text" }).click();
  await expect.poll(() => pageCount(page)).toBeGreaterThan(pagesBefore);
  expect(await startsOnScreen(page, start)).toBe(true);
  await expect(page.getByTestId("book-content")).toHaveCSS("font-size", "21.6px");

  await choose(settings, "Sans-serif");
  await choose(settings, "Wide");
  await expect(page.getByTestId("book-content")).toHaveCSS("font-family", /Inter|sans-serif/);
  expect(await startsOnScreen(page, start)).toBe(true);

  await choose(settings, "Sepia");
  await expect(reader(page)).toHaveAttribute("data-theme", "sepia");

  await choose(settings, "Scrolling");
  await expect(viewport(page)).toHaveAttribute("data-mode", "scrolling");
  expect(await startsOnScreen(page, start)).toBe(true);

  await choose(settings, "Pages");
  await expect(viewport(page)).toHaveAttribute("data-mode", "paginated");
  expect(await startsOnScreen(page, start)).toBe(true);

  // Kept on this device: a reload opens with the same settings at the same place.
  await openBook(page, `/read/${moby}?episode=3`);
  await expect(reader(page)).toHaveAttribute("data-theme", "sepia");
  await expect(page.getByTestId("book-content")).toHaveCSS("font-size", "21.6px");
  expect(await startsOnScreen(page, start)).toBe(true);

  await page.getByRole("button", { name: "Reading settings" }).click();
  await settings.getByRole("button", { name: "Reset to defaults" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("book-content")).toHaveCSS("font-size", "18px");
  expect(await startsOnScreen(page, start)).toBe(true);
});

test("the end of a chapter completes it and its prompt opens the next", async () => {
  // One page per screen, so that the end prompt has a page of its own.
  await setSettings(page, { spreads: false });
  await openBook(page, `/read/${moby}?episode=1`);
  await page.keyboard.press("End");
  const pages = await pageCount(page);
  await expect(pageLabel(page)).toHaveText(`Page ${pages} of ${pages}`);
  await expect.poll(async () => (await progressOf(page, moby, 1)())?.isCompleted).toBe(true);
  await page.keyboard.press("ArrowRight");
  await expect(pageLabel(page)).toHaveText("End of chapter");
  const end = page.getByTestId("episode-end");
  await expect(end.getByRole("heading", { name: "Chapter 1 complete" })).toBeInViewport();
  await end.getByRole("button", { name: "Next chapter" }).click();
  await expect(page).toHaveURL(/episode=2/);
  await expect(reader(page)).toHaveAttribute("data-episode", "2");
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  expect(await screenText(page)).toContain("Chapter 2. The Carpet-Bag.");
  // Back goes to the chapter before.
  await page.goBack();
  await expect(reader(page)).toHaveAttribute("data-episode", "1");
  await setSettings(page, {});
});

test("in scrolling mode the place is kept and the end of the text completes the chapter", async () => {
  await setSettings(page, { mode: "scrolling" });
  try {
    await openBook(page, `/read/${moby}?episode=8`);
    await expect(viewport(page)).toHaveAttribute("data-mode", "scrolling");
    await page.keyboard.press("Home");
    await expect(pageLabel(page)).toHaveText("0%");
    // Space scrolls by a screen, as on any page.
    await page.keyboard.press("Space");
    await page.keyboard.press("Space");
    await expect(pageLabel(page)).not.toHaveText("0%");
    const start = (await screenText(page)).slice(0, 30);
    const locator = await reader(page).getAttribute("data-locator");
    await expect
      .poll(async () => {
        const saved = (await progressOf(page, moby, 8)())?.locator;
        return saved ? `${saved.p}:${saved.o}` : null;
      })
      .toBe(locator);
    await openBook(page, `/read/${moby}?episode=8`);
    expect(await startsOnScreen(page, start)).toBe(true);

    await page.keyboard.press("End");
    await expect(
      page.getByTestId("episode-end").getByRole("heading", { name: "Chapter 8 complete" }),
    ).toBeInViewport();
    await expect.poll(async () => (await progressOf(page, moby, 8)())?.isCompleted).toBe(true);
  } finally {
    await setSettings(page, {});
  }
});

test("a bookmark and a highlight with a note are kept", async () => {
  await openBook(page, `/read/${moby}?episode=4`);
  await page.keyboard.press("Home");
  await page.getByRole("button", { name: "Bookmark this page" }).click();
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toHaveAttribute("aria-pressed", "true");

  // Select the first words of the first paragraph by dragging across them.
  const paragraph = page.getByTestId("book-content").locator("p").first();
  const box = await paragraph.boundingBox();
  if (!box) throw new Error("no paragraph");
  await page.mouse.move(box.x + 1, box.y + 12);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 12, { steps: 6 });
  await page.mouse.up();
  const selected = await page.evaluate(
    () => window.getSelection()?.toString().replace(/\s+/g, " ").trim() ?? "",
  );
  expect(selected.length).toBeGreaterThan(10);
  const toolbar = page.getByRole("toolbar", { name: "Selected text" });
  await toolbar.getByRole("button", { name: "Add note" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a note" });
  await dialog.getByLabel("Note").fill("Ishmael wakes up in Queequeg's arms.");
  await dialog.getByRole("button", { name: "Save note" }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => highlighted(page, "book-yellow")).toEqual([selected]);
  await expect.poll(() => highlighted(page, "book-note")).toEqual([selected]);

  await openBook(page, `/read/${moby}?episode=4`);
  await expect.poll(() => highlighted(page, "book-yellow")).toEqual([selected]);
  await expect(page.getByRole("button", { name: "Remove bookmark" })).toHaveAttribute("aria-pressed", "true");

  // Tapping the highlight offers its colours: green replaces yellow.
  const highlightBox = await page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    const range = [...(registry.get("book-yellow") ?? [])][0];
    const rect = range?.getClientRects()[0];
    return rect ? { x: rect.left + 8, y: rect.top + rect.height / 2 } : null;
  });
  if (!highlightBox) throw new Error("no highlight on screen");
  await page.mouse.click(highlightBox.x, highlightBox.y);
  await page
    .getByRole("toolbar", { name: "Highlight" })
    .getByRole("button", { name: "Highlight green" })
    .click();
  await expect.poll(() => highlighted(page, "book-green")).toEqual([selected]);
  await expect.poll(() => highlighted(page, "book-yellow")).toEqual([]);

  // Both are listed for the whole book, and lead back to their place from another chapter.
  await openBook(page, `/read/${moby}?episode=5`);
  await page.getByRole("button", { name: "Notes & bookmarks" }).click();
  const panel = page.getByRole("dialog", { name: "Notes & bookmarks" });
  const marks = panel.getByTestId("book-mark");
  await expect(marks).toHaveCount(2);
  await expect(panel).toContainText("Ishmael wakes up in Queequeg's arms.");
  await panel.getByRole("button", { name: `Highlight: “${selected}”` }).click();
  await expect(reader(page)).toHaveAttribute("data-episode", "4");
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await expect.poll(() => highlighted(page, "book-green")).toEqual([selected]);
  expect(await screenText(page)).toContain(selected);

  // Removed from the list, they are gone from the page too.
  await page.keyboard.press("n");
  await panel.getByRole("button", { name: "Remove highlight" }).click();
  await panel.getByRole("button", { name: "Remove bookmark" }).click();
  await expect(marks).toHaveCount(0);
  await expect.poll(() => highlighted(page, "book-green")).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Bookmark this page" })).toHaveAttribute(
    "aria-pressed",
    "false",
  );
});

test("search finds a word in the book and opens its chapter at the match", async () => {
  await openBook(page, `/read/${moby}?episode=1`);
  await page.keyboard.press("/");
  const dialog = page.getByRole("dialog", { name: "Search in the book" });
  await dialog.getByRole("searchbox", { name: "Search in the book" }).fill("Bulkington");
  await expect(dialog.getByTestId("book-search-count")).toContainText(/\d+ match/);
  // The second match of chapter 3 (The Spouter-Inn, episode 3), not its first.
  const chapter = dialog.getByRole("region", { name: /^3\. Chapter 3\. The Spouter-Inn\./ });
  const hits = chapter.getByRole("button");
  expect(await hits.count()).toBeGreaterThan(1);
  await hits.nth(1).click();
  await expect(page).toHaveURL(/episode=3/);
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await expect.poll(() => highlighted(page, "book-search")).toEqual(["Bulkington"]);
  const onScreen = await page.evaluate(() => {
    const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
    const range = [...(registry.get("book-search") ?? [])][0];
    const rect = range?.getBoundingClientRect();
    const area = document.querySelector('[data-testid="book-viewport"]')?.getBoundingClientRect();
    return Boolean(
      rect && area && rect.left >= area.left && rect.right <= area.right && rect.top >= area.top,
    );
  });
  expect(onScreen).toBe(true);
  // And the first match of the chapter is elsewhere: the page shown is the second's.
  const text = await screenText(page);
  expect(text.match(/Bulkington/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
});

test("a second tab follows the first", async () => {
  await openBook(page, `/read/${moby}?episode=6`);
  await page.keyboard.press("Home");
  const other = await context.newPage();
  await openBook(other, `/read/${moby}?episode=6`);
  await expect(pageLabel(other)).toHaveText(/^Page 1 of \d+$/);
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(pageLabel(page)).toHaveText(/^Page 3 of \d+$/);
  await expect(pageLabel(other)).toHaveText((await pageLabel(page).textContent()) ?? "");
  expect(await screenText(other)).toBe(await screenText(page));
  // And the other way round.
  await other.keyboard.press("ArrowLeft");
  await expect(pageLabel(page)).toHaveText(/^Page 2 of \d+$/);
  await other.close();
});

test("the keyboard alone turns pages and chapters", async () => {
  await openBook(page, `/read/${moby}?episode=6`);
  await page.keyboard.press("Home");
  await expect(pageLabel(page)).toHaveText(/^Page 1 of \d+$/);
  const pages = await pageCount(page);
  await page.keyboard.press("PageDown");
  await expect(pageLabel(page)).toHaveText(`Page 2 of ${pages}`);
  await page.keyboard.press("Space");
  await expect(pageLabel(page)).toHaveText(`Page 3 of ${pages}`);
  await page.keyboard.press("ArrowLeft");
  await expect(pageLabel(page)).toHaveText(`Page 2 of ${pages}`);
  await page.keyboard.press("PageUp");
  await expect(pageLabel(page)).toHaveText(`Page 1 of ${pages}`);
  await page.keyboard.press("End");
  await expect(pageLabel(page)).toHaveText(`Page ${pages} of ${pages}`);
  await expect(page.getByTestId("book-announcer")).toHaveText(`Page ${pages} of ${pages}`);

  await page.keyboard.press("]");
  await expect(reader(page)).toHaveAttribute("data-episode", "7");
  await page.keyboard.press("[");
  await expect(reader(page)).toHaveAttribute("data-episode", "6");
  // Back before the first page: the previous chapter, at its end.
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  await page.keyboard.press("Home");
  await page.keyboard.press("ArrowLeft");
  await expect(reader(page)).toHaveAttribute("data-episode", "5");
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  const last = await pageCount(page);
  await expect(pageLabel(page)).toHaveText(`Page ${last} of ${last}`);

  await page.keyboard.press("?");
  const shortcuts = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(shortcuts).toContainText("Next chapter");
  await page.keyboard.press("Escape");
  await expect(shortcuts).toBeHidden();
});

test("links inside a chapter show their note in place, go to it and back", async () => {
  await openBook(page, `/read/${wasteLand}?episode=1`);
  await page.keyboard.press("Home");
  const before = await screenText(page);
  const link = page.getByTestId("book-content").locator('a[href^="#"]').first();
  const target = (await link.getAttribute("href"))?.slice(1) ?? "";
  // The book's ids are scoped in the page: none becomes a window property or meets the app's ids.
  expect(await page.evaluate((id) => document.getElementById(id), target)).toBeNull();
  expect(await page.evaluate((id) => id in window, target)).toBe(false);
  // A note reference shows its note in place first, with the way to the note itself.
  await link.click();
  const note = page.getByTestId("note-popover");
  const noteText =
    (await page.getByTestId("book-content").locator(`[id="book-${target}"]`).textContent()) ?? "";
  await expect(note).toContainText(noteText.replace(/\s+/g, " ").trim().slice(0, 40));
  await note.getByRole("button", { name: "Go to the note" }).click();
  await expect(note).toBeHidden();
  await expect(page.getByTestId("book-content").locator(`[id="book-${target}"]`)).toBeInViewport();
  expect(await screenText(page)).not.toBe(before);
  await page.getByRole("button", { name: "Back to where you were" }).click();
  await expect(pageLabel(page)).toHaveText(/^Page 1 of \d+$/);
  expect(await screenText(page)).toBe(before);

  // The book's own contents page is front matter, ahead of chapter 1: the reader's contents list
  // it, and a link there to a place in a chapter opens that chapter there.
  const found = await callAs<{ items: Summary[] }>(page, "query", "content.listContent", {
    query: "children",
  });
  const children = found.items.find((item) => item.contentType === "book")?._id;
  await openBook(page, `/read/${children}?episode=1`);
  await page.getByRole("banner").getByRole("button", { name: "Contents" }).click();
  const contents = page.getByRole("dialog", { name: "Contents" });
  await contents
    .getByRole("region", { name: "Front matter" })
    .getByRole("link", { name: "THE CONTENTS" })
    .click();
  await expect(page).toHaveURL(new RegExp(`/read/${children}\\?matter=1$`));
  const matter = page.getByTestId("book-matter");
  await expect(matter).toHaveAttribute("data-ready", "true");
  await expect(matter.getByRole("heading", { level: 1 })).toHaveText("Children's Literature");
  await expect(matter.getByRole("link", { name: /Start reading/ })).toHaveAttribute("href", /\?episode=1$/);
  // The book's own stylesheet hides its page list; the last link the page shows.
  const toChapter = matter
    .getByTestId("book-matter-content")
    .locator('a[href^="?episode=1#"]:visible')
    .last();
  const href = (await toChapter.getAttribute("href")) ?? "";
  await toChapter.click();
  await expect(page).toHaveURL(/episode=1/);
  await expect(reader(page)).toHaveAttribute("data-ready", "true");
  const fragment = href.split("#")[1] ?? "";
  await expect(page.getByTestId("book-content").locator(`[id="book-${fragment}"]`)).toBeInViewport();
  // The jump is not repeated by a reload: the address keeps only the chapter.
  await expect(page).toHaveURL(/episode=1$/);
});

test("right-to-left and vertical books mirror the page turns", async ({ browser }) => {
  // How a title reads is set by an admin in the title's settings.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await openSignedIn(admin, "admin@demo.test");
  const setFlow = (data: { readingDirection: string; writingMode: string }) =>
    callAs(admin, "mutation", "contentAdmin.updateContent", { id: wasteLand, data });
  await setFlow({ readingDirection: "rtl", writingMode: "horizontal" });
  try {
    await openBook(page, `/read/${wasteLand}?episode=1`);
    await page.keyboard.press("Home");
    await expect(page.getByTestId("book-content").locator("..")).toHaveAttribute("dir", "rtl");
    const first = await screenText(page);
    await page.keyboard.press("ArrowLeft");
    await expect(pageLabel(page)).toHaveText(/^Page 2 of \d+$/);
    await tap(page, "left");
    await expect(pageLabel(page)).toHaveText(/^Page 3 of \d+$/);
    await tap(page, "right");
    await page.keyboard.press("ArrowRight");
    await expect(pageLabel(page)).toHaveText(/^Page 1 of \d+$/);
    expect(await screenText(page)).toBe(first);

    await setFlow({ readingDirection: "rtl", writingMode: "vertical" });
    await openBook(page, `/read/${wasteLand}?episode=1`);
    await page.keyboard.press("Home");
    await expect(page.getByTestId("book-content")).toHaveCSS("writing-mode", "vertical-rl");
    const top = await screenText(page);
    expect(top).toContain("The Waste Land");
    await page.keyboard.press("ArrowLeft");
    await expect(pageLabel(page)).toHaveText(/^Page 2 of \d+$/);
    const next = await screenText(page);
    expect(next).not.toBe(top);
    expect(next.length).toBeGreaterThan(50);
  } finally {
    await setFlow({ readingDirection: "ltr", writingMode: "horizontal" });
    await adminContext.close();
  }
});

/**
 * A stand-in for the browser's speech synthesis (headless Chromium has no voices), installed when
 * the page's storage asks for it: it records what it is told to say, and each sentence ends when
 * the test says so. "none" removes speech altogether.
 */
function fakeSpeech() {
  const mode = localStorage.getItem("test.speech");
  if (mode === "none") {
    Object.defineProperty(window, "speechSynthesis", { value: undefined, configurable: true });
    return;
  }
  if (mode !== "fake") return;
  type Utterance = {
    text: string;
    rate: number;
    onend?: () => void;
    onerror?: (event: { error: string }) => void;
  };
  const state = window as unknown as {
    spoken: Utterance[];
    current: Utterance | null;
    finishSentence: () => void;
  };
  state.spoken = [];
  state.current = null;
  state.finishSentence = () => {
    const utterance = state.current;
    state.current = null;
    utterance?.onend?.();
  };
  const synth = {
    speak(utterance: Utterance) {
      state.spoken.push(utterance);
      state.current = utterance;
    },
    cancel() {
      const utterance = state.current;
      state.current = null;
      if (utterance) setTimeout(() => utterance.onerror?.({ error: "interrupted" }), 0);
    },
    pause() {},
    resume() {},
    getVoices: () => [],
  };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  Object.defineProperty(window, "SpeechSynthesisUtterance", {
    value: class {
      text: string;
      rate = 1;
      constructor(text: string) {
        this.text = text;
      }
    },
    configurable: true,
  });
}

test("read-aloud reads from the page shown, follows it, and is hidden without speech", async () => {
  await page.addInitScript(fakeSpeech);
  await page.evaluate(() => localStorage.setItem("test.speech", "fake"));
  try {
    await openBook(page, `/read/${moby}?episode=1`);
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowRight");
    await expect(pageLabel(page)).toHaveText(/^Page 2 of \d+$/);
    const shown = await screenText(page);
    await page.getByRole("button", { name: "Read aloud" }).click();
    const bar = page.getByTestId("read-aloud-bar");
    await expect(bar).toContainText("Reading aloud");
    const said = () =>
      page.evaluate(() =>
        (window as unknown as { spoken: Array<{ text: string }> }).spoken.map((u) => u.text),
      );
    // It starts on the page shown, with the sentence drawn as it is read.
    const first = (await said())[0] ?? "";
    expect(shown.replace(/\s+/g, " ")).toContain(first.slice(0, 30));
    await expect.poll(() => highlighted(page, "book-speaking")).toEqual([first]);
    await page.evaluate(() => (window as unknown as { finishSentence: () => void }).finishSentence());
    await expect.poll(async () => (await said()).length).toBe(2);
    const second = (await said())[1] ?? "";
    await expect.poll(() => highlighted(page, "book-speaking")).toEqual([second]);

    // Faster: the sentence starts again at the new speed. Pause, then resume where it was.
    await bar.getByLabel("Reading speed").selectOption("1.5");
    await expect
      .poll(() =>
        page.evaluate(() => (window as unknown as { current: { rate: number; text: string } }).current),
      )
      .toEqual(expect.objectContaining({ rate: 1.5, text: second }));
    await bar.getByRole("button", { name: "Pause reading aloud" }).click();
    await expect(bar).toContainText("Paused");
    await page.keyboard.press("r");
    await expect(bar).toContainText("Reading aloud");
    expect((await said()).at(-1)).toBe(second);

    // The page turns with the voice.
    for (let sentence = 0; sentence < 200; sentence++) {
      if (!/^Page 2 /.test((await pageLabel(page).textContent()) ?? "")) break;
      await page.evaluate(() => (window as unknown as { finishSentence: () => void }).finishSentence());
    }
    await expect(pageLabel(page)).toHaveText(/^Page 3 of \d+$/);
    const reading = (await highlighted(page, "book-speaking"))[0] ?? "";
    expect(await screenText(page)).toContain(reading.slice(0, 30));

    await bar.getByRole("button", { name: "Stop reading aloud" }).click();
    await expect(bar).toBeHidden();
    await expect.poll(() => highlighted(page, "book-speaking")).toEqual([]);

    await page.evaluate(() => localStorage.setItem("test.speech", "none"));
    await openBook(page, `/read/${moby}?episode=1`);
    await expect(page.getByRole("button", { name: "Notes & bookmarks" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Read aloud" })).toHaveCount(0);
  } finally {
    await page.evaluate(() => localStorage.removeItem("test.speech"));
  }
});

test("the next chapter opens quickly once fetched ahead", async () => {
  // A timing, not a behaviour: measured on demand (E2E_TIMINGS=1, see bench/README.md), since
  // other work on the machine moves it.
  test.skip(!process.env.E2E_TIMINGS, "timings run with E2E_TIMINGS=1");
  const fetched = new Set<number>();
  page.on("websocket", (socket) => {
    socket.on("framereceived", ({ payload }) => {
      // An episode's content: its summary, then its payload with the chapter's HTML.
      const text = typeof payload === "string" ? payload : payload.toString();
      const at = text.indexOf('"episode":{');
      if (at < 0 || !text.includes('"kind":"book"')) return;
      const number = /"number":(\d+)/.exec(text.slice(at));
      if (number) fetched.add(Number(number[1]));
    });
  });
  const timings: number[] = [];
  await setSettings(page, { spreads: false });
  for (let chapter = 7; chapter < 12; chapter++) {
    await openBook(page, `/read/${moby}?episode=${chapter}`);
    await page.keyboard.press("End");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByTestId("episode-end")).toBeInViewport();
    // Warm: the reader has fetched the next chapter ahead.
    await expect.poll(() => fetched.has(chapter + 1)).toBe(true);
    const elapsed = await page.evaluate((next) => {
      const button = document.querySelector<HTMLButtonElement>('[data-testid="episode-end"] button');
      if (!button) throw new Error("no Next chapter button");
      const start = performance.now();
      button.click();
      return new Promise<number>((resolve) => {
        const check = () => {
          const shown = document.querySelector(
            `[data-testid="book-reader"][data-episode="${next}"][data-ready="true"]`,
          );
          // The frame after the text is placed is the one that shows it.
          if (shown) requestAnimationFrame(() => resolve(performance.now() - start));
          else requestAnimationFrame(check);
        };
        check();
      });
    }, chapter + 1);
    expect(await screenText(page)).not.toBe("");
    timings.push(elapsed);
  }
  await setSettings(page, {});
  timings.sort((a, b) => a - b);
  const median = timings[2] ?? 0;
  test.info().annotations.push({
    type: "next chapter (ms)",
    description: `median ${median.toFixed(0)}, all ${timings.map((ms) => ms.toFixed(0)).join(", ")}`,
  });
  console.log(
    `next chapter, warm: median ${median.toFixed(0)} ms (${timings.map((ms) => ms.toFixed(0)).join(", ")})`,
  );
  // The target is 300 ms on an idle machine; the bound leaves room for a busy test runner while still
  // failing if opening waited for the network.
  expect(median).toBeLessThanOrEqual(500);
});

test.describe("screenshots", () => {
  test.skip(process.env.SCREENSHOTS !== "all", "screenshots only with SCREENSHOTS=all");
  for (const scheme of SCHEMES) {
    test(`book reader, ${scheme}`, async () => {
      test.setTimeout(300_000);
      await setSettings(page, {});
      const ready = async () => {
        await expect(reader(page)).toHaveAttribute("data-ready", "true");
        await page.keyboard.press("Home");
      };
      await capture(page, "book-reader", scheme, ready, `/read/${moby}?episode=1`);
      await capture(
        page,
        "book-reader-settings",
        scheme,
        async () => {
          await ready();
          await page.getByRole("button", { name: "Reading settings" }).click();
          await expect(page.getByRole("dialog", { name: "Reading settings" })).toBeVisible();
        },
        `/read/${moby}?episode=1`,
      );
      await setSettings(page, { theme: "sepia", font: "sans", mode: "scrolling" });
      await capture(page, "book-reader-sepia-scrolling", scheme, ready, `/read/${moby}?episode=1`);
      await setSettings(page, {});
      await capture(
        page,
        "book-reader-search",
        scheme,
        async () => {
          await ready();
          await page.keyboard.press("/");
          await page.getByRole("searchbox", { name: "Search in the book" }).fill("whale");
          await expect(page.getByTestId("book-search-count")).toBeVisible();
        },
        `/read/${moby}?episode=1`,
      );
      await capture(
        page,
        "book-reader-end",
        scheme,
        async () => {
          await ready();
          await page.keyboard.press("End");
          await page.keyboard.press("ArrowRight");
          await expect(page.getByTestId("episode-end")).toBeInViewport();
        },
        `/read/${moby}?episode=1`,
      );
      await capture(page, "book-reader-poem", scheme, ready, `/read/${wasteLand}?episode=1`);

      // A highlight with a note and a bookmark, drawn on the page and listed in the panel.
      const detail = await callAs<{ episodes: Array<{ _id: string; number: number }> }>(
        page,
        "query",
        "content.getContent",
        { contentId: moby },
      );
      const episodeId = detail.episodes.find((episode) => episode.number === 1)?._id;
      const added = [
        await callAs<{ _id: string }>(page, "mutation", "library.addMark", {
          episodeId,
          kind: "highlight",
          locator: { p: 2, o: 0, endP: 2, endO: 90 },
          quote: "Call me Ishmael. Some years ago—never mind how long precisely—having little or no money",
          note: "The most famous first line.",
          color: "yellow",
        }),
        await callAs<{ _id: string }>(page, "mutation", "library.addMark", {
          episodeId,
          kind: "bookmark",
          locator: { p: 2, o: 0 },
          quote: "Call me Ishmael.",
        }),
      ];
      try {
        await capture(
          page,
          "book-reader-marks",
          scheme,
          async () => {
            await ready();
            await expect.poll(() => highlighted(page, "book-yellow")).toHaveLength(1);
            await page.keyboard.press("n");
            await expect(page.getByTestId("book-mark")).toHaveCount(2);
          },
          `/read/${moby}?episode=1`,
        );
        await capture(
          page,
          "book-reader-highlight",
          scheme,
          async () => {
            await ready();
            const point = await page.evaluate(() => {
              const registry = (CSS as unknown as { highlights: Map<string, Set<Range>> }).highlights;
              const rect = [...(registry.get("book-yellow") ?? [])][0]?.getClientRects()[0];
              return rect ? { x: rect.left + 10, y: rect.top + rect.height / 2 } : null;
            });
            if (!point) throw new Error("no highlight on screen");
            await page.mouse.click(point.x, point.y);
            await expect(page.getByRole("toolbar", { name: "Highlight" })).toBeVisible();
          },
          `/read/${moby}?episode=1`,
        );
      } finally {
        for (const mark of added) await callAs(page, "mutation", "library.removeMark", { markId: mark._id });
      }
    });
  }
});
