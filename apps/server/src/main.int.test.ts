// What a start says and does: a demo start on the console, and a production start that finds the
// demo accounts of an earlier demo and takes their published password away.
import { existsSync, readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { endpointFilePath } from "./admin/local-endpoint.ts";
import { verifyPassword } from "./auth/provider/accounts.ts";
import { loadConfig } from "./core/config.ts";
import { openPlatform } from "./platform.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from "./seed/demo.ts";
import { isListening, type NpmStart, npmStart, npmStartToTheEnd, stopAndTime } from "./test/npm-start.ts";
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

/** `npm start` on a fresh data folder, quickly: no demo catalogue, and no web build to make. */
async function quickNpmStart(env: Record<string, string> = {}): Promise<NpmStart & { dataDir: string }> {
  const data = await temporaryDataDir();
  const web = await temporaryDataDir();
  cleanups.push(data.remove, web.remove);
  const start = await npmStart({
    DATA_DIR: data.dir,
    WEB_DIST_DIR: web.dir,
    NODE_ENV: "development",
    SEED_DEMO: "0",
    LOG_LEVEL: "info",
    ...env,
  });
  // Whatever a failed test leaves running is ended.
  cleanups.push(async () => {
    for (const pid of start.processes()) process.kill(pid, "SIGKILL");
  });
  return { ...start, dataDir: data.dir };
}

/** The console's lines from npm's own header to where the platform is, exclusive. */
function stepLines(output: string): string[] {
  const lines = output.split("\n");
  const firstStep = lines.findIndex((line) => line.startsWith("Checking for ffmpeg"));
  const where = lines.findIndex((line) => line.startsWith("Litverse is running at"));
  return lines.slice(firstStep, where);
}

describe("npm start", { timeout: 240_000 }, () => {
  it("prints a line a step and where it runs; on SIGTERM to npm it answers the calls it has taken, tells WebSockets it is going away, and every process ends within 10 s", async () => {
    const start = await quickNpmStart();
    expect(stepLines(start.output())).toEqual([
      expect.stringMatching(/^Checking for ffmpeg… done( in \d+ s)?$/),
      expect.stringMatching(/^Web app: the build in /),
      expect.stringMatching(/^Opening the database… done( in \d+ s)?$/),
      expect.stringMatching(/^Starting the server… done( in \d+ s)?$/),
    ]);
    expect(start.output()).toContain(
      `Litverse is running at http://localhost:${start.port}\nMode: development\n`,
    );
    // The steps' whole output is kept.
    expect(readFileSync(path.join(start.dataDir, "logs/start.log"), "utf8")).toContain("Server listening at");

    // A call whose request is in, but whose body is still on its way.
    const body = JSON.stringify({ token: "" });
    const request = http.request(`${start.url}/api/trpc/session.updateAccessToken`, {
      method: "POST",
      headers: { "content-type": "application/json", "content-length": String(body.length) },
    });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.once("error", reject);
      request.once("response", (response) => {
        let text = "";
        response.on("data", (chunk) => (text += chunk));
        response.once("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
    });
    request.write(body.slice(0, 3));
    const socket = new WebSocket(`ws://127.0.0.1:${start.port}/api/ws`);
    await new Promise((resolve, reject) => {
      socket.addEventListener("open", resolve);
      socket.addEventListener("error", reject);
    });
    const closed = new Promise<number>((resolve) =>
      socket.addEventListener("close", (event) => resolve(event.code)),
    );

    const stopped = stopAndTime(start, "SIGTERM");
    // The server is stopping once it says so to its WebSockets: it accepts no one new.
    expect(await closed).toBe(1001);
    expect(await isListening(start.port)).toBe(false);
    request.end(body.slice(3));
    const answer = await answered;
    // The function's own answer (its input is refused), not the 503 of a server closing.
    expect(answer.status).toBe(400);
    expect(answer.body).toContain("token");

    expect(await stopped).toBeLessThan(10_000);
    expect(start.output()).toMatch(/\nStopped\.\n/);
    // The server's own endpoint file, for the command line, is gone with it.
    expect(existsSync(endpointFilePath(start.dataDir))).toBe(false);
  });

  it("says a demo is a demo, with its accounts and password, and stops the same way on Ctrl+C", async () => {
    const start = await quickNpmStart({ SEED_DEMO: "1", SEED_DEMO_CATALOGUE: "0" });
    expect(stepLines(start.output())).toContainEqual(
      expect.stringMatching(/^Seeding the demo accounts… done( in \d+ s)?$/),
    );
    expect(start.output()).toContain(
      [
        "Mode: demo (the demo accounts' password is published and payments go through the sandbox: set NODE_ENV=production for a deployment)",
        "Demo accounts: reader@demo.test (user), admin@demo.test (admin), superadmin@demo.test (superadmin), newbie@demo.test (no age yet)",
        "Password: demo-password",
      ].join("\n"),
    );
    // A terminal sends SIGINT to its foreground process group: npm, its shell and the script.
    const took = await stopAndTime(start, "SIGINT", { toGroup: true });
    expect(took).toBeLessThan(10_000);
    expect(start.output()).toMatch(/\nStopped\.\n/);
  });

  it("prints what failed, with the step's whole output, and ends", async () => {
    const data = await temporaryDataDir();
    const web = await temporaryDataDir();
    cleanups.push(data.remove, web.remove);
    const { code, output } = await npmStartToTheEnd({
      DATA_DIR: data.dir,
      WEB_DIST_DIR: web.dir,
      NODE_ENV: "production",
      SEED_DEMO: "1",
    });
    expect(code).toBe(1);
    expect(output).toContain(
      "Litverse could not start: Invalid configuration:\n  SEED_DEMO: a production server never seeds the demo accounts",
    );
    expect(output).toContain(`The full output is in ${path.join(data.dir, "logs/start.log")}.`);
    expect(output).not.toContain("Litverse is running at");
  });
});
