// Counting files on the media disk: how many and how many bytes under a folder, walked on request.
// Links are counted as links, never followed; a folder that disappears during the walk (an upload
// taken, a staging folder removed) simply counts as empty.
import type { Dirent } from "node:fs";
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";

export interface Tally {
  files: number;
  bytes: number;
}

/** Files whose sizes are read at once. */
const STAT_BATCH = 64;

export const emptyTally = (): Tally => ({ files: 0, bytes: 0 });

export function addTally(into: Tally, more: Tally): Tally {
  into.files += more.files;
  into.bytes += more.bytes;
  return into;
}

/** The entries of a folder; none when it does not exist (or is not a folder). */
export async function entriesOf(dir: string): Promise<Dirent[]> {
  try {
    return await readdir(dir, { withFileTypes: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return [];
    throw error;
  }
}

/** Sizes of these files (each one gone meanwhile counts as nothing). */
async function sizesOf(files: string[]): Promise<Tally> {
  const tally = emptyTally();
  for (let start = 0; start < files.length; start += STAT_BATCH) {
    const sizes = await Promise.all(
      files.slice(start, start + STAT_BATCH).map((file) =>
        lstat(file).then(
          (info) => info.size,
          () => null,
        ),
      ),
    );
    for (const size of sizes) {
      if (size === null) continue;
      tally.files++;
      tally.bytes += size;
    }
  }
  return tally;
}

/** Every file under `dir`, at any depth. */
export async function tallyTree(dir: string): Promise<Tally> {
  const tally = emptyTally();
  const folders = [dir];
  for (let folder = folders.pop(); folder !== undefined; folder = folders.pop()) {
    const files: string[] = [];
    for (const entry of await entriesOf(folder)) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) folders.push(full);
      else files.push(full);
    }
    addTally(tally, await sizesOf(files));
  }
  return tally;
}
