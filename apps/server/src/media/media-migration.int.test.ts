// media:migrate's copying, against a real S3-compatible server: there and back, resumable, checked.
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";
import { BucketMediaStorage, openBucket } from "./bucket-storage.ts";
import { migrateMedia } from "./media-migration.ts";
import { LocalMediaStorage } from "./storage.ts";

let s3: TestS3Server;
let scratch: string;

beforeAll(async () => {
  s3 = await startTestS3Server("migration");
  scratch = await mkdtemp(path.join(os.tmpdir(), "litverse-migration-test-"));
});

afterAll(async () => {
  await s3?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

describe("migrateMedia", () => {
  it("copies every media file to the bucket and back, skips what is there, and copies again what differs", async () => {
    const disk = new LocalMediaStorage(path.join(scratch, "media"));
    const bucket = new BucketMediaStorage(openBucket(s3.location()), disk.staging);
    // Larger than one part of a multipart upload (5 MiB): its ETag is not an MD5.
    const video = randomBytes(6 * 1024 * 1024);
    const files: Record<string, Buffer> = {
      "covers/c1/cover-1.jpg": randomBytes(3000),
      "episodes/e1/pages/0001.jpg": randomBytes(5000),
      "episodes/e1/video.mp4": video,
    };
    for (const [key, bytes] of Object.entries(files)) await disk.writeFile(key, bytes);
    // Derived files stay behind: they are made again on request.
    await disk.variants?.writeFile("covers/c1/cover-1.jpg/1-1/w320.webp", "variant");

    const first = await migrateMedia(disk, bucket, "to-bucket");
    expect(first).toMatchObject({ copied: 3, skipped: 0, failed: [] });
    expect(first.bytesCopied).toBe(3000 + 5000 + video.length);
    for (const [key, bytes] of Object.entries(files))
      expect((await bucket.read(key)).equals(bytes)).toBe(true);
    expect(await bucket.variants?.stat("covers/c1/cover-1.jpg/1-1/w320.webp")).toBeNull();

    // Run again: nothing to do. A file changed in the bucket meanwhile is copied again.
    await bucket.writeFile("episodes/e1/pages/0001.jpg", "damaged");
    const again = await migrateMedia(disk, bucket, "to-bucket");
    expect(again).toMatchObject({ copied: 1, skipped: 2, failed: [] });
    expect(
      (await bucket.read("episodes/e1/pages/0001.jpg")).equals(files["episodes/e1/pages/0001.jpg"] as Buffer),
    ).toBe(true);

    // And back to an empty disk, then again with one file damaged there.
    const back = new LocalMediaStorage(path.join(scratch, "back"));
    expect(await migrateMedia(back, bucket, "to-disk")).toMatchObject({ copied: 3, skipped: 0, failed: [] });
    for (const [key, bytes] of Object.entries(files))
      expect((await readFile(back.resolve(key))).equals(bytes)).toBe(true);
    await back.writeFile("covers/c1/cover-1.jpg", "damaged");
    expect(await migrateMedia(back, bucket, "to-disk")).toMatchObject({ copied: 1, skipped: 2, failed: [] });
    expect(
      (await readFile(back.resolve("covers/c1/cover-1.jpg"))).equals(
        files["covers/c1/cover-1.jpg"] as Buffer,
      ),
    ).toBe(true);
  });
});
