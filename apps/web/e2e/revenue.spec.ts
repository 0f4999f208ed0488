// Revenue Analytics as an admin uses it (the demo's month of coin sales: figures, charts, ranges,
// a purchase refunded from the Purchases tab), the refusal a reader meets, and the reader's wallet
// on /coins/buy. With SCREENSHOTS set, the pages at phone and desktop sizes, light and dark.
import { expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

const PAGE = "/admin/revenue-analytics";
const DAY_MS = 86_400_000;

const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);
/** The range line the page shows for the last `days` days (UTC), today included. */
function rangeText(days: number): string {
  const now = Date.now();
  return `${longDay.format(now - (days - 1) * DAY_MS)} to ${longDay.format(now)} (UTC)`;
}

/** The figure a totals tile shows, as a number. */
async function tileNumber(page: Page, label: string): Promise<number> {
  const tile = page.getByTestId("revenue-totals").locator("> div").filter({ hasText: label }).first();
  const text = (await tile.locator("p").nth(1).textContent()) ?? "";
  return Number(text.replace(/[^0-9.]/g, ""));
}

async function openRevenue(page: Page) {
  await page.goto(PAGE);
  await expect(page.getByRole("heading", { name: "Revenue Analytics", level: 1 })).toBeVisible();
  await expect(page.getByTestId("revenue-totals")).toBeVisible();
}

