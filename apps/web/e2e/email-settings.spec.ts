// A reader's email on /settings/profile: a new account's address waits for its confirmation (bulk
// mail says it needs one, the newsletter is refused), the link sent at sign-up confirms it, the
// newsletter then waits for its own link, the other choices stay as set, and a new address waits
// for the link sent to it. The reader cannot read the outbox; a superadmin fetches the links from
// it, as the mail would bring them.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { linkFromOutbox } from "./support/outbox.ts";

async function newReader(page: Page, email: string): Promise<void> {
  await createAccount(page, { email, name: "Mae Mailer", password: "Mailer-Passw0rd-1" });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
}

/** A superadmin: the outbox shows other administrators the account links' place, not the links. */
async function superadminPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await openSignedIn(page, "superadmin@demo.test");
  return page;
}

test("a reader confirms their address, asks for the newsletter and keeps their choices", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `mail-${Date.now()}@example.test`;
  await newReader(page, email);
  const admin = await superadminPage(browser);

  await page.goto("/settings/profile#email");
  const card = page.getByTestId("email-settings");
  await expect(card.getByTestId("email-address")).toHaveText(email);
  await expect(card.getByTestId("email-verified")).toHaveText("Not confirmed");
  await expect(card.getByRole("button", { name: "Send the link again" })).toBeVisible();
  await expect(card.getByTestId("bulk-needs-confirmed")).toContainText("only go to a confirmed address");
  // The newsletter needs a confirmed address first: the box stays unticked.
  const newsletter = card.getByRole("checkbox", { name: "The Litverse newsletter" });
  await newsletter.click();
  await expect(page.getByText("Confirm your email address first.")).toBeVisible();
  await expect(newsletter).not.toBeChecked();

  // The link sent at sign-up, opened in another tab, confirms the address.
  const verifyUrl = await linkFromOutbox(
    admin,
    "verify_email",
    email,
    /https?:\/\/\S+\/account\/verify-email\?token=[\w-]+/,
  );
  const mailTab = await page.context().newPage();
  await mailTab.goto(verifyUrl);
  await mailTab.getByRole("button", { name: "Confirm" }).click();
  await expect(mailTab.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
  await mailTab.close();
  await page.reload();
  await expect(card.getByTestId("email-verified")).toHaveText("Confirmed");
  await expect(card.getByRole("button", { name: "Send the link again" })).toHaveCount(0);
  await expect(card.getByTestId("bulk-needs-confirmed")).toHaveCount(0);

  // Asking for the newsletter sends a link; until it is followed, it waits.
  await newsletter.click();
  await expect(newsletter).toBeChecked();
  await expect(card.getByText("Check your inbox to confirm.")).toBeVisible();

  // The other choices, saved as they are made.
  const moderation = card.getByRole("switch", { name: "Moderation decisions and appeal outcomes" });
  const support = card.getByRole("switch", { name: "Answers to your support tickets when you are away" });
  await expect(moderation).toBeChecked();
  await moderation.click();
  await expect(moderation).not.toBeChecked();
  await card.getByLabel("Digest of unread notifications").selectOption("weekly");
  await expect
    .poll(async () => (await callAs<{ digest: string }>(page, "query", "mail.getEmailSettings")).digest)
    .toBe("weekly");

  await page.reload();
  await expect(newsletter).toBeChecked();
  await expect(card.getByText("Check your inbox to confirm.")).toBeVisible();
  await expect(moderation).not.toBeChecked();
  await expect(support).toBeChecked();
  await expect(card.getByLabel("Digest of unread notifications")).toHaveValue("weekly");

  // The newsletter's own link (the page asks before acting: mail scanners open links too).
  const confirmUrl = await linkFromOutbox(
    admin,
    "newsletter_confirm",
    email,
    /https?:\/\/\S+\/mail\/newsletter\/confirm\/[\w.-]+/,
  );
  const confirmTab = await page.context().newPage();
  await confirmTab.goto(confirmUrl);
  await confirmTab.getByRole("button", { name: "Yes, send me the newsletter" }).click();
  await expect(confirmTab.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
  await confirmTab.close();
  await page.reload();
  await expect(card.getByText("You get it.")).toBeVisible();
  await expect(newsletter).toBeChecked();

  // A new address: the current password is asked for, and the change waits for its link.
  await card.getByRole("button", { name: "Change address" }).click();
  const dialog = page.getByRole("dialog", { name: "Change your address" });
  const newEmail = `moved-${Date.now()}@example.test`;
  await dialog.getByLabel("New address").fill(newEmail);
  await dialog.getByLabel("Current password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Send the link" }).click();
  await expect(dialog.getByRole("alert")).toBeVisible();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Current password").fill("Mailer-Passw0rd-1");
  await dialog.getByRole("button", { name: "Send the link" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(card.getByTestId("email-pending")).toHaveText(
    `We sent a link to ${newEmail}; follow it to switch.`,
  );
  await expect(card.getByTestId("email-address")).toHaveText(email);
  await admin.context().close();
});
