// The story editor by mouse: an administrator creates a story, gives it a stat, builds three more
// scenes by dragging choices out of the first and connecting one onto another, puts a condition on
// one choice and a price on another, marks the endings, deletes and restores a scene (Delete, then
// undo), previews the draft from the first scene with its stat too low for the condition, watches
// the problems clear, and publishes. With SCREENSHOTS set, the create page and the
// editor at phone and desktop sizes, light and dark.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { capture, SCHEMES } from "./support/screenshots.ts";

function card(page: Page, title: string): Locator {
  return page.locator(".react-flow__node").filter({ hasText: title });
}

/** Presses on `from`, moves in steps (as a hand would, so React Flow sees a drag) and lets go on `to`. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }) {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + (to.x - from.x) / 3, from.y + (to.y - from.y) / 3, { steps: 4 });
  await page.mouse.move(to.x, to.y, { steps: 8 });
  await page.mouse.up();
}

async function centreOf(locator: Locator): Promise<{ x: number; y: number }> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not on screen");
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags a new choice out of the scene's lower handle to a point, or onto another scene's card. */
async function dragChoice(page: Page, from: Locator, to: { x: number; y: number } | Locator) {
  const handle = from.locator(".react-flow__handle-bottom");
  const target = "x" in to ? to : await centreOf(to);
  await drag(page, await centreOf(handle), target);
}

/** Serious and critical axe findings on the page as it stands (the a11y suite sees the editor with nothing selected). */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    );
}

async function selectScene(page: Page, title: string) {
  await card(page, title).click();
  await expect(page.getByLabel("Scene title")).toHaveValue(title);
}

