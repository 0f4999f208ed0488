// The coming-soon gate for each kind of visitor, switched live from the command line, and the
// setting that shows signed-out visitors the coming-soon page at all times.
import { type Browser, expect, type Page, test } from "@playwright/test";
import { openSignedIn } from "./support/auth.ts";
import { comingSoonOff, runCli } from "./support/cli.ts";
import { mainDataDir } from "./support/env.ts";
import { comingSoonTitle, landingHeading, readMarker, setMarker } from "./support/page.ts";
import { freePort, makeDataDir, removeDataDir, startServer } from "./support/server.ts";

test.afterEach(async () => {
  await comingSoonOff(mainDataDir());
});

async function visitor(browser: Browser, email: string | null): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  if (email) await openSignedIn(page, email);
  else {
    await page.goto("/");
    await expect(landingHeading(page)).toBeVisible();
  }
  await setMarker(page);
  return page;
}

test("coming-soon mode keeps everyone but admins out, live", { tag: "@postgres" }, async ({ browser }) => {
  const signedOut = await visitor(browser, null);
  const reader = await visitor(browser, "reader@demo.test");
  const admin = await visitor(browser, "admin@demo.test");
  const superadmin = await visitor(browser, "superadmin@demo.test");

  await runCli(
    ["settings:coming-soon", "--on", "--title", "Opening night", "--launch", "June"],
    mainDataDir(),
  );
  for (const page of [signedOut, reader]) {
    await expect(comingSoonTitle(page)).toHaveText("Opening night");
    await expect(page.getByText("Expected Launch: June", { exact: true })).toBeVisible();
  }
  await expect(reader.getByRole("button", { name: "Sign Out" })).toBeVisible();
  await expect(signedOut.getByRole("button", { name: "Sign In" })).toBeVisible();
  for (const page of [admin, superadmin]) {
    await expect(page.getByTestId("welcome")).toBeVisible();
    await expect(comingSoonTitle(page)).toHaveCount(0);
  }

  await runCli(["settings:coming-soon", "--title", "Opening night, soon"], mainDataDir());
  await expect(comingSoonTitle(reader)).toHaveText("Opening night, soon");
  await expect(comingSoonTitle(signedOut)).toHaveText("Opening night, soon");

  // Other pages are gated too.
  await reader.goto("/explore");
  await expect(comingSoonTitle(reader)).toHaveText("Opening night, soon");

  await runCli(["settings:coming-soon", "--off"], mainDataDir());
  await expect(reader.getByRole("heading", { name: "Explore", level: 1 })).toBeVisible();
  await expect(landingHeading(signedOut)).toBeVisible();
  for (const page of [signedOut, admin, superadmin]) {
    expect(await readMarker(page), "the page was not reloaded").toBe(1);
  }
});

test("signed out, a page that needs an account shows the landing page; the 404 page stays", async ({
  page,
}) => {
  await page.goto("/my-library");
  await expect(landingHeading(page)).toBeVisible();
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
});

test("SIGNED_OUT_VIEW=coming-soon shows signed-out visitors the coming-soon page", async ({ page }) => {
  test.setTimeout(120_000);
  const dataDir = await makeDataDir();
  const server = await startServer({
    port: await freePort(),
    dataDir,
    env: { SIGNED_OUT_VIEW: "coming-soon", SUPPORT_EMAIL: "hello@litverse.test", SEED_DEMO: "0" },
  });
  try {
    await page.goto(`${server.url}/`);
    await expect(comingSoonTitle(page)).toBeVisible();
    await expect(page.getByRole("link", { name: "hello@litverse.test" })).toBeVisible();
    await expect(landingHeading(page)).toHaveCount(0);
  } finally {
    await server.stop();
    await removeDataDir(dataDir);
  }
});
