// Buying coins as a reader meets it: /coins/buy with the package that covers what they are short
// of picked out, the sandbox provider's checkout page, and the result on /subscription/verify,
// with the header's wallet following. A failed and a cancelled payment credit nothing.
// With SCREENSHOTS set, the pages at phone and desktop sizes, light and dark.
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES, SCREENSHOT_DIR, VIEWPORTS } from "./support/screenshots.ts";

let context: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  page = await context.newPage();
  // A buyer of its own: the demo reader's wallet belongs to the catalogue tests.
  await createAccount(page, {
    email: `coins-buyer-${Date.now()}@example.test`,
    name: "Coin Buyer",
    password: "Coins-Passw0rd",
  });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
});
test.afterAll(async () => {
  await context.close();
});

const wallet = () => page.getByTestId("coin-wallet");

test("a reader buys the package that covers what they need and comes back to a confirmation", async () => {
  await page.goto("/coins/buy?need=120&returnTo=%2Flibrary");
  await expect(page.getByRole("heading", { name: "Buy Coins", level: 1 })).toBeVisible();
  await expect(wallet()).toHaveText("0");
  await expect(page.getByTestId("coin-package")).toHaveCount(4);
  await expect(page.getByText("You need 120 more coins to continue.")).toBeVisible();
  await expect(page.getByText("Bonus coins expire 30 days after they reach your wallet")).toBeVisible();
  // 100 coins are not enough; 550 + 50 bonus are the smallest that do.
  const suggested = page.locator('[data-testid="coin-package"][data-suggested]');
  await expect(suggested).toHaveCount(1);
  await expect(suggested).toContainText("550");
  await expect(suggested).toContainText("+50 bonus");
  await expect(suggested).toContainText("$4.99");

  await suggested.getByRole("button", { name: /^Buy 550 coins/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/sbx_ch_/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText("$4.99");
  await expect(page.getByText("550 coins + 50 bonus")).toBeVisible();
  await page.getByRole("button", { name: "Pay $4.99" }).click();

  await page.waitForURL(/\/subscription\/verify\?payment=/);
  const paid = page.getByTestId("payment-paid");
  await expect(paid.getByRole("heading", { name: "Payment successful" })).toBeVisible();
  await expect(paid).toContainText("550 coins and 50 bonus coins were added to your wallet.");
  await expect(page.getByTestId("verify-balance")).toHaveText("600");
  await expect(wallet()).toHaveText("600");

  await paid.getByRole("link", { name: "Continue" }).click();
  await page.waitForURL((url) => url.pathname === "/library");
  await expect(wallet()).toHaveText("600");
});

test("a failed payment shows the failure and credits nothing; a cancelled one says so", async () => {
  await page.goto("/coins/buy");
  await expect(wallet()).toHaveText("600");
  await page.getByRole("button", { name: /^Buy 100 coins/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Fail" }).click();
  await page.waitForURL(/\/subscription\/verify\?payment=/);
  const failed = page.getByTestId("payment-failed");
  await expect(failed.getByRole("heading", { name: "Payment failed" })).toBeVisible();
  await expect(failed).toContainText("nothing was added to your wallet");
  await expect(wallet()).toHaveText("600");

  await failed.getByRole("link", { name: "Try again" }).click();
  await page.waitForURL((url) => url.pathname === "/coins/buy");
  await page.getByRole("button", { name: /^Buy 100 coins/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.waitForURL(/canceled=1/);
  await expect(page.getByRole("heading", { name: "Payment cancelled" })).toBeVisible();
  await expect(page.getByText("Nothing was charged.")).toBeVisible();
  await expect(wallet()).toHaveText("600");

  // Opening the finished checkout again changes nothing.
  await page.goBack();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await expect(page.getByText("This checkout was cancelled.")).toBeVisible();
});

test("a link to a payment that is not yours, or to none, says so", async () => {
  await page.goto("/subscription/verify?payment=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { name: "Could not load this payment" })).toBeVisible();
  await page.goto("/subscription/verify");
  await expect(page.getByRole("heading", { name: "No payment to show" })).toBeVisible();
});

test("a superadmin adds a coin package, edits it, orders it and takes it off sale", async ({ browser }) => {
  const admin = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await admin.newPage();
  try {
    await openSignedIn(adminPage, "superadmin@demo.test");
    await adminPage.goto("/admin/subscription-management?tab=coin-packages");
    const panel = adminPage.getByRole("tabpanel", { name: "Coin packages" });
    const newPackage = panel.getByRole("button", { name: "New package" });
    await expect(panel).toBeVisible();
    await expect(newPackage).toBeVisible();
    const rows = panel.getByRole("row");
    await expect(rows).toHaveCount(5);

    await newPackage.click();
    const dialog = adminPage.getByRole("dialog", { name: "New coin package" });
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill("E2E pack");
    await dialog.getByRole("textbox", { name: "Coins", exact: true }).fill("0");
    await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("free");
    await dialog.getByRole("button", { name: "Create package" }).click();
    await expect(dialog.getByText("At least 1 coin")).toBeVisible();
    await expect(dialog.getByText("Enter a price such as 4.99")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Coins", exact: true }).fill("42");
    await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("0.49");
    await dialog.getByRole("checkbox", { name: "On sale" }).click();
    await dialog.getByRole("button", { name: "Create package" }).click();
    await expect(dialog).toHaveCount(0);
    const row = panel.getByRole("row", { name: /E2E pack/ });
    await expect(row).toContainText("$0.49");
    await expect(row).toContainText("Off sale");
    await expect(rows.last()).toContainText("E2E pack");

    await row.getByRole("button", { name: "Edit E2E pack" }).click();
    const edit = adminPage.getByRole("dialog", { name: "Edit E2E pack" });
    await edit.getByLabel("Bonus coins").fill("8");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(edit).toHaveCount(0);
    await expect(row).toContainText("+8");

    await row.getByRole("button", { name: "Move E2E pack up" }).click();
    await expect(rows.nth(4)).toContainText("E2E pack");
    await expect(rows.last()).toContainText("Binge");
    // Readers never see it while it is off sale.
    await page.goto("/coins/buy");
    await expect(page.getByTestId("coin-package")).toHaveCount(4);

    if (process.env.SCREENSHOTS) {
      for (const scheme of SCHEMES) {
        await capture(
          adminPage,
          "coin-packages-panel",
          scheme,
          async () => {
            await expect(
              adminPage.getByRole("tabpanel", { name: "Coin packages" }).getByRole("row"),
            ).toHaveCount(6);
          },
          "/admin/subscription-management?tab=coin-packages",
        );
      }
    }
  } finally {
    await admin.close();
  }
});

test("screenshots of buying coins", async () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots only when SCREENSHOTS is set");
  for (const scheme of SCHEMES) {
    await capture(
      page,
      "coins-buy",
      scheme,
      async () => {
        await expect(page.getByTestId("coin-package")).toHaveCount(4);
      },
      "/coins/buy?need=700",
    );
    await page.goto("/coins/buy");
    await page.getByRole("button", { name: /^Buy 550 coins/ }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    // The provider's own page follows the system scheme without the app's class on <html>.
    await page.emulateMedia({ colorScheme: scheme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(page.getByTestId("sandbox-amount")).toBeVisible();
      const file = path.join(SCREENSHOT_DIR, `sandbox-checkout-${viewport.width}-${scheme}.png`);
      await page.screenshot({ path: file, animations: "disabled" });
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.getByRole("button", { name: "Pay $4.99" }).click();
    await page.waitForURL(/\/subscription\/verify\?payment=/);
    const verifyPath = new URL(page.url()).pathname + new URL(page.url()).search;
    await capture(
      page,
      "payment-verify",
      scheme,
      async () => {
        await expect(page.getByTestId("payment-paid")).toBeVisible();
      },
      verifyPath,
    );
  }
});
