// Subscriptions in the browser: a fresh reader meets the Premium dialog on a premium title's second
// episode, subscribes through the sandbox's hosted checkout, sees the confirmation and goes back
// to the episode, which opens; cancels at period end (access stays) and resumes. A superadmin runs
// the plans and sees the subscriber, and grants and revokes VVIP with the reasons kept; a reader
// is refused the superadmin pages. Screenshots with SCREENSHOTS set.
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES, SCREENSHOT_DIR } from "./support/screenshots.ts";

test.describe.configure({ mode: "serial" });

let readerContext: BrowserContext;
let bossContext: BrowserContext;
let reader: Page;
let boss: Page;
let contentId: string;
const email = `subscriber-${Date.now()}@example.test`;

test.beforeAll(async ({ browser }) => {
  readerContext = await browser.newContext();
  reader = await readerContext.newPage();
  await createAccount(reader, { email, name: "Plan Reader", password: "Subscribe-Passw0rd" });
  const gate = reader.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
  // The Glass Anatomist: a premium book of the demo catalogue, without priced chapters.
  contentId = await titleId(reader, "The Glass Anatomist", "book", "The Glass Anatomist");

  bossContext = await browser.newContext();
  boss = await bossContext.newPage();
  await openSignedIn(boss, "superadmin@demo.test");
});

test.afterAll(async () => {
  await readerContext.close();
  await bossContext.close();
});

const episodePath = () => `/read/${contentId}?episode=2`;
const planCard = (page: Page, name: string) =>
  page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a fresh reader subscribes to Premium through the sandbox checkout and opens episode 2", async () => {
  await reader.goto(episodePath());
  const locked = reader.getByRole("dialog", { name: "Episode 2 is for Premium members" });
  await locked.getByRole("link", { name: "See Premium plans" }).click();
  await expect(reader).toHaveURL(
    (url) =>
      url.pathname === "/subscription/plans" &&
      url.searchParams.get("tier") === "premium" &&
      url.searchParams.get("returnTo") === episodePath(),
  );
  await expect(reader.getByText("The episode you were opening needs Premium")).toBeVisible();
  const card = planCard(reader, "Premium monthly");
  await expect(card.getByText("$4.99 / month")).toBeVisible();
  await expect(card.getByText("100 bonus coins every month")).toBeVisible();
  await expect(card.getByText("Read and listen to every premium title")).toBeVisible();
  await expect(planCard(reader, "VVIP monthly").getByText("$14.99 / month")).toBeVisible();
  for (const scheme of SCHEMES) {
    await capture(
      reader,
      "subscription-plans",
      scheme,
      () =>
        expect(planCard(reader, "Premium monthly").getByRole("button", { name: "Subscribe" })).toBeEnabled(),
      `/subscription/plans?tier=premium&returnTo=${encodeURIComponent(episodePath())}`,
    );
  }

  await planCard(reader, "Premium monthly").getByRole("button", { name: "Subscribe" }).click();
  await reader.waitForURL(/\/sandbox\/checkout\//);
  await reader.getByRole("button", { name: /^Pay / }).click();
  await reader.waitForURL((url) => url.pathname === "/subscription/verify");
  await expect(reader.getByTestId("payment-paid")).toBeVisible();
  await expect(reader.getByText("Your Premium monthly is active.")).toBeVisible();
  await reader.getByRole("link", { name: "Continue" }).click();

  await expect(reader).toHaveURL((url) => `${url.pathname}${url.search}` === episodePath());
  await expect(reader.getByTestId("book-reader")).toHaveAttribute("data-ready", "true");
  await expect(reader.getByRole("dialog")).toHaveCount(0);
  // The month's bonus coins arrived with the subscription.
  expect(await callAs<{ bonus: number }>(reader, "query", "coins.getCoinBalance")).toMatchObject({
    bonus: 100,
  });
});

test("the reader cancels at period end, keeps access, and resumes", async () => {
  await reader.goto("/subscription/plans");
  const status = reader.getByTestId("subscription-status");
  await expect(status).toHaveText(/^Renews on /);
  await expect(planCard(reader, "Premium monthly").getByRole("button", { name: "Your plan" })).toBeDisabled();
  await expect(planCard(reader, "VVIP monthly").getByRole("button", { name: "Subscribe" })).toBeDisabled();
  await expect(planCard(reader, "VVIP monthly").getByText("You already have Premium monthly.")).toBeVisible();

  await reader.getByRole("button", { name: "Cancel subscription" }).click();
  const confirm = reader.getByRole("alertdialog", { name: "Cancel your subscription?" });
  await confirm.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(status).toHaveText(/^Canceled: access until .+, then it ends\.$/);
  for (const scheme of SCHEMES) {
    await capture(
      reader,
      "subscription-plans-canceled",
      scheme,
      () => expect(reader.getByRole("button", { name: "Resume subscription" })).toBeVisible(),
      "/subscription/plans",
    );
  }

  // Access lasts until the period's end.
  await reader.goto(episodePath());
  await expect(reader.getByTestId("book-reader")).toHaveAttribute("data-ready", "true");
  await expect(reader.getByRole("dialog")).toHaveCount(0);

  await reader.goto("/subscription/plans");
  await reader.getByRole("button", { name: "Resume subscription" }).click();
  await expect(status).toHaveText(/^Renews on /);
});

