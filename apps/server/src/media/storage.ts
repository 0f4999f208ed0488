// Where media files live. Everything else names a file by its key, a POSIX relative path such as
// `covers/<contentId>/cover-ab12cd34.jpg` or `episodes/<episodeId>/pages/0001.jpg`, never by a
// path on disk, so that the store can change without touching its users: this machine's disk
// (LocalMediaStorage, below) or an S3-compatible bucket (bucket-storage.ts). Tools that need a
// file on disk (image resizing, unpacking, ffmpeg) work in a staging folder on this machine and
// move or copy the result in.
import { createReadStream } from "node:fs";
import { copyFile, cp, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { AppError } from "../core/errors.ts";
import { Staging } from "./staging.ts";

export interface MediaStat {
  size: number;
  mtime: Date;
  isDirectory: boolean;
}

export interface StoredFile {
  key: string;
  size: number;
  mtime: Date;
}

export interface MediaStorage {
  /**
   * Moves a file or a whole folder (an importer's staging output) to `key`. A file replaces what is
   * there; a folder must not exist yet. Readers never see a half-written file.
   */
  moveIn(sourcePath: string, key: string): Promise<void>;
  /** Copies a file or a folder to `key`, with the same rules as `moveIn`. */
  copyIn(sourcePath: string, key: string): Promise<void>;
  /** Writes a file at `key` atomically, replacing what is there. */
  writeFile(key: string, data: string | Uint8Array): Promise<void>;
  /** The whole file at `key` (chapters, styles: small files); NOT_FOUND when it is missing. */
  read(key: string): Promise<Buffer>;
  /** The file at `key` as a stream, to copy it elsewhere; NOT_FOUND when it is missing. */
  openRead(key: string): Promise<Readable>;
  /** Copies the file at `key` to a file on this machine, for tools that need one. */
  download(key: string, localPath: string): Promise<void>;
  /** Removes the file or folder at `key` (and its cached variants); nothing happens when it is missing. */
  remove(key: string): Promise<void>;
  /** Size and modification time of `key`, or null when it does not exist. */
  stat(key: string): Promise<MediaStat | null>;
  /** Every file under the folder `prefix` (the whole store without one), in no particular order. */
  list(prefix?: string): AsyncIterable<StoredFile>;
  /** Scratch space on this machine's disk. */
  readonly staging: Staging;
  /** A new empty local folder for an importer to write into; the caller removes it when done. */
  stagingDir(): Promise<string>;
  /**
   * Removes what processes that ended without cleaning up (a crash, `kill -9`) left in the
   * staging area; returns how many entries went.
   */
  sweepStaging(): Promise<number>;
  /**
   * Files derived from this store's files (resized images), keyed `<key>/<version>/<name>`; a file
   * written or removed here drops its own. Null for a store of derived files.
   */
  readonly variants: MediaStorage | null;
}

const STAGING = ".staging";
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
  readonly variants: LocalMediaStorage | null;
  readonly staging: Staging;

  /**
   * Nothing is created until something is written, so a server that never stores media leaves no
   * folder. Staging lives inside the store (`.staging`), on the same disk, so that moving a
   * finished import in is a rename; variants live in `.variants`.
   */
  constructor(root: string, options: { staging?: Staging; withVariants?: boolean } = {}) {
    this.root = path.resolve(root);
    this.staging = options.staging ?? new Staging(path.join(this.root, STAGING));
    this.variants =
      options.withVariants === false
        ? null
        : new LocalMediaStorage(path.join(this.root, VARIANTS), {
            staging: this.staging,
            withVariants: false,
          });
  }

  /** The absolute path of `key`; refuses a key that could leave the store or reach its internals. */
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
    await this.variants?.remove(key);
  }

  async copyIn(sourcePath: string, key: string): Promise<void> {
    const target = await this.prepareTarget(key);
    await this.copyThenRename(sourcePath, target, key);
    await this.variants?.remove(key);
  }

  async writeFile(key: string, data: string | Uint8Array): Promise<void> {
    const target = await this.prepareTarget(key);
    const temporary = await this.staging.fileName();
    try {
      await writeFile(temporary, data);
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { force: true });
      throw translateTargetError(error, key);
    }
    await this.variants?.remove(key);
  }

  async read(key: string): Promise<Buffer> {
    try {
      return await readFile(this.resolve(key));
    } catch (error) {
      throw missingOr(error, key);
    }
  }

  async openRead(key: string): Promise<Readable> {
    const file = this.resolve(key);
    const info = await stat(file).catch((error) => {
      throw missingOr(error, key);
    });
    if (!info.isFile()) throw missingOr(Object.assign(new Error("not a file"), { code: "ENOENT" }), key);
    return createReadStream(file);
  }

  async download(key: string, localPath: string): Promise<void> {
    await copyFile(this.resolve(key), localPath).catch((error) => {
      throw missingOr(error, key);
    });
  }

  async remove(key: string): Promise<void> {
    await rm(this.resolve(key), { recursive: true, force: true });
    await this.variants?.remove(key);
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

  async *list(prefix?: string): AsyncIterable<StoredFile> {
    const start = prefix ? this.resolve(prefix) : this.root;
    const info = await stat(start).catch(() => null);
    if (!info) return;
    if (info.isFile()) {
      yield { key: prefix as string, size: info.size, mtime: info.mtime };
      return;
    }
    const walk = async function* (dir: string, keyPrefix: string): AsyncIterable<StoredFile> {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        // The store's own folders (staging, variants, uploads) hold no keys.
        if (entry.name.startsWith(".")) continue;
        const full = path.join(dir, entry.name);
        const key = keyPrefix ? `${keyPrefix}/${entry.name}` : entry.name;
        if (entry.isDirectory()) yield* walk(full, key);
        else if (entry.isFile()) {
          const stats = await stat(full).catch(() => null);
          if (stats) yield { key, size: stats.size, mtime: stats.mtime };
        }
      }
    };
    yield* walk(start, prefix ?? "");
  }

  stagingDir(): Promise<string> {
    return this.staging.folder();
  }

  sweepStaging(): Promise<number> {
    return this.staging.sweep();
  }

  private async prepareTarget(key: string): Promise<string> {
    const target = this.resolve(key);
    await mkdir(path.dirname(target), { recursive: true });
    return target;
  }

  private async copyThenRename(sourcePath: string, target: string, key: string): Promise<void> {
    const temporary = await this.staging.fileName();
    try {
      await cp(sourcePath, temporary, { recursive: true, errorOnExist: true, force: false });
      await rename(temporary, target);
    } catch (error) {
      await rm(temporary, { recursive: true, force: true });
      throw translateTargetError(error, key);
    }
  }
}

/** NOT_FOUND for a key with no file; other errors as they are. */
export function missingOr(error: unknown, key: string): unknown {
  if (["ENOENT", "ENOTDIR", "EISDIR"].includes(code(error) ?? "")) {
    return new AppError("NOT_FOUND", `No media file at ${key}.`);
  }
  return error;
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
