// The content admin pages, as an admin uses them: importing every kind of fixture and following
// the job to the new title, editing a title and reading the change as a reader, ordering,
// scheduling and pricing episodes, a file that is not what its name says, home shelves, and the
// metrics a superadmin sees.
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { cleanUpImports, fixture, longBook, resultOf, startImport } from "./support/admin-content.ts";
import { callAs } from "./support/api.ts";
import { openSignedIn } from "./support/auth.ts";
import { BASE_URL, REPO_ROOT } from "./support/env.ts";

const MANAGE = "/admin/content-management";

async function openManage(page: Page) {
  await page.goto(MANAGE);
  await expect(page.getByRole("heading", { name: "Manage Content", level: 1 })).toBeVisible();
  await expect(page.getByTestId("content-row").first()).toBeVisible();
}

/** The episode titles in the editor's table, top to bottom. */
function episodeTitles(page: Page) {
  return page.getByTestId("episode-row").locator("td:nth-child(4) span.font-medium").allTextContents();
}

/**
 * Moves a sortable item with the keyboard, as a keyboard user would: Space on its handle, arrow
 * keys until the list announces the target position, Space again.
 */
async function keyboardMove(page: Page, handle: Locator, key: "ArrowUp" | "ArrowDown", position: number) {
  await handle.focus();
  await page.keyboard.press("Space");
  // Picked up: dnd-kit says so, then where the item is.
  await expect(page.getByText(/^Picked up | is over position \d+ of \d+\.$/)).toBeAttached();
  const there = page.getByText(new RegExp(` is over position ${position} of \\d+\\.$`));
  for (let step = 0; step < 30 && (await there.count()) === 0; step++) {
    await page.keyboard.press(key);
    await page.waitForTimeout(100);
  }
  await expect(there).toBeAttached();
  await page.keyboard.press("Space");
}

type Imported = Awaited<ReturnType<typeof resultOf>>;

