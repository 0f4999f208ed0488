// The app shell: header, side menu for each role with live badges, coin wallet, shelves, bottom
// navigation, pages still to come, the theme, and the error screen.
import { expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { menu, menuButton, openMenu } from "./support/page.ts";

async function sectionTitles(page: Page): Promise<string[]> {
  return menu(page).locator("nav h2").allTextContents();
}

async function itemsOf(page: Page, section: string): Promise<string[]> {
  const list = menu(page).locator("section", {
    has: page.getByRole("heading", { name: section, exact: true }),
  });
  // Each link's first span is its label; a badge may follow.
  return list.locator("a > span:first-child").allTextContents();
}

test("a reader's header, menu, badges, wallet and shelves", async ({ page }) => {
  // A phone: the menu button and the bottom bar (wider screens, layout.spec.ts).
  await page.setViewportSize({ width: 390, height: 844 });
  await openSignedIn(page, "reader@demo.test");

  // The test server is a demo start, and says so: a badge that names the demo accounts.
  await page.getByTestId("demo-badge").click();
  const demo = page.getByRole("dialog");
  await expect(demo).toContainText("This is a demo of Litverse");
  await expect(demo).toContainText("superadmin@demo.test");
  await expect(demo).toContainText("Password: demo-password");
  await page.keyboard.press("Escape");
  await expect(demo).toBeHidden();

  // Header: no admin entry; wallet with the live balance and its tooltip.
  await expect(page.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
  const wallet = page.getByTestId("coin-wallet");
  await expect(wallet).toHaveText("320");
  await wallet.hover();
  await expect(page.getByRole("tooltip")).toContainText("Bonus coins expire 30 days after earning.");
  await expect(page.getByRole("tooltip")).toContainText("120 purchased · 200 bonus");

  // Shelves: curated, at most 6 cards each, in the curated order; the list without visible titles is hidden.
  const shelves = page.getByTestId("curated-shelf");
  await expect(shelves.first()).toBeVisible();
  const count = await shelves.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < count; index++) {
    const cards = await shelves.nth(index).getByTestId("content-card").count();
    expect(cards).toBeGreaterThan(0);
    expect(cards).toBeLessThanOrEqual(6);
  }

  // The menu button sums unread messages and notifications.
  // Three unread messages from the admin, six notices (a message request's among them, and the
  // team's answers to three of the reader's support tickets).
  await expect(menuButton(page).getByTestId("unread-badge")).toHaveText("9");
  // Its name holds the count it shows, so that speech control can use what is seen.
  await expect(menuButton(page)).toHaveAccessibleName("Open menu, 9 unread");
  await openMenu(page);
  expect(await sectionTitles(page)).toEqual(["Main Features", "Content Types", "Social", "Account"]);
  expect(await itemsOf(page, "Main Features")).toEqual([
    "Home",
    "Browse Library",
    "My Library",
    "Explore",
    "Reels",
  ]);
  expect(await itemsOf(page, "Content Types")).toEqual([
    "Books",
    "Audiobooks",
    "Comics",
    "Visual Content",
    "Interactive Stories",
  ]);
  expect(await itemsOf(page, "Social")).toEqual(["Messages", "Book Clubs", "Make Friends", "My Profile"]);
  expect(await itemsOf(page, "Account")).toEqual([
    "My Reels",
    "My Ads",
    "Notifications",
    "Rewards",
    "Achievements",
    "Leaderboard",
    "Edit Profile",
    "Subscription Plans",
    "Buy Coins",
    "Support",
    "Safety",
  ]);
  await expect(
    menu(page)
      .getByRole("link", { name: /^Messages/ })
      .getByTestId("unread-badge"),
  ).toHaveText("3");
  await expect(
    menu(page)
      .getByRole("link", { name: /^Notifications/ })
      .getByTestId("unread-badge"),
  ).toHaveText("6");
  await expect(menu(page).getByRole("link", { name: "My Profile" })).toHaveAttribute(
    "href",
    "/user/demo_reader",
  );
  await expect(menu(page).getByRole("button", { name: "Sign Out" })).toBeVisible();

  // A content type opens explore filtered by it.
  await menu(page).getByRole("link", { name: "Visual Content" }).click();
  await expect(page).toHaveURL(/\/explore\?type=drama$/);
  await expect(page.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Dramas", pressed: true })).toBeVisible();

  // Bottom navigation, to the reels, and back home.
  const sections = page.getByRole("navigation", { name: "Sections" });
  await expect(sections.getByRole("link")).toHaveText(["Home", "Library", "Stories", "Reels"]);
  await sections.getByRole("link", { name: "Reels" }).click();
  await expect(page).toHaveURL(/\/reels$/);
  await expect(page.getByRole("heading", { name: "Reels", level: 1 })).toBeAttached();
  await sections.getByRole("link", { name: "Home" }).click();
  await expect(page.getByTestId("welcome")).toBeVisible();

  // The account's pages from the menu: the ads a person places.
  await openMenu(page);
  await menu(page).getByRole("link", { name: "My Ads" }).click();
  await expect(page.getByRole("heading", { name: "My Ads", level: 1 })).toBeVisible();
  await expect(page.getByText("Not available yet")).toHaveCount(0);
  await page.goBack();
  await expect(page.getByTestId("welcome")).toBeVisible();

  // The wallet leads to buying coins; admin pages are refused to a reader.
  await wallet.click();
  await expect(page).toHaveURL(/\/coins\/buy$/);
  await expect(page.getByRole("heading", { name: "Buy Coins", level: 1 })).toBeVisible();
  await page.goto("/admin/user-management");
  await expect(page.getByText("For superadmins only")).toBeVisible();
});

test("an admin's menu, header and admin badges", async ({ page }) => {
  await openSignedIn(page, "admin@demo.test");
  await expect(page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" })).toBeVisible();
  await openMenu(page);
  expect(await sectionTitles(page)).toEqual(["Main Features", "Content Types", "Social", "Account", "Admin"]);
  expect(await itemsOf(page, "Admin")).toEqual([
    "Admin Dashboard",
    "Manage Content",
    "Interactive Stories",
    "Manage Reels",
    "Analytics",
    "Reels Analytics",
    "Newsletter",
    "Support Tickets",
    "Flagged Content",
    "Admin Tools",
  ]);
  await expect(
    menu(page)
      .getByRole("link", { name: /^Support Tickets/ })
      .getByTestId("unread-badge"),
  ).toHaveText("3");
  // Notifications count the admin notifications too (other tests add notices for the team, so the
  // figure comes from the server).
  const personal = await callAs<number>(page, "query", "notifications.getUnreadCount");
  const team = await callAs<number>(page, "query", "adminNotifications.getUnreadCount");
  expect(team).toBeGreaterThanOrEqual(2);
  await expect(
    menu(page)
      .getByRole("link", { name: /^Notifications/ })
      .getByTestId("unread-badge"),
  ).toHaveText(String(personal + team));
  await menu(page).getByRole("link", { name: "Admin Tools" }).click();
  await expect(page.getByRole("heading", { name: "Admin Tools", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Audit trail" })).toBeVisible();
});

test("a superadmin's menu", async ({ page }) => {
  await openSignedIn(page, "superadmin@demo.test");
  await openMenu(page);
  const admin = await itemsOf(page, "Admin");
  expect(admin).not.toContain("Admin Tools");
  expect(admin.slice(-5)).toEqual([
    "Subscriptions",
    "VVIP Control",
    "Content Metrics",
    "User Management",
    "Support Analytics",
  ]);
  await menu(page).getByRole("link", { name: "User Management" }).click();
  await expect(page.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "Search people" })).toBeVisible();
});

test("badges follow new messages live and cap at 99+", async ({ page, browser }) => {
  // A phone, where the menu button shows the total.
  await page.setViewportSize({ width: 390, height: 844 });
  await createAccount(page, {
    email: `inbox-${Date.now()}@example.test`,
    name: "Inbox Reader",
    password: "Inbox-Passw0rd",
  });
  await page.getByRole("dialog", { name: "How old are you?" }).getByRole("button", { name: /18\+/ }).click();
  const me = await callAs<{ _id: string }>(page, "query", "users.getCurrentUser");
  const badge = menuButton(page).getByTestId("unread-badge");
  await expect(badge).toHaveCount(0);

  const senderContext = await browser.newContext();
  const sender = await senderContext.newPage();
  await openSignedIn(sender, "admin@demo.test");
  const admin = await callAs<{ _id: string }>(sender, "query", "users.getCurrentUser");
  // Friends' messages count; a stranger's would wait as a request.
  await callAs(sender, "mutation", "friends.sendFriendRequest", { userId: me._id });
  await callAs(page, "mutation", "friends.acceptFriendRequest", { userId: admin._id });
  await expect(badge).toHaveText("1");
  await callAs(page, "mutation", "notifications.markAllNotificationsRead");
  await expect(badge).toHaveCount(0);
  await callAs(sender, "mutation", "messages.sendMessage", { partnerId: me._id, body: "Welcome aboard!" });
  await expect(badge).toHaveText("1");
  await Promise.all(
    Array.from({ length: 99 }, (_, index) =>
      callAs(sender, "mutation", "messages.sendMessage", { partnerId: me._id, body: `Note ${index}` }),
    ),
  );
  await expect(badge).toHaveText("99+");
  await openMenu(page);
  await expect(
    menu(page)
      .getByRole("link", { name: /^Messages/ })
      .getByTestId("unread-badge"),
  ).toHaveText("99+");
  await senderContext.close();
});

test("the theme toggle cycles system, light and dark, and is remembered", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await openSignedIn(page, "reader@demo.test");
  const toggle = page.getByTestId("theme-toggle");
  await expect(toggle).toHaveAttribute("data-theme-choice", "system");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-theme-choice", "light");
  await toggle.click();
  await expect(toggle).toHaveAttribute("data-theme-choice", "dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expect(page.getByTestId("theme-toggle")).toHaveAttribute("data-theme-choice", "dark");
  await page.getByTestId("theme-toggle").click();
  await expect(page.locator("html")).not.toHaveClass(/\bdark\b/);
});

/** The newsletter page's own code (/admin/newsletter), which the two tests below hold back. */
const NEWSLETTER_CHUNK = /\/assets\/newsletter-route-[^/]+\.js$/;

test("while a page's code loads, the route loading placeholder stands in for it", async ({ page }) => {
  // The newsletter is an admin's page, whose code no other page loads.
  await openSignedIn(page, "admin@demo.test");
  let releaseChunk: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  await page.route(NEWSLETTER_CHUNK, async (route) => {
    await held;
    await route.continue();
  });
  await openMenu(page);
  // Its code is the one module held back above.
  await menu(page).getByRole("link", { name: "Newsletter" }).click();
  const placeholder = page.getByRole("status", { name: "Loading" });
  await expect(placeholder).toBeVisible();
  // A heading bar, three cards in a row, one large block.
  await expect(placeholder.locator(":scope > div")).toHaveCount(3);
  await expect(placeholder.locator(":scope > div:nth-child(2) > div")).toHaveCount(3);
  releaseChunk?.();
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expect(placeholder).toHaveCount(0);
});

test("a page that fails to load shows the error screen, which leads home", async ({ page }) => {
  await openSignedIn(page, "admin@demo.test");
  // The newsletter page's code is a lazily loaded module of its own: make it unreachable.
  await page.route(NEWSLETTER_CHUNK, (route) => route.abort());
  await openMenu(page);
  await menu(page).getByRole("link", { name: "Newsletter" }).click();
  await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible();
  await expect(
    page.getByText("We encountered an unexpected error. Please try refreshing the page."),
  ).toBeVisible();
  await page.getByText("Error details").click();
  await expect(page.locator("details pre")).not.toBeEmpty();
  await page.unroute(NEWSLETTER_CHUNK);
  await page.getByRole("button", { name: "Go Home" }).click();
  await expect(page.getByTestId("welcome")).toBeVisible();
});
