// Admin permissions in the browser: a superadmin sees every administrator, makes a "Support desk"
// template, and gives it to an admin made for this test (the shared demo admin keeps what it has,
// for the other specs). The row changes at once; the admin, in a browser of their own, loses the
// content pages from the menu and is told the page is not in their permissions. The template
// cannot go while someone holds it, and goes once they are back on Administrator. Screenshots
// with SCREENSHOTS set.
import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { createAccount, openSignedIn } from "./support/auth.ts";
import { openMenu } from "./support/page.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

test.describe.configure({ mode: "serial" });

const PAGE = "/admin/admin-permissions";
const TEMPLATE = "Support desk";
const email = `desk-admin-${Date.now()}@example.test`;
const NAME = "Desk Admin";

let bossContext: BrowserContext;
let deskContext: BrowserContext;
let boss: Page;
let desk: Page;
let deskId: string;

test.beforeAll(async ({ browser }) => {
  bossContext = await browser.newContext();
  boss = await bossContext.newPage();
  await openSignedIn(boss, "superadmin@demo.test");

  deskContext = await browser.newContext();
  desk = await deskContext.newPage();
  await createAccount(desk, { email, name: NAME, password: "Desk-Admin-Passw0rd" });
  const gate = desk.getByRole("dialog", { name: "How old are you?" });
  await gate.getByRole("button", { name: /18\+/ }).click();
  await expect(gate).toHaveCount(0);
  deskId = (await callAs<{ _id: string }>(desk, "query", "users.getCurrentUser"))._id;
});

test.afterAll(async () => {
  // The person made for this test goes back to being a reader, so that other pages' lists of
  // administrators stay the demo's.
  await callAs(boss, "mutation", "users.setUserRole", { userId: deskId, role: "user" }).catch(() => {});
  await bossContext.close();
  await deskContext.close();
});

/** The row of the administrator with this email ("admin@…" not matching "superadmin@…"). */
const personRow = (page: Page, email: string) =>
  page
    .getByRole("list", { name: "Administrators" })
    .getByRole("listitem")
    .filter({ hasText: new RegExp(`(?<![\\w.])${email.replace(/[.+]/g, "\\$&")}`) });
const templateCard = (page: Page, name: string) =>
  page
    .getByRole("list", { name: "Templates" })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name, exact: true }) });
const chips = (row: Locator, who: string) => row.getByRole("list", { name: `What ${who} may do` });

test("a superadmin sees every administrator, and a new admin shows up at once", async () => {
  await boss.goto(PAGE);
  await expect(boss.getByText("Permissions narrow what an admin may do")).toBeVisible();
  await expect(personRow(boss, "superadmin@demo.test")).toContainText("Everything (superadmin)");
  const demoAdmin = personRow(boss, "admin@demo.test");
  await expect(demoAdmin).toContainText("Template: Administrator");
  await expect(demoAdmin.getByRole("listitem").filter({ hasText: "Support · manage" })).toBeVisible();
  await expect(personRow(boss, email)).toHaveCount(0);

  await callAs(boss, "mutation", "users.setUserRole", { userId: deskId, role: "admin" });
  await expect(personRow(boss, email)).toContainText("Template: Administrator");
});

test("the superadmin makes a Support desk template and gives it to the new admin", async () => {
  await boss.getByRole("tab", { name: "Templates" }).click();
  await expect(boss).toHaveURL(/tab=templates/);
  await boss.getByRole("button", { name: "New template" }).click();
  const dialog = boss.getByRole("dialog", { name: "New template" });
  await dialog.getByRole("button", { name: "Create template" }).click();
  await expect(dialog.getByText("Give the template a name.")).toBeVisible();
  await dialog.getByLabel("Name").fill(TEMPLATE);
  await dialog.getByLabel("Description").fill("The support tickets, nothing else.");
  await dialog.getByRole("radiogroup", { name: "Support" }).getByRole("radio", { name: "Manage" }).check();
  await dialog.getByRole("button", { name: "Create template" }).click();
  await expect(dialog).toHaveCount(0);
  const card = templateCard(boss, TEMPLATE);
  await expect(card).toContainText("No admins");
  await expect(card.getByRole("list", { name: `Levels of ${TEMPLATE}` })).toHaveText("Support · manage");

  await boss.getByRole("tab", { name: "People" }).click();
  await personRow(boss, email)
    .getByRole("button", { name: `Edit permissions of ${NAME}` })
    .click();
  const edit = boss.getByRole("dialog", { name: `Permissions of ${NAME}` });
  await expect(edit.getByTestId("effective-content")).toHaveText("Manage");
  await edit.getByLabel("Template").selectOption({ label: TEMPLATE });
  // The result follows the choices before anything is saved.
  await expect(edit.getByTestId("effective-content")).toHaveText("No access");
  await expect(edit.getByTestId("effective-support")).toHaveText("Manage");
  await expect(edit.getByLabel("Analytics")).toHaveValue("template");
  await edit.getByLabel("Analytics").selectOption("view");
  await expect(edit.getByTestId("effective-analytics")).toHaveText("View");
  await edit.getByLabel("Analytics").selectOption("template");
  await expect(edit.getByTestId("effective-analytics")).toHaveText("No access");
  await edit.getByRole("button", { name: "Save permissions" }).click();
  await expect(edit).toHaveCount(0);

  const row = personRow(boss, email);
  await expect(row).toContainText(`Template: ${TEMPLATE}`);
  await expect(chips(row, NAME)).toHaveText("Support · manage");
  await boss.getByRole("tab", { name: "Templates" }).click();
  await expect(templateCard(boss, TEMPLATE)).toContainText("1 admin");
});

