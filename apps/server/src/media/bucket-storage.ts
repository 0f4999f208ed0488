// Media in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), through the AWS SDK. A key is an
// object name under the store's prefix: media keys at the top of the bucket, derived files under
// `.variants/`, uploads waiting under `.uploads/` (no media key starts with a dot). A "folder" is
// every object under `<key>/`. Staging stays on this machine's disk: tools need real files.
import { createReadStream, createWriteStream } from "node:fs";
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { BucketLocation } from "../core/config.ts";
import { AppError } from "../core/errors.ts";
import { servedType } from "./media-types.ts";
import type { Staging } from "./staging.ts";
import { checkMediaKey, type MediaStat, type MediaStorage, type StoredFile } from "./storage.ts";

export interface Bucket {
  client: S3Client;
  name: string;
}

/** Files uploaded side by side when a folder goes in (an import's pages, a reel's renditions). */
const UPLOAD_CONCURRENCY = 8;
/** The most keys one DeleteObjects call takes. */
const DELETE_BATCH = 1_000;

export function openBucket(location: BucketLocation): Bucket {
  const client = new S3Client({
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    ...(location.endpoint ? { endpoint: location.endpoint } : {}),
    ...(location.credentials ? { credentials: location.credentials } : {}),
    // Some S3-compatible servers refuse the SDK's newer default checksums on every request.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  return { client, name: location.bucket };
}

export class BucketMediaStorage implements MediaStorage {
  readonly bucket: Bucket;
  /** Prepended to every key: "" for media, ".variants/" for derived files. */
  readonly prefix: string;
  readonly variants: BucketMediaStorage | null;
  readonly staging: Staging;

  constructor(bucket: Bucket, staging: Staging, options: { prefix?: string; withVariants?: boolean } = {}) {
    this.bucket = bucket;
    this.prefix = options.prefix ?? "";
    this.staging = staging;
    this.variants =
      options.withVariants === false
        ? null
        : new BucketMediaStorage(bucket, staging, {
            prefix: `${this.prefix}.variants/`,
            withVariants: false,
          });
  }

  /** The object name of `key`; refuses a key that could reach the store's internals. */
  objectName(key: string): string {
    return this.prefix + checkMediaKey(key).join("/");
  }

  async moveIn(sourcePath: string, key: string): Promise<void> {
    await this.copyIn(sourcePath, key);
    await rm(sourcePath, { recursive: true, force: true });
  }

  async copyIn(sourcePath: string, key: string): Promise<void> {
    const name = this.objectName(key);
    const info = await stat(sourcePath);
    if (info.isDirectory()) {
      if (await this.#hasAnyUnder(`${name}/`))
        throw new AppError("CONFLICT", `Media already exists at ${key}.`);
      const files = await filesUnder(sourcePath);
      await forEachLimited(files, UPLOAD_CONCURRENCY, (relative) =>
        this.#putFile(path.join(sourcePath, relative), `${name}/${relative}`),
      );
    } else {
      await this.#putFile(sourcePath, name);
    }
    await this.variants?.remove(key);
  }

  async writeFile(key: string, data: string | Uint8Array): Promise<void> {
    const name = this.objectName(key);
    await this.bucket.client.send(
      new PutObjectCommand({ Bucket: this.bucket.name, Key: name, Body: data, ...contentTypeOf(name) }),
    );
    await this.variants?.remove(key);
  }

  async read(key: string): Promise<Buffer> {
    const body = await this.openRead(key);
    const chunks: Buffer[] = [];
    for await (const chunk of body) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async openRead(key: string): Promise<Readable> {
    try {
      const object = await this.bucket.client.send(
        new GetObjectCommand({ Bucket: this.bucket.name, Key: this.objectName(key) }),
      );
      return object.Body as Readable;
    } catch (error) {
      throw missingOr(error, key);
    }
  }

  async download(key: string, localPath: string): Promise<void> {
    await pipeline(await this.openRead(key), createWriteStream(localPath));
  }

  async remove(key: string): Promise<void> {
    const name = this.objectName(key);
    const names = [name];
    for await (const object of this.#objectsUnder(`${name}/`)) names.push(object.Key);
    for (let start = 0; start < names.length; start += DELETE_BATCH) {
      const batch = names.slice(start, start + DELETE_BATCH);
      await this.bucket.client.send(
        new DeleteObjectsCommand({
          Bucket: this.bucket.name,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
    }
    await this.variants?.remove(key);
  }

  async stat(key: string): Promise<MediaStat | null> {
    const name = this.objectName(key);
    try {
      const head = await this.bucket.client.send(
        new HeadObjectCommand({ Bucket: this.bucket.name, Key: name }),
      );
      return { size: head.ContentLength ?? 0, mtime: head.LastModified ?? new Date(0), isDirectory: false };
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    return (await this.#hasAnyUnder(`${name}/`)) ? { size: 0, mtime: new Date(0), isDirectory: true } : null;
  }

  async *list(prefix?: string): AsyncIterable<StoredFile> {
    const name = prefix ? this.objectName(prefix) : null;
    // One listing: the object named `prefix` itself, and those under `prefix/` (not `prefix-other`).
    for await (const object of this.#objectsUnder(name ?? this.prefix)) {
      if (name && object.Key !== name && !object.Key.startsWith(`${name}/`)) continue;
      const key = object.Key.slice(this.prefix.length);
      // Objects of the store's own areas (`.variants/`, `.uploads/`) are not media keys.
      if (key.startsWith(".") || key.includes("/.")) continue;
      yield { key, size: object.Size, mtime: object.LastModified };
    }
  }

  /** Copies the object `sourceName` (a whole object name, prefix included) to `key`, inside the bucket. */
  async copyObjectIn(sourceName: string, key: string): Promise<void> {
    const name = this.objectName(key);
    await this.bucket.client.send(
      new CopyObjectCommand({
        Bucket: this.bucket.name,
        Key: name,
        CopySource: `${this.bucket.name}/${sourceName.split("/").map(encodeURIComponent).join("/")}`,
        ...contentTypeOf(name),
        MetadataDirective: "REPLACE",
      }),
    );
    await this.variants?.remove(key);
  }

  /** Every object under the prefix, the store's own areas included, by its name after the prefix. */
  async *listObjects(): AsyncIterable<{ name: string; size: number; mtime: Date }> {
    for await (const object of this.#objectsUnder(this.prefix)) {
      yield { name: object.Key.slice(this.prefix.length), size: object.Size, mtime: object.LastModified };
    }
  }

  stagingDir(): Promise<string> {
    return this.staging.folder();
  }

  sweepStaging(): Promise<number> {
    return this.staging.sweep();
  }

  async #putFile(localPath: string, name: string): Promise<void> {
    const upload = new Upload({
      client: this.bucket.client,
      params: {
        Bucket: this.bucket.name,
        Key: name,
        Body: createReadStream(localPath),
        ...contentTypeOf(name),
      },
    });
    await upload.done();
  }

  async #hasAnyUnder(prefix: string): Promise<boolean> {
    const page = await this.bucket.client.send(
      new ListObjectsV2Command({ Bucket: this.bucket.name, Prefix: prefix, MaxKeys: 1 }),
    );
    return (page.KeyCount ?? page.Contents?.length ?? 0) > 0;
  }

  async *#objectsUnder(prefix: string): AsyncIterable<{ Key: string; Size: number; LastModified: Date }> {
    let token: string | undefined;
    do {
      const page = await this.bucket.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket.name, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) {
          yield { Key: object.Key, Size: object.Size ?? 0, LastModified: object.LastModified ?? new Date(0) };
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** Stored with the type the media route serves it with, so signed URLs need no override. */
function contentTypeOf(name: string): { ContentType?: string } {
  const type = servedType(name);
  return type ? { ContentType: type } : {};
}

export function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.name === "NotFound" || error.$metadata.httpStatusCode === 404;
}

function missingOr(error: unknown, key: string): unknown {
  return isMissing(error) ? new AppError("NOT_FOUND", `No media file at ${key}.`) : error;
}

/** Every file under `root`, as POSIX paths relative to it. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"));
}

async function forEachLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await run(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
