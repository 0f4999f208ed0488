// The team's community personas in two browsers at once: an admin makes a persona on Fictitious
// Users; a reader writes to it through their own messages; the message arrives in the persona's
// inbox without a reload; the admin answers as the persona, the reply names who answered, and the
// reader sees it come in under the persona's "Litverse team" label. Screenshots of both pages.
import { TEAM_PERSONA_LABEL, TEAM_PERSONA_NOTICE } from "@litverse/shared/personas";
import { expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { readMarker, setMarker } from "./support/page.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

const LIST = "/admin/fictitious-users";
const stamp = Date.now();
const NAME = `Rosa the Reading Guide ${String(stamp).slice(-5)}`;
const HANDLE = `guide_${stamp}`;
const BIO = "Finds you the next book you will not put down. Ask me anything about the catalogue.";
const QUESTION = "Hello Rosa, what should I read after Moby-Dick?";
const ANSWER = "Try Two Houses: the sea, a feud and a storm. Tell me how you like it!";
/** Long enough for a live update to cross from one browser to the other. */
const LIVE = { timeout: 20_000 };

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const personaCard = (page: Page) => page.getByTestId("persona-card").filter({ hasText: `@${HANDLE}` });

test("a reader writes to a new persona and the team answers as it, live", {
  tag: "@postgres",
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const adminContext = await browser.newContext();
  const readerContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const reader = await readerContext.newPage();
  await openSignedIn(admin, "admin@demo.test");
  await openSignedIn(reader, "reader@demo.test");
  const adminName = (await callAs<{ name: string }>(admin, "query", "users.getCurrentUser")).name;

  // The admin makes the persona; the form checks the handle before sending.
  await admin.goto(LIST);
  await expect(admin.getByRole("heading", { name: "Fictitious Users", level: 1 })).toBeVisible();
  await admin.getByRole("button", { name: "New persona" }).first().click();
  const dialog = admin.getByRole("dialog", { name: "New persona" });
  await dialog.getByLabel("Name").fill(NAME);
  await dialog.getByLabel("Handle").fill("x");
  await dialog.getByRole("button", { name: "Create persona" }).click();
  await expect(dialog.getByText(/Handles are at least/)).toBeVisible();
  await dialog.getByLabel("Handle").fill(HANDLE);
  await dialog.getByLabel("Bio").fill(BIO);
  await dialog.getByLabel("Favourite genres").pressSequentially("Mystery");
  await dialog.getByLabel("Favourite genres").press("Enter");
  await expect(dialog.getByRole("button", { name: "Remove genre Mystery" })).toBeVisible();
  await dialog.getByRole("button", { name: "Create persona" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(admin, `Persona “${NAME}” created`)).toBeVisible();

  const card = personaCard(admin);
  await expect(card.getByTestId("team-badge")).toHaveText(TEAM_PERSONA_LABEL);
  await expect(card).toContainText(BIO);
  await expect(card).toContainText("Mystery");
  await expect(card.getByTestId("persona-conversations")).toHaveText("0 conversations");
  await expect(card.getByRole("link", { name: "View profile" })).toHaveAttribute("href", `/user/${HANDLE}`);
  await card.getByRole("link", { name: "Messages" }).click();
  await expect(admin).toHaveURL(/\/admin\/fictitious-users\/[0-9a-f-]{36}\/messages$/);
  const personaId = admin.url().split("/").at(-2) ?? "";
  await expect(admin.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await expect(admin.getByTestId("persona-notice")).toContainText(
    "each one records who on the team answered",
  );
  await expect(admin.getByRole("heading", { name: "No conversations yet" })).toBeVisible();
  await setMarker(admin);

  // The reader writes to it from their own messages, where it carries the team's label.
  await reader.goto(`/messages/${personaId}`);
  const readerThread = reader.getByRole("region", { name: "Conversation" });
  await expect(readerThread.getByTestId("team-badge")).toHaveText(TEAM_PERSONA_LABEL);
  await expect(readerThread.getByText(TEAM_PERSONA_NOTICE)).toBeVisible();
  await reader.getByLabel("Message", { exact: true }).fill(QUESTION);
  await reader.getByLabel("Message", { exact: true }).press("Enter");
  await expect(reader.getByTestId("message").filter({ hasText: QUESTION })).toBeVisible();

  // It arrives in the persona's inbox without a reload, unread until opened.
  const conversation = admin.getByTestId("persona-conversation");
  await expect(conversation).toHaveCount(1, LIVE);
  await expect(conversation).toContainText(QUESTION);
  await expect(conversation.getByTestId("persona-conversation-unread")).toContainText("1");
  expect(await readMarker(admin)).toBe(1);
  await conversation.click();
  await expect(admin).toHaveURL(/\?with=[0-9a-f-]{36}$/);
  await expect(admin.getByTestId("persona-message").filter({ hasText: QUESTION })).toBeVisible();
  await expect(conversation.getByTestId("persona-conversation-unread")).toHaveCount(0, LIVE);

  // The admin answers as the persona; the reply says who on the team wrote it.
  const reply = admin.getByLabel(`Reply as ${NAME}`);
  await reply.fill(ANSWER);
  await reply.press("Enter");
  await expect(reply).toHaveValue("");
  const answer = admin.getByTestId("persona-message").filter({ hasText: ANSWER });
  await expect(answer.getByTestId("answered-by")).toHaveText(`Answered by ${adminName}`);
  expect(await readMarker(admin)).toBe(1);

  // The reader sees the reply come in from the persona, under its label; nothing names the admin.
  const incoming = reader.getByTestId("message").filter({ hasText: ANSWER });
  await expect(incoming).toBeVisible(LIVE);
  await expect(readerThread.getByRole("heading", { name: NAME })).toBeVisible();
  await expect(readerThread.getByTestId("team-badge")).toHaveText(TEAM_PERSONA_LABEL);
  await expect(readerThread).not.toContainText(adminName);

  // The list counts the conversation.
  await admin.goto(LIST);
  await expect(personaCard(admin).getByTestId("persona-conversations")).toHaveText("1 conversation");
  await expect(personaCard(admin).getByTestId("persona-unread")).toHaveText("0 unread");

  for (const scheme of SCHEMES) {
    await capture(admin, "personas-list", scheme, () => expect(personaCard(admin)).toBeVisible(), LIST);
    await capture(
      admin,
      "personas-new-dialog",
      scheme,
      async () => {
        await admin.getByRole("button", { name: "New persona" }).first().click();
        await expect(admin.getByRole("dialog", { name: "New persona" })).toBeVisible();
      },
      LIST,
    );
    await capture(
      admin,
      "personas-inbox",
      scheme,
      () => expect(admin.getByTestId("persona-conversation")).toBeVisible(),
      `${LIST}/${personaId}/messages`,
    );
    await capture(
      admin,
      "personas-thread",
      scheme,
      () => expect(admin.getByTestId("persona-message").filter({ hasText: ANSWER })).toBeVisible(),
      `${LIST}/${personaId}/messages?with=${await readerId(reader)}`,
    );
  }
  await adminContext.close();
  await readerContext.close();
});

async function readerId(page: Page): Promise<string> {
  return (await callAs<{ _id: string }>(page, "query", "users.getCurrentUser"))._id;
}