test("the admin holding it loses the content pages", async () => {
  await desk.goto("/");
  const menu = await openMenu(desk);
  await expect(menu.getByRole("link", { name: "Support Tickets" })).toBeVisible();
  await expect(menu.getByRole("link", { name: "Manage Content" })).toHaveCount(0);

  await desk.goto("/admin/content-management");
  await expect(desk.getByText("Not in your permissions")).toBeVisible();
  await expect(desk.getByText("Your permissions do not include content.")).toBeVisible();
});

test("the template goes only once nobody holds it", async () => {
  await boss.goto(`${PAGE}?tab=templates`);
  const card = templateCard(boss, TEMPLATE);
  await card.getByRole("button", { name: `Delete ${TEMPLATE}` }).click();
  const confirm = boss.getByRole("alertdialog", { name: `Delete “${TEMPLATE}”?` });
  await confirm.getByRole("button", { name: "Delete template" }).click();
  await expect(confirm.getByRole("alert")).toHaveText("An admin has this template: give them another first.");
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);

  await boss.getByRole("tab", { name: "People" }).click();
  await personRow(boss, email)
    .getByRole("button", { name: `Edit permissions of ${NAME}` })
    .click();
  const edit = boss.getByRole("dialog", { name: `Permissions of ${NAME}` });
  await edit.getByLabel("Template").selectOption({ label: "Administrator" });
  await edit.getByRole("button", { name: "Save permissions" }).click();
  await expect(edit).toHaveCount(0);
  await expect(personRow(boss, email)).toContainText("Template: Administrator");

  await boss.getByRole("tab", { name: "Templates" }).click();
  await expect(card).toContainText("No admins");
  await card.getByRole("button", { name: `Delete ${TEMPLATE}` }).click();
  await confirm.getByRole("button", { name: "Delete template" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(card).toHaveCount(0);

  // The default template stays, and the server says why.
  await templateCard(boss, "Administrator").getByRole("button", { name: "Delete Administrator" }).click();
  const keep = boss.getByRole("alertdialog", { name: "Delete “Administrator”?" });
  await keep.getByRole("button", { name: "Delete template" }).click();
  await expect(keep.getByRole("alert")).toContainText("The default template cannot be deleted");
  await keep.getByRole("button", { name: "Cancel" }).click();
});

test.describe("screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "screenshots run with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`admin permissions, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, "superadmin@demo.test");
      await capture(
        page,
        "admin-permissions-people",
        scheme,
        () => expect(personRow(page, "admin@demo.test")).toContainText("Template: Administrator"),
        PAGE,
      );
      await capture(
        page,
        "admin-permissions-templates",
        scheme,
        () => expect(templateCard(page, "Analyst")).toBeVisible(),
        `${PAGE}?tab=templates`,
      );
      await capture(
        page,
        "admin-permissions-person-dialog",
        scheme,
        async () => {
          await personRow(page, "admin@demo.test")
            .getByRole("button", { name: /^Edit permissions/ })
            .click();
          const dialog = page.getByRole("dialog", { name: /^Permissions of / });
          await dialog.getByLabel("Support").selectOption("view");
          await expect(dialog.getByTestId("effective-support")).toHaveText("View");
        },
        PAGE,
      );
      await capture(
        page,
        "admin-permissions-template-dialog",
        scheme,
        async () => {
          await templateCard(page, "Editor").getByRole("button", { name: "Edit Editor" }).click();
          await expect(page.getByRole("dialog", { name: "Edit “Editor”" })).toBeVisible();
        },
        `${PAGE}?tab=templates`,
      );
    });
  }
});
