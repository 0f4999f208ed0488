// Moderation's journey, in browsers side by side: a new reader posts in a club; another new
// reader (not a demo account, whose notifications other specs count) reports the post; an
// administrator sees the report arrive in the queue live, opens it and removes the post under a
// rule, with an explanation. The post's author finds the statement of reasons in
// their safety page and appeals; a different moderator (the superadmin) rejects the appeal, and the
// author sees the reply arrive.
import { expect, type Page, test } from "@playwright/test";
import { createAccount, openSignedIn } from "./support/auth.ts";

async function newPerson(page: Page, name: string): Promise<void> {
  await createAccount(page, {
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.test`,
    name,
    password: "Moderation-Passw0rd",
  });
  const gate = page.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
}

test("a reported club post is removed, its author is told why and appeals", {
  tag: "@postgres",
}, async ({ browser }) => {
  test.setTimeout(180_000);
  const stamp = String(Date.now()).slice(-6);
  const authorName = `Ada Author ${stamp}`;
  const clubName = `Follower Market ${stamp}`;
  const postText = `Cheap followers for your reading list, ${stamp}! Message me for prices.`;
  const [author, reader, moderator, superadmin] = await Promise.all(
    [0, 1, 2, 3].map(async () =>
      (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage(),
    ),
  );
  if (!author || !reader || !moderator || !superadmin) throw new Error("no pages");

  // The author starts a public club and posts in its general board.
  await newPerson(author, authorName);
  await author.goto("/clubs");
  await author.getByRole("button", { name: "Create a club" }).first().click();
  const create = author.getByRole("dialog", { name: "Create a club" });
  await create.getByLabel("Name").fill(clubName);
  await create.getByLabel("What the club is about").fill("Books, and a little business on the side.");
  await create.getByRole("button", { name: "Create club" }).click();
  await expect(author.getByRole("heading", { name: clubName, level: 1 })).toBeVisible();
  await author.getByLabel("New post").fill(postText);
  await author.getByRole("button", { name: "Post", exact: true }).click();
  await expect(author.getByTestId("club-post").filter({ hasText: postText })).toBeVisible();
  // One's own post offers no Report.
  await author
    .getByTestId("club-post")
    .filter({ hasText: postText })
    .getByRole("button", { name: "More for this post" })
    .click();
  await expect(author.getByRole("menuitem", { name: "Delete" })).toBeVisible();
  await expect(author.getByRole("menuitem", { name: "Report" })).toHaveCount(0);
  await author.keyboard.press("Escape");
  const clubPath = new URL(author.url()).pathname;

  // The moderator watches the club posts reported as spam.
  await openSignedIn(moderator, "admin@demo.test");
  await moderator.goto("/admin/flagged-content?kind=club_post&category=spam");
  await expect(moderator.getByRole("heading", { name: "Flagged Content", level: 1 })).toBeVisible();
  await expect(moderator.getByRole("tab", { name: "Queue", selected: true })).toBeVisible();
  const row = moderator.getByTestId("queue-item").filter({ hasText: postText });
  await expect(moderator.getByTestId("queue-counts")).not.toContainText("…");
  await expect(row).toHaveCount(0);

  // Another reader joins the club and reports the post.
  await newPerson(reader, `Rita Reporter ${stamp}`);
  await reader.goto(clubPath);
  await reader.getByRole("button", { name: "Join club" }).click();
  const post = reader.getByTestId("club-post").filter({ hasText: postText });
  await post.getByRole("button", { name: "More for this post" }).click();
  await reader.getByRole("menuitem", { name: "Report" }).click();
  const report = reader.getByRole("dialog", { name: "Report this post" });
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByLabel("More details (optional)").fill("They sell followers to everyone in the club.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report).toHaveCount(0);
  await expect(reader.getByText("Thank you. Our team will look at it.")).toBeVisible();

  // It arrives in the queue as it is sent, with its category and author.
  await expect(row).toBeVisible();
  await expect(row.getByTestId("category-badge")).toHaveText("Spam");
  await expect(row).toContainText(authorName);
  await expect(row).toContainText("1 report");
  await expect(row).toContainText("Unclaimed");

  // The moderator claims it, opens it and removes it.
  await row.getByRole("button", { name: /^Claim / }).click();
  await expect(row).toContainText("Claimed by you");
  await row.getByRole("link").click();
  await moderator.waitForURL(/\/admin\/flagged-content-review\?item=[0-9a-f-]{36}$/);
  await expect(moderator.getByTestId("item-text")).toHaveText(postText);
  const reports = moderator.getByRole("list", { name: "Reports" }).getByTestId("report");
  await expect(reports).toHaveCount(1);
  await expect(reports.first()).toContainText("They sell followers to everyone in the club.");
  const decision = moderator.getByRole("form", { name: "Decision" });
  await decision.getByRole("radio", { name: /^Remove/ }).check();
  // Without a rule or an explanation the form points at both and asks nothing yet.
  await decision.getByRole("button", { name: "Remove…" }).click();
  await expect(decision.getByText("Choose the rule that was broken")).toBeVisible();
  await expect(decision.getByText("Tell the author why, in a sentence or two")).toBeVisible();
  await expect(moderator.getByRole("alertdialog")).toHaveCount(0);
  await decision.getByLabel("Rule broken").selectOption({ label: "Spam and manipulation" });
  await decision
    .getByLabel("Explanation to the author")
    .fill("Selling followers is spam, which the community rules do not allow in clubs.");
  await decision.getByRole("button", { name: "Remove…" }).click();
  const confirm = moderator.getByRole("alertdialog", { name: /^Remove / });
  await expect(confirm).toContainText("Nobody sees it any more.");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(confirm).toHaveCount(0);
  const decided = moderator.getByRole("region", { name: "Decisions about this item" });
  await expect(decided.getByTestId("decision")).toContainText("Remove");
  await expect(decided.getByTestId("decision")).toContainText("Spam and manipulation");

  // The author finds the statement of reasons and appeals.
  await author.goto("/settings/safety");
  await expect(author.getByRole("heading", { name: "Safety", level: 1 })).toBeVisible();
  const statement = author
    .getByTestId("statement-of-reasons")
    .filter({ hasText: "Selling followers is spam" });
  await expect(statement).toContainText("Remove");
  await expect(statement).toContainText("Spam and manipulation");
  await expect(statement).toContainText("It counts as a strike on your account.");
  await expect(statement).toContainText(/You can appeal until/);
  await statement.getByRole("button", { name: "Appeal" }).click();
  const appeal = author.getByRole("dialog", { name: "Appeal this decision" });
  await appeal
    .getByLabel("Why is the decision wrong?")
    .fill("It was a joke between members; nobody was ever sold anything.");
  await appeal.getByRole("button", { name: "Send appeal" }).click();
  await expect(appeal).toHaveCount(0);
  await expect(statement).toContainText("Appeal waiting");
  await expect(statement.getByRole("button", { name: "Appeal" })).toHaveCount(0);

  // A different moderator rejects the appeal; the author sees the reply arrive.
  const itemPath = `${new URL(moderator.url()).pathname}${new URL(moderator.url()).search}`;
  await openSignedIn(superadmin, "superadmin@demo.test");
  await superadmin.goto(itemPath);
  const waiting = superadmin.getByTestId("pending-appeal");
  await expect(waiting).toContainText("It was a joke between members");
  await waiting.getByRole("radio", { name: /^Reject/ }).check();
  await waiting
    .getByLabel("Reply to the author")
    .fill("The post offered followers for money: the decision stands.");
  await waiting.getByRole("button", { name: "Send the outcome" }).click();
  await expect(superadmin.getByTestId("pending-appeal")).toHaveCount(0);
  await expect(statement).toContainText("Appeal rejected");
  await expect(statement).toContainText("The post offered followers for money: the decision stands.");

  await Promise.all([author, reader, moderator, superadmin].map((page) => page.context().close()));
});
