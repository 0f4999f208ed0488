// The admin dashboard as an admin opens it from the header: the demo's figures, and a sign-up
// elsewhere moving "New today" live, without a reload; and the page at phone and desktop sizes
// (light; dark too with SCREENSHOTS=all).
import { expect, test } from "@playwright/test";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

const figureValue = (page: import("@playwright/test").Page, key: string) =>
  page.getByTestId(`figure-${key}`).getByTestId("figure-value");

test("the dashboard shows the platform at a glance and follows a sign-up live", async ({ page, browser }) => {
  await openSignedIn(page, "admin@demo.test");
  await page.getByRole("banner").getByRole("link", { name: "Admin Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Admin Dashboard", level: 1 })).toBeVisible();
  for (const group of ["People", "Reading", "Money", "Community", "Needs someone"]) {
    await expect(page.getByRole("heading", { name: group, level: 2 })).toBeVisible();
  }
  await expect(page.getByTestId("figure-tickets").getByRole("img")).toHaveAccessibleName(
    /Unattended tickets, last 14 days/,
  );
  const before = Number(await figureValue(page, "signups").textContent());

  const stranger = await browser.newContext();
  await createAccount(await stranger.newPage(), {
    email: `dashboard-${Date.now()}@example.test`,
    name: "Dashboard Newcomer",
    password: "a long enough password",
  });
  await stranger.close();
  await expect(figureValue(page, "signups")).toHaveText(String(before + 1), { timeout: 2_000 });

  await page.getByTestId("figure-tickets").click();
  await expect(page).toHaveURL(/\/admin\/support$/);
});

test.describe("dashboard screenshots", () => {
  for (const scheme of SCHEMES) {
    test(`dashboard, ${scheme}`, async ({ page }) => {
      await openSignedIn(page, "admin@demo.test");
      await capture(
        page,
        "admin-dashboard",
        scheme,
        () => expect(page.getByTestId("figure-people")).toBeVisible(),
        "/admin/dashboard",
      );
    });
  }
});
