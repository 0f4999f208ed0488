// People, in two browsers at once: one finds the other on Make Friends and asks; the other sees the
// request live and accepts; they chat with typing and read receipts; one blocks the other. A title
// one follows releases an episode, and the notification arrives live.
import { expect, type Page, test } from "@playwright/test";
import { deleteTitles, fixture, resultOf, startImport } from "./support/admin-content.ts";
import { callAs } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { menu, openMenu } from "./support/page.ts";

async function newPerson(page: Page, name: string): Promise<{ _id: string; name: string }> {
  await createAccount(page, {
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.test`,
    name,
    password: "People-Passw0rd",
  });
  await page.getByRole("dialog", { name: "How old are you?" }).getByRole("button", { name: /18\+/ }).click();
  const me = await callAs<{ _id: string }>(page, "query", "users.getCurrentUser");
  return { _id: me._id, name };
}

test("two people befriend, chat live, block; a followed title's new episode notifies", {
  tag: "@postgres",
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const anaContext = await browser.newContext();
  const benContext = await browser.newContext();
  const ana = await anaContext.newPage();
  const ben = await benContext.newPage();
  const stamp = String(Date.now()).slice(-6);
  const anaPerson = await newPerson(ana, `Ana Quill ${stamp}`);
  await newPerson(ben, `Ben Marsh ${stamp}`);

  // Ana chooses a handle; her profile answers at /user/<handle>.
  const handle = `ana_${stamp}`;
  await ana.goto("/settings/profile");
  await ana.getByLabel("Handle").fill(handle);
  await ana.getByLabel("Bio").fill("Sea stories and slow mornings.");
  await ana.getByRole("button", { name: "Save profile" }).click();
  await expect(ana.getByText("Profile saved")).toBeVisible();

  // Ben finds her by handle and asks.
  await ben.goto("/users");
  await ben.getByLabel("Search people").fill(`@${handle}`);
  const result = ben.getByTestId("person-row").filter({ hasText: anaPerson.name });
  await expect(result).toBeVisible();
  await result.getByRole("button", { name: "Add friend" }).click();
  await expect(result.getByRole("button", { name: /Requested/ })).toBeVisible();

  // Ana's badge and requests tab show it without a reload; she accepts.
  await expect(
    menu(ana)
      .getByRole("link", { name: /^Notifications/ })
      .getByTestId("unread-badge"),
  ).toHaveText("1");
  await ana.goto("/users?tab=requests");
  const request = ana.getByTestId("person-row").filter({ hasText: `Ben Marsh ${stamp}` });
  await request.getByRole("button", { name: "Accept" }).click();
  await expect(request).toBeHidden();

  // Ben sees the acceptance on her profile, live, and opens a conversation from it.
  await ben.goto(`/user/${handle}`);
  await expect(ben.getByRole("heading", { name: anaPerson.name, level: 1 })).toBeVisible();
  await expect(ben.getByText("Sea stories and slow mornings.")).toBeVisible();
  await expect(ben.getByRole("button", { name: /Friends/ })).toBeVisible();
  await ben.getByRole("link", { name: "Message", exact: true }).click();
  await expect(ben).toHaveURL(new RegExp(`/messages/${anaPerson._id}$`));

  // Ana has the conversation open; Ben types, and she sees him typing.
  await ana.goto("/messages");
  const benComposer = ben.getByPlaceholder("Write a message");
  await benComposer.fill("Hello Ana! Try https://example.com/sea?x=1 <b>bold</b>");
  await ben.getByRole("button", { name: "Send" }).click();
  const chat = ana.getByTestId("conversation-item").filter({ hasText: `Ben Marsh ${stamp}` });
  await expect(chat.getByTestId("conversation-unread")).toHaveText(/^1\b/);
  await chat.click();
  const received = ana.getByTestId("message").filter({ hasText: "Hello Ana!" });
  await expect(received).toBeVisible();
  // Text stays text; the link is a link that opens elsewhere, safely.
  await expect(received).toContainText("<b>bold</b>");
  const link = received.getByRole("link", { name: "https://example.com/sea?x=1" });
  await expect(link).toHaveAttribute("rel", /noopener/);
  await expect(link).toHaveAttribute("target", "_blank");
  // She has read it: Ben sees the receipt.
  await expect(ben.getByTestId("seen-receipt")).toBeVisible();

  await benComposer.fill("Are you there");
  await expect(ana.getByTestId("typing-indicator")).toContainText(`Ben Marsh ${stamp} is typing`);
  await ana.getByPlaceholder("Write a message").fill("Here! Reading now.");
  await ana.keyboard.press("Enter");
  await expect(ben.getByTestId("message").filter({ hasText: "Here! Reading now." })).toBeVisible();

  // Ana blocks Ben: his side can no longer write or see her profile.
  await ana.getByRole("button", { name: `More for this conversation with Ben Marsh ${stamp}` }).click();
  await ana.getByRole("menuitem", { name: "Block" }).click();
  await ana.getByRole("alertdialog").getByRole("button", { name: "Block" }).click();
  await expect(ana.getByRole("alertdialog")).toBeHidden();
  await ben.goto(`/user/${handle}`);
  await expect(ben.getByText("This profile is not available")).toBeVisible();
  const refused = await callAs(ben, "mutation", "messages.sendMessage", {
    partnerId: anaPerson._id,
    body: "Hello?",
  }).catch((error: Error) => error.message);
  expect(refused).toContain("FORBIDDEN");

  // A title Ana follows releases an episode: the notification arrives live on her page.
  const admin = await anaContext.browser()?.newContext();
  if (!admin) throw new Error("no browser");
  const adminPage = await admin.newPage();
  await openSignedIn(adminPage, "admin@demo.test");
  await adminPage.goto("/admin/content-management");
  const { contentId, title } = await resultOf(
    await startImport(adminPage, [fixture("books/wasteland.epub")]),
  );
  try {
    await ana.goto(`/content/${contentId}`);
    await ana.getByRole("button", { name: "Add to library" }).click();
    await expect(ana.getByRole("button", { name: "In My Library" })).toBeVisible();
    await ana.goto("/notifications");
    await expect(ana.getByRole("heading", { name: "Notifications", level: 1 })).toBeVisible();
    const detail = await callAs<{ episodes: Array<{ _id: string }> }>(
      adminPage,
      "query",
      "contentAdmin.getContent",
      {
        contentId,
      },
    );
    const last = detail.episodes.at(-1);
    if (!last) throw new Error("the book has no episodes");
    await callAs(adminPage, "mutation", "contentAdmin.scheduleEpisodes", {
      contentId,
      episodeIds: [last._id],
      startAt: new Date(Date.now() + 1_000).toISOString(),
      intervalHours: 0,
    });
    // The release check runs every 15 seconds.
    const notice = ana.getByTestId("notice").filter({ hasText: `New episode of ${title}` });
    await expect(notice).toBeVisible({ timeout: 30_000 });
    await expect(notice).toHaveAttribute("data-unread", "");
    await notice.getByRole("button", { name: `New episode of ${title}` }).click();
    await expect(ana).toHaveURL(new RegExp(`/content/${contentId}`));
    // The friend request's notice is still unread; Mark all clears it and the badge.
    await ana.goto("/notifications");
    await ana.getByRole("button", { name: "Mark all as read" }).click();
    await expect(ana.locator("[data-unread]")).toHaveCount(0);
    await openMenu(ana);
    await expect(
      menu(ana)
        .getByRole("link", { name: /^Notifications/ })
        .getByTestId("unread-badge"),
    ).toHaveCount(0);
  } finally {
    await deleteTitles(adminPage, [contentId]);
    await admin.close();
    await anaContext.close();
    await benContext.close();
  }
});
