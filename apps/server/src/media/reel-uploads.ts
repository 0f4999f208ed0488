// Resumable uploads of reels (the tus protocol, through @tus/file-store): each upload is a file
// named by its id with a `<id>.json` beside it holding its size, offset and metadata, including who
// sent it (set by the server, never by the sender). They live beside the media, on the same disk,
// so that taking one for a reel is a rename (into `sources/<reelId>/`, where it waits to be
// processed). Uploads not taken within a day are swept.
import { readdir, readFile, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { FileStore } from "@tus/file-store";
import { AppError } from "../core/errors.ts";
import { UPLOAD_LIFETIME_MS } from "./upload-store.ts";

/** The metadata key holding the sender's user id. */
export const OWNER_KEY = "litverseOwner";
const ID_PATTERN = /^[0-9a-f]{32}$/;
export const UPLOAD_GONE = "That upload is gone. Send the video again.";

export interface FinishedReelUpload {
  id: string;
  path: string;
  size: number;
  /** The file's name on the sender's device, as their client said (for display only). */
  name: string;
}

export class ReelUploadStore {
  readonly directory: string;
  #datastore: FileStore | null = null;

  constructor(directory: string) {
    this.directory = path.resolve(directory);
  }

  /** Made on first use: a server that never receives a reel leaves no folder. */
  get datastore(): FileStore {
    this.#datastore ??= new FileStore({ directory: this.directory });
    return this.#datastore;
  }

  /** Who sent upload `id`, or null when there is no such upload. */
  async ownerOf(id: string): Promise<string | null> {
    if (!ID_PATTERN.test(id)) return null;
    try {
      const upload = await this.datastore.getUpload(id);
      return upload.metadata?.[OWNER_KEY] ?? null;
    } catch {
      return null;
    }
  }

  /** A complete upload `ownerId` sent; NOT_FOUND for anyone else's, CONFLICT while bytes are missing. */
  async finished(id: string, ownerId: string): Promise<FinishedReelUpload> {
    if (!ID_PATTERN.test(id)) throw new AppError("NOT_FOUND", UPLOAD_GONE);
    let upload: Awaited<ReturnType<FileStore["getUpload"]>>;
    try {
      upload = await this.datastore.getUpload(id);
    } catch {
      throw new AppError("NOT_FOUND", UPLOAD_GONE);
    }
    if (upload.metadata?.[OWNER_KEY] !== ownerId) throw new AppError("NOT_FOUND", UPLOAD_GONE);
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new AppError("CONFLICT", "The video has not finished uploading yet.");
    }
    const name = upload.metadata?.filename ?? upload.metadata?.name ?? "";
    return { id, path: path.join(this.directory, id), size: upload.size, name: name.slice(0, 200) };
  }

  /** Moves a finished upload's file to `target` (same disk) and forgets the upload. */
  async take(upload: FinishedReelUpload, target: string): Promise<void> {
    await rename(upload.path, target);
    await this.remove(upload.id);
  }

  /** Where a reel's original file (and its captions) wait while the reel is processed. */
  sourceDir(reelId: string): string {
    if (!/^[0-9a-f-]{36}$/.test(reelId)) throw new AppError("BAD_REQUEST", "Not a valid reel.");
    return path.join(this.directory, "sources", reelId);
  }

  async removeSource(reelId: string): Promise<void> {
    await rm(this.sourceDir(reelId), { recursive: true, force: true });
  }

  async remove(id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) return;
    await rm(path.join(this.directory, id), { force: true });
    await rm(path.join(this.directory, `${id}.json`), { force: true });
  }

  /** Removes uploads started more than a day ago (finished or not), and stray files as old. */
  async sweep(now = Date.now()): Promise<number> {
    let entries: string[];
    try {
      entries = await readdir(this.directory);
    } catch {
      return 0;
    }
    let removed = 0;
    for (const entry of entries) {
      const id = entry.replace(/\.json$/, "");
      if (!ID_PATTERN.test(id) || (entry !== id && entries.includes(id))) continue;
      const started = await this.startedAt(id);
      if (started !== null && now - started > UPLOAD_LIFETIME_MS) {
        await this.remove(id);
        removed++;
      }
    }
    return removed;
  }

  /** Reels whose originals have waited in `sources/` for longer than an upload lives. */
  async staleSources(now = Date.now()): Promise<string[]> {
    const root = path.join(this.directory, "sources");
    let entries: string[];
    try {
      entries = await readdir(root);
    } catch {
      return [];
    }
    const stale: string[] = [];
    for (const entry of entries) {
      const info = await stat(path.join(root, entry)).catch(() => null);
      if (info && now - info.mtimeMs > UPLOAD_LIFETIME_MS) stale.push(entry);
    }
    return stale;
  }

  /** When an upload began: its recorded creation time, else the oldest of its files' times. */
  private async startedAt(id: string): Promise<number | null> {
    try {
      const info = JSON.parse(await readFile(path.join(this.directory, `${id}.json`), "utf8")) as {
        creation_date?: string;
      };
      const created = Date.parse(info.creation_date ?? "");
      if (Number.isFinite(created)) return created;
    } catch {
      // No readable record: the files' own times decide.
    }
    const times = await Promise.all(
      [id, `${id}.json`].map((name) =>
        stat(path.join(this.directory, name)).then(
          (info) => info.mtimeMs,
          () => null,
        ),
      ),
    );
    const known = times.filter((time): time is number => time !== null);
    return known.length > 0 ? Math.min(...known) : null;
  }
}
