// Screenshots of the content admin pages (content management with its imports, the import dialog,
// a title's editor, curation, metrics and one title's metrics) at phone and desktop sizes, light and
// dark, for looking over by eye: test-results/screenshots/<name>-<width>-<scheme>.png and, with
// SCREENSHOTS set, <name>-<width>-<scheme>-full.png. Each page is also checked not to overflow
// sideways.
import { expect, type Page, test } from "@playwright/test";
import { deleteTitles, fixture, resultOf, startImport } from "./support/admin-content.ts";
import { openSignedIn } from "./support/auth.ts";
import {
  capture as captureScreens,
  SCHEMES,
  type Scheme,
  type Viewport,
  WIDE_VIEWPORTS,
} from "./support/screenshots.ts";

/** The shared capture, with the page's address first as these tests name it. */
function capture(
  page: Page,
  name: string,
  scheme: Scheme,
  urlPath: string,
  ready: () => Promise<void>,
  viewports?: Viewport[],
) {
  return captureScreens(page, name, scheme, ready, urlPath, viewports);
}

/**
 * A finished and a failed import, so that the Imports panel has something to show; returns the
 * title made, if one was.
 */
async function ensureImports(page: Page): Promise<string | null> {
  await page.goto("/admin/content-management");
  const panel = page.getByTestId("imports-panel");
  const jobs = panel.getByTestId("import-job");
  await expect(jobs.first().or(panel.getByText("No imports yet"))).toBeVisible();
  if ((await jobs.count()) >= 2) return null;
  const { contentId } = await resultOf(await startImport(page, [fixture("books/wasteland.epub")]));
  const bad = await startImport(page, [
    { name: "notes.epub", mimeType: "application/epub+zip", buffer: Buffer.from("plain text\n") },
  ]);
  await expect(bad).toHaveAttribute("data-status", "failed", { timeout: 30_000 });
  return contentId;
}

/** The id of a demo title, found through the list's search. */
async function titleId(page: Page, title: string): Promise<string> {
  await page.goto(`/admin/content-management?q=${encodeURIComponent(title)}`);
  const link = page.getByTestId("content-row").getByRole("link", { name: title, exact: true }).first();
  const href = (await link.getAttribute("href")) ?? "";
  return new URL(href, "http://x").searchParams.get("content") ?? "";
}

for (const scheme of SCHEMES) {
  test(`content management, editor and curation, ${scheme}`, async ({ page }) => {
    test.setTimeout(120_000);
    await openSignedIn(page, "admin@demo.test");
    const imported = await ensureImports(page);

    await capture(
      page,
      "admin-content",
      scheme,
      "/admin/content-management",
      async () => {
        await expect(page.getByTestId("content-row").first()).toBeVisible();
        await expect(page.getByTestId("import-job").first()).toBeVisible();
      },
      WIDE_VIEWPORTS,
    );

    await capture(page, "admin-import-dialog", scheme, "/admin/content-management", async () => {
      await page.getByRole("button", { name: "Import files" }).click();
      const dialog = page.getByRole("dialog", { name: "Import files" });
      await dialog
        .getByLabel("Files to import")
        .setInputFiles([fixture("video/drama-ep1.mp4"), fixture("video/drama-ep1.en.vtt")]);
      await expect(dialog.getByText("drama-ep1.en.vtt")).toBeVisible();
    });

    const id = await titleId(page, "The Lantern Keeper's Daughter");
    await capture(page, "admin-title-editor", scheme, `/admin/content-management?content=${id}`, async () => {
      await expect(
        page.getByRole("heading", { name: "The Lantern Keeper's Daughter", level: 1 }),
      ).toBeVisible();
      await expect(page.getByTestId("episode-row").first()).toBeVisible();
    });

    // The duplicate is not needed any more; later tests count the catalogue.
    if (imported) await deleteTitles(page, [imported]);

    await capture(page, "admin-curation", scheme, "/admin/content-curation", async () => {
      await expect(page.getByTestId("curation-shelf").first()).toBeVisible();
    });

    await capture(page, "admin-shelf-titles", scheme, "/admin/content-curation", async () => {
      await page.getByRole("button", { name: "Edit titles" }).first().click();
      const dialog = page.getByRole("dialog", { name: /^Titles on/ });
      await expect(dialog.getByTestId("shelf-item").first()).toBeVisible();
      await expect(dialog.getByRole("list", { name: "Search results" })).toBeVisible();
    });
  });

  test(`content metrics, ${scheme}`, async ({ page }) => {
    test.setTimeout(90_000);
    await openSignedIn(page, "superadmin@demo.test");
    await capture(page, "admin-metrics", scheme, "/admin/content-metrics?days=90", async () => {
      await expect(page.getByTestId("metrics-totals")).toBeVisible();
      await expect(page.locator(".recharts-surface").first()).toBeVisible();
    });
    await page.goto("/admin/content-metrics?days=90");
    const top = page.getByTestId("top-title").first().getByRole("link");
    await expect(top).toBeVisible();
    const href = (await top.getAttribute("href")) ?? "";
    const titlePath = href.startsWith("/") ? href : `/admin/content-metrics${href}`;
    await capture(page, "admin-title-metrics", scheme, titlePath, async () => {
      await expect(page.getByRole("table", { name: "Episodes" })).toBeVisible();
    });
  });
}
