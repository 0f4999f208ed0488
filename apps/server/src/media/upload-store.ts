// Files sent to the server before a function uses them (an import, a cover): each upload is a
// folder holding the files under neutral names and a manifest with their original names and who
// sent them. It lives beside the media files, on the same disk, so that importing moves rather
// than copies. With media in a bucket, a finished upload goes to the bucket too (the next call may
// reach another process) and only a working copy stays here, fetched again by whichever process
// opens it. Uploads nobody used are removed after a day.
import { randomUUID } from "node:crypto";
import { copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";
import { AppError } from "../core/errors.ts";
import type { ImportInput } from "./import/types.ts";
import type { MediaStorage } from "./storage.ts";

const MANIFEST = "upload.json";
/** Uploads older than this are removed by `sweep`. */
export const UPLOAD_LIFETIME_MS = 24 * 3_600_000;

const manifestSchema = z.object({
  ownerId: z.string(),
  createdAt: z.string(),
  files: z.array(z.object({ name: z.string(), file: z.string(), size: z.number() })),
});
type Manifest = z.infer<typeof manifestSchema>;

/** What an upload received: its files' names and sizes (their contents are for `open`). */
export interface ReceivedUpload {
  id: string;
  ownerId: string;
  files: Array<{ name: string; size: number }>;
}

export interface StoredUpload {
  id: string;
  ownerId: string;
  files: Array<ImportInput & { size: number }>;
}

/** A file name as shown and used for type hints: no folders, no control characters, 200 characters at most. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  const clean = base
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim()
    .slice(-200);
  return clean.length > 0 && clean !== "." && clean !== ".." ? clean : "file";
}

export class UploadStore {
  /** The uploads on this machine's disk: all of them, or working copies of the shared ones. */
  readonly root: string;
  /** Where finished uploads are shared between processes (a bucket area), or null. */
  private readonly shared: MediaStorage | null;

  constructor(root: string, shared: MediaStorage | null = null) {
    this.root = path.resolve(root);
    this.shared = shared;
  }

  private folder(id: string): string {
    if (!z.uuid().safeParse(id).success) throw new AppError("NOT_FOUND", "No such upload.");
    return path.join(this.root, id);
  }

  /**
   * Starts an upload: a folder to write files into with `fileTarget`, then `finish` with their
   * names. Nothing is visible under the id until the manifest is written.
   */
  async begin(ownerId: string) {
    const id = randomUUID();
    const folder = this.folder(id);
    await mkdir(path.join(folder, "files"), { recursive: true });
    const files: Manifest["files"] = [];
    return {
      id,
      /** Where the next file goes; `name` is the sender's name for it. */
      fileTarget: (name: string) => {
        const file = `files/${String(files.length + 1).padStart(4, "0")}`;
        files.push({ name: cleanFileName(name), file, size: 0 });
        return path.join(folder, file);
      },
      finish: async (): Promise<ReceivedUpload> => {
        for (const entry of files) entry.size = (await stat(path.join(folder, entry.file))).size;
        const manifest: Manifest = { ownerId, createdAt: new Date().toISOString(), files };
        if (this.shared) {
          for (const entry of files)
            await this.shared.copyIn(path.join(folder, entry.file), `${id}/${entry.file}`);
          // Last: an upload is visible once its manifest is.
          await this.shared.writeFile(`${id}/${MANIFEST}`, JSON.stringify(manifest));
          // The bucket has it: whichever process opens it fetches a copy.
          await rm(folder, { recursive: true, force: true });
        } else {
          await writeFile(path.join(folder, MANIFEST), JSON.stringify(manifest));
        }
        return { id, ownerId, files: files.map(({ name, size }) => ({ name, size })) };
      },
      abandon: () => rm(folder, { recursive: true, force: true }),
    };
  }

  /** Copies files from this machine into a new upload (the command line's imports). */
  async fromLocalFiles(ownerId: string, paths: string[]): Promise<ReceivedUpload> {
    const upload = await this.begin(ownerId);
    try {
      for (const source of paths) await copyFile(source, upload.fileTarget(path.basename(source)));
      return await upload.finish();
    } catch (error) {
      await upload.abandon();
      throw error;
    }
  }

  /** The upload, if it exists and `ownerId` sent it (any admin may use another admin's upload when null). */
  async open(id: string, ownerId: string | null): Promise<StoredUpload> {
    let manifest: Manifest;
    try {
      manifest = await this.readManifest(id);
    } catch {
      throw new AppError("NOT_FOUND", "That upload is gone. Send the files again.");
    }
    if (ownerId !== null && manifest.ownerId !== ownerId) {
      throw new AppError("NOT_FOUND", "That upload is gone. Send the files again.");
    }
    return this.toUpload(id, manifest);
  }

  async remove(id: string): Promise<void> {
    await rm(this.folder(id), { recursive: true, force: true });
    await this.shared?.remove(id);
  }

  /** Files and bytes of the uploads waiting (wherever they are shared), and how many uploads. */
  async usage(): Promise<{ files: number; bytes: number; items: number }> {
    const usage = { files: 0, bytes: 0, items: 0 };
    if (this.shared) {
      const ids = new Set<string>();
      for await (const file of this.shared.list()) {
        ids.add(file.key.split("/")[0] as string);
        usage.files++;
        usage.bytes += file.size;
      }
      usage.items = ids.size;
      return usage;
    }
    for (const id of await readdir(this.root).catch(() => [] as string[])) {
      const files = await readdir(path.join(this.root, id), { recursive: true, withFileTypes: true }).catch(
        () => [],
      );
      usage.items++;
      for (const entry of files) {
        if (!entry.isFile()) continue;
        const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
        if (!info) continue;
        usage.files++;
        usage.bytes += info.size;
      }
    }
    return usage;
  }

  /** The manifest from this machine, or fetched with the files from the shared store. */
  private async readManifest(id: string): Promise<Manifest> {
    const local = path.join(this.folder(id), MANIFEST);
    const text = await readFile(local, "utf8").catch(() => null);
    if (text !== null || !this.shared) return manifestSchema.parse(JSON.parse(text ?? ""));
    const manifest = manifestSchema.parse(
      JSON.parse((await this.shared.read(`${id}/${MANIFEST}`)).toString("utf8")),
    );
    const folder = this.folder(id);
    await mkdir(path.join(folder, "files"), { recursive: true });
    for (const entry of manifest.files)
      await this.shared.download(`${id}/${entry.file}`, path.join(folder, entry.file));
    await writeFile(local, JSON.stringify(manifest));
    return manifest;
  }

  /** Removes uploads older than their lifetime, and unfinished ones as old. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    if (this.shared) {
      const stale = new Set<string>();
      for await (const file of this.shared.list()) {
        if (now - file.mtime.getTime() > UPLOAD_LIFETIME_MS) stale.add(file.key.split("/")[0] as string);
      }
      for (const id of stale) await this.shared.remove(id);
      removed += stale.size;
    }
    let entries: string[];
    try {
      entries = await readdir(this.root);
    } catch {
      return 0;
    }
    for (const entry of entries) {
      const folder = path.join(this.root, entry);
      const info = await stat(folder).catch(() => null);
      if (info && now - info.mtimeMs > UPLOAD_LIFETIME_MS) {
        await rm(folder, { recursive: true, force: true });
        removed++;
      }
    }
    return removed;
  }

  private toUpload(id: string, manifest: Manifest): StoredUpload {
    const folder = this.folder(id);
    return {
      id,
      ownerId: manifest.ownerId,
      files: manifest.files.map((entry) => ({
        name: entry.name,
        path: path.join(folder, entry.file),
        size: entry.size,
      })),
    };
  }
}
