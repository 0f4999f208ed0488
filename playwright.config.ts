// End-to-end tests: the built web app served by a real server (apps/server/src/main.ts) on its own
// port and a fresh data directory, driven with the system's Chromium.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import {
  BASE_URL,
  DATA_DIR_VARIABLE,
  E2E_WORKERS,
  SERVER_NODE_ARGS,
  serverDatabaseUrl,
  serverDataDir,
  serverUrl,
} from "./apps/web/e2e/support/env.ts";

const nodeMajor = Number(process.versions.node.split(".")[0]);
if (nodeMajor < 24) {
  throw new Error(
    `The end-to-end tests need Node 24 (this is ${process.version}): run them with \`npm run test:e2e\` or \`npx playwright test\`.`,
  );
}

/**
 * The folder of the main servers' data directories. The runner process makes it (and removes it
 * when it exits); the workers, which load this file again, inherit it through the environment.
 */
function dataDirsRoot(): string {
  const inherited = process.env[DATA_DIR_VARIABLE];
  if (inherited) return inherited;
  const dir = mkdtempSync(path.join(os.tmpdir(), "litverse-e2e-"));
  process.env[DATA_DIR_VARIABLE] = dir;
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}
const dataRoot = dataDirsRoot();
const databaseUrl = process.env.E2E_DATABASE_URL;

/**
 * On PostgreSQL (E2E_DATABASE_URL) the suite runs again for the journeys tagged "@postgres": what
 * depends on the database server rather than on the SQL. PGlite is PostgreSQL itself, but in the
 * server's process, on one connection. So on PostgreSQL: signing in (the provider's storage), live
 * updates (the gate, messages, clubs, the support desk, a refund re-locking an open chapter), and
 * imports and reel conversions run as queued jobs. Every service function runs on PostgreSQL in
 * the integration tests, so the journeys that only add pages over those functions, and the
 * screenshots, run once, on PGlite. (The tests that start servers of their own run those on PGlite
 * in both runs.)
 */
const POSTGRES_TAG = /@postgres/;

export default defineConfig({
  testDir: "apps/web/e2e",
  ...(databaseUrl ? { grep: POSTGRES_TAG } : {}),
  // A spec file runs whole in one worker, against that worker's own server (support/env.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
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
  // One main server per worker, each started (and seeded with the demo) before any test runs.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: `"${process.execPath}" ${SERVER_NODE_ARGS.join(" ")} apps/server/src/main.ts`,
    cwd: import.meta.dirname,
    env: {
      PORT: new URL(serverUrl(index)).port,
      HOST: "127.0.0.1",
      DATA_DIR: serverDataDir(dataRoot, index),
      PUBLIC_URL: serverUrl(index),
      LOG_LEVEL: "warn",
      // Every browser signs up from 127.0.0.1; the limit itself is tested by the integration tests.
      RATE_LIMIT_ACCOUNTS_PER_HOUR: "1000",
      // One spec sends a hundred messages at once as one demo account.
      RATE_LIMIT_WRITES_PER_MINUTE: "5000",
      RATE_LIMIT_MESSAGES_PER_MINUTE: "1000",
      // Set to run the same tests against PostgreSQL (fresh databases) instead of PGlite.
      ...(databaseUrl ? { DATABASE_URL: serverDatabaseUrl(databaseUrl, index) } : {}),
    },
    url: `${serverUrl(index)}/healthz`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe" as const,
    stderr: "pipe" as const,
    // Let the server close its database cleanly before the data directory is removed.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 15_000 },
  })),
});
