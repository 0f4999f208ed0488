// PGlite lets only one process open a data directory; two at once would corrupt it. A lock file
// holding the owner's process id turns that mistake into a clear error.
import { mkdir, open, readFile, rm } from "node:fs/promises";
import path from "node:path";

export async function acquireDataDirLock(dataDir: string): Promise<() => Promise<void>> {
  await mkdir(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, "pglite.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(lockPath, "wx");
      await handle.writeFile(String(process.pid));
      await handle.close();
      return () => rm(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(await readFile(lockPath, "utf8").catch(() => ""), 10);
      if (Number.isInteger(owner) && owner !== process.pid && isAlive(owner)) {
        throw new Error(
          `The data directory ${dataDir} is in use by another Litverse process (pid ${owner}). ` +
            "Stop it first, or use `npm run cli`, which talks to the running server.",
        );
      }
      // Left behind by a process that no longer runs.
      await rm(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data directory ${dataDir}.`);
}

export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Whether a live process holds the data directory's lock. */
export async function isDataDirLocked(dataDir: string): Promise<boolean> {
  const owner = Number.parseInt(
    await readFile(path.join(dataDir, "pglite.lock"), "utf8").catch(() => ""),
    10,
  );
  return Number.isInteger(owner) && owner !== process.pid && isAlive(owner);
}
