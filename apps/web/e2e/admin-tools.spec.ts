// Admin Tools in the browser: an admin's change shows in the audit trail (found by its action,
// opened onto its input) and exports as CSV; the coming-soon settings are read-only for an admin,
// and a superadmin edits them with a live preview, is told what turning the mode on does (and
// cancels: other journeys share this server), and finds the saved change as a before and after.
// The operations tabs: a running import shows in Jobs with its progress and is cancelled after a
// confirmation; the ledger check runs after one and reports; the storage use is computed.
// Screenshots with SCREENSHOTS set.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { longBook } from "./support/admin-content.ts";
import { callAs } from "./support/api.ts";
import { accessTokenOf, openSignedIn } from "./support/auth.ts";
import { BASE_URL } from "./support/env.ts";
import { capture, SCHEMES, SCREENSHOT_DIR, VIEWPORTS } from "./support/screenshots.ts";

test.describe.configure({ mode: "serial" });

let adminContext: BrowserContext;
let bossContext: BrowserContext;
let admin: Page;
let boss: Page;
const shelf = `Audited shelf ${Date.now()}`;
const CSV_HEADER =
  "at,source,actor,actor id,action,section,object type,object id,address,device,input,changes";

test.beforeAll(async ({ browser }) => {
  adminContext = await browser.newContext({ acceptDownloads: true });
  admin = await adminContext.newPage();
  await openSignedIn(admin, "admin@demo.test");
  bossContext = await browser.newContext();
  boss = await bossContext.newPage();
  await openSignedIn(boss, "superadmin@demo.test");
});

test.afterAll(async () => {
  await adminContext.close();
  await bossContext.close();
});

const rows = (page: Page) => page.getByTestId("audit-row");
const actionsOf = (page: Page) =>
  rows(page).evaluateAll((found) => found.map((row) => row.getAttribute("data-action") ?? ""));

test("an admin finds their change in the audit trail, opens it and exports it", async () => {
  const { id } = await callAs<{ id: string }>(admin, "mutation", "contentCuration.createCuratedList", {
    data: { listType: "custom", customName: shelf },
  });
  await callAs(admin, "mutation", "contentCuration.deleteCuratedList", { id });

  await admin.goto("/admin/tools");
  await expect(admin.getByRole("heading", { name: "Admin Tools", level: 1 })).toBeVisible();
  await expect(admin.getByRole("tab", { name: "Audit trail", selected: true })).toBeVisible();
  await admin.getByLabel("Action").fill("contentCuration.");
  await expect
    .poll(() => actionsOf(admin))
    .toEqual(expect.arrayContaining(["contentCuration.createCuratedList"]));
  await expect
    .poll(async () => (await actionsOf(admin)).every((action) => action.startsWith("contentCuration.")))
    .toBe(true);
  // Newest first: the deletion, then the creation, both by the admin.
  await expect(rows(admin).first()).toHaveAttribute("data-action", "contentCuration.deleteCuratedList");
  const created = rows(admin).filter({ hasText: "contentCuration.createCuratedList" }).first();
  await expect(created).toContainText("(@");
  await expect(created).toContainText("admin)");
  await expect(created).toContainText("Curation");

  const toggle = created.getByRole("button", { expanded: false });
  await toggle.click();
  await expect(created.getByRole("button", { expanded: true })).toBeVisible();
  const input = admin.getByTestId("audit-input");
  await expect(input).toContainText(`"customName": "${shelf}"`);
  // The shelf as it was made: nothing before, its name after.
  const change = admin.getByTestId("audit-change");
  await expect(change).toContainText("Created");
  await expect(change).toContainText("curated-list");
  await expect(change.getByRole("row", { name: /customName/ })).toContainText(shelf);

  await expect(admin.getByText("at most 10,000 rows")).toBeVisible();
  const downloading = admin.waitForEvent("download");
  await admin.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-trail-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile(await download.path(), "utf8");
  const lines = csv.split("\r\n");
  expect(lines[0]).toBe(CSV_HEADER);
  expect(csv).toContain(shelf);
  // The export follows the filters: only the curation entries.
  expect(
    lines
      .slice(1)
      .filter(Boolean)
      .every((line) => line.includes(",contentCuration.")),
  ).toBe(true);
  await expect(admin.getByText(/^Exported \d+ entr(y|ies)$/)).toBeVisible();

  for (const scheme of SCHEMES) {
    await capture(
      admin,
      "admin-tools-audit",
      scheme,
      () => expect(rows(admin).first()).toBeVisible(),
      "/admin/tools",
    );
  }
});

