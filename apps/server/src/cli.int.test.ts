import { spawn } from "node:child_process";
import { readdir } from "node:fs/promises";
import path from "node:path";
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { afterEach, describe, expect, it } from "vitest";
import { REPO_ROOT } from "./core/config.ts";
import { runCli, type ServerProcess, startServerProcess, temporaryDataDir } from "./test/processes.ts";
import { connectWs, watchLive } from "./test/test-server.ts";

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

async function dataDir() {
  const temp = await temporaryDataDir();
  cleanups.push(temp.remove);
  return temp.dir;
}

// Each test starts command lines and servers as processes of their own: slow on a busy machine.
describe("npm run cli", { timeout: 120_000 }, () => {
  it("prints help and refuses unknown commands and options", async () => {
    const help = await runCli(["--help"], {});
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("settings:coming-soon --on|--off");
    expect(help.stdout).toContain("db:migrate");

    const unknown = await runCli(["nope"], {});
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('Unknown command "nope"');

    const badOption = await runCli(["settings:coming-soon", "--bogus"], {});
    expect(badOption.code).toBe(1);
    expect(badOption.stderr).toContain("Unknown option '--bogus'");

    const both = await runCli(["settings:coming-soon", "--on", "--off"], {});
    expect(both.code).toBe(1);
    expect(both.stderr).toContain("either --on or --off");
  });

  it("works on the data directly when no server runs", async () => {
    const DATA_DIR = await dataDir();
    expect((await runCli(["db:migrate"], { DATA_DIR })).stdout).toContain("up to date");
    const result = await runCli(
      ["settings:coming-soon", "--on", "--title", "Almost there", "--launch", "June"],
      {
        DATA_DIR,
      },
    );
    expect(result.stderr).toBe("");
    expect(result.stdout).toContain('Coming-soon mode is on: "Almost there", launch "June"');

    const empty = await runCli(["settings:coming-soon", "--title", ""], { DATA_DIR });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toContain("Title cannot be empty");

    const server = await startServerProcess({ DATA_DIR });
    cleanups.push(() => server.stop());
    const response = await fetch(`${server.url}/api/trpc/systemSettings.getComingSoonSettings`);
    const body = (await response.json()) as { result: { data: ComingSoonSettings } };
    expect(body.result.data).toMatchObject({ comingSoonTitle: "Almost there", expectedLaunchDate: "June" });
  });

  it("rotates the sign-in signing key; the server publishes the new key next to the old one", async () => {
    const DATA_DIR = await dataDir();
    const server = await startServerProcess({ DATA_DIR });
    cleanups.push(() => server.stop());
    const kids = async () => {
      const jwks = (await (await fetch(`${server.url}/oidc/jwks`)).json()) as {
        keys: Array<{ kid: string }>;
      };
      return jwks.keys.map((key) => key.kid);
    };
    const [original] = await kids();
    expect(original).toBeTruthy();

    const result = await runCli(["auth:rotate-keys"], { DATA_DIR });
    expect(result.code).toBe(0);
    const newKid = /New signing key (\S+);/.exec(result.stdout)?.[1];
    expect(newKid).toBeTruthy();
    expect(result.stdout).toContain(`published: ${newKid}, ${original}`);
  });

  it("goes through a running server so that its live subscribers see the change at once", async () => {
    const DATA_DIR = await dataDir();
    const server: ServerProcess = await startServerProcess({ DATA_DIR });
    cleanups.push(() => server.stop());
    const ws = connectWs(server.wsUrl);
    cleanups.push(() => ws.close());
    const watch = watchLive<ComingSoonSettings>(ws.client, "systemSettings.getComingSoonSettings");
    await watch.waitFor(1);

    const result = await runCli(["settings:coming-soon", "--on", "--title", "Live from the CLI"], {
      DATA_DIR,
    });
    expect(result.code).toBe(0);
    const values = await watch.waitFor(2);
    expect(values.at(-1)).toMatchObject({ isComingSoonMode: true, comingSoonTitle: "Live from the CLI" });
  });

  it("imports files: directly, or as a job of the running server, showing progress either way", async () => {
    const DATA_DIR = await dataDir();
    const fixture = (file: string) => path.join(REPO_ROOT, "fixtures", file);
    const direct = await runCli(["content:import", fixture("books/wasteland.epub")], { DATA_DIR });
    expect(direct.code).toBe(0);
    expect(direct.stdout).toMatch(/Imported "The Waste Land": 1 episode\(s\), title id [0-9a-f-]{36}\./);
    expect(direct.stderr).toContain("% Reading chapter 1 of 1");

    const server = await startServerProcess({ DATA_DIR });
    cleanups.push(() => server.stop());
    const viaServer = await runCli(["content:import", fixture("comics/page-blanche.cbz"), "--draft"], {
      DATA_DIR,
    });
    expect(viaServer.code).toBe(0);
    expect(viaServer.stdout).toContain('Imported "Page Blanche"');
    expect(viaServer.stderr).toMatch(/\d+% /);
    // Both titles are there: the book published, the comic a draft.
    const found = await fetch(`${server.url}/api/trpc/content.listContent?input=${encodeURIComponent("{}")}`);
    const body = (await found.json()) as { result: { data: { items: Array<{ title: string }> } } };
    expect(body.result.data.items.map((item) => item.title)).toEqual(["The Waste Land"]);

    const refused = await runCli(["content:import", fixture("video/drama-ep1.en.vtt")], { DATA_DIR });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(
      "Import failed: Subtitle files (.vtt, .srt) can only be imported together",
    );
    const missing = await runCli(["content:import", "no/such/file.epub", "--type", "book"], { DATA_DIR });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No such file");
  });

  it("refuses to open a data directory that a running server holds", async () => {
    const DATA_DIR = await dataDir();
    const first = await startServerProcess({ DATA_DIR });
    cleanups.push(() => first.stop());
    await expect(startServerProcess({ DATA_DIR })).rejects.toThrow(/in use by another Litverse process/);
  });

  it("stops gracefully on SIGTERM and starts again on the same data after SIGKILL", async () => {
    const DATA_DIR = await dataDir();
    const server = await startServerProcess({ DATA_DIR });
    expect(await server.stop("SIGTERM")).toBe(0);
    const again = await startServerProcess({ DATA_DIR });
    await again.stop("SIGKILL");
    const third = await startServerProcess({ DATA_DIR });
    cleanups.push(() => third.stop());
    expect((await fetch(`${third.url}/healthz`)).status).toBe(200);
  });

  it("clears what an import killed mid-way left behind, the next time the data is opened", async () => {
    const DATA_DIR = await dataDir();
    const staging = path.join(DATA_DIR, "media", ".staging");
    const child = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, "apps/server/src/cli.ts"),
        "content:import",
        path.join(REPO_ROOT, "fixtures/books/moby-dick.epub"),
      ],
      { env: { ...process.env, DATA_DIR, LOG_LEVEL: "warn" }, stdio: ["ignore", "ignore", "pipe"] },
    );
    // Killed while chapters are being written into its staging folder.
    await new Promise<void>((resolve) => {
      child.stderr.on("data", (chunk) => {
        if (/Writing chapter [2-9]\d? of/.test(String(chunk))) resolve();
      });
    });
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect((await readdir(staging)).length).toBeGreaterThan(0);

    const next = await runCli(["db:migrate"], { DATA_DIR });
    expect(next.code).toBe(0);
    expect(await readdir(staging)).toEqual([]);
  });
});
