// Several server processes on one PostgreSQL: they migrate once between them, and a change made
// through one reaches the live subscribers of the others.
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { afterAll, describe, expect, it } from "vitest";
import { runCli, type ServerProcess, startServerProcess, temporaryDataDir } from "./test/processes.ts";
import { createTemporaryDatabase } from "./test/test-platform.ts";
import { connectWs, watchLive } from "./test/test-server.ts";

const baseUrl = process.env.TEST_DATABASE_URL;
const cleanups: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  while (cleanups.length > 0) await cleanups.pop()?.();
});

describe.runIf(baseUrl)("two server processes on one PostgreSQL", () => {
  it("start together on an empty database, and share live changes", async () => {
    const database = await createTemporaryDatabase(baseUrl as string);
    cleanups.push(database.drop);
    const dirs = await Promise.all([temporaryDataDir(), temporaryDataDir()]);
    for (const dir of dirs) cleanups.push(dir.remove);

    // Both find an empty database and race to migrate it; the advisory lock lets one do it.
    const [first, second] = (await Promise.all(
      dirs.map((dir) => startServerProcess({ DATA_DIR: dir.dir, DATABASE_URL: database.url })),
    )) as [ServerProcess, ServerProcess];
    for (const server of [first, second]) cleanups.push(() => server.stop());

    const ws = connectWs(second.wsUrl);
    cleanups.push(() => ws.close());
    const watch = watchLive<ComingSoonSettings>(ws.client, "systemSettings.getComingSoonSettings");
    await watch.waitFor(1);

    // The command goes through the first server (its data directory names its endpoint).
    const firstDir = dirs[0]?.dir as string;
    const result = await runCli(["settings:coming-soon", "--on", "--title", "From server one"], {
      DATA_DIR: firstDir,
      DATABASE_URL: database.url,
    });
    expect(result.code, result.stderr).toBe(0);
    const values = await watch.waitFor(2);
    expect(values.at(-1)).toMatchObject({ isComingSoonMode: true, comingSoonTitle: "From server one" });
    expect(first.output()).not.toMatch(/"level":50/);
    expect(second.output()).not.toMatch(/"level":50/);
  });

  it("reach subscribers of a server when the command line writes to the database directly", async () => {
    const database = await createTemporaryDatabase(baseUrl as string);
    cleanups.push(database.drop);
    const [serverDir, cliDir] = await Promise.all([temporaryDataDir(), temporaryDataDir()]);
    cleanups.push(serverDir.remove, cliDir.remove);
    const server = await startServerProcess({ DATA_DIR: serverDir.dir, DATABASE_URL: database.url });
    cleanups.push(() => server.stop());
    const ws = connectWs(server.wsUrl);
    cleanups.push(() => ws.close());
    const watch = watchLive<ComingSoonSettings>(ws.client, "systemSettings.getComingSoonSettings");
    await watch.waitFor(1);

    // No server owns this data directory, so the CLI opens PostgreSQL itself and announces there.
    const result = await runCli(["settings:coming-soon", "--title", "Straight to the database"], {
      DATA_DIR: cliDir.dir,
      DATABASE_URL: database.url,
    });
    expect(result.code, result.stderr).toBe(0);
    const values = await watch.waitFor(2);
    expect(values.at(-1)?.comingSoonTitle).toBe("Straight to the database");
  });
});