test("an administrator builds a small story by mouse and publishes it", async ({ page }) => {
  test.setTimeout(60_000);
  // The map 896 px wide beside the navigation and the editor's panel, which the drags below assume.
  await page.setViewportSize({ width: 1536, height: 860 });
  await openSignedIn(page, "admin@demo.test");

  // A new story: a title, no preset; the editor opens on its one scene.
  await page.goto("/admin/stories/create");
  await expect(page.getByRole("heading", { name: "Create Story", level: 1 })).toBeVisible();
  const title = `The Ferry at Dusk ${Date.now()}`;
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Create and open the editor" }).click();
  await page.waitForURL(/\/admin\/stories\/[^/]+\/edit$/);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const graph = page.getByTestId("story-graph");
  await expect(graph).toHaveAttribute("data-ready", "true");
  await expect(page.locator(".react-flow__node")).toHaveCount(1);

  // The first scene, written in the panel.
  await page.locator(".react-flow__node").first().click();
  await page.getByLabel("Scene title").fill("The pier");
  await page
    .getByLabel("Text", { exact: true })
    .fill("Fog rolls over the water.\n\nA ferryman waits, **silent**.");
  await expect(page.getByRole("region", { name: "How readers see the text" }).locator("strong")).toHaveText(
    "silent",
  );
  const pier = card(page, "The pier");
  await expect(pier).toBeVisible();

  // A stat for the condition, in the story's settings.
  await page.getByRole("tab", { name: "Story" }).click();
  await page.getByRole("button", { name: "Add stat" }).click();
  const stat = page.getByTestId("stat-editor");
  await stat.getByLabel("Name").fill("courage");
  await stat.getByLabel("Label").fill("Courage");
  await stat.getByLabel("Starts at").fill("1");

  // Two choices dragged out of the pier into empty space: each makes a scene.
  const pierBox = await pier.boundingBox();
  if (!pierBox) throw new Error("the pier is not on screen");
  await dragChoice(page, pier, { x: pierBox.x - 60, y: pierBox.y + 230 });
  await expect(page.locator(".react-flow__node")).toHaveCount(2);
  let choice = page.getByTestId("choice-editor").last();
  await choice.getByLabel("Words the reader sees").fill("Swim across");
  await choice.getByLabel("Condition").fill("courage >= ");
  await expect(choice.getByText(/Expected a value/)).toBeVisible();
  await choice.getByLabel("Condition").fill("courage >= 2");
  await expect(choice.getByLabel("Condition")).not.toHaveAttribute("aria-invalid", "true");

  await dragChoice(page, pier, { x: pierBox.x + pierBox.width + 60, y: pierBox.y + 230 });
  await expect(page.locator(".react-flow__node")).toHaveCount(3);
  choice = page.getByTestId("choice-editor").last();
  await choice.getByLabel("Words the reader sees").fill("Pay the ferryman");
  await choice.getByLabel("Price in coins").fill("15");

  // Name the two new scenes; the one across the water leads on to a third, by dragging onto it.
  const scenes = page.locator(".react-flow__node").filter({ hasText: "New scene" });
  await scenes.first().click();
  await page.getByLabel("Scene title").fill("Cold water");
  await scenes.first().click();
  await page.getByLabel("Scene title").fill("The far shore");
  await page.getByLabel("Text", { exact: true }).fill("The ferry bumps against the shore.");
  await page.getByRole("button", { name: "Add scene" }).click();
  await page.getByLabel("Scene title").fill("Home at last");
  await page.getByLabel("Text", { exact: true }).fill("The lamps of the village glow.");
  await page.getByRole("checkbox", { name: "This is an ending" }).click();
  await page.getByLabel("Ending's name").fill("Safe harbour");
  const home = card(page, "Home at last");
  // A new scene lands in a free place; a card moves where it is dragged.
  const before = await home.boundingBox();
  if (!before) throw new Error("the new scene is not on screen");
  await drag(page, { x: before.x + 40, y: before.y + 12 }, { x: before.x + 40, y: before.y + 72 });
  await expect
    .poll(async () => Math.round((await home.boundingBox())?.y ?? 0))
    .toBeGreaterThan(before.y + 40);
  await dragChoice(page, card(page, "The far shore"), home);
  await expect(page.locator(".react-flow__edge")).toHaveCount(3);
  await page.getByTestId("choice-editor").last().getByLabel("Words the reader sees").fill("Walk home");

  // The swimmer's scene is an ending too.
  await selectScene(page, "Cold water");
  await page.getByLabel("Text", { exact: true }).fill("The cold takes your breath away.");
  await page.getByRole("checkbox", { name: "This is an ending" }).click();
  await page.getByLabel("Ending's name").fill("Lost in the fog");

  // Search: Enter goes to the match and selects it; the arrow keys nudge the selected card.
  await page.getByRole("combobox", { name: "Find a scene" }).fill("far sh");
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Scene title")).toHaveValue("The far shore");
  const shore = card(page, "The far shore");
  const shoreAt = await shore.boundingBox();
  await shore.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect.poll(async () => (await shore.boundingBox())?.x ?? 0).toBeGreaterThan((shoreAt?.x ?? 0) + 5);

  // A scene deleted by keyboard comes back with undo.
  await card(page, "Home at last").click();
  await page.keyboard.press("Delete");
  await expect(card(page, "Home at last")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Publish" })).toBeDisabled();
  await page.keyboard.press("ControlOrMeta+z");
  await expect(card(page, "Home at last")).toHaveCount(1);

  // The preview plays the draft from the pier with chosen stats: too little courage to swim.
  await selectScene(page, "The pier");
  await page.getByRole("button", { name: "Preview from here" }).click();
  const preview = page.getByRole("dialog", { name: "Preview from “The pier”" });
  await expect(preview.getByLabel("Courage")).toHaveValue("1");
  await preview.getByRole("button", { name: "Start preview" }).click();
  await expect(preview.getByRole("button", { name: /Swim across/ })).toBeDisabled();
  await expect(preview.getByText("Needs Courage 2 or more")).toBeVisible();
  await expect(preview.getByRole("button", { name: /Pay the ferryman/ })).toContainText("15 coins");
  await expect(await seriousViolations(page), "the preview: axe violations").toEqual([]);
  await preview.getByRole("button", { name: /Pay the ferryman/ }).click();
  await preview.getByRole("button", { name: /Walk home/ }).click();
  await expect(preview.getByText("Ending: Safe harbour")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(await seriousViolations(page), "the scene panel: axe violations").toEqual([]);

  // No problems left: the list says so and publishing is open.
  await page.getByRole("tab", { name: /Problems/ }).click();
  await expect(page.getByText("No problems found. The story is ready to publish.")).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText(/Saved/);
  await page.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByTestId("publish-state")).toHaveText("Version 1 published");

  // What the server holds is what was built.
  const storyId = new URL(page.url()).pathname.split("/")[3] ?? "";
  const draft = await callAs<{
    revision: number;
    document: {
      startSceneId: string;
      scenes: Array<{
        title: string;
        ending: { name: string } | null;
        choices: Array<{
          label: string;
          condition: string | null;
          priceCoins: number;
          target: string | null;
        }>;
      }>;
    };
    ownStats: Array<{ name: string }>;
  }>(page, "query", "stories.getStoryDraft", { storyId });
  const byTitle = new Map(draft.document.scenes.map((scene) => [scene.title, scene]));
  expect([...byTitle.keys()].sort()).toEqual(["Cold water", "Home at last", "The far shore", "The pier"]);
  expect(byTitle.get("The pier")?.choices.map((c) => [c.label, c.condition, c.priceCoins])).toEqual([
    ["Swim across", "courage >= 2", 0],
    ["Pay the ferryman", null, 15],
  ]);
  expect(byTitle.get("Home at last")?.ending).toEqual({ name: "Safe harbour" });
  expect(draft.ownStats.map((s) => s.name)).toEqual(["courage"]);

  // Someone else saves the story meanwhile: the next change here is not saved over theirs.
  await callAs(page, "mutation", "stories.saveStoryDraft", {
    storyId,
    baseRevision: draft.revision,
    startSceneId: draft.document.startSceneId,
  });
  await selectScene(page, "Cold water");
  await page.getByLabel("Text", { exact: true }).fill("The cold water closes over you.");
  await expect(page.getByRole("alert").filter({ hasText: "This story was changed elsewhere" })).toBeVisible();
  await expect(page.getByTestId("save-status")).toHaveText("Not saved");
});

test.describe("screenshots", () => {
  test.skip(!process.env.SCREENSHOTS, "pictures only with SCREENSHOTS set");
  for (const scheme of SCHEMES) {
    test(`the story editor's pages, ${scheme}`, async ({ page }) => {
      test.setTimeout(120_000);
      await openSignedIn(page, "admin@demo.test");
      await capture(
        page,
        "story-create",
        scheme,
        () => expect(page.getByRole("button", { name: "Create and open the editor" })).toBeVisible(),
        "/admin/stories/create",
      );
      const stories = await callAs<Array<{ id: string; sceneCount: number }>>(
        page,
        "query",
        "stories.adminListStories",
        {},
      );
      const story = [...stories].sort((a, b) => b.sceneCount - a.sceneCount)[0];
      if (!story) throw new Error("no story to show");
      await capture(
        page,
        "story-editor",
        scheme,
        () => expect(page.getByTestId("story-graph")).toHaveAttribute("data-ready", "true"),
        `/admin/stories/${story.id}/edit`,
      );
      // The panel with the start scene (on phones, the sheet over the map), and the preview.
      const openStart = async () => {
        await expect(page.getByTestId("story-graph")).toHaveAttribute("data-ready", "true");
        await page
          .locator(".react-flow__node")
          .filter({ has: page.getByLabel("Start") })
          .click();
        await expect(page.getByTestId("scene-panel")).toBeVisible();
      };
      await capture(page, "story-editor-scene", scheme, openStart, `/admin/stories/${story.id}/edit`);
      await capture(
        page,
        "story-editor-preview",
        scheme,
        async () => {
          await openStart();
          await page.getByRole("button", { name: "Preview from here" }).click();
          await page.getByRole("button", { name: "Start preview" }).click();
          await expect(page.getByTestId("story-preview")).toBeVisible();
        },
        `/admin/stories/${story.id}/edit`,
      );
    });
  }
});