test("a superadmin runs the plans and sees the subscriber", async () => {
  await boss.goto("/admin/subscription-management");
  const plans = boss.getByRole("table", { name: "Subscription plans" });
  await expect(plans.getByRole("row", { name: /Premium monthly/ })).toContainText("$4.99 / month");

  await boss.getByRole("button", { name: "New plan" }).click();
  const dialog = boss.getByRole("dialog", { name: "New plan" });
  await dialog.getByLabel("Name").fill("E2E Patron monthly");
  await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("abc");
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog.getByText("Enter a price such as 4.99")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Price", exact: true }).fill("99.50");
  await dialog.getByLabel("Bonus coins each month").fill("250");
  await dialog.getByLabel("Benefits").fill("Everything\nA thank-you note");
  // Kept off the readers' page: other tests see the demo plans only.
  await dialog.getByRole("switch", { name: "On offer" }).click();
  if (process.env.SCREENSHOTS) {
    await boss.screenshot({
      path: path.join(SCREENSHOT_DIR, "plan-dialog-1280.png"),
      animations: "disabled",
    });
  }
  await dialog.getByRole("button", { name: "Create plan" }).click();
  await expect(dialog).toHaveCount(0);
  const created = plans.getByRole("row", { name: /E2E Patron monthly/ });
  await expect(created).toContainText("$99.50 / month");
  await expect(created).toContainText("Hidden");

  // The payments area's coin packages have their own tab.
  await boss.getByRole("tab", { name: "Coin packages" }).click();
  await expect(boss.getByRole("tabpanel").getByText("Starter").first()).toBeVisible();

  await boss.getByRole("tab", { name: "Subscribers" }).click();
  await expect(boss).toHaveURL(/tab=subscribers/);
  await boss.getByLabel("Search").fill(email);
  const row = boss.getByRole("table", { name: "Subscribers" }).getByRole("row", { name: /Plan Reader/ });
  await expect(row).toContainText("Premium monthly");
  await expect(row).toContainText("Active");
  for (const scheme of SCHEMES) {
    await capture(
      boss,
      "subscription-management",
      scheme,
      () => expect(boss.getByRole("table", { name: "Subscription plans" })).toBeVisible(),
      "/admin/subscription-management",
    );
  }
});

test("a superadmin grants and revokes VVIP, and the grants keep who, when and why", async () => {
  await boss.goto("/admin/vvip-control");
  await boss.getByLabel("Email").fill(email);
  await boss.getByLabel("Reason").fill("Beta tester");
  await boss.getByRole("button", { name: "Grant VVIP" }).click();
  const grants = boss.getByRole("table", { name: "VVIP grants" });
  const grant = grants.getByRole("row", { name: new RegExp(email) }).first();
  await expect(grant).toContainText("Active");
  await expect(grant).toContainText("Beta tester");
  await expect(grant).toContainText("Demo Superadmin");
  expect(await callAs<{ tiers: string[] }>(reader, "query", "subscriptions.getMySubscription")).toMatchObject(
    {
      tiers: ["premium", "vvip"],
    },
  );
  for (const scheme of SCHEMES) {
    await capture(boss, "vvip-control", scheme, () => expect(grants).toBeVisible(), "/admin/vvip-control");
  }

  await grant.getByRole("button", { name: /^Revoke VVIP of/ }).click();
  const revoke = boss.getByRole("dialog", { name: "Revoke VVIP access?" });
  await revoke.getByLabel("Reason").fill("Beta is over");
  await revoke.getByRole("button", { name: "Revoke access" }).click();
  await expect(revoke).toHaveCount(0);
  await expect(grant).toContainText("Revoked");
  await expect(grant).toContainText("Beta is over");
  expect(await callAs<{ tiers: string[] }>(reader, "query", "subscriptions.getMySubscription")).toMatchObject(
    {
      tiers: ["premium"],
    },
  );
});

test("readers are refused the superadmin pages, on the page and on the server", async () => {
  for (const [address, title] of [
    ["/admin/vvip-control", "VVIP Control"],
    ["/admin/subscription-management", "Subscriptions"],
  ] as const) {
    await reader.goto(address);
    await expect(reader.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(reader.getByText("For superadmins only")).toBeVisible();
  }
  await expect(callAs(reader, "query", "vvip.listVvipGrants")).rejects.toThrow(/FORBIDDEN/);
});
