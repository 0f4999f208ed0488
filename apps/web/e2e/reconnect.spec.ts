// A page survives its server being killed: it shows that it is reconnecting, reconnects to the
// restarted server (which must not be blocked by the killed process's stale lock file) and keeps
// receiving live changes, all without a reload.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { runCli } from "./support/cli.ts";
import { comingSoonTitle, connectionState, readMarker, setMarker } from "./support/page.ts";
import { freePort, makeDataDir, removeDataDir, type ServerProcess, startServer } from "./support/server.ts";

let server: ServerProcess | undefined;
let dataDir: string | undefined;

test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  if (dataDir) await removeDataDir(dataDir);
  dataDir = undefined;
});

test("the page reconnects to a restarted server and keeps receiving changes", async ({ page }) => {
  test.setTimeout(120_000);
  dataDir = await makeDataDir();
  const port = await freePort();
  server = await startServer({ port, dataDir, env: { SEED_DEMO: "0" } });

  await runCli(["settings:coming-soon", "--on", "--title", "Before the restart"], dataDir);
  await page.goto(server.url);
  await expect(comingSoonTitle(page)).toHaveText("Before the restart");
  await expect(connectionState(page)).toHaveAttribute("data-state", "pending");
  await setMarker(page);

  const killedPid = server.pid;
  await server.kill("SIGKILL");
  await expect(connectionState(page)).toHaveAttribute("data-state", "connecting");
  await expect(page.getByText("Connection lost. Reconnecting…")).toBeVisible();

  // The killed process had no chance to remove its lock file; the restart must see it is stale.
  const lockPath = path.join(dataDir, "pglite.lock");
  expect(existsSync(lockPath), "the killed server left its lock file behind").toBe(true);
  expect(readFileSync(lockPath, "utf8").trim()).toBe(String(killedPid));

  server = await startServer({ port, dataDir, env: { SEED_DEMO: "0" } });
  await expect(connectionState(page)).toHaveAttribute("data-state", "pending", { timeout: 45_000 });
  await expect(page.getByText("Connection lost. Reconnecting…")).toHaveCount(0);

  await runCli(["settings:coming-soon", "--title", "After the restart"], dataDir);
  await expect(comingSoonTitle(page)).toHaveText("After the restart");
  expect(await readMarker(page), "the page was not reloaded").toBe(1);
});