// One signed-in admin page for the whole series: signing in through the provider's pages takes a
// few seconds each time, and the later tests use what the first one imports.
test.describe("an admin", () => {
  test.describe.configure({ mode: "serial" });
  let page: Page;
  let audiobook: Imported;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext({
      baseURL: BASE_URL,
      viewport: { width: 1280, height: 720 },
      serviceWorkers: "block",
    });
    page = await context.newPage();
    await openSignedIn(page, "admin@demo.test");
  });
  test.afterAll(async () => {
    await cleanUpImports(page);
    await page.context().close();
  });

  test("imports a book, a comic, an audiobook and a drama and opens the results", {
    tag: "@postgres",
  }, async () => {
    test.setTimeout(90_000);
    await openManage(page);
    await expect(page).toHaveTitle("Manage Content · Litverse");

    // All four start at once; the server reads them one after another.
    const book = await startImport(page, [fixture("books/wasteland.epub")]);
    // The job shows while it waits or runs, with a progress bar and Cancel, or is already done.
    await expect(book).toHaveAttribute("data-status", /queued|running|succeeded/);
    const comic = await startImport(page, [fixture("comics/page-blanche.cbz")]);
    const audio = await startImport(page, [fixture("audio/moby-dick-excerpt.m4b")]);
    const drama = await startImport(page, [
      fixture("video/drama-ep1.mp4"),
      fixture("video/drama-ep1.en.vtt"),
    ]);
    // One more joins the queue behind them, a book long enough that it is still waiting or being
    // read when Cancel is clicked: it shows a progress bar, and is cancelled.
    const extra = await startImport(page, [await longBook()]);
    await expect(extra.getByTestId("import-status")).toHaveText(/Waiting|Importing/);
    await expect(extra.getByRole("progressbar")).toBeVisible();
    await extra.getByRole("button", { name: "Cancel import of long-book.epub" }).click();
    await expect(extra).toHaveAttribute("data-status", "cancelled");
    await expect(extra.getByTestId("import-status")).toHaveText("Cancelled");

    const results = [];
    for (const job of [book, comic, audio, drama]) {
      const result = await resultOf(job);
      await expect(job.getByTestId("import-status")).toHaveText("Done");
      await expect(job.getByRole("progressbar")).toHaveCount(0);
      results.push(result);
    }
    expect(results[0]?.title).toBe("The Waste Land");
    audiobook = results[2] as Imported;

    // Each result opens in the editor, with its episodes.
    for (const result of results) {
      await page.goto(`${MANAGE}?content=${result.contentId}`);
      await expect(page.getByRole("heading", { name: result.title, level: 1 })).toBeVisible();
      await expect(page.getByTestId("episode-row").first()).toBeVisible();
      await expect(page.getByRole("switch", { name: "Published" })).toBeChecked();
    }
    // From the panel's link too.
    await page.goto(MANAGE);
    await page
      .locator(`[data-job-id="${await drama.getAttribute("data-job-id")}"]`)
      .getByRole("link", { name: /^Open / })
      .click();
    await expect(page).toHaveURL(new RegExp(`content=${results[3]?.contentId}`));
    await expect(page.getByRole("heading", { name: results[3]?.title, level: 1 })).toBeVisible();
  });

  test("a file that is not what its name says fails in plain words", async () => {
    await openManage(page);
    const job = await startImport(page, [
      {
        name: "x.epub",
        mimeType: "application/epub+zip",
        buffer: Buffer.from("Just some text, not a book.\n"),
      },
    ]);
    await expect(job).toHaveAttribute("data-status", "failed", { timeout: 30_000 });
    await expect(job.getByTestId("import-status")).toHaveText("Failed");
    const error = job.getByTestId("import-error");
    await expect(error).toContainText("x.epub");
    await expect(error).not.toContainText("Something went wrong");
  });

  test("lists every title: search, filters and more pages", async () => {
    await openManage(page);
    const rows = page.getByTestId("content-row");
    await expect(rows).toHaveCount(20);
    await page.getByRole("button", { name: "Load more" }).click();
    await expect.poll(() => rows.count()).toBeGreaterThan(20);

    await page.getByRole("searchbox", { name: "Search titles" }).fill("Moby-Dick");
    await expect(page).toHaveURL(/q=Moby-Dick/);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    for (const text of await rows.allTextContents()) expect(text).toContain("Moby-Dick");
    await page.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Audiobook", exact: true }).click();
    await expect(page).toHaveURL(/type=audiobook/);
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes("Audiobook")))
      .toBe(true);
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Draft", exact: true }).click();
    await expect(page.getByRole("heading", { name: "No titles match" })).toBeVisible();
    await page.getByRole("button", { name: "Clear filters" }).click();
    await expect(rows).toHaveCount(20);
  });

  test("edits a title, reads it as a reader, orders, prices and schedules its episodes", async () => {
    test.setTimeout(60_000);
    // The audiobook imported above: one episode per chapter of the M4B.
    const { contentId, title } = audiobook;
    await page.goto(`${MANAGE}?content=${contentId}`);
    await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${title} · Manage Content · Litverse`);

    // Details: only what changed is sent; the form says when everything is saved.
    const details = page.getByRole("form", { name: "Title details" });
    await details.getByRole("textbox", { name: "Title", exact: true }).fill("Moby-Dick, read aloud");
    await details.getByLabel("Description").fill("The first three chapters, narrated.");
    await details.getByLabel("Release schedule").fill("A chapter every Monday");
    const genres = details.getByRole("combobox", { name: "Genres" });
    await genres.fill("myst");
    await page.getByRole("option", { name: "mystery" }).click();
    await expect(details.getByRole("button", { name: "Remove genre mystery" })).toBeVisible();
    await expect(details.getByText("4 unsaved changes")).toBeVisible();
    // A second admin tab on the same title, to see the change arrive live.
    const other = await page.context().newPage();
    await other.goto(`${MANAGE}?content=${contentId}`);
    await expect(other.getByRole("heading", { name: title, level: 1 })).toBeVisible();
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(details.getByText("All changes saved")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Moby-Dick, read aloud", level: 1 })).toBeVisible();
    await expect(other.getByRole("heading", { name: "Moby-Dick, read aloud", level: 1 })).toBeVisible();
    await expect(other.getByRole("button", { name: "Remove genre mystery" })).toBeVisible();
    await other.close();

    // A title may not lose its name.
    await details.getByRole("textbox", { name: "Title", exact: true }).fill("  ");
    await details.getByRole("button", { name: "Save changes" }).click();
    await expect(details.getByText("A title is needed")).toBeVisible();
    await details.getByRole("button", { name: "Discard changes" }).click();

    // As a reader would see it.
    await page.getByRole("link", { name: "View as reader" }).click();
    await expect(page).toHaveURL(new RegExp(`/content/${contentId}$`));
    await expect(page.getByRole("heading", { name: "Moby-Dick, read aloud", level: 1 })).toBeVisible();
    await expect(page.getByText("The first three chapters, narrated.")).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { name: "Moby-Dick, read aloud", level: 1 })).toBeVisible();

    // Order: one step with the arrows, then by keyboard drag on the handle.
    const before = await episodeTitles(page);
    expect(before.length).toBeGreaterThanOrEqual(3);
    const [first, second, third] = before as [string, string, string];
    await page.getByRole("button", { name: `Move episode 1, ${first} down` }).click();
    await expect.poll(() => episodeTitles(page)).toEqual([second, first, ...before.slice(2)]);
    await keyboardMove(page, page.getByRole("button", { name: `Reorder episode 3, ${third}` }), "ArrowUp", 1);
    await expect.poll(() => episodeTitles(page)).toEqual([third, second, first, ...before.slice(3)]);
    // The new order is the server's: it survives a reload (once the server has it; the list above
    // moves before the server answers).
    await expect
      .poll(async () => {
        const saved = await callAs<{ episodes: Array<{ title: string }> }>(
          page,
          "query",
          "contentAdmin.getContent",
          {
            contentId,
          },
        );
        return saved.episodes.slice(0, 3).map((episode) => episode.title);
      })
      .toEqual([third, second, first]);
    await page.reload();
    await expect.poll(() => episodeTitles(page)).toEqual([third, second, first, ...before.slice(3)]);

    // Price in coins, edited in place.
    const price = page.getByLabel(`Price of episode 2, ${second} in coins`);
    await price.fill("7");
    await price.press("Enter");
    await expect(page.getByText(`Episode 2, ${second} costs 7 coins`)).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(`Price of episode 2, ${second} in coins`)).toHaveValue("7");

    // Schedule the last episode for tomorrow.
    const rows = page.getByTestId("episode-row");
    const last = rows.last();
    await last.getByRole("checkbox").click();
    await expect(page.getByText(`1 of ${before.length} chosen`)).toBeVisible();
    await page
      .getByRole("toolbar", { name: "Chosen episodes" })
      .getByRole("button", { name: "Schedule" })
      .click();
    const dialog = page.getByRole("dialog", { name: `Schedule episode ${before.length}` });
    const tomorrow = new Date(Date.now() + 26 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, "0");
    await dialog
      .getByLabel("First release")
      .fill(`${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}T10:00`);
    await dialog.getByRole("button", { name: "Schedule" }).click();
    await expect(dialog).toBeHidden();
    await expect(last).toContainText(/Scheduled (tomorrow|in \d+ (hours|days))/);
    await expect(rows.first()).toContainText("Published");

    // And unpublish the first one.
    await rows.first().getByRole("checkbox").click();
    await page
      .getByRole("toolbar", { name: "Chosen episodes" })
      .getByRole("button", { name: "Unpublish" })
      .click();
    await expect(rows.first()).toContainText("Draft");
  });

  test("creates a title, gives it a cover and deletes it", async () => {
    await openManage(page);
    await page.getByRole("button", { name: "New title" }).click();
    const dialog = page.getByRole("dialog", { name: "New title" });
    await dialog.getByRole("combobox", { name: "Type" }).click();
    await page.getByRole("option", { name: "Comic", exact: true }).click();
    await dialog.getByRole("textbox", { name: "Title" }).fill("A Comic Still in Draft");
    await dialog.getByRole("textbox", { name: "Author" }).fill("Ada Inkwell");
    await dialog.getByRole("button", { name: "Create title" }).click();
    await expect(page.getByRole("heading", { name: "A Comic Still in Draft", level: 1 })).toBeVisible();
    await expect(page).toHaveURL(/content=[0-9a-f-]{36}/);
    await expect(page.getByRole("switch", { name: "Published" })).not.toBeChecked();
    await expect(page.getByRole("heading", { name: "No episodes yet" })).toBeVisible();

    await page
      .getByLabel("Cover image")
      .setInputFiles(path.join(REPO_ROOT, "apps/web/public/icons/icon-512.png"));
    await expect(page.getByText("Cover updated")).toBeVisible();
    await expect(page.locator('main img[src*="/media/covers/"]').first()).toBeVisible();

    await page.getByRole("button", { name: "Delete title" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete A Comic Still in Draft?" });
    await expect(confirm).toContainText("This removes its 0 episodes and their files.");
    await confirm.getByRole("button", { name: "Delete title" }).click();
    await expect(page).toHaveURL(new RegExp(`${MANAGE}$`));
    await expect(page.getByText("A Comic Still in Draft deleted")).toBeVisible();
  });

  test("a custom shelf with two titles goes to the top of home", async () => {
    test.setTimeout(60_000);
    const name = `Staff favourites ${Date.now().toString(36)}`;
    // Admins who are not superadmins do not see the metrics.
    await page.goto("/admin/content-metrics");
    await expect(page.getByText("For superadmins only")).toBeVisible();

    await page.goto("/admin/content-curation");
    await expect(page.getByRole("heading", { name: "Content Curation", level: 1 })).toBeVisible();
    const shelves = page.getByTestId("curation-shelf");
    await expect(shelves.first()).toBeVisible();
    await expect(
      shelves
        .first()
        .getByText(/Automatic|Hand-picked/)
        .first(),
    ).toBeVisible();

    await page.getByRole("button", { name: "New shelf" }).click();
    const create = page.getByRole("dialog", { name: "New shelf" });
    await create.getByRole("button", { name: "Create shelf" }).click();
    await expect(create.getByText("A custom list needs a name")).toBeVisible();
    await create.getByLabel("Name").fill(name);
    await create.getByLabel("Description").fill("What the team is reading.");
    await create.getByRole("button", { name: "Create shelf" }).click();
    await expect(create).toBeHidden();

    const shelf = shelves.filter({ has: page.getByRole("heading", { name, level: 2 }) });
    await expect(shelf).toBeVisible();
    await expect(shelf.getByText("Hand-picked", { exact: true })).toBeVisible();
    await shelf.getByRole("button", { name: "Edit titles" }).click();
    const items = page.getByRole("dialog", { name: `Titles on “${name}”` });
    const search = items.getByLabel("Search titles to add");
    await search.fill("Moby-Dick");
    await items.getByRole("button", { name: "Add Moby-Dick (Book)", exact: true }).click();
    await search.fill("The Lantern Keeper's Daughter");
    await items
      .getByRole("button", { name: "Add The Lantern Keeper's Daughter (Book)", exact: true })
      .click();
    await items.getByRole("button", { name: "Move The Lantern Keeper's Daughter up" }).click();
    await expect(items.getByTestId("shelf-item")).toHaveText([/The Lantern Keeper's Daughter/, /Moby-Dick/]);
    await items.getByRole("button", { name: "Save titles" }).click();
    await expect(items).toBeHidden();
    await expect(shelf.getByRole("list", { name: "Titles shown" }).getByRole("listitem")).toHaveCount(2);

    // To the top in one move: keyboard drag on the shelf's handle.
    const headings = shelves.getByRole("heading", { level: 2 });
    await keyboardMove(page, shelf.getByRole("button", { name: `Reorder shelf ${name}` }), "ArrowUp", 1);
    await expect(headings.first()).toHaveText(name);
    // The page shows the new order at once; a reload before the server has stored it would drop it.
    await expect
      .poll(async () => {
        const lists = await callAs<Array<{ customName: string | null }>>(
          page,
          "query",
          "contentCuration.listCuratedLists",
        );
        return lists[0]?.customName;
      })
      .toBe(name);
    await page.reload();
    await expect(headings.first()).toHaveText(name);

    // Home, as readers see it.
    await page.goto("/");
    const top = page.getByTestId("curated-shelf").first();
    await expect(top.getByRole("heading", { level: 2 })).toHaveText(name);
    await expect(top.getByText("What the team is reading.")).toBeVisible();
    await expect(top.getByTestId("content-card")).toHaveCount(2);
    await expect(top.getByTestId("content-card").first()).toContainText("The Lantern Keeper's Daughter");
    await expect(top.getByTestId("content-card").nth(1)).toContainText("Moby-Dick");

    // Tidy up, so that other tests see the demo's shelves.
    await page.goto("/admin/content-curation");
    await shelf.getByRole("button", { name: `Delete shelf ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete shelf" }).click();
    await expect(shelf).toHaveCount(0);
  });
});

