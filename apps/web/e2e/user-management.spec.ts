// User management in the browser: a superadmin finds a person made for this test by their email
// and opens their page. Suspending them (for three days, their content hidden) takes the page the
// person has open away within seconds and tells them until when and why; lifting it lets them sign
// in again, and signing them out everywhere signs their browser out. The export downloads their
// data; deleting the account (their handle typed again) leaves a deleted account that only the
// "Deleted" filter lists, and their email finds nobody. Screenshots with SCREENSHOTS set.
import { readFile } from "node:fs/promises";
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { createAccount, openSignedIn, signIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

test.describe.configure({ mode: "serial" });

const PAGE = "/admin/user-management";
const email = `managed-${Date.now()}@example.test`;
const NAME = "Managed Reader";
const PASSWORD = "Managed-Reader-Passw0rd";
const REASON = "Spoilers in every club";
/** Long enough for the person's open page to meet what changed on the server. */
const PERSON_SEES_IT = { timeout: 20_000 };

let bossContext: BrowserContext;
let personContext: BrowserContext;
let boss: Page;
let person: Page;
let personId: string;
let handle: string;

test.beforeAll(async ({ browser }) => {
  bossContext = await browser.newContext();
  boss = await bossContext.newPage();
  await openSignedIn(boss, "superadmin@demo.test");

  personContext = await browser.newContext();
  person = await personContext.newPage();
  await createAccount(person, { email, name: NAME, password: PASSWORD });
  const gate = person.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
  const me = await callAs<{ _id: string; handle: string | null }>(person, "query", "users.getCurrentUser");
  personId = me._id;
  if (!me.handle) throw new Error("a new account has a handle");
  handle = me.handle;
});

test.afterAll(async () => {
  await bossContext.close();
  await personContext.close();
});

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search people" });
const filterButton = (page: Page, name: string) =>
  page.getByRole("group", { name: "Show accounts" }).getByRole("button", { name, exact: true });
const accountCard = (page: Page) => page.getByRole("region", { name: "Account", exact: true });
const signInButton = (page: Page) => page.getByRole("button", { name: "Sign In", exact: true }).first();

/** Searches the list and waits for the address to hold what was typed. */
async function search(page: Page, text: string) {
  await searchBox(page).fill(text);
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
}

/** Fills in an action's reason and presses its button; the dialog closes once it is done. */
async function confirmAction(dialog: Locator, button: string, reason: string) {
  await dialog.getByLabel("Reason").fill(reason);
  await dialog.getByRole("button", { name: button, exact: true }).click();
  await expect(dialog).toHaveCount(0);
}

test("the superadmin finds the new person by email and opens their page", async () => {
  await boss.goto(PAGE);
  await expect(boss.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
  await expect(searchBox(boss)).toHaveAttribute("placeholder", "Name, @handle, email or id");
  await search(boss, email);
  const rows = boss.getByTestId("person-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(`@${handle}`);
  await expect(rows.getByTestId("standing-badge")).toHaveText("Active");

  await rows.getByRole("link", { name: NAME }).click();
  await expect(boss).toHaveURL(`${PAGE}/${personId}`);
  await expect(boss.getByRole("heading", { name: NAME, level: 1 })).toBeVisible();
  await expect(accountCard(boss)).toContainText(email);
  await expect(accountCard(boss)).toContainText("Litverse account");
  await expect(accountCard(boss).getByTestId("standing-badge")).toHaveText("Active");
  await expect(boss.getByRole("link", { name: "Permissions…" })).toHaveCount(0);
});

test("a suspension takes the person's open page away and tells them until when and why", async () => {
  await expect(person.getByTestId("welcome")).toBeVisible();
  await boss.getByRole("button", { name: "Suspend…" }).click();
  const dialog = boss.getByRole("dialog", { name: `Suspend ${NAME}?` });
  await expect(dialog.getByLabel("Days")).toHaveValue("7");
  await dialog.getByLabel("Days").fill("3");
  await dialog.getByRole("checkbox", { name: "Hide what they wrote in public while suspended" }).check();
  await confirmAction(dialog, "Suspend account", REASON);
  await expect(toast(boss, "Account suspended")).toBeVisible();

  const account = accountCard(boss);
  await expect(account.getByTestId("standing-badge")).toHaveText("Suspended");
  await expect(account).toContainText(`Reason: ${REASON}`);
  await expect(account).toContainText("Content hidden");
  await expect(boss.getByTestId("history-line").first()).toContainText("Suspended for 3 days");
  await expect(boss.getByTestId("history-line").first()).toContainText(`Reason: ${REASON}`);

  const refusal = person.getByText("Your account is suspended until");
  await expect(refusal).toBeVisible(PERSON_SEES_IT);
  await expect(refusal).toContainText(REASON);
});

test("lifting the suspension lets them sign in again", async () => {
  await boss.getByRole("button", { name: "Lift suspension…" }).click();
  const dialog = boss.getByRole("dialog", { name: `Lift the suspension of ${NAME}?` });
  await confirmAction(dialog, "Lift suspension", "Served long enough");
  await expect(toast(boss, "Suspension lifted")).toBeVisible();
  await expect(accountCard(boss).getByTestId("standing-badge")).toHaveText("Active");
  await expect(boss.getByTestId("history-line").first()).toContainText("Restriction lifted");

  // The suspension ended their sessions: coming back, they sign in again.
  await person.goto("/");
  await expect(signInButton(person)).toBeVisible(PERSON_SEES_IT);
  await signIn(person, email, PASSWORD);
  await expect(person.getByTestId("welcome")).toBeVisible();
});

test("signing out everywhere signs the person's browser out", async () => {
  await boss.getByRole("button", { name: "Sign out everywhere…" }).click();
  const dialog = boss.getByRole("dialog", { name: `Sign ${NAME} out everywhere?` });
  await confirmAction(dialog, "Sign out everywhere", "Lost their phone");
  await expect(toast(boss, "Signed out everywhere")).toBeVisible();
  await expect(signInButton(person)).toBeVisible(PERSON_SEES_IT);
});

test("the export downloads everything stored about the person", async () => {
  const downloading = boss.waitForEvent("download");
  await boss.getByRole("button", { name: "Export data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(
    new RegExp(`^litverse-data-${handle}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
  );
  const data = JSON.parse(await readFile(await download.path(), "utf8")) as {
    tables: { users: Array<{ id: string }> };
  };
  expect(data.tables.users[0]?.id).toBe(personId);
  await expect(toast(boss, "Data exported")).toBeVisible();
});

test("deleting the account, the handle typed again, leaves only a deleted account", async () => {
  await boss.getByRole("button", { name: "Delete account…" }).click();
  const dialog = boss.getByRole("dialog", { name: `Delete the account of ${NAME}?` });
  await expect(dialog).toContainText("personal data is erased");
  await expect(dialog).toContainText("kept under no name");
  const confirm = dialog.getByRole("button", { name: "Delete account", exact: true });
  await dialog.getByLabel("Reason").fill("Asked to be forgotten");
  await expect(confirm).toBeDisabled();
  await dialog.getByRole("textbox", { name: /to confirm$/ }).fill(handle.slice(0, -1));
  await expect(confirm).toBeDisabled();
  // Any case, with the @, as the server compares.
  await dialog.getByRole("textbox", { name: /to confirm$/ }).fill(`@${handle.toUpperCase()}`);
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  await expect(toast(boss, "Account deleted")).toBeVisible();
  await expect(boss.getByTestId("deleted-notice")).toBeVisible();
  await expect(boss.getByRole("heading", { name: "Deleted account", level: 1 })).toBeVisible();
  await expect(boss.getByRole("button", { name: "Suspend…" })).toHaveCount(0);
  await expect(boss.getByRole("button", { name: "Delete account…" })).toHaveCount(0);

  await boss.goto(PAGE);
  await filterButton(boss, "Deleted").click();
  await expect(filterButton(boss, "Deleted")).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => new URL(boss.url()).searchParams.get("filter")).toBe("deleted");
  await search(boss, personId);
  const rows = boss.getByTestId("person-row");
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText("Deleted account");
  await expect(rows.getByTestId("standing-badge")).toHaveText("Deleted");

  await filterButton(boss, "All").click();
  await expect.poll(() => new URL(boss.url()).searchParams.get("filter")).toBeNull();
  await search(boss, email);
  await expect(boss.getByRole("heading", { name: "No one matches" })).toBeVisible();
  await expect(rows).toHaveCount(0);
});

test.describe("screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots run with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`user management, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, "superadmin@demo.test");
      const found = await callAs<{ people: Array<{ id: string }> }>(
        page,
        "query",
        "userManagement.searchPeople",
        {
          query: "reader@demo.test",
          filter: "all",
        },
      );
      const readerId = found.people[0]?.id;
      if (!readerId) throw new Error("the demo has no reader");
      await capture(
        page,
        "user-management-list",
        scheme,
        () =>
          expect(
            page.locator('[data-testid="person-row"]:visible, [data-testid="person-card"]:visible').first(),
          ).toBeVisible(),
        PAGE,
      );
      await capture(
        page,
        "user-management-person",
        scheme,
        async () => {
          await expect(accountCard(page)).toBeVisible();
          await expect(page.getByRole("heading", { name: "Account history" })).toBeVisible();
        },
        `${PAGE}/${readerId}`,
      );
    });
  }
});
