// Where media files live. Everything else names a file by its key, a POSIX relative path such as
// `covers/<contentId>/cover-ab12cd34.jpg` or `episodes/<episodeId>/pages/0001.jpg`, never by a
// path on disk, so that the store can change without touching its users.
//
// Only the local-disk store exists. The interface is kept to what an S3-compatible store could
// also do (put an object or a prefix, delete a prefix, head an object, a scratch folder on local
// disk for importers); `resolve` is the one local notion: an object-storage implementation would
// return a path in a local read-through cache, or the /media route would redirect to the store or
// a CDN instead of reading the file itself.
import { randomUUID } from "node:crypto";
import { cp, mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { AppError } from "../core/errors.ts";

export interface MediaStat {
  size: number;
  mtime: Date;
  isDirectory: boolean;
}

export interface MediaStorage {
  /** The absolute local path of `key`; refuses a key that could leave the store or reach its internals. */
  resolve(key: string): string;
  /**
   * Moves a file or a whole folder (an importer's staging output) to `key`. A file replaces what is
   * there; a folder must not exist yet. Readers never see a half-written file or folder.
   */
  moveIn(sourcePath: string, key: string): Promise<void>;
  /** Copies a file or a folder to `key`, with the same rules as `moveIn`. */
  copyIn(sourcePath: string, key: string): Promise<void>;
  /** Writes a file at `key` atomically, replacing what is there. */
  writeFile(key: string, data: string | Uint8Array): Promise<void>;
  /** Removes the file or folder at `key` (and its cached variants); nothing happens when it is missing. */
  remove(key: string): Promise<void>;
  /** Size and modification time of `key`, or null when it does not exist. */
  stat(key: string): Promise<MediaStat | null>;
  /** A new empty local folder for an importer to write into; the caller removes it when done. */
  stagingDir(): Promise<string>;
  /**
   * Removes what processes that ended without cleaning up (a crash, `kill -9`) left in the
   * staging area; returns how many entries went.
   */
  sweepStaging(): Promise<number>;
  /** Local folder for derived files (image variants), outside the key space. */
  readonly variantsDir: string;
}

const STAGING = ".staging";
/** Staging entries this old are left over whoever made them (another machine on a shared disk). */
export const STALE_STAGING_MS = 24 * 3_600_000;

/**
 * Staging entries are named after the process that made them, `<kind>-<host>.<pid>-<random>`, so
 * that a sweep can tell the leftovers of a dead process from the work of a live one.
 */
const STAGING_OWNER = `${os.hostname().replace(/[^\w-]/g, "_")}.${process.pid}`;
const OWNER_PATTERN = /^(?:import|tmp)-([\w-]+)\.(\d+)-/;

function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return code(error) === "EPERM";
  }
}
const VARIANTS = ".variants";
const MAX_KEY_LENGTH = 1024;

/**
 * Checks a media key and returns its segments. Refused: empty, absolute, `.` or `..` or empty
 * segments, backslashes, control characters (NUL included), and any segment starting with a dot:
 * `.staging` and `.variants` are the store's internals, and no stored file needs a hidden name.
 */
export function checkMediaKey(key: string): string[] {
  const problem = keyProblem(key);
  if (problem) throw new AppError("BAD_REQUEST", `Invalid media key: ${problem}.`);
  return key.split("/");
}

export function isValidMediaKey(key: string): boolean {
  return keyProblem(key) === null;
}

function keyProblem(key: string): string | null {
  if (typeof key !== "string" || key.length === 0) return "empty";
  if (key.length > MAX_KEY_LENGTH) return "too long";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u001f\u007f]/.test(key)) return "control character";
  if (key.includes("\\")) return "backslash";
  if (key.startsWith("/")) return "absolute";
  for (const segment of key.split("/")) {
    if (segment === "") return "empty segment";
    if (segment === "." || segment === "..") return "relative segment";
    if (segment.startsWith(".")) return "hidden segment";
  }
  return null;
}

export class LocalMediaStorage implements MediaStorage {
  readonly root: string;
  readonly variantsDir: string;

  /** Nothing is created until something is written, so a server that never stores media leaves no folder. */
  constructor(root: string) {
    this.root = path.resolve(root);
    this.variantsDir = path.join(this.root, VARIANTS);
  }

  resolve(key: string): string {
    return path.join(this.root, ...checkMediaKey(key));
  }

  async moveIn(sourcePath: string, key: string): Promise<void> {
    const target = await this.prepareTarget(key);
    try {
      await rename(sourcePath, target);
    } catch (error) {
      if (code(error) !== "EXDEV") throw translateTargetError(error, key);
      // Another device: copy next to the target first, so that the final step is still a rename.
      await this.copyThenRename(sourcePath, target, key);
      await rm(sourcePath, { recursive: true, force: true });
    }
    await this.dropVariants(key);
  }

  async copyIn(sourcePath: string, key: string): Promise<void> {
    const target = await this.prepareTarget(key);
    await this.copyThenRename(sourcePath, target, key);
    await this.dropVariants(key);
  }

  async writeFile(key: string, data: string | Uint8Array): Promise<void> {
    const target = await this.prepareTarget(key);
    const temporary = await this.temporaryPath();
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw translateTargetError(error, key);
    }
    await this.dropVariants(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { recursive: true, force: true });
    await this.dropVariants(key);
  }

  async stat(key: string): Promise<MediaStat | null> {
    try {
      const stats = await stat(this.resolve(key));
      return { size: stats.size, mtime: stats.mtime, isDirectory: stats.isDirectory() };
    } catch (error) {
      if (code(error) === "ENOENT" || code(error) === "ENOTDIR") return null;
      throw error;
    }
  }

  async stagingDir(): Promise<string> {
    const staging = path.join(this.root, STAGING);
    await mkdir(staging, { recursive: true });
    return mkdtemp(path.join(staging, `import-${STAGING_OWNER}-`));
  }

  async sweepStaging(now = Date.now()): Promise<number> {
    const staging = path.join(this.root, STAGING);
    let entries: string[];
    try {
      entries = await readdir(staging);
    } catch (error) {
      if (code(error) === "ENOENT") return 0;
      throw error;
    }
    let removed = 0;
    const thisHost = STAGING_OWNER.slice(0, STAGING_OWNER.lastIndexOf("."));
    for (const entry of entries) {
      const full = path.join(staging, entry);
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

  private async prepareTarget(key: string): Promise<string> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    return target;
  }

  /** A fresh name under the staging folder: same device as every key, so a rename moves it in place. */
  private async temporaryPath(): Promise<string> {
    const staging = path.join(this.root, STAGING);
    await mkdir(staging, { recursive: true });
    return path.join(staging, `tmp-${STAGING_OWNER}-${randomUUID()}`);
  }

  private async copyThenRename(sourcePath: string, target: string, key: string): Promise<void> {
    const temporary = await this.temporaryPath();
    try {
      await cp(sourcePath, temporary, { recursive: true, errorOnExist: true, force: false });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      throw translateTargetError(error, key);
    }
  }

  /** Cached variants of what `key` held are stale once it changes. */
  private async dropVariants(key: string): Promise<void> {
    await rm(path.join(this.variantsDir, ...checkMediaKey(key)), { recursive: true, force: true });
  }
}

function code(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function translateTargetError(error: unknown, key: string): unknown {
  // rename(2) refuses to replace a folder that has content (and a folder by a file or the reverse).
  const refused = ["ENOTEMPTY", "EEXIST", "EISDIR", "ENOTDIR"];
  if (refused.includes(code(error) ?? "")) return new AppError("CONFLICT", `Media already exists at ${key}.`);
  return error;
}
