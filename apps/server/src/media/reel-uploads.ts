// Resumable uploads of reels (the tus protocol), and the originals waiting for their conversion.
// On disk (@tus/file-store) each upload is a file named by its id with a `<id>.json` beside it;
// in a bucket (@tus/s3-store) it is a multipart upload under `.reel-uploads/<id>` with an
// `<id>.info` object, so that every request of one upload may reach a different process. Either
// way the metadata holds who sent it (set by the server, never by the sender). Taking an upload for
// a reel moves it to `sources` (`<reelId>/source`, with `captions.vtt` beside it), where it waits
// to be processed: a rename on disk, a server-side copy in a bucket. Uploads not taken within a
// day are swept.
import { randomBytes } from "node:crypto";
import { readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { DeleteObjectsCommand } from "@aws-sdk/client-s3";
import { FileStore } from "@tus/file-store";
import { S3Store } from "@tus/s3-store";
import type { DataStore } from "@tus/utils";
import type { BucketLocation } from "../core/config.ts";
import { AppError } from "../core/errors.ts";
import { type Bucket, BucketMediaStorage } from "./bucket-storage.ts";
import type { Staging } from "./staging.ts";
import { LocalMediaStorage, type MediaStorage } from "./storage.ts";
import { UPLOAD_LIFETIME_MS } from "./upload-store.ts";

/** The metadata key holding the sender's user id. */
export const OWNER_KEY = "litverseOwner";
const ID_PATTERN = /^[0-9a-f]{32}$/;
export const UPLOAD_GONE = "That upload is gone. Send the video again.";
/** The original's name inside its source folder; captions, when given, beside it. */
const SOURCE_FILE = "source";
const SOURCE_CAPTIONS = "captions.vtt";
const BUCKET_PREFIX = ".reel-uploads/";

export interface FinishedReelUpload {
  id: string;
  size: number;
  /** The file's name on the sender's device, as their client said (for display only). */
  name: string;
}

/** A file on this machine's disk for as long as it is needed (the upload itself, or a copy). */
export interface LocalFile {
  path: string;
  release(): Promise<void>;
}

interface UploadFound {
  started: number;
  files: number;
  bytes: number;
}

export interface ReelUploadUsage {
  uploads: { files: number; bytes: number; items: number };
  sources: { files: number; bytes: number; items: number };
}

export class ReelUploadStore {
  /** Originals waiting for their conversion, by reel: `<reelId>/source`, `<reelId>/captions.vtt`. */
  readonly sources: MediaStorage;
  /** Where uploads live on disk (when not in a bucket). */
  readonly directory: string;
  readonly #staging: Staging;
  readonly #bucket: { location: BucketLocation; bucket: Bucket } | null;
  /** The uploads' objects in the bucket (null on disk). */
  readonly #bucketUploads: BucketMediaStorage | null;
  #datastore: DataStore | null = null;

  /** On disk under `directory`, or in the bucket when one is given. */
  constructor(options: {
    directory: string;
    staging: Staging;
    bucket?: { location: BucketLocation; bucket: Bucket };
  }) {
    this.directory = path.resolve(options.directory);
    this.#staging = options.staging;
    this.#bucket = options.bucket ?? null;
    this.#bucketUploads = this.#bucket
      ? new BucketMediaStorage(this.#bucket.bucket, options.staging, {
          prefix: BUCKET_PREFIX,
          withVariants: false,
        })
      : null;
    this.sources = this.#bucket
      ? new BucketMediaStorage(this.#bucket.bucket, options.staging, {
          prefix: ".reel-sources/",
          withVariants: false,
        })
      : new LocalMediaStorage(path.join(this.directory, "sources"), {
          staging: options.staging,
          withVariants: false,
        });
  }

  /** Made on first use: a server that never receives a reel leaves no folder. */
  get datastore(): DataStore {
    this.#datastore ??= this.#bucket
      ? new S3Store({
          partSize: 8 * 1024 * 1024,
          s3ClientConfig: {
            bucket: this.#bucket.bucket.name,
            region: this.#bucket.location.region,
            forcePathStyle: this.#bucket.location.forcePathStyle,
            ...(this.#bucket.location.endpoint ? { endpoint: this.#bucket.location.endpoint } : {}),
            ...(this.#bucket.location.credentials ? { credentials: this.#bucket.location.credentials } : {}),
            requestChecksumCalculation: "WHEN_REQUIRED",
            responseChecksumValidation: "WHEN_REQUIRED",
          },
        })
      : new FileStore({ directory: this.directory });
    return this.#datastore;
  }

  /**
   * How uploads are named: a plain id in URLs, the datastore's key behind it (in a bucket, under
   * `.reel-uploads/`, away from the media).
   */
  get naming() {
    const prefix = this.#bucket ? BUCKET_PREFIX : "";
    return {
      namingFunction: () => `${prefix}${randomBytes(16).toString("hex")}`,
      generateUrl: (_request: unknown, { path: base, id }: { path: string; id: string }) =>
        `${base}/${id.slice(prefix.length)}`,
      getFileIdFromRequest: (_request: unknown, lastPath?: string) =>
        lastPath && ID_PATTERN.test(lastPath) ? `${prefix}${lastPath}` : undefined,
    };
  }

  #key(id: string): string {
    return this.#bucket ? `${BUCKET_PREFIX}${id}` : id;
  }

  /** Who sent upload `id`, or null when there is no such upload. */
  async ownerOf(id: string): Promise<string | null> {
    if (!ID_PATTERN.test(id)) return null;
    try {
      const upload = await this.datastore.getUpload(this.#key(id));
      return upload.metadata?.[OWNER_KEY] ?? null;
    } catch {
      return null;
    }
  }

  /** A complete upload `ownerId` sent; NOT_FOUND for anyone else's, CONFLICT while bytes are missing. */
  async finished(id: string, ownerId: string): Promise<FinishedReelUpload> {
    if (!ID_PATTERN.test(id)) throw new AppError("NOT_FOUND", UPLOAD_GONE);
    let upload: Awaited<ReturnType<DataStore["getUpload"]>>;
    try {
      upload = await this.datastore.getUpload(this.#key(id));
    } catch {
      throw new AppError("NOT_FOUND", UPLOAD_GONE);
    }
    if (upload.metadata?.[OWNER_KEY] !== ownerId) throw new AppError("NOT_FOUND", UPLOAD_GONE);
    if (upload.size === undefined || upload.offset !== upload.size) {
      throw new AppError("CONFLICT", "The video has not finished uploading yet.");
    }
    const name = upload.metadata?.filename ?? upload.metadata?.name ?? "";
    return { id, size: upload.size, name: name.slice(0, 200) };
  }

  /** The finished upload as a file on this machine (a copy from the bucket, released after use). */
  async localFile(upload: FinishedReelUpload): Promise<LocalFile> {
    if (!this.#bucketUploads) return { path: path.join(this.directory, upload.id), release: async () => {} };
    return this.#download(this.#bucketUploads, upload.id);
  }

  /** The original of reel `reelId` as a file on this machine, released after use. */
  sourceFile(reelId: string): Promise<LocalFile> {
    const key = `${checkReelId(reelId)}/${SOURCE_FILE}`;
    if (this.sources instanceof LocalMediaStorage) {
      return Promise.resolve({ path: this.sources.resolve(key), release: async () => {} });
    }
    return this.#download(this.sources, key);
  }

  async #download(store: MediaStorage, key: string): Promise<LocalFile> {
    const file = await this.#staging.fileName();
    try {
      await store.download(key, file);
    } catch (error) {
      await rm(file, { force: true });
      throw error;
    }
    return { path: file, release: () => rm(file, { force: true }) };
  }

  /** Makes a finished upload the original of reel `reelId`, and forgets the upload. */
  async take(upload: FinishedReelUpload, reelId: string): Promise<void> {
    const key = `${checkReelId(reelId)}/${SOURCE_FILE}`;
    if (this.sources instanceof LocalMediaStorage) {
      await this.sources.moveIn(path.join(this.directory, upload.id), key);
    } else if (this.sources instanceof BucketMediaStorage) {
      await this.sources.copyObjectIn(`${BUCKET_PREFIX}${upload.id}`, key);
    }
    await this.remove(upload.id);
  }

  /** Stores a file from this machine as the original of reel `reelId` (the demo's reels). */
  async putSource(reelId: string, localPath: string): Promise<void> {
    await this.sources.copyIn(localPath, `${checkReelId(reelId)}/${SOURCE_FILE}`);
  }

  async writeCaptions(reelId: string, captions: string): Promise<void> {
    await this.sources.writeFile(`${checkReelId(reelId)}/${SOURCE_CAPTIONS}`, captions);
  }

  /** Copies the captions sent with reel `reelId` to `target`; false when none were sent. */
  async captionsInto(reelId: string, target: string): Promise<boolean> {
    const key = `${checkReelId(reelId)}/${SOURCE_CAPTIONS}`;
    if (!(await this.sources.stat(key))) return false;
    await this.sources.download(key, target);
    return true;
  }

  async hasSource(reelId: string): Promise<boolean> {
    return (await this.sources.stat(`${checkReelId(reelId)}/${SOURCE_FILE}`)) !== null;
  }

  async removeSource(reelId: string): Promise<void> {
    await this.sources.remove(checkReelId(reelId));
  }

  async remove(id: string): Promise<void> {
    if (!ID_PATTERN.test(id)) return;
    if (!this.#bucket) {
      await rm(path.join(this.directory, id), { force: true });
      await rm(path.join(this.directory, `${id}.json`), { force: true });
      return;
    }
    // What a finished or abandoned upload leaves: the object, its record, an unfinished last part.
    const key = this.#key(id);
    await this.datastore.remove(key).catch(() => {});
    await this.#bucket.bucket.client.send(
      new DeleteObjectsCommand({
        Bucket: this.#bucket.bucket.name,
        Delete: { Objects: [{ Key: key }, { Key: `${key}.info` }, { Key: `${key}.part` }], Quiet: true },
      }),
    );
  }

  /** Removes uploads started more than a day ago (finished or not), and stray files as old. */
  async sweep(now = Date.now()): Promise<number> {
    let removed = 0;
    for (const [id, { started }] of await this.#uploadsFound()) {
      if (now - started > UPLOAD_LIFETIME_MS) {
        await this.remove(id);
        removed++;
      }
    }
    return removed;
  }

  /** Reels whose originals have waited for longer than an upload lives. */
  async staleSources(now = Date.now()): Promise<string[]> {
    const newest = new Map<string, number>();
    for await (const file of this.sources.list()) {
      const reelId = file.key.split("/")[0] as string;
      newest.set(reelId, Math.max(newest.get(reelId) ?? 0, file.mtime.getTime()));
    }
    return [...newest].filter(([, time]) => now - time > UPLOAD_LIFETIME_MS).map(([reelId]) => reelId);
  }

  /** What the uploads and the originals waiting hold. */
  async usage(): Promise<ReelUploadUsage> {
    const usage: ReelUploadUsage = {
      uploads: { files: 0, bytes: 0, items: 0 },
      sources: { files: 0, bytes: 0, items: 0 },
    };
    const reels = new Set<string>();
    for await (const file of this.sources.list()) {
      reels.add(file.key.split("/")[0] as string);
      usage.sources.files++;
      usage.sources.bytes += file.size;
    }
    usage.sources.items = reels.size;
    for (const found of (await this.#uploadsFound()).values()) {
      usage.uploads.items++;
      usage.uploads.files += found.files;
      usage.uploads.bytes += found.bytes;
    }
    return usage;
  }

  /** Every upload there is: when it began, and its files (the upload's bytes and its record). */
  async #uploadsFound(): Promise<Map<string, UploadFound>> {
    const found = new Map<string, UploadFound>();
    const add = (id: string, file: { size: number; time: number }) => {
      const entry = found.get(id) ?? { started: Number.POSITIVE_INFINITY, files: 0, bytes: 0 };
      entry.started = Math.min(entry.started, file.time);
      entry.files++;
      entry.bytes += file.size;
      found.set(id, entry);
    };
    if (this.#bucketUploads) {
      for await (const object of this.#bucketUploads.listObjects()) {
        const id = object.name.replace(/\.(info|part)$/, "");
        if (ID_PATTERN.test(id)) add(id, { size: object.size, time: object.mtime.getTime() });
      }
      return found;
    }
    const entries = await readdir(this.directory).catch(() => [] as string[]);
    for (const entry of entries) {
      const id = entry.replace(/\.json$/, "");
      if (!ID_PATTERN.test(id)) continue;
      const info = await stat(path.join(this.directory, entry)).catch(() => null);
      if (info) add(id, { size: info.size, time: info.mtimeMs });
    }
    // A recorded creation time is when the upload began, whatever its files' times say.
    for (const [id, entry] of found) {
      const created = await this.#recordedStart(id);
      if (created !== null) entry.started = created;
    }
    return found;
  }

  /** When the record of an upload on disk says it began, or null. */
  async #recordedStart(id: string): Promise<number | null> {
    try {
      const info = JSON.parse(await readFile(path.join(this.directory, `${id}.json`), "utf8")) as {
        creation_date?: string;
      };
      const created = Date.parse(info.creation_date ?? "");
      return Number.isFinite(created) ? created : null;
    } catch {
      // No readable record: the files' own times decide.
      return null;
    }
  }
}

function checkReelId(reelId: string): string {
  if (!/^[0-9a-f-]{36}$/.test(reelId)) throw new AppError("BAD_REQUEST", "Not a valid reel.");
  return reelId;
}
