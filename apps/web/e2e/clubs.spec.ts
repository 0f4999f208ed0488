// A book club, in two browsers at once: one person starts a club and its schedule, the other finds it
// and joins. The first, further in the book, posts in the first part's thread; the second sees the
// post blurred as a spoiler, and open by itself once their own reading passes the part's last episode.
import { expect, type Page, test } from "@playwright/test";
import { callAs, titleId } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES, WIDE_VIEWPORTS } from "./support/screenshots.ts";

const BOOK = "The Lantern Keeper's Daughter";

async function newPerson(page: Page, name: string): Promise<void> {
  await createAccount(page, {
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.test`,
    name,
    password: "Clubs-Passw0rd",
  });
  await page.getByRole("dialog", { name: "How old are you?" }).getByRole("button", { name: /18\+/ }).click();
}

/** Marks the book's first `count` episodes finished, as the reader does at the end of each. */
async function finishEpisodes(page: Page, contentId: string, count: number): Promise<void> {
  const detail = await callAs<{ episodes: Array<{ _id: string; number: number }> }>(
    page,
    "query",
    "content.getContent",
    {
      contentId,
    },
  );
  for (const episode of detail.episodes.filter((item) => item.number <= count)) {
    await callAs(page, "mutation", "library.recordProgress", {
      episodeId: episode._id,
      fraction: 1,
      isCompleted: true,
    });
  }
}

test("a club reads together: a milestone's post stays blurred until one's own reading passes it", {
  tag: "@postgres",
}, async ({ browser }) => {
  test.setTimeout(120_000);
  const anaContext = await browser.newContext();
  const benContext = await browser.newContext();
  const ana = await anaContext.newPage();
  const ben = await benContext.newPage();
  const stamp = String(Date.now()).slice(-6);
  await newPerson(ana, `Ana Club ${stamp}`);
  await newPerson(ben, `Ben Club ${stamp}`);
  const clubName = `Harbour Readers ${stamp}`;

  // Ana starts a public club and chooses the book; the schedule comes in four weekly parts.
  await ana.goto("/clubs");
  await ana.getByRole("button", { name: "Create a club" }).first().click();
  const create = ana.getByRole("dialog", { name: "Create a club" });
  await create.getByLabel("Name").fill(clubName);
  await create.getByLabel("What the club is about").fill("A lighthouse, a winter, a part a week.");
  await create.getByRole("button", { name: "Create club" }).click();
  await expect(ana.getByRole("heading", { name: clubName, level: 1 })).toBeVisible();
  await ana.getByRole("button", { name: "Manage the club" }).click();
  await ana.getByRole("menuitem", { name: "Choose what to read" }).click();
  const schedule = ana.getByRole("dialog", { name: "What the club reads" });
  await schedule.getByLabel("Search for a title").fill("Lantern Keeper");
  await schedule.getByRole("button", { name: new RegExp(BOOK) }).click();
  await expect(schedule.getByLabel("Milestone 1 last episode")).toHaveValue("3");
  await schedule.getByRole("button", { name: "Save schedule" }).click();
  await expect(ana.getByRole("heading", { name: BOOK, level: 2 })).toBeVisible();
  await expect(ana.getByRole("list", { name: "Schedule" }).getByRole("listitem")).toHaveCount(4);

  // Ben finds the club in Discover and joins it; Ana's member count follows live.
  await ben.goto("/clubs?tab=discover");
  await ben.getByLabel("Search clubs").fill(clubName);
  await ben.getByTestId("club-card").filter({ hasText: clubName }).click();
  await ben.getByRole("button", { name: "Join club" }).click();
  await expect(ben.getByTestId("my-club-progress")).toHaveText("You finished 0 of 12 episodes");
  await expect(ana.getByTestId("club-member-count")).toHaveText("2 of 100 members");

  // Ana has read the first part and posts in its thread.
  const contentId = await titleId(ana, "Lantern Keeper", "book", BOOK);
  await finishEpisodes(ana, contentId, 3);
  await ana.getByRole("button", { name: "Part 1 · 1–3" }).click();
  await ana.getByLabel("New post").fill("The storm at the end of chapter 3, and she rows out anyway!");
  await ana.getByRole("button", { name: "Post", exact: true }).click();
  await expect(ana.getByTestId("club-post").filter({ hasText: "she rows out anyway" })).toBeVisible();

  // Ben, still at the start, sees it blurred, with what it spoils and how far he is.
  await ben.getByRole("button", { name: /Part 1 · 1–3/ }).click();
  const post = ben.getByTestId("club-post").first();
  await expect(post.getByTestId("spoiler-cover")).toContainText(
    "Spoiler for episode 3. You have finished 0.",
  );
  await expect(post).not.toContainText("rows out anyway");

  // Two chapters in, still hidden; the third opens it, on the page as it is.
  await finishEpisodes(ben, contentId, 2);
  await expect(ben.getByTestId("my-club-progress")).toHaveText("You finished 2 of 12 episodes");
  await expect(post.getByTestId("spoiler-cover")).toContainText("You have finished 2.");
  await finishEpisodes(ben, contentId, 3);
  await expect(post).toContainText("The storm at the end of chapter 3, and she rows out anyway!");
  await expect(post.getByTestId("spoiler-cover")).toHaveCount(0);

  // He reacts; Ana sees the reaction arrive.
  await post.getByRole("button", { name: "❤️ 0" }).click();
  await expect(ana.getByTestId("club-post").first().getByRole("button", { name: "❤️ 1" })).toBeVisible();

  // Ana asks what to read next; Ben votes; the result shows only once Ana closes the poll.
  await ana.getByRole("tab", { name: "Plans" }).click();
  await ana.getByRole("button", { name: "New poll" }).click();
  const pollDialog = ana.getByRole("dialog", { name: "New poll" });
  await pollDialog.getByLabel("Question").fill("Poems or plays next?");
  await pollDialog.getByLabel("Choice 1").fill("Poems");
  await pollDialog.getByLabel("Choice 2").fill("Plays");
  await pollDialog.getByRole("button", { name: "Open poll" }).click();
  await ben.getByRole("tab", { name: "Plans" }).click();
  const ballot = ben.getByTestId("club-poll").filter({ hasText: "Poems or plays next?" });
  await ballot.getByLabel("Plays").check();
  await ballot.getByRole("button", { name: "Vote" }).click();
  await expect(ballot).toContainText("You voted.");
  const poll = ana.getByTestId("club-poll").filter({ hasText: "Poems or plays next?" });
  await expect(poll).toContainText("1 vote");
  await poll.getByRole("button", { name: "Close now" }).click();
  await expect(ballot).toContainText(`Ben Club ${stamp}`);

  await anaContext.close();
  await benContext.close();
});

test.describe("screenshots", () => {
  for (const scheme of SCHEMES) {
    test(`clubs and a club, ${scheme}`, async ({ page }) => {
      await openSignedIn(page, "reader@demo.test");
      const [club] = await callAs<Array<{ _id: string }>>(page, "query", "clubs.listMyClubs");
      if (!club) throw new Error("the demo reader is in no club");
      await capture(
        page,
        "clubs",
        scheme,
        () => expect(page.getByTestId("club-card").first()).toBeVisible(),
        "/clubs",
        WIDE_VIEWPORTS,
      );
      await capture(
        page,
        "club",
        scheme,
        () => expect(page.getByTestId("spoiler-cover").first()).toBeVisible(),
        `/clubs/${club._id}`,
      );
      await capture(
        page,
        "club-plans",
        scheme,
        () => expect(page.getByTestId("club-poll").first()).toBeVisible(),
        `/clubs/${club._id}?tab=plans`,
      );
      await capture(
        page,
        "club-members",
        scheme,
        () => expect(page.getByTestId("club-member").first()).toBeVisible(),
        `/clubs/${club._id}?tab=members`,
      );
    });
  }
});

// A club's settings are its owner's: a moderator's menu keeps the schedule but offers no editing or
// deleting of the club, and their invitation dialog shares the link without renewing it.
test("a moderator is offered the schedule, not the owner's settings", async ({ browser }) => {
  const ownerContext = await browser.newContext();
  const moderatorContext = await browser.newContext();
  const owner = await ownerContext.newPage();
  const moderator = await moderatorContext.newPage();
  const stamp = String(Date.now()).slice(-6);
  await newPerson(owner, `Olga Owner ${stamp}`);
  await newPerson(moderator, `Milo Moderator ${stamp}`);
  const { clubId } = await callAs<{ clubId: string }>(owner, "mutation", "clubs.createClub", {
    name: `Owner's Room ${stamp}`,
    privacy: "public",
  });
  await callAs(moderator, "mutation", "clubs.joinClub", { clubId });
  const members = await callAs<Array<{ person: { _id: string }; role: string }>>(
    owner,
    "query",
    "clubs.listClubMembers",
    { clubId },
  );
  const moderatorId = members.find((member) => member.role === "member")?.person._id;
  await callAs(owner, "mutation", "clubs.setClubMemberRole", {
    clubId,
    userId: moderatorId,
    role: "moderator",
  });

  await moderator.goto(`/clubs/${clubId}`);
  await moderator.getByRole("button", { name: "Manage the club" }).click();
  await expect(moderator.getByRole("menuitem", { name: "Choose what to read" })).toBeVisible();
  await expect(moderator.getByRole("menuitem", { name: "Edit the club" })).toHaveCount(0);
  await expect(moderator.getByRole("menuitem", { name: "Delete the club" })).toHaveCount(0);
  await moderator.keyboard.press("Escape");
  await moderator.getByRole("button", { name: "Invite" }).click();
  const invite = moderator.getByRole("dialog", { name: /^Invite to/ });
  await expect(invite.getByLabel("Invitation link")).toBeVisible();
  await expect(invite.getByRole("button", { name: /Make a new link/ })).toHaveCount(0);

  // The owner has all of it.
  await owner.goto(`/clubs/${clubId}`);
  await owner.getByRole("button", { name: "Manage the club" }).click();
  await expect(owner.getByRole("menuitem", { name: "Edit the club" })).toBeVisible();
  await expect(owner.getByRole("menuitem", { name: "Delete the club" })).toBeVisible();
  await owner.keyboard.press("Escape");
  await owner.getByRole("button", { name: "Invite" }).click();
  await expect(
    owner.getByRole("dialog", { name: /^Invite to/ }).getByRole("button", { name: /Make a new link/ }),
  ).toBeVisible();

  await ownerContext.close();
  await moderatorContext.close();
});
