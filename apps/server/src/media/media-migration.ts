// Copies every media file between this machine's disk (MEDIA_DIR) and the bucket (S3_*), in either
// direction, before switching MEDIA_STORAGE. It can be stopped and run again: a file already at the
// destination with the same MD5 is skipped. Each copy is checked: the bucket computes the MD5 of
// what it received (an object's ETag for a single-part upload), and a file written to disk is read
// back through a hash before it is renamed into place. Variants are not copied (they are made again
// on request), nor uploads waiting (they last a day).
import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { HeadObjectCommand, type HeadObjectCommandOutput } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { Config } from "../core/config.ts";
import { BucketMediaStorage, isMissing, openBucket } from "./bucket-storage.ts";
import { servedType } from "./media-types.ts";
import { LocalMediaStorage } from "./storage.ts";

export type MigrationDirection = "to-bucket" | "to-disk";

export interface MigrationResult {
  copied: number;
  skipped: number;
  bytesCopied: number;
  /** Keys whose copy did not match its source (left for the next run). */
  failed: string[];
}

/** Where the source's MD5 is kept on the object, for objects uploaded in parts (their ETag is not one). */
const MD5_METADATA = "md5";

export async function migrateMedia(
  disk: LocalMediaStorage,
  bucket: BucketMediaStorage,
  direction: MigrationDirection,
  report: (line: string) => void = () => {},
): Promise<MigrationResult> {
  const result: MigrationResult = { copied: 0, skipped: 0, bytesCopied: 0, failed: [] };
  const source = direction === "to-bucket" ? disk : bucket;
  for await (const file of source.list()) {
    const done =
      direction === "to-bucket"
        ? await toBucket(disk, bucket, file.key)
        : await toDisk(disk, bucket, file.key);
    if (done === "skipped") result.skipped++;
    else if (done === "copied") {
      result.copied++;
      result.bytesCopied += file.size;
    } else result.failed.push(file.key);
    const seen = result.copied + result.skipped + result.failed.length;
    if (seen % 100 === 0) report(`${seen} files: ${result.copied} copied, ${result.skipped} already there`);
  }
  return result;
}

/** Between MEDIA_DIR and the bucket S3_* names, whichever MEDIA_STORAGE says is in use. */
export function migrateMediaBetween(
  config: Pick<Config, "mediaDir" | "bucket">,
  direction: MigrationDirection,
  report: (line: string) => void,
): Promise<MigrationResult> {
  if (!config.bucket) throw new Error("No bucket is configured.");
  const disk = new LocalMediaStorage(config.mediaDir);
  const bucket = new BucketMediaStorage(openBucket(config.bucket), disk.staging);
  return migrateMedia(disk, bucket, direction, report);
}

type Outcome = "copied" | "skipped" | "mismatch";

async function toBucket(disk: LocalMediaStorage, bucket: BucketMediaStorage, key: string): Promise<Outcome> {
  const localPath = disk.resolve(key);
  const md5 = await md5OfFile(localPath);
  const existing = await head(bucket, key);
  if (existing && md5Of(existing) === md5) return "skipped";
  await new Upload({
    client: bucket.bucket.client,
    params: {
      Bucket: bucket.bucket.name,
      Key: bucket.objectName(key),
      Body: createReadStream(localPath),
      Metadata: { [MD5_METADATA]: md5 },
      ...(servedType(key) ? { ContentType: servedType(key) as string } : {}),
    },
  }).done();
  const stored = await head(bucket, key);
  const size = (await stat(localPath)).size;
  // A single-part ETag is the MD5 the bucket computed of what it received.
  const received = stored?.ETag && !stored.ETag.includes("-") ? stored.ETag.replaceAll('"', "") : null;
  const matches = stored?.ContentLength === size && (received === null || received === md5);
  return matches ? "copied" : "mismatch";
}

async function toDisk(disk: LocalMediaStorage, bucket: BucketMediaStorage, key: string): Promise<Outcome> {
  const target = disk.resolve(key);
  const object = await head(bucket, key);
  const expected = object ? md5Of(object) : null;
  if (expected && (await md5OfFile(target).catch(() => null)) === expected) return "skipped";
  await mkdir(path.dirname(target), { recursive: true });
  const temporary = await disk.staging.fileName();
  try {
    const hash = createHash("md5");
    await pipeline(
      await bucket.openRead(key),
      new Transform({
        transform(chunk, _encoding, done) {
          hash.update(chunk);
          done(null, chunk);
        },
      }),
      createWriteStream(temporary),
    );
    if (expected && hash.digest("hex") !== expected) return "mismatch";
    await rename(temporary, target);
    return "copied";
  } finally {
    await rm(temporary, { force: true });
  }
}

async function head(bucket: BucketMediaStorage, key: string): Promise<HeadObjectCommandOutput | null> {
  try {
    return await bucket.bucket.client.send(
      new HeadObjectCommand({ Bucket: bucket.bucket.name, Key: bucket.objectName(key) }),
    );
  } catch (error) {
    if (isMissing(error)) return null;
    throw error;
  }
}

/** The object's MD5: what we recorded, or its ETag when that is one (a single-part upload). */
function md5Of(object: HeadObjectCommandOutput): string | null {
  const recorded = object.Metadata?.[MD5_METADATA];
  if (recorded) return recorded;
  const etag = object.ETag?.replaceAll('"', "");
  return etag && /^[0-9a-f]{32}$/.test(etag) ? etag : null;
}

async function md5OfFile(file: string): Promise<string> {
  const hash = createHash("md5");
  await pipeline(createReadStream(file), hash);
  return hash.digest("hex");
}