test("a superadmin sees totals, a daily chart and a title's episodes", async ({ page }) => {
  await openSignedIn(page, "superadmin@demo.test");
  await page.goto("/admin/content-metrics?days=90");
  await expect(page.getByRole("heading", { name: "Content Metrics", level: 1 })).toBeVisible();
  const totals = page.getByTestId("metrics-totals");
  await expect(totals).toBeVisible();
  for (const label of ["Views", "Readers", "Completions", "Likes", "Follows", "Ratings"]) {
    await expect(totals.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("img", { name: /^Daily views, readers and completions/ })).toBeVisible();
  await expect(page.locator(".recharts-surface").first()).toBeVisible();

  // Presets and a type.
  await page.getByRole("button", { name: "7 days" }).click();
  await expect(page.getByRole("button", { name: "7 days" })).toHaveAttribute("aria-pressed", "true");
  await page.getByRole("button", { name: "90 days" }).click();
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Book", exact: true }).click();
  await expect(page).toHaveURL(/type=book/);

  // A title's own figures.
  const top = page.getByTestId("top-title").first();
  const title = (await top.getByRole("link").textContent()) ?? "";
  await top.getByRole("link").click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Episodes" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Episodes" }).getByRole("row")).not.toHaveCount(1);
  await page.getByRole("link", { name: "All titles" }).click();
  await expect(page.getByRole("heading", { name: "Content Metrics", level: 1 })).toBeVisible();
});