test("an admin sees the coming-soon settings read-only", async () => {
  await admin.goto("/admin/tools?tab=coming-soon");
  await expect(admin.getByRole("tab", { name: "Coming soon", selected: true })).toBeVisible();
  await expect(admin.getByText("Only a superadmin can change these.")).toBeVisible();
  await expect(admin.getByRole("switch", { name: "Coming-soon mode" })).toBeDisabled();
  await expect(admin.getByLabel("Title")).toBeDisabled();
  await expect(admin.getByLabel("Description")).toBeDisabled();
  await expect(admin.getByLabel("Expected launch")).toBeDisabled();
  await expect(admin.getByRole("button", { name: "Save settings" })).toHaveCount(0);
  const settings = await callAs<{ comingSoonTitle: string }>(
    admin,
    "query",
    "systemSettings.getComingSoonSettings",
  );
  await expect(admin.getByTestId("coming-soon-preview")).toContainText(settings.comingSoonTitle);
});

test("a superadmin edits the coming-soon texts with a preview, and sees the change in the trail", async () => {
  const before = await callAs<{ isComingSoonMode: boolean; comingSoonTitle: string }>(
    boss,
    "query",
    "systemSettings.getComingSoonSettings",
  );
  expect(before.isComingSoonMode).toBe(false);
  await boss.goto("/admin/tools?tab=coming-soon");
  const mode = boss.getByRole("switch", { name: "Coming-soon mode" });
  await expect(mode).toBeEnabled();
  await expect(boss.getByText("Only a superadmin can change these.")).toHaveCount(0);
  for (const scheme of SCHEMES) {
    await capture(
      boss,
      "admin-tools-coming-soon",
      scheme,
      () => expect(mode).toBeEnabled(),
      "/admin/tools?tab=coming-soon",
    );
  }

  // Turning the mode on is explained first; cancelled here, so the app stays open.
  await mode.click();
  await expect(boss.getByTestId("coming-soon-preview")).toBeVisible();
  await expect(boss.getByText("Visitors see this page")).toBeVisible();
  await boss.getByRole("button", { name: "Save settings" }).click();
  const confirm = boss.getByRole("alertdialog", { name: "Turn coming-soon mode on?" });
  await expect(confirm).toContainText(
    "Turning coming-soon mode on keeps everyone but administrators out of the app",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toHaveCount(0);
  await boss.getByRole("button", { name: "Discard changes" }).click();
  await expect(mode).not.toBeChecked();

  // A refused title is told next to its field.
  const title = boss.getByLabel("Title");
  await title.fill("   ");
  await boss.getByRole("button", { name: "Save settings" }).click();
  await expect(boss.getByText("Title cannot be empty")).toBeVisible();

  const changed = `${before.comingSoonTitle} (checked)`;
  await title.fill(changed);
  await expect(boss.getByTestId("coming-soon-preview")).toContainText(changed);
  try {
    await boss.getByRole("button", { name: "Save settings" }).click();
    await expect(boss.getByText("Coming-soon settings saved")).toBeVisible();
    await expect(boss.getByRole("alertdialog")).toHaveCount(0);

    await boss.getByRole("tab", { name: "Audit trail" }).click();
    await boss.getByLabel("Object type").fill("coming-soon-settings");
    await expect
      .poll(() =>
        rows(boss).evaluateAll((found) =>
          found.every((row) => row.textContent?.includes("coming-soon-settings")),
        ),
      )
      .toBe(true);
    const saved = rows(boss).first();
    await expect(saved).toHaveAttribute("data-action", "systemSettings.updateComingSoonSettings");
    await saved.getByRole("button", { expanded: false }).click();
    const change = boss.getByTestId("audit-change");
    await expect(change).toContainText("Changed");
    const titleRow = change.getByRole("row").filter({ hasText: "comingSoonTitle" });
    await expect(titleRow).toHaveAttribute("data-changed", "true");
    await expect(titleRow).toContainText(changed);
    await expect(change.getByRole("row").filter({ hasText: "isComingSoonMode" })).toHaveAttribute(
      "data-changed",
      "false",
    );
  } finally {
    await callAs(boss, "mutation", "systemSettings.updateComingSoonSettings", {
      comingSoonTitle: before.comingSoonTitle,
    });
  }
  const after = await callAs<{ isComingSoonMode: boolean }>(
    boss,
    "query",
    "systemSettings.getComingSoonSettings",
  );
  expect(after.isComingSoonMode).toBe(false);
});

/** Screenshots of what the page shows now, without loading it again (a ledger report lives in the page). */
async function captureInPlace(page: Page, name: string) {
  for (const scheme of SCHEMES) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(page.locator("html")).toHaveClass(new RegExp(`\\b${scheme}\\b`));
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, "the page does not overflow sideways").toBeLessThanOrEqual(viewport.width);
      const file = `${name}-${viewport.width}-${scheme}`;
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${file}.png`), animations: "disabled" });
      if (process.env.SCREENSHOTS) {
        await page.screenshot({
          path: path.join(SCREENSHOT_DIR, `${file}-full.png`),
          fullPage: true,
          animations: "disabled",
        });
      }
    }
  }
  await page.setViewportSize(VIEWPORTS[1] ?? { width: 1280, height: 800 });
}

test("an admin cancels a running import from Jobs, runs the ledger check and sees the storage use", async () => {
  // A long import, started as the Import dialog would: it runs long enough to be followed.
  const book = await longBook();
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(book.buffer)]), book.name);
  const response = await fetch(`${BASE_URL}/api/uploads`, {
    method: "POST",
    headers: { authorization: `Bearer ${await accessTokenOf(admin)}` },
    body: form,
  });
  const { uploadId } = (await response.json()) as { uploadId: string };
  const { jobId } = await callAs<{ jobId: string }>(admin, "mutation", "imports.startImport", {
    uploadId,
    publish: false,
  });
  try {
    await admin.goto("/admin/tools?tab=jobs");
    await expect(admin.getByRole("tab", { name: "Jobs", selected: true })).toBeVisible();
    const row = admin.locator(`[data-testid="job-row"][data-job-id="${jobId}"]`);
    await expect(row).toContainText("long-book.epub");
    await expect(row).toContainText("Import");
    await expect(row).toHaveAttribute("data-status", /queued|running/);
    await expect(row.getByRole("progressbar")).toBeVisible();
    await admin.getByLabel("Kind").selectOption("broadcast");
    await expect(row).toHaveCount(0);
    await admin.getByLabel("Kind").selectOption("import");
    await expect(row).toBeVisible();
    for (const scheme of SCHEMES) {
      await capture(
        admin,
        "admin-tools-jobs",
        scheme,
        () => expect(row).toBeVisible(),
        "/admin/tools?tab=jobs",
      );
    }

    await row.getByRole("button", { name: "Cancel Import: long-book.epub" }).click();
    const confirm = admin.getByRole("alertdialog", { name: "Cancel this import?" });
    await expect(confirm).toContainText("long-book.epub");
    await confirm.getByRole("button", { name: "Cancel the import" }).click();
    await expect(confirm).toHaveCount(0);
    await expect(row).toHaveAttribute("data-status", "cancelled");
    await expect(row.getByTestId("job-status")).toHaveText("Cancelled");
    // Cancelled while running, its files went with it; while waiting, it may run again.
    await expect(
      row.getByTestId("job-retry-blocked").or(row.getByRole("button", { name: /^Retry / })),
    ).toBeVisible();
  } finally {
    await callAs(admin, "mutation", "adminTools.cancelJob", { jobId }).catch(() => {});
  }

  await admin.getByRole("tab", { name: "Ledger check" }).click();
  await admin.getByRole("button", { name: "Run the ledger check" }).click();
  const ask = admin.getByRole("alertdialog", { name: "Run the ledger check?" });
  await expect(ask).toContainText("It changes nothing.");
  await ask.getByRole("button", { name: "Run the check" }).click();
  const report = admin.getByTestId("ledger-report");
  await expect(report.getByRole("heading", { name: "The ledger is consistent" })).toBeVisible();
  await expect(report).toContainText("Wallets");
  await captureInPlace(admin, "admin-tools-ledger");

  await admin.getByRole("tab", { name: "Maintenance" }).click();
  await expect(admin).toHaveURL(/tab=maintenance/);
  await expect(admin.getByTestId("maintenance-card")).toHaveCount(5);
  await admin.getByRole("button", { name: "Compute storage use" }).click();
  await expect(admin.getByTestId("storage-summary")).toContainText(/in [\d,]+ files?\. Computed/);
  await expect(admin.locator('[data-testid="storage-kind"][data-kind="covers"]')).toBeVisible();
  await captureInPlace(admin, "admin-tools-maintenance");
});
