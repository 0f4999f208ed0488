// What a start says and does: a demo start on the console, and a production start that finds the
// demo accounts of an earlier demo and takes their published password away.
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { verifyPassword } from "./auth/provider/accounts.ts";
import { loadConfig } from "./config.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./db/seed/demo.ts";
import { openPlatform } from "./platform.ts";
import { runCli, startServerProcess, temporaryDataDir } from "./test/processes.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe("starting the server", { timeout: 120_000 }, () => {
  it("says a demo is a demo, and a production start leaves no account with the published password", async () => {
    const temp = await temporaryDataDir();
    cleanups.push(temp.remove);
    const DATA_DIR = temp.dir;

    const demo = await startServerProcess({
      DATA_DIR,
      NODE_ENV: "development",
      SEED_DEMO: "1",
      SEED_DEMO_CATALOGUE: "0",
    });
    const config = (await (await fetch(`${demo.url}/api/client-config`)).json()) as { isDemo: boolean };
    expect(config.isDemo).toBe(true);
    await demo.stop();
    expect(demo.output()).toContain("Demo mode: demo accounts such as reader@demo.test sign in");

    // The same data, now as a deployment.
    const production = await startServerProcess({ DATA_DIR, NODE_ENV: "production" });
    const productionConfig = (await (await fetch(`${production.url}/api/client-config`)).json()) as {
      isDemo: boolean;
    };
    expect(productionConfig.isDemo).toBe(false);
    await production.stop();
    expect(production.output()).not.toContain("Demo mode");
    expect(production.output()).toContain("disabled the published demo password of these accounts");

    const platform = await openPlatform(
      loadConfig({ DATA_DIR, LOG_LEVEL: "silent" }),
      pino({ level: "silent" }),
    );
    try {
      for (const { email } of DEMO_ACCOUNTS) {
        expect(await verifyPassword(platform.deps.db, email, DEMO_PASSWORD), email).toBeNull();
      }
    } finally {
      await platform.close();
    }

    // Nor can one ask a production command line for them.
    const seeded = await runCli(["seed:demo"], { DATA_DIR, NODE_ENV: "production" });
    expect(seeded.code).toBe(1);
    expect(seeded.stderr.trim()).toBe(
      "A production server never gets the demo accounts: their password is published. Run it without NODE_ENV=production.",
    );
  });

  it("refuses a production start asked to seed the demo, in one line", async () => {
    const temp = await temporaryDataDir();
    cleanups.push(temp.remove);
    const start = await startServerProcess({
      DATA_DIR: temp.dir,
      NODE_ENV: "production",
      SEED_DEMO: "1",
    }).catch((error: Error) => error);
    expect(start).toBeInstanceOf(Error);
    expect(String(start)).toContain(
      "Litverse could not start: Invalid configuration:\n  SEED_DEMO: a production server never seeds the demo accounts",
    );
    expect(String(start)).not.toMatch(/\n\s+at /);
  });

  it("tells the command line's user what failed in one line, not a stack", async () => {
    const result = await runCli(["db:migrate"], { DATABASE_URL: "postgres://postgres@127.0.0.1:1/nowhere" });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      "Failed: Could not connect to the database at 127.0.0.1 (ECONNREFUSED).",
    );
  });
});
