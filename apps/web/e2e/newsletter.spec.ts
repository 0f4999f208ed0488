// The newsletter, as the team sends it: an administrator writes an issue (a heading, text and a
// button), sees it drawn as it will arrive and how many people it goes to, sends a test to
// themselves, sends it now, and finds the messages in the outbox and counted in the report. A new
// reader who confirmed their address and the newsletter (through the links the outbox holds) is
// among the people it reaches. No mail server is set in the tests: messages stay in the outbox.
import { type Browser, expect, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { linkFromOutbox } from "./support/outbox.ts";

/**
 * A new reader with a confirmed address who confirmed the newsletter; returns their address. The
 * links come from the outbox as a superadmin reads it (other administrators do not see account links).
 */
async function newSubscriber(browser: Browser): Promise<string> {
  const email = `subscriber-${Date.now()}@example.test`;
  const admin = await (await browser.newContext()).newPage();
  await openSignedIn(admin, "superadmin@demo.test");
  const context = await browser.newContext();
  const page = await context.newPage();
  await createAccount(page, { email, name: "Sam Subscriber", password: "Subscriber-Passw0rd-1" });
  await page.goto(
    await linkFromOutbox(admin, "verify_email", email, /https?:\/\/\S+\/account\/verify-email\?token=[\w-]+/),
  );
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/confirmed/i);
  await page.goto("/");
  await callAs(page, "mutation", "mail.setNewsletter", { subscribed: true });
  await page.goto(
    await linkFromOutbox(
      admin,
      "newsletter_confirm",
      email,
      /https?:\/\/\S+\/mail\/newsletter\/confirm\/[\w.-]+/,
    ),
  );
  await page.getByRole("button", { name: "Yes, send me the newsletter" }).click();
  await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
  await context.close();
  await admin.context().close();
  return email;
}

const peopleText = (people: number) =>
  `${people.toLocaleString("en-US")} ${people === 1 ? "person" : "people"}`;

test("an administrator writes an issue, tests it, sends it now and reads the outbox and the report", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await openSignedIn(page, "admin@demo.test");
  const subscriber = await newSubscriber(browser);
  const { people } = await callAs<{ people: number }>(page, "query", "newsletter.estimateAudience", {
    segment: { kind: "everyone" },
  });
  expect(people).toBeGreaterThanOrEqual(1);
  const subject = `Spring on Litverse ${Date.now()}`;

  await page.goto("/admin/newsletter");
  await expect(page.getByRole("heading", { name: "Newsletter", level: 1 })).toBeVisible();
  await expect(page.getByTestId("outbox-only")).toContainText("No mail server is set (SMTP_URL)");
  await page.getByRole("link", { name: "New issue" }).first().click();
  await expect(page).toHaveURL(/\?issue=new$/);

  // A heading, text and a button; the preview follows as they are written.
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Preview line").fill("Three new series and a lighthouse");
  await page.getByLabel("Heading text").fill("New this month");
  await page
    .getByRole("textbox", { name: "Text", exact: true })
    .fill("A winter that never ends, and a keeper of lights.");
  await page.getByRole("button", { name: "Add a button" }).click();
  await page.getByLabel("Button label").fill("Start reading");
  await page.getByLabel("Button link").fill("https://example.com/spring");
  await expect(page.getByTestId("preview-inbox-line")).toContainText(subject);
  const preview = page.frameLocator('iframe[title="The issue on a phone, light"]');
  await expect(preview.getByText("New this month")).toBeVisible();
  await expect(preview.getByText("A winter that never ends, and a keeper of lights.")).toBeVisible();
  await expect(preview.getByRole("link", { name: "Start reading" })).toBeVisible();
  await page.getByRole("button", { name: "Dark" }).click();
  await expect(
    page.frameLocator('iframe[title="The issue on a phone, dark"]').getByText("New this month"),
  ).toBeVisible();
  await expect(page.getByTestId("audience-estimate")).toContainText(
    `${peopleText(people)} would receive it now`,
  );

  // A test to oneself.
  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText("Test sent to admin@demo.test.")).toBeVisible();

  // Scheduling saves the draft first, then asks when, then names the number of people.
  await page.getByRole("button", { name: "Schedule…" }).click();
  await expect(page).toHaveURL(/\?issue=[0-9a-f-]{36}$/);
  const dialog = page.getByRole("dialog", { name: "Schedule the issue" });
  await expect(dialog).toContainText("Times are on the team's clock");
  await dialog.getByRole("radio", { name: "Send now" }).check();
  await dialog.getByRole("button", { name: "Continue" }).click();
  const confirm = page.getByRole("dialog", { name: `Send “${subject}” now?` });
  await expect(confirm).toContainText(`It goes to ${peopleText(people)} at once.`);
  await confirm.getByRole("button", { name: `Send now to ${peopleText(people)}` }).click();
  await expect(confirm).toHaveCount(0);
  await expect(page.getByTestId("issue-status")).toHaveText("Sent", { timeout: 30_000 });

  // The report counts what went out.
  const report = page.getByTestId("issue-report");
  const figure = (label: string) =>
    report
      .getByTestId("report-figure")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .locator("dd")
      .first();
  await expect(figure("Recipients")).toHaveText(String(people));
  await expect(figure("Sent")).toHaveText(String(people));
  await expect(report.getByText("Mail clients that load pictures open every message.")).toBeVisible();
  await expect(report.getByRole("table", { name: "Clicks by link" })).toBeVisible();

  // The list shows it sent; the outbox holds the messages, the subscriber's among them.
  await page.getByRole("link", { name: "All issues" }).click();
  const row = page.getByTestId("issue-row").filter({ hasText: subject });
  await expect(row).toContainText("Sent");
  await expect(row).toContainText(`${people} of ${people} sent`);
  await page.getByRole("tab", { name: "Outbox" }).click();
  await expect(page).toHaveURL(/\?tab=outbox$/);
  await page.getByLabel("Kind").selectOption("newsletter");
  await page.getByLabel("Address").fill(subscriber);
  const message = page.getByTestId("outbox-row").filter({ hasText: subject });
  await expect(message).toHaveCount(1);
  await expect(message).toContainText(subscriber);
  await expect(message).toContainText("Sent");
  await message.getByRole("button", { name: subject }).click();
  const opened = page.getByRole("dialog", { name: subject });
  await expect(opened).toContainText(`To ${subscriber}`);
  await expect(opened.frameLocator("iframe").getByText("New this month")).toBeVisible();
  await opened.getByRole("tab", { name: "Plain text" }).click();
  await expect(opened.getByTestId("outbox-message-text")).toContainText("A winter that never ends");
  await page.keyboard.press("Escape");
  await expect(opened).toHaveCount(0);

  // The test went to the administrator, as a test.
  await page.getByLabel("Kind").selectOption("newsletter_test");
  await page.getByLabel("Address").fill("admin@demo.test");
  await expect(page.getByTestId("outbox-row").filter({ hasText: subject }).first()).toBeVisible();
});
