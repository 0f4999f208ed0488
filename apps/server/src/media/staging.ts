// Scratch folders on this machine's disk for work on files before they are stored (an import
// unpacked, a reel converted, a file written before it is renamed into place). Each entry is named
// after the process that made it, `<kind>-<host>.<pid>-<random>`, so that a sweep can tell the
// leftovers of a dead process from the work of a live one.
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, readdir, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/** Staging entries this old are left over whoever made them (another machine on a shared disk). */
export const STALE_STAGING_MS = 24 * 3_600_000;

const STAGING_OWNER = `${os.hostname().replace(/[^\w-]/g, "_")}.${process.pid}`;
const OWNER_PATTERN = /^(?:import|tmp)-([\w-]+)\.(\d+)-/;

export class Staging {
  readonly directory: string;

  /** Nothing is created until it is first used. */
  constructor(directory: string) {
    this.directory = path.resolve(directory);
  }

  /** A new empty folder; the caller removes it when done. */
  async folder(): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    return mkdtemp(path.join(this.directory, `import-${STAGING_OWNER}-`));
  }

  /** A fresh file name (nothing is created). */
  async fileName(): Promise<string> {
    await mkdir(this.directory, { recursive: true });
    return path.join(this.directory, `tmp-${STAGING_OWNER}-${randomUUID()}`);
  }

  /**
   * Removes what processes that ended without cleaning up (a crash, `kill -9`) left; returns how
   * many entries went.
   */
  async sweep(now = Date.now()): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.directory);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
      throw error;
    }
    let removed = 0;
    const thisHost = STAGING_OWNER.slice(0, STAGING_OWNER.lastIndexOf("."));
    for (const entry of entries) {
      const full = path.join(this.directory, entry);
      const owner = OWNER_PATTERN.exec(entry);
      const isOrphan = owner?.[1] === thisHost && !isProcessAlive(Number(owner[2]));
      const stats = isOrphan ? null : await stat(full).catch(() => null);
      if (isOrphan || (stats && now - stats.mtimeMs > STALE_STAGING_MS)) {
        await rm(full, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }
}

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
