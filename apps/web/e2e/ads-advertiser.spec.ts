// An advertiser's journey: a fresh reader buys coins, promotes a demo title from /ads/my-ads (the
// whole budget held from the wallet at once, the campaign waiting for review), edits it, and stops
// it, and the unspent coins come back.
import { expect, type Page, test } from "@playwright/test";
import { createAccount } from "./support/auth.ts";

async function newReader(page: Page): Promise<void> {
  await createAccount(page, {
    email: `advertiser-${Date.now()}@example.test`,
    name: "Ada Advertiser",
    password: "Advertiser-Passw0rd",
  });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
}

async function buyHundredCoins(page: Page): Promise<void> {
  await page.goto("/coins/buy");
  await page.getByRole("button", { name: /^Buy 100 coins/ }).click();
  await page.waitForURL(/\/sandbox\/checkout\/sbx_ch_/);
  await page.getByRole("button", { name: "Pay $0.99" }).click();
  await page.waitForURL(/\/subscription\/verify\?payment=/);
  await expect(page.getByRole("heading", { name: "Payment successful" })).toBeVisible();
}

test("a reader promotes a title, edits the campaign, stops it and gets the coins back", async ({ page }) => {
  test.setTimeout(120_000);
  await newReader(page);
  await buyHundredCoins(page);

  await page.goto("/ads/my-ads");
  await expect(page.getByRole("heading", { name: "My Ads", level: 1 })).toBeVisible();
  const balance = page.getByTestId("ads-balance");
  await expect(balance).toHaveText("100");
  await expect(page.getByRole("heading", { name: "No campaigns yet" })).toBeVisible();

  // The form: a demo title found by name, a headline, and a budget held at once.
  await page.getByRole("button", { name: "New campaign" }).first().click();
  const form = page.getByRole("dialog", { name: "New campaign" });
  await form.getByLabel("Campaign name").fill("Thornmere in spring");
  await form.getByRole("searchbox", { name: /Find the catalogue title/ }).fill("Thornmere");
  await form.getByRole("button", { name: /Thornmere/ }).click();
  await expect(form.getByTestId("ad-target")).toContainText("Thornmere");
  await form.getByRole("textbox", { name: "Headline" }).fill("A winter that never ends");
  await expect(form.getByTestId("ad-previews").getByTestId("ad-card").first()).toContainText(
    "A winter that never ends",
  );
  await form.getByLabel("Budget in coins").fill("60");
  await expect(form.getByTestId("ad-estimate")).toContainText("views at these prices");
  await form.getByRole("button", { name: "Submit for review" }).click();
  await expect(form).toHaveCount(0);
  await expect(page.getByText("Submitted for review: 60 coins held")).toBeVisible();

  const campaign = page.getByTestId("my-campaign").filter({ hasText: "Thornmere in spring" });
  await expect(campaign.getByTestId("campaign-status")).toHaveText("In review");
  await expect(campaign.getByTestId("campaign-held")).toHaveText("60 coins held for this ad.");
  await expect(balance).toHaveText("40");
  await expect(page.getByTestId("coin-wallet")).toHaveText("40");

  // Editing: the note says a new creative is reviewed again; the change shows in the list.
  await campaign.getByRole("button", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit campaign" });
  await expect(edit.getByText("sends it back to review")).toBeVisible();
  await expect(edit.getByRole("textbox", { name: "Headline" })).toHaveValue("A winter that never ends");
  await edit.getByLabel("Campaign name").fill("Thornmere, second try");
  await edit.getByRole("textbox", { name: "Headline" }).fill("Snow, secrets and a lighthouse");
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(edit).toHaveCount(0);
  const edited = page.getByTestId("my-campaign").filter({ hasText: "Thornmere, second try" });
  await expect(edited.getByTestId("campaign-status")).toHaveText("In review");
  await expect(balance).toHaveText("40");

  // Stopping gives back what was not spent.
  await edited.getByRole("button", { name: "Stop" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Stop this campaign?" });
  await expect(confirm).toContainText("60 coins not spent come back to your wallet");
  await confirm.getByRole("button", { name: "Stop campaign" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(edited.getByTestId("campaign-status")).toHaveText("Stopped");
  await expect(balance).toHaveText("100");
  await expect(page.getByTestId("coin-wallet")).toHaveText("100");
  await expect(edited.getByRole("button", { name: "Edit" })).toHaveCount(0);
});
