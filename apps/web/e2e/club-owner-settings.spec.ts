// A club's settings are its owner's: a moderator's menu keeps the schedule but offers no editing or
// deleting of the club, and their invitation dialog shares the link without renewing it.
import { expect, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { createAccount } from "./support/auth.ts";

async function newPerson(page: Page, name: string): Promise<void> {
  await createAccount(page, {
    email: `${name.toLowerCase().replace(/\W+/g, "-")}-${Date.now()}@example.test`,
    name,
    password: "Clubs-Passw0rd",
  });
  await page.getByRole("dialog", { name: "How old are you?" }).getByRole("button", { name: /18\+/ }).click();
}

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
