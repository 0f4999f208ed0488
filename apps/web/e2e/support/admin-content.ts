// Helpers for the content admin pages: importing files through the Import dialog and following the
// job in the Imports panel.
import path from "node:path";
import type { ImportJob } from "@litverse/shared/jobs";
import { expect, type Locator, type Page } from "@playwright/test";
import { buildEpub, xhtml } from "../../../server/src/media/import/test-files.ts";
import { accessTokenOf } from "./auth.ts";
import { BASE_URL, REPO_ROOT } from "./env.ts";

export const FIXTURES = path.join(REPO_ROOT, "fixtures");
export const fixture = (name: string) => path.join(FIXTURES, name);

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * A book of 2,000 chapters of plain prose, built for the test: it takes the importer long
 * enough (tens of seconds) that a test can act on it while it waits or runs.
 */
export async function longBook(): Promise<FilePayload> {
  const paragraph = `<p>${"The sea was calm and the ship sailed on through the long night. ".repeat(40)}</p>`;
  const chapters = Array.from({ length: 2_000 }, (_, index) => ({
    file: `chapter-${index + 1}.xhtml`,
    html: xhtml(`<h1>Chapter ${index + 1}</h1>${paragraph.repeat(4)}`),
  }));
  const buffer = await buildEpub({ title: "A Long Book", chapters });
  return { name: "long-book.epub", mimeType: "application/epub+zip", buffer };
}

/** The newest job's id in the Imports panel (once it has loaded), or null when it lists none. */
async function newestJobId(page: Page): Promise<string | null> {
  const panel = page.getByTestId("imports-panel").first();
  const first = panel.getByTestId("import-job").first();
  // Loaded: a job, or the words for none.
  await expect(first.or(panel.getByText("No imports yet"))).toBeVisible();
  return (await first.count()) > 0 ? first.getAttribute("data-job-id") : null;
}

/**
 * Imports the files through the page's Import dialog (opened by `opener`, "Import files" by
 * default) and returns the new job's entry in the Imports panel.
 */
export async function startImport(
  page: Page,
  files: string[] | FilePayload[],
  options: { opener?: Locator; dialogName?: string | RegExp; publish?: boolean } = {},
): Promise<Locator> {
  const before = await newestJobId(page);
  await (options.opener ?? page.getByRole("button", { name: "Import files" })).click();
  const dialog = page.getByRole("dialog", { name: options.dialogName ?? "Import files" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Files to import").setInputFiles(files);
  const names = files.map((file) => (typeof file === "string" ? path.basename(file) : file.name));
  for (const name of names) await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  if (options.publish === false) await dialog.getByRole("switch", { name: "Publish right away" }).click();
  await dialog.getByRole("button", { name: "Upload and import" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });

  const panel = page.getByTestId("imports-panel").first();
  const first = panel.getByTestId("import-job").first();
  await expect.poll(() => first.getAttribute("data-job-id")).not.toBe(before);
  const jobId = await first.getAttribute("data-job-id");
  const job = panel.locator(`[data-job-id="${jobId}"]`);
  await expect(job).toContainText(names.join(", "));
  return job;
}

/** Waits for the job to succeed and returns the new title's id, from its "Open <title>" link. */
export async function resultOf(job: Locator): Promise<{ contentId: string; title: string; open: Locator }> {
  await expect(job).toHaveAttribute("data-status", "succeeded", { timeout: 45_000 });
  const open = job.getByRole("link", { name: /^Open / });
  const href = (await open.getAttribute("href")) ?? "";
  const contentId = new URL(href, "http://x").searchParams.get("content") ?? "";
  expect(contentId).toMatch(/^[0-9a-f-]{36}$/);
  const title = ((await open.textContent()) ?? "").replace(/^Open /, "");
  return { contentId, title, open };
}

async function call(page: Page, kind: "query" | "mutation", path: string, input?: unknown) {
  const token = await accessTokenOf(page);
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  const response =
    kind === "query"
      ? await fetch(`${BASE_URL}/api/trpc/${path}`, { headers })
      : await fetch(`${BASE_URL}/api/trpc/${path}`, { method: "POST", headers, body: JSON.stringify(input) });
  const body = (await response.json()) as { result?: { data: unknown }; error?: unknown };
  return { ok: response.ok, status: response.status, data: body.result?.data, error: body.error };
}

/**
 * Deletes titles the tests made, over HTTP as the page's signed-in admin, so that the imported
 * duplicates of demo titles do not change what later tests find in the catalogue.
 */
export async function deleteTitles(page: Page, contentIds: readonly string[]): Promise<void> {
  for (const id of contentIds) {
    const result = await call(page, "mutation", "contentAdmin.deleteContent", { id });
    // Already gone (a test deleted it through the page) is fine too.
    if (!result.ok && result.status !== 404) {
      throw new Error(`could not delete ${id}: ${JSON.stringify(result.error)}`);
    }
  }
}

/** When this spec file started: the demo seed's own import jobs, made before, are not the tests'. */
const TESTS_STARTED_AT = Date.now();

/**
 * Cancels the imports still waiting or running and deletes every title the tests' imports made:
 * whatever a test left behind, pass or fail. The demo seed's imports, older, and their titles stay.
 */
export async function cleanUpImports(page: Page): Promise<void> {
  const all = (await call(page, "query", "imports.listImportJobs")).data as ImportJob[] | undefined;
  const jobs = all?.filter((job) => Date.parse(job.createdAt) >= TESTS_STARTED_AT);
  for (const job of jobs ?? []) {
    if (job.status === "queued" || job.status === "running") {
      await call(page, "mutation", "imports.cancelImport", { jobId: job._id });
    }
  }
  await deleteTitles(
    page,
    (jobs ?? []).flatMap((job) => (job.result && !job.targetContentId ? [job.result.contentId] : [])),
  );
}
