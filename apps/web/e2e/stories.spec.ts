// Interactive stories, one journey on the demo data: the demo reader finds "The Lantern Keeper" in
// the list, meets a choice locked by its condition, earns the key and passes it, sees what share of
// readers chose alike, saves, pays for the premium choice through the unlock dialog and reaches an
// ending; on another device they find that ending, load the save and are back at the saved scene
// (and the first device follows live). An administrator creates a stat preset and sees the play
// on the stories dashboard.
import { expect, type Page, test } from "@playwright/test";
import { openSignedIn } from "./support/auth.ts";
import { menu, openMenu } from "./support/page.ts";

const LANTERN = "The Lantern Keeper";
const WICK_PRICE = 30;

const scene = (page: Page) => page.getByTestId("scene");
const choice = (page: Page, label: string) =>
  page.getByTestId("choices").getByRole("button", { name: new RegExp(`^${label}`) });

/** Takes an open choice and waits for the scene it leads to. */
async function choose(page: Page, label: string, arrival: string) {
  await choice(page, label).click();
  await expect(scene(page)).toContainText(arrival);
}

test("a reader plays a story to an ending across two devices; an admin sees it", async ({
  page,
  browser,
}) => {
  // The other device and the administrator sign in meanwhile.
  const signedIn = async (email: string, viewport?: { width: number; height: number }) => {
    const context = await browser.newContext(viewport ? { viewport } : {});
    const other = await context.newPage();
    await openSignedIn(other, email);
    return other;
  };
  const phoneReady = signedIn("reader@demo.test", { width: 390, height: 844 });
  const adminReady = signedIn("admin@demo.test");
  await openSignedIn(page, "reader@demo.test");

  // Home's shortcut leads to the list: the reader is mid-way through one demo story and has not
  // opened the other.
  await page
    .getByRole("navigation", { name: "Shortcuts" })
    .getByRole("link", { name: "Interactive Stories" })
    .click();
  await expect(page.getByRole("heading", { name: "Interactive Stories", level: 1 })).toBeVisible();
  const lanternCard = page.getByTestId("story-card").filter({ hasText: LANTERN });
  await expect(lanternCard.getByTestId("story-progress")).toHaveText("New");
  await expect(
    page.getByTestId("story-card").filter({ hasText: "Harbour Lights" }).getByTestId("story-progress"),
  ).toHaveText("Playing");
  await page.getByRole("combobox", { name: "Genre" }).selectOption("mystery");
  await expect(page.getByTestId("story-card")).toHaveCount(1);
  await lanternCard.click();

  await expect(page.getByRole("heading", { name: LANTERN, level: 1 })).toBeVisible();
  await expect(page.getByTestId("ending-list").getByText("Locked ending")).toHaveCount(3);
  await page.getByTestId("primary-action").click();
  await expect(page).toHaveURL(/\/play$/);
  await expect(scene(page)).toContainText("Rain hammers the cliff");

  // Straight up the stairs: the lamp room's door needs the key, and cannot be taken.
  await choose(page, "Try the door", "The stairs spiral up");
  const unlock = choice(page, "Unlock the lamp room");
  await expect(unlock).toHaveAttribute("aria-disabled", "true");
  await expect(unlock).toContainText("Rusted key");
  await unlock.click({ force: true });
  await expect(scene(page)).toContainText("The stairs spiral up");

  // Back down (by keyboard: the second choice) to search the rocks, where the key is. Twenty demo
  // readers chose at the door, so the share of this choice shows; focus is on the new scene.
  await page.keyboard.press("2");
  await expect(scene(page)).toContainText("Rain hammers the cliff");
  await choose(page, "Search the rocks", "rusted key");
  await expect(page.getByTestId("choice-share")).toContainText(
    /You chose “Search the rocks”\. \d+% of readers chose this\./,
  );
  await expect(scene(page)).toBeFocused();
  await expect(page.getByTestId("stats-panel")).toContainText("Rusted key");
  await choose(page, "Back to the door", "Rain hammers the cliff");
  await choose(page, "Try the door", "The stairs spiral up");
  await choose(page, "Unlock the lamp room", "The great lens waits");

  // Saved here, then the premium choice: its price, the unlock dialog, the coins, the ending.
  await page.getByTestId("open-saves").click();
  const saves = page.getByRole("dialog", { name: "Saves" });
  await saves.getByRole("button", { name: "Save to slot 1" }).click();
  await expect(saves.getByTestId("save-slot-1")).toContainText("The great lens waits");
  await page.keyboard.press("Escape");
  const wick = choice(page, "Fit the brass wick");
  await expect(wick).toContainText(`${WICK_PRICE} coins`);
  await wick.click();
  const pay = page.getByRole("dialog", { name: "A premium choice" });
  await expect(pay.getByTestId("coin-balance")).toHaveText(/You have \d+ coins\./);
  const before = Number((await page.getByTestId("coin-wallet").textContent())?.replace(/\D/g, ""));
  await pay.getByRole("button", { name: `Unlock for ${WICK_PRICE} coins` }).click();
  await expect(page.getByTestId("ending-name")).toHaveText("The brightest light");
  await expect(page.getByTestId("endings-collected")).toHaveText("Endings collected: 1 / 3");
  await expect(page.getByTestId("coin-wallet")).toHaveText(String(before - WICK_PRICE));
  await page.getByTestId("ending-card").getByRole("button", { name: "Rate 5 stars" }).click();
  await expect(page.getByTestId("ending-card")).toContainText("You rated it 5 of 5");

  // Another device, the same reader: the autosave is the ending; loading slot 1 goes back to the
  // lamp room, there and on the first device, live.
  const phone = await phoneReady;
  await phone.goto(page.url());
  await expect(phone.getByTestId("ending-name")).toHaveText("The brightest light");
  await phone.getByTestId("open-saves").click();
  await phone.getByRole("dialog", { name: "Saves" }).getByRole("button", { name: "Load slot 1" }).click();
  await expect(scene(phone)).toContainText("The great lens waits");
  await expect(choice(phone, "Fit the brass wick")).toContainText("Unlocked");
  await expect(scene(page)).toContainText("The great lens waits");
  await phone.context().close();

  // An administrator: a new stat preset, and the play on the dashboard.
  const admin = await adminReady;
  await admin.goto("/admin/stat-presets");
  await admin.getByRole("button", { name: "New preset" }).first().click();
  const dialog = admin.getByRole("dialog", { name: "New stat preset" });
  await dialog.getByLabel("Preset name").fill("Detective");
  const first = dialog.getByRole("group", { name: "Stat 1" });
  await first.getByLabel("Name", { exact: true }).fill("clues");
  await first.getByLabel("Label").fill("Clues");
  await dialog.getByRole("button", { name: "Add a stat" }).click();
  const second = dialog.getByRole("group", { name: "Stat 2" });
  await second.getByLabel("Name", { exact: true }).fill("clues");
  await second.getByLabel("Label").fill("Suspect found");
  await second.getByLabel("Kind").selectOption("boolean");
  await dialog.getByRole("button", { name: "Create preset" }).click();
  // The server's rule lands on the field it is about.
  await expect(second.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await second.getByLabel("Name", { exact: true }).fill("suspect_found");
  await dialog.getByRole("button", { name: "Create preset" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByTestId("preset-card").filter({ hasText: "Detective" })).toContainText(
    "Suspect found · flag · starts off",
  );

  // The admin menu's Interactive Stories is the dashboard.
  await openMenu(admin);
  await menu(admin)
    .locator("section", { has: admin.getByRole("heading", { name: "Admin", exact: true }) })
    .getByRole("link", { name: "Interactive Stories" })
    .click();
  await expect(admin).toHaveURL(/\/admin\/stories\/dashboard$/);
  const row = admin.getByTestId("story-row").filter({ hasText: LANTERN });
  await row.getByRole("button", { name: `Funnel of ${LANTERN}` }).click();
  const funnel = admin.getByTestId("story-funnel");
  await funnel.getByText("The figures as a table").click();
  // Only this reader has reached the premium ending.
  const wickRow = funnel
    .getByTestId("funnel-table")
    .getByRole("row")
    .filter({ has: admin.getByRole("cell", { name: "Brass wick (ending)", exact: true }) });
  await expect(wickRow.getByRole("cell").nth(1)).toHaveText("1");
  await admin.context().close();
});
