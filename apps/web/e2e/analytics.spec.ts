// Analytics as an admin reads it, on the demo's history: the activity figures and charts, the
// retention heat map of the personas' sign-up weeks (six to thirteen weeks ago, so the 90-day
// period) with the people of a cell, the three funnels, the titles and one title's drop-off, and
// an export. With SCREENSHOTS set, each tab at phone and desktop sizes (light; dark too with
// SCREENSHOTS=all).
import { readFile } from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

test.describe.configure({ mode: "serial" });

const PAGE = "/admin/analytics";
const DAY_MS = 86_400_000;

const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
/** The range line the page shows for the last `days` days (UTC), today included. */
function rangeText(days: number): string {
  const now = Date.now();
  return `${longDay.format(now - (days - 1) * DAY_MS)} to ${longDay.format(now)} (UTC)`;
}

async function openAnalytics(page: Page, query = "") {
  await page.goto(`${PAGE}${query}`);
  await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
}

test("an admin reads activity, retention, funnels and content, and exports a chart", async ({ page }) => {
  await openSignedIn(page, "admin@demo.test");
  await openAnalytics(page);

  // Activity: the last 30 days beside the 30 before, as figures and charts.
  await expect(page.getByTestId("analytics-range")).toHaveText(rangeText(30));
  await expect(page.getByTestId("analytics-compared")).toHaveText(
    `Compared with ${longDay.format(Date.now() - 59 * DAY_MS)} to ${longDay.format(Date.now() - 30 * DAY_MS)} (UTC).`,
  );
  await expect(page.getByRole("tab", { name: "Activity" })).toHaveAttribute("aria-selected", "true");
  const stats = page.getByTestId("activity-stats");
  for (const label of [
    "Average daily active",
    "Average weekly active",
    "Monthly active",
    "Stickiness",
    "New people",
  ]) {
    await expect(stats.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(stats).toContainText("vs previous period");
  await expect(page.getByRole("img", { name: /^Active people per day, new and returning/ })).toBeVisible();
  await expect(page.getByTestId("chart-platform")).toBeVisible();
  await expect(page.getByTestId("chart-types")).toBeVisible();

  // The active people chart as CSV: a header row, then a row a day.
  const downloading = page.waitForEvent("download");
  await page.getByTestId("chart-active").getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    /^analytics-active-people-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const lines = (await readFile(await download.path(), "utf8")).split("\r\n");
  expect(lines[0]).toBe("Day,Active,New,Returning");
  expect(lines.filter(Boolean)).toHaveLength(31);

  // A custom period goes into the address.
  const period = page.getByRole("group", { name: "Period" });
  await period.getByRole("button", { name: "Custom" }).click();
  await expect(page).toHaveURL(/days=custom&from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);

  // Retention over 90 days: the personas' sign-up weeks, and the people of a cell.
  await period.getByRole("button", { name: "90 days" }).click();
  await expect(page.getByTestId("analytics-range")).toHaveText(rangeText(90));
  await page.getByRole("tab", { name: "Retention" }).click();
  await expect(page).toHaveURL(/tab=retention/);
  const heatMap = page.getByTestId("retention-heat-map");
  await expect(heatMap.getByRole("table", { name: "Retention by sign-up week" })).toBeVisible();
  await expect.poll(() => heatMap.getByTestId("cohort-row").count()).toBeGreaterThanOrEqual(6);
  await expect(page.getByRole("img", { name: /^Average retention by week after sign-up/ })).toBeVisible();
  // A later week than the sign-up week: people who came back.
  const cell = heatMap.locator('[data-testid="retention-cell"]:not([data-offset="0"])').getByRole("button");
  await cell.first().click();
  const dialog = page.getByRole("dialog", { name: /^Active in week \d+/ });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("cohort-people").getByRole("link").first()).toHaveAttribute(
    "href",
    /^\/profile\//,
  );
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  // The cells switched to the coins bought, beside the share still active.
  const coinsBought = page
    .getByRole("group", { name: "Cells show" })
    .getByRole("button", { name: "Coins bought", exact: true });
  await coinsBought.click();
  await expect(coinsBought).toHaveAttribute("aria-pressed", "true");
  await expect(page).toHaveURL(/cells=bought/);
  await expect(heatMap.getByRole("button", { name: /coins? bought/ }).first()).toBeVisible();

  // Funnels: the three of them, and a wider window.
  await page.getByRole("tab", { name: "Funnels" }).click();
  for (const title of ["From sign-up to paying", "From a reel to an unlock", "Interactive stories"]) {
    await expect(page.getByRole("heading", { name: title, level: 2 })).toBeVisible();
  }
  await expect(page.getByTestId("funnel-reading").getByTestId("funnel-step")).toHaveCount(4);
  await page
    .getByRole("group", { name: "Each step counts within" })
    .getByRole("button", { name: "14 days" })
    .click();
  await expect(page).toHaveURL(/window=14/);
  await expect(page.getByText("A step counts when it came within 14 days")).toBeVisible();

  // Content: the titles, and where one title's readers stop.
  await page.getByRole("tab", { name: "Content" }).click();
  const rows = page.getByTestId("title-row");
  await expect(rows.first()).toBeVisible();
  const first = rows.first().getByRole("button");
  const title = (await first.textContent()) ?? "";
  await first.click();
  await expect(page).toHaveURL(/title=[0-9a-f-]{36}/);
  const dropOff = page.getByTestId("drop-off");
  await expect(dropOff.getByRole("heading", { name: `Where readers of ${title} stop` })).toBeVisible();
  await expect(dropOff.getByRole("img", { name: /^New readers per episode of/ })).toBeVisible();
  await dropOff.getByRole("button", { name: "Close" }).click();
  await expect(dropOff).toHaveCount(0);
});

test.describe("screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots run with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`analytics, ${scheme}`, async ({ page }) => {
      test.setTimeout(180_000);
      await openSignedIn(page, "admin@demo.test");
      const chartsDrawn = () => expect(page.locator(".recharts-surface").first()).toBeVisible();
      await capture(
        page,
        "analytics-activity",
        scheme,
        async () => {
          await expect(page.getByTestId("activity-stats")).toBeVisible();
          await chartsDrawn();
        },
        `${PAGE}?days=90`,
      );
      await capture(
        page,
        "analytics-retention",
        scheme,
        async () => {
          await expect(page.getByTestId("cohort-row").first()).toBeVisible();
          await chartsDrawn();
        },
        `${PAGE}?days=90&tab=retention`,
      );
      await capture(
        page,
        "analytics-retention-coins",
        scheme,
        () => expect(page.getByTestId("cohort-row").first()).toBeVisible(),
        `${PAGE}?days=90&tab=retention&cells=bought`,
      );
      await capture(
        page,
        "analytics-cohort-people",
        scheme,
        async () => {
          await page
            .locator('[data-testid="retention-cell"]:not([data-offset="0"])')
            .getByRole("button")
            .first()
            .click();
          await expect(page.getByTestId("cohort-people")).toBeVisible();
        },
        `${PAGE}?days=90&tab=retention`,
      );
      await capture(
        page,
        "analytics-funnels",
        scheme,
        () => expect(page.getByTestId("funnel-stories")).toBeVisible(),
        `${PAGE}?days=90&tab=funnels`,
      );
      await capture(
        page,
        "analytics-content",
        scheme,
        async () => {
          await page.getByTestId("title-row").first().getByRole("button").click();
          await expect(page.getByTestId("drop-off").getByRole("img")).toBeVisible();
        },
        `${PAGE}?days=90&tab=content`,
      );
    });
  }
});
