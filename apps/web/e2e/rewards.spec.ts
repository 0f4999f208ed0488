// Rewards as people meet them: a newcomer checks in (bonus coins in the wallet at once), sets a
// yearly goal and finds the leagues waiting for their first XP; the demo reader's league mid-week;
// an administrator previews and changes a rule, then revokes the newcomer's check-in coins, which
// leave their wallet live. With SCREENSHOTS set, the pages at phone and desktop sizes, light and dark.
import { expect, type Page, test } from "@playwright/test";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

async function newcomer(page: Page, name: string) {
  await createAccount(page, {
    email: `rewards-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`,
    name,
    password: "Rewards-Passw0rd",
  });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
}

test("a newcomer checks in and sets a goal; an admin changes a rule and revokes the coins", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const personContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const person = await personContext.newPage();
  await newcomer(person, "Rewards Newcomer");
  const wallet = person.getByTestId("coin-wallet");
  await expect(wallet).toHaveText("0");

  // The check-in: once, with its coins in the wallet at once.
  await person.goto("/rewards");
  await expect(person.getByRole("heading", { name: "Rewards", level: 1 })).toBeVisible();
  await expect(person.getByText("Day 1 of 7 is waiting.", { exact: false })).toBeVisible();
  await expect(person.getByTestId("streak-current")).toHaveText("0 days");
  await person.getByTestId("check-in").click();
  await expect(person.getByText("Checked in: 5 bonus coins.")).toBeVisible();
  await expect(person.getByTestId("check-in")).toHaveText("Checked in today");
  await expect(person.getByTestId("check-in")).toBeDisabled();
  await expect(person.getByTestId("check-in-day").first()).toHaveAttribute("data-claimed", "true");
  await expect(person.getByTestId("streak-current")).toHaveText("1 day");
  await expect(wallet).toHaveText("5");

  // A yearly goal: a bad number is explained by the server, a good one is kept.
  await person.getByRole("button", { name: "Set a goal" }).click();
  const goal = person.getByLabel("Titles to finish this year");
  await goal.fill("0");
  await person.getByRole("button", { name: "Save goal" }).click();
  await expect(person.getByText("At least 1 title")).toBeVisible();
  await goal.fill("24");
  await person.getByRole("button", { name: "Save goal" }).click();
  await expect(person.getByTestId("goal-progress")).toHaveText("0 of 24");

  // No XP yet: the league waits; the badges are all locked.
  await person.goto("/leaderboard");
  await expect(person.getByRole("heading", { name: "Earn XP to join a Bronze League" })).toBeVisible();
  await person.goto("/badges");
  await expect(person.getByTestId("badge-card").first()).toBeVisible();
  await expect(person.locator('[data-testid="badge-card"]:not([data-earned-tier="0"])')).toHaveCount(0);
  await person.goto("/rewards");
  await expect(person.getByTestId("check-in-day").first()).toContainText("5");

  // The team: a rule previewed over last week and changed, and the check-in coins revoked.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await openSignedIn(admin, "admin@demo.test");
  await admin.goto("/admin/rewards");
  const dayOne = admin.locator('[data-rule="checkin_day_1"]');
  await dayOne.getByRole("button", { name: /Change/ }).click();
  const dialog = admin.getByRole("dialog", { name: "Change Check-in, day 1" });
  await dialog.getByLabel("Bonus coins").fill("8");
  // The demo's friends checked in over the last days: some of them on day 1 of their cycle.
  await expect(dialog.getByTestId("rule-preview-summary")).toContainText(
    /coins instead of \d+ coins \(\+\d+\)/,
  );
  await dialog.getByLabel("Bonus coins").fill("-1");
  await dialog.getByRole("button", { name: "Save rule" }).click();
  await expect(dialog.getByText("Cannot be negative")).toBeVisible();
  await dialog.getByLabel("Bonus coins").fill("8");
  await dialog.getByRole("button", { name: "Save rule" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(dayOne).toContainText("Default 5");
  // The newcomer's page follows the rule live.
  await expect(person.getByTestId("check-in-day").first()).toContainText("8");
  // Put back, for the other journeys.
  await dayOne.getByRole("button", { name: /Change/ }).click();
  await dialog.getByLabel("Bonus coins").fill("5");
  await dialog.getByRole("button", { name: "Save rule" }).click();
  await expect(dayOne).not.toContainText("Default");

  await admin.goto("/admin/rewards?tab=grants");
  const grant = admin.getByTestId("grant-row").filter({ hasText: "Rewards Newcomer" });
  await expect(grant).toContainText("Check-in, day 1");
  await grant.getByRole("button", { name: "Revoke" }).click();
  const revoke = admin.getByRole("dialog", { name: "Revoke this grant?" });
  await revoke.getByLabel("Reason").fill("Test account, coins taken back");
  await revoke.getByRole("button", { name: "Revoke grant" }).click();
  await expect(revoke).toHaveCount(0);
  await expect(grant).toHaveAttribute("data-status", "revoked");
  await expect(wallet).toHaveText("0");

  // A reader is turned away by the page (the server refuses the calls as well).
  await person.goto("/admin/rewards");
  await expect(person.getByText("For administrators only")).toBeVisible();
  await personContext.close();
  await adminContext.close();
});

test("the demo reader is mid-week in a league with friends", async ({ page }) => {
  await openSignedIn(page, "reader@demo.test");
  await page.goto("/leaderboard");
  await expect(page.getByTestId("league-tier")).toHaveText("Bronze League");
  await expect(page.getByTestId("league-time-left")).toHaveText(/\d+[dhm] .*left$/);
  // The demo's nine, and whoever else earned XP this week (other journeys read and listen too).
  const standings = page.getByTestId("standing");
  await expect(standings.filter({ hasText: "Ada Moreau" })).toHaveCount(1);
  expect(await standings.count()).toBeGreaterThanOrEqual(9);
  await expect(page.locator('[data-testid="standing"][data-me]')).toContainText("Demo Reader (you)");
  await page.getByRole("tab", { name: "Friends" }).click();
  await expect(page).toHaveURL(/tab=friends/);
  await expect(page.getByRole("list", { name: "Friends this week" })).toContainText("Ada Moreau");
  await page.getByRole("tab", { name: "All time" }).click();
  await expect(page.getByTestId("all-time-me")).toContainText(/You are \d+(st|nd|rd|th) of all time/);
});

test.describe("screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots run with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`rewards pages of the demo reader, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, "reader@demo.test");
      await capture(
        page,
        "rewards",
        scheme,
        () => expect(page.getByTestId("xp-today")).toBeVisible(),
        "/rewards",
      );
      await capture(
        page,
        "badges",
        scheme,
        () => expect(page.getByTestId("badge-card").first()).toBeVisible(),
        "/badges",
      );
      await capture(
        page,
        "leaderboard",
        scheme,
        () => expect(page.getByTestId("standing").first()).toBeVisible(),
        "/leaderboard",
      );
    });

    test(`reward rules and grants, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, "admin@demo.test");
      await capture(
        page,
        "admin-rewards",
        scheme,
        () => expect(page.getByTestId("rule-row").first()).toBeVisible(),
        "/admin/rewards",
      );
      await capture(
        page,
        "admin-rewards-grants",
        scheme,
        () => expect(page.getByTestId("grant-row").first()).toBeVisible(),
        "/admin/rewards?tab=grants",
      );
    });
  }
});