test.describe("revenue analytics", () => {
  test("an admin sees the figures and charts, and changes the range", async ({ page }) => {
    await openSignedIn(page, "admin@demo.test");
    await openRevenue(page);

    // The last 30 days by default, with the demo's sales in them.
    await expect(page.getByTestId("revenue-range")).toHaveText(rangeText(30));
    await expect.poll(() => tileNumber(page, "Coin purchases")).toBeGreaterThan(20);
    await expect(page.getByRole("img", { name: /^Money in per day in USD/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Coins in wallets at the end of each day/ })).toBeVisible();
    await expect(page.getByRole("img", { name: /^Coins sold, spent and expired per day/ })).toBeVisible();
    await expect(page.getByTestId("package-row").first()).toBeVisible();
    const month = await tileNumber(page, "Coin purchases");

    await page.getByRole("button", { name: "7 days" }).click();
    await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("revenue-range")).toHaveText(rangeText(7));
    await expect(page).toHaveURL(/days=7/);
    await expect.poll(() => tileNumber(page, "Coin purchases")).toBeLessThan(month);
    expect(await tileNumber(page, "Coin purchases")).toBeGreaterThan(0);

    // A custom range: the day by day table follows it, and a backwards one is explained.
    await page.getByRole("button", { name: "Custom" }).click();
    const from = isoDay(Date.now() - 3 * DAY_MS);
    const to = isoDay(Date.now() - DAY_MS);
    await page.getByLabel("From", { exact: true }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(to);
    await expect(page.getByTestId("revenue-range")).toHaveText(
      `${longDay.format(Date.parse(from))} to ${longDay.format(Date.parse(to))} (UTC)`,
    );
    await page.getByText("Day by day, as a table").click();
    const table = page.getByRole("table", { name: "Day by day" });
    await expect(table.locator("tbody tr")).toHaveCount(3);
    await expect(table.locator("tbody tr").first()).toContainText(from);
    await page.getByLabel("From", { exact: true }).fill(isoDay(Date.now() + DAY_MS));
    await expect(page.getByText("The range ends before it starts.")).toBeVisible();
  });

  test("an admin refunds a purchase from the Purchases tab", async ({ page }) => {
    await openSignedIn(page, "admin@demo.test");
    await page.goto(`${PAGE}?tab=purchases`);
    await expect(page.getByRole("tab", { name: "Purchases" })).toHaveAttribute("aria-selected", "true");
    const rows = page.getByTestId("payment-row");
    await expect(rows.first()).toBeVisible();
    await expect(page.locator('[data-testid="payment-row"][data-status="refunded"]').first()).toBeVisible();

    const row = page.locator('[data-testid="payment-row"][data-status="paid"]').filter({
      has: page.getByRole("button", { name: "Refund" }),
    });
    const target = row.first();
    // Buyer, package and time: enough to find the row again.
    const identity = (await target.locator("td").first().textContent()) ?? "";
    await target.getByRole("button", { name: "Refund" }).click();

    const dialog = page.getByRole("dialog", { name: "Refund this purchase?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Refund purchase" }).click();
    await expect(dialog.getByText("Say why, in a few words.")).toBeVisible();
    await dialog.getByLabel("Reason").fill("Bought by mistake");
    await dialog.getByRole("button", { name: "Refund purchase" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Purchase refunded")).toBeVisible();
    const refunded = rows.filter({ hasText: identity }).first();
    await expect(refunded).toHaveAttribute("data-status", "refunded");
    await expect(refunded.getByRole("button", { name: "Refund" })).toHaveCount(0);

    // The Unlocks tab lists unlocks, or says there are none yet.
    await page.getByRole("tab", { name: "Unlocks" }).click();
    await expect(
      page
        .getByTestId("unlock-row")
        .first()
        .or(page.getByRole("heading", { name: "No unlocks yet" })),
    ).toBeVisible();
  });

  test("a reader is refused, by the page and by the server", async ({ page }) => {
    await openSignedIn(page, "reader@demo.test");
    await page.goto(PAGE);
    await expect(page.getByRole("heading", { name: "Revenue Analytics", level: 1 })).toBeVisible();
    await expect(page.getByText("For administrators only")).toBeVisible();
    await expect(page.getByTestId("revenue-totals")).toHaveCount(0);
    const today = isoDay(Date.now());
    await expect(
      callAs(page, "query", "revenue.getRevenueAnalytics", { from: today, to: today }),
    ).rejects.toThrow(/FORBIDDEN/);
  });
});

/** Opens /coins/buy and waits for its wallet panel: a page without it fails the test. */
async function openWalletOnBuyPage(page: Page): Promise<void> {
  await page.goto("/coins/buy");
  await expect(page.getByTestId("wallet-panel")).toBeVisible();
}

test.describe("wallet", () => {
  test("the demo reader's wallet: balance, bonus lot and history", async ({ page }) => {
    await openSignedIn(page, "reader@demo.test");
    await openWalletOnBuyPage(page);
    const balance = page.getByTestId("wallet-balance");
    // 120 bought, the 40 welcome bonus and a week of check-in coins (160 with the milestones).
    await expect(balance).toContainText("320");
    await expect(balance.getByText("Purchased", { exact: true })).toBeVisible();
    await expect(balance).toContainText("120");
    const lots = page.getByTestId("bonus-lot");
    await expect(lots.filter({ hasText: "40 of 40 left" })).toHaveCount(1);
    await expect(lots.first()).toContainText(/Expires in \d+ days/);
    const history = page.getByRole("list", { name: "Wallet history" });
    await expect(history.locator('[data-kind="purchase"]')).toContainText("+120");
    await expect(history.locator('[data-kind="grant"]').filter({ hasText: "+40 bonus" })).toHaveCount(1);
    await expect(history.locator('[data-kind="grant"]').filter({ hasText: "Daily check-in" })).toHaveCount(7);
  });
});

test.describe("screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots run with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`revenue analytics and wallet, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, "admin@demo.test");
      await capture(
        page,
        "revenue-overview",
        scheme,
        async () => {
          await expect(page.getByRole("img", { name: /^Money in per day/ })).toBeVisible();
          await expect(page.locator(".recharts-surface").first()).toBeVisible();
        },
        PAGE,
      );
      await capture(
        page,
        "revenue-purchases",
        scheme,
        () => expect(page.getByTestId("payment-row").first()).toBeVisible(),
        `${PAGE}?tab=purchases`,
      );
      await capture(
        page,
        "revenue-refund-dialog",
        scheme,
        async () => {
          await page.getByTestId("payment-row").getByRole("button", { name: "Refund" }).first().click();
          await expect(page.getByRole("dialog", { name: "Refund this purchase?" })).toBeVisible();
        },
        `${PAGE}?tab=purchases`,
      );
      await capture(
        page,
        "revenue-unlocks",
        scheme,
        () =>
          expect(
            page
              .getByTestId("unlock-row")
              .first()
              .or(page.getByRole("heading", { name: "No unlocks yet" })),
          ).toBeVisible(),
        `${PAGE}?tab=unlocks`,
      );
      await openWalletOnBuyPage(page);
      await capture(
        page,
        "wallet-empty",
        scheme,
        () => expect(page.getByText("No coin activity yet")).toBeVisible(),
        "/coins/buy",
      );
    });
  }
});

test.describe("wallet screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots run with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`the demo reader's wallet, ${scheme}`, async ({ page }) => {
      await openSignedIn(page, "reader@demo.test");
      await openWalletOnBuyPage(page);
      await capture(
        page,
        "wallet",
        scheme,
        () => expect(page.getByTestId("wallet-entry").first()).toBeVisible(),
        "/coins/buy",
      );
    });
  }
});
