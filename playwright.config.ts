// End-to-end tests: the built web app served by a real server (apps/server/src/main.ts) on its own
// port and a fresh data directory, driven with the system's Chromium.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { BASE_URL, DATA_DIR_VARIABLE, E2E_PORT, NODE_ARGS } from "./apps/web/e2e/support/env.ts";

const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 24) {
  throw new Error(
    `The end-to-end tests need Node 24 (this is ${process.version}): run them with \`npm run test:e2e\` or \`npx playwright test\`.`,
  );
}

/**
 * The main server's data directory. The runner process makes it (and removes it when it exits);
 * the workers, which load this file again, inherit it through the environment.
 */
function mainDataDir(): string {
  const inherited = process.env[DATA_DIR_VARIABLE];
  if (inherited) return inherited;
  const dir = mkdtempSync(path.join(os.tmpdir(), "litverse-e2e-"));
  process.env[DATA_DIR_VARIABLE] = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataDir = mainDataDir();

/**
 * On PostgreSQL (E2E_DATABASE_URL) the suite runs again for what depends on the database server
 * rather than on the SQL: PGlite is PostgreSQL itself, but in the server's process, on one
 * connection. So on PostgreSQL: signing in (the provider's storage), live updates across
 * processes and reconnects (the gate, live settings, messages, clubs, the support desk, a refund
 * re-locking an open chapter), and imports and reel conversions run as queued jobs. Every
 * service function runs on PostgreSQL in the integration tests, so the journeys that only add
 * pages over those functions (buying coins, plans, revenue, the catalogue, the readers,
 * screenshots, accessibility, install prompts, the shell) run once, on PGlite.
 */
const POSTGRES_SPECS = [
  "**/sign-in.spec.ts",
  "**/gate.spec.ts",
  "**/live-settings.spec.ts",
  "**/reconnect.spec.ts",
  "**/people.spec.ts",
  "**/clubs.spec.ts",
  "**/support.spec.ts",
  "**/unlocks.spec.ts",
  "**/admin-content.spec.ts",
  "**/reels.spec.ts",
];

export default defineConfig({
  testDir: "apps/web/e2e",
  ...(process.env.E2E_DATABASE_URL ? { testMatch: POSTGRES_SPECS } : {}),
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: "list",
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    // Recording a trace costs about a third of a test's time, so CI records one only when it
    // runs a failed test again; a local run keeps the traces of the tests that failed.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    // The production build registers a service worker, which would answer page requests before
    // page.route() sees them. Tests see the network as is; install.spec.ts allows the worker.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        browserName: "chromium",
        viewport: { width: 1280, height: 720 },
        launchOptions: {
          executablePath: "/usr/bin/chromium",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--disable-dev-shm-usage",
          ],
        },
      },
    },
  ],
  webServer: {
    command: `"${process.execPath}" ${NODE_ARGS.join(" ")} apps/server/src/main.ts`,
    cwd: import.meta.dirname,
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "warn",
      // Every browser signs up from 127.0.0.1; the limit itself is tested by the integration tests.
      RATE_LIMIT_ACCOUNTS_PER_HOUR: "1000",
      // The demo accounts are shared by parallel specs, and one spec sends a hundred messages at once.
      RATE_LIMIT_WRITES_PER_MINUTE: "5000",
      RATE_LIMIT_MESSAGES_PER_MINUTE: "1000",
      // Set to run the same tests against PostgreSQL (a fresh database) instead of PGlite.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
    url: `${BASE_URL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    // Let the server close its database cleanly before the data directory is removed.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
