// The catalogue as a reader meets it: explore (search, type links, back and forward, pages), a
// title's page (like, rating, follow, locked episodes, live progress), My Library and home's
// Continue shelf; and a reader aged 13-15, who does not meet a title rated 18+.
import { expect, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { menu, openMenu } from "./support/page.ts";

const results = (page: Page) => page.getByTestId("explore-results").getByTestId("content-card");
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search titles" });

// One signed-in reader page for every step: signing in is the slowest part of each test.
test.describe.configure({ mode: "serial" });
let page: Page;
test.beforeAll(async ({ browser }) => {
  page = await browser.newPage();
  await openSignedIn(page, "reader@demo.test");
});
test.afterAll(async () => {
  await page.close();
});

test("a reader explores, opens titles, likes, rates, follows and continues", async () => {
  await page.goto("/");

  // Home's shelves lead to explore with their type.
  await expect(page.getByRole("link", { name: "See all: Must Watch" })).toHaveAttribute(
    "href",
    "/explore?type=drama",
  );

  // Explore from the bottom navigation; search "moby": the imported book and the narrated audiobook.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Library" }).click();
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Explore · Litverse");
  await searchBox(page).fill("moby");
  await expect(page).toHaveURL(/\/explore\?q=moby$/);
  await expect(page.getByTestId("result-count")).toHaveText("2 titles match “moby”");
  await expect(results(page)).toHaveCount(2);
  await expect(
    results(page)
      .filter({ hasText: "Moby-Dick" })
      .filter({ has: page.getByText("Book", { exact: true }) }),
  ).toHaveCount(1);
  await expect(
    results(page)
      .filter({ hasText: "Moby-Dick" })
      .filter({ has: page.getByText("Audiobook", { exact: true }) }),
  ).toHaveCount(1);

  // The menu's Comics link filters by type; back returns to the search.
  await openMenu(page);
  await menu(page).getByRole("link", { name: "Comics", exact: true }).click();
  await expect(page).toHaveURL(/\/explore\?type=comic$/);
  await expect(page.getByRole("button", { name: "Comics", pressed: true })).toBeVisible();
  await expect(searchBox(page)).toHaveValue("");
  await expect(results(page).first()).toBeVisible();
  const comics = await results(page).allTextContents();
  expect(comics.length).toBeGreaterThanOrEqual(4);
  for (const card of comics) expect(card).toContain("Comic");
  await page.goBack();
  await expect(page).toHaveURL(/\/explore\?q=moby$/);
  await expect(searchBox(page)).toHaveValue("moby");

  // A filter from the panel, and its chip that removes it.
  await page.getByRole("combobox", { name: "Access" }).selectOption({ label: "Premium" });
  await expect(page).toHaveURL(/access=premium/);
  await expect(page.getByRole("heading", { name: "No titles match" })).toBeVisible();
  await page.getByRole("button", { name: "Remove filter: Premium" }).click();
  await expect(results(page)).toHaveCount(2);

  // Open the book: its page, its 136 chapters in chunks, newest first on request.
  await results(page)
    .filter({ has: page.getByText("Book", { exact: true }) })
    .click();
  await expect(page.getByRole("heading", { name: "Moby-Dick", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Moby-Dick · Litverse");
  const mobyId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  const rows = page.getByTestId("episode-row");
  await expect(rows).toHaveCount(30);
  await page.getByRole("button", { name: "Show all 136 episodes" }).click();
  await expect(rows).toHaveCount(136);
  await expect(rows.first()).toHaveAttribute("href", `/read/${mobyId}?episode=1`);
  await page.getByRole("button", { name: "Newest first" }).click();
  await expect(rows.first()).toHaveAttribute("href", `/read/${mobyId}?episode=136`);
  await expect(page.getByTestId("primary-action")).toHaveText("Start reading");

  // Like, rate and follow: at once, and kept by the server.
  const like = page.getByRole("button", { name: /^Like(d)?, \d+ likes?$/ });
  await expect(like).toHaveAttribute("aria-pressed", "false");
  const likesBefore = Number((await like.getAttribute("aria-label"))?.match(/(\d+) like/)?.[1]);
  await like.click();
  await expect(like).toHaveAttribute("aria-pressed", "true");
  await expect(like).toHaveAccessibleName(
    `Liked, ${likesBefore + 1} ${likesBefore === 0 ? "like" : "likes"}`,
  );
  await page.getByRole("button", { name: "Rate 4 stars" }).click();
  await expect(page.getByRole("button", { name: "Rate 4 stars" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("You rated it 4 of 5")).toBeVisible();
  await page.getByRole("button", { name: "Add to library" }).click();
  await expect(page.getByRole("button", { name: "In My Library" })).toHaveAttribute("aria-pressed", "true");
  const saved = await callAs<{ viewer: { isLiked: boolean; isFollowing: boolean; rating: number } }>(
    page,
    "query",
    "content.getContent",
    { contentId: mobyId },
  );
  expect(saved.viewer).toMatchObject({ isLiked: true, isFollowing: true, rating: 4 });

  // Reading elsewhere shows here live: the main button continues where the reader is.
  const detail = await callAs<{ episodes: Array<{ _id: string; number: number }> }>(
    page,
    "query",
    "content.getContent",
    { contentId: mobyId },
  );
  const second = detail.episodes.find((episode) => episode.number === 2);
  await callAs(page, "mutation", "library.recordProgress", { episodeId: second?._id, fraction: 0.4 });
  await expect(page.getByTestId("primary-action")).toHaveText("Continue episode 2");

  // My Library: following, continue and history.
  await openMenu(page);
  await menu(page).getByRole("link", { name: "My Library" }).click();
  await expect(page.getByRole("heading", { name: "My Library", level: 1 })).toBeVisible();
  await expect(page.getByTestId("continue-list")).toContainText("Moby-Dick");
  await expect(page.getByTestId("continue-list")).toContainText("Episode 2 · 40%");
  await expect(page.getByRole("link", { name: "Continue Moby-Dick, episode 2" })).toHaveAttribute(
    "href",
    `/read/${mobyId}?episode=2`,
  );
  await page.getByRole("tab", { name: /^Following/ }).click();
  await expect(page).toHaveURL(/\/my-library\?tab=following$/);
  const following = page.getByTestId("following-list");
  await expect(following).toContainText("Moby-Dick");
  await expect(following).toContainText("136 of 136 episodes still to go");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("history-list")).toContainText("Episode 2:");
  await expect(page.getByTestId("history-list")).toContainText("just now");

  // Unfollow, then undo from the toast.
  await page.getByRole("tab", { name: /^Following/ }).click();
  await page.getByRole("button", { name: "Unfollow Moby-Dick" }).click();
  await expect(page.getByRole("heading", { name: "You are not following any titles" })).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(following).toContainText("Moby-Dick");

  // Home now opens with the title in progress first, and still holds the book the reader's club
  // reads (the demo has them four chapters into it). Other journeys as this reader, such as the
  // accessibility audit's, may have opened readers too, so the shelf's length is not counted.
  await page.getByRole("navigation", { name: "Sections" }).getByRole("link", { name: "Home" }).click();
  const shelf = page.getByTestId("continue-shelf");
  const cards = shelf.getByTestId("content-card");
  await expect(cards.first()).toHaveAttribute("href", `/read/${mobyId}?episode=2`);
  await expect(cards.first()).toContainText("Episode 2 · 40%");
  await expect(cards.filter({ hasText: "The Lantern Keeper's Daughter" })).toHaveCount(1);
});

test("explore loads more titles as the reader scrolls", async () => {
  await page.goto("/explore?sort=new");
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("new");
  // The first page, with the way to more below it; scrolling down brings the next page.
  await expect(results(page)).toHaveCount(12);
  const total = Number((await page.getByTestId("result-count").textContent())?.match(/^(\d+) titles$/)?.[1]);
  expect(total, "more than one page of 12").toBeGreaterThan(12);
  // A reader keeps scrolling: each page that arrives lengthens the list, so one turn of the wheel
  // may end above the next page's trigger. The wheel turns over the results (over the navigation
  // beside the page, it would scroll that).
  await results(page).first().hover();
  await expect(async () => {
    await page.mouse.wheel(0, 4000);
    await expect(page.getByTestId("load-more")).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  await expect(results(page)).toHaveCount(total);
  // Newest first: the narrated Moby-Dick (3 days old) comes before the book (90 days).
  const titles = await results(page).allTextContents();
  const narrated = titles.findIndex((text) => text.includes("Moby-Dick") && text.includes("Audiobook"));
  const book = titles.findIndex((text) => text.includes("Moby-Dick") && /(?<!Audio)Book/.test(text));
  expect(narrated).toBeLessThan(book);
});

test("locked episodes explain themselves: coins and plans", async () => {
  // Two Houses: free at first, 20 coins from episode 4, a new episode every day.
  await page.goto("/explore?q=two%20houses");
  await results(page).filter({ hasText: "Two Houses" }).click();
  await expect(page.getByRole("heading", { name: "Two Houses", level: 1 })).toBeVisible();
  const romeoId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  await expect(page.getByText("New episode every day")).toBeVisible();
  await expect(page.getByTestId("next-release")).toContainText(/Next episode (in \d+ hours|tomorrow)/);
  const rows = page.getByTestId("episode-row");
  await expect(rows).toHaveCount(8);
  await expect(rows.nth(0)).toHaveAttribute("href", `/watch/${romeoId}?episode=1`);
  await expect(rows.nth(0)).toContainText("Free");
  await expect(rows.nth(2)).not.toHaveAttribute("data-locked");
  for (const index of [3, 7]) {
    await expect(rows.nth(index)).toHaveAttribute("data-locked", "price");
    await expect(rows.nth(index)).toContainText("20 coins");
  }
  // By keyboard: the dialog opens from the row and gives focus back to it.
  await rows.nth(3).focus();
  await page.keyboard.press("Enter");
  const priceDialog = page.getByRole("dialog", { name: "Episode 4 is locked" });
  await expect(priceDialog).toContainText("costs 20 coins to unlock for good");
  await expect(priceDialog.getByTestId("coin-balance")).toHaveText("You have 320 coins.");
  // Unlocking is the unlock tests' business: this reader's wallet stays as it is.
  await expect(priceDialog.getByRole("button", { name: "Unlock for 20 coins" })).toBeEnabled();
  await expect(priceDialog.getByRole("button", { name: /Wait for free/ })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(priceDialog).toHaveCount(0);
  await expect(rows.nth(3)).toBeFocused();
  await page.getByTestId("primary-action").click();
  await expect(page).toHaveURL(new RegExp(`/watch/${romeoId}\\?episode=1$`));
  await page.goBack();

  // A premium title: episode 1 to try, the rest for Premium members.
  await page.goto("/explore?q=island%20fortune");
  await results(page).filter({ hasText: "The Island Fortune" }).click();
  await expect(page.getByRole("heading", { name: "The Island Fortune", level: 1 })).toBeVisible();
  await expect(rows.nth(0)).not.toHaveAttribute("data-locked");
  await expect(rows.nth(1)).toHaveAttribute("data-locked", "tier");
  await expect(rows.nth(1)).toContainText("Premium");
  await rows.nth(1).click();
  const tierDialog = page.getByRole("dialog", { name: "Episode 2 is for Premium members" });
  await expect(tierDialog).toBeVisible();
  await tierDialog.getByRole("link", { name: "See Premium plans" }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === "/subscription/plans" && url.searchParams.get("tier") === "premium",
  );
  await expect(page.getByRole("heading", { name: "Subscription Plans", level: 1 })).toBeVisible();
});

test("a reader aged 13-15 does not meet a title rated 18+", async ({ page: teen }) => {
  // The adult reader finds Letters from the Pass, and its address.
  const lettersId = await titleId(page, "letters from the pass", "book");

  await createAccount(teen, {
    email: `teen-${Date.now()}@example.test`,
    name: "Teen Reader",
    password: "Teen-Passw0rd",
  });
  const gate = teen.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /13-15/ }).click();
  await expect(gate).toHaveCount(0);

  await teen.goto("/explore?q=letters%20from%20the%20pass");
  await expect(teen.getByRole("heading", { name: "No titles match" })).toBeVisible();
  await teen.getByRole("button", { name: "Reset filters" }).click();
  await expect(teen).toHaveURL(/\/explore$/);
  await expect(results(teen).first()).toBeVisible();

  await teen.goto(`/content/${lettersId}`);
  await expect(teen.getByRole("heading", { name: "This title is rated 18+" })).toBeVisible();
  await expect(teen).toHaveTitle("Age restricted · Litverse");
  await teen.goto("/content/00000000-0000-4000-8000-000000000000");
  await expect(teen.getByRole("heading", { name: "Title not found", level: 1 })).toBeVisible();
});
