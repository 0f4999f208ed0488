// The media store on a real S3-compatible server (S3rver, started here): the same rules as on
// disk, and nothing left on this machine's disk but scratch space.
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../core/errors.ts";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";
import { BucketMediaStorage, openBucket } from "./bucket-storage.ts";
import { Staging } from "./staging.ts";
import { UploadStore } from "./upload-store.ts";

let s3: TestS3Server;
let scratch: string;
let storage: BucketMediaStorage;

beforeAll(async () => {
  s3 = await startTestS3Server();
  scratch = await mkdtemp(path.join(os.tmpdir(), "litverse-bucket-test-"));
  storage = new BucketMediaStorage(openBucket(s3.location()), new Staging(path.join(scratch, "staging")));
});

afterAll(async () => {
  await s3?.close();
  if (scratch) await rm(scratch, { recursive: true, force: true });
});

async function keys(store = storage, prefix?: string): Promise<string[]> {
  const found: string[] = [];
  for await (const file of store.list(prefix)) found.push(file.key);
  return found.sort();
}

async function codeOf(promise: Promise<unknown>): Promise<string | undefined> {
  return promise.then(
    () => undefined,
    (error) => (error instanceof AppError ? error.code : String(error)),
  );
}

describe("BucketMediaStorage", () => {
  it("writes, reads, stats and replaces files", async () => {
    await storage.writeFile("covers/c1/cover.jpg", "first");
    expect((await storage.read("covers/c1/cover.jpg")).toString()).toBe("first");
    await storage.writeFile("covers/c1/cover.jpg", "second!");
    const info = await storage.stat("covers/c1/cover.jpg");
    expect(info).toMatchObject({ size: 7, isDirectory: false });
    expect(info?.mtime.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(await storage.stat("covers/c1")).toMatchObject({ isDirectory: true });
    expect(await storage.stat("covers/missing.jpg")).toBeNull();
    expect(await codeOf(storage.read("covers/missing.jpg"))).toBe("NOT_FOUND");
    expect(await codeOf(storage.openRead("covers/missing.jpg"))).toBe("NOT_FOUND");
  });

  it("puts folders in whole, refuses one over another, and moves by removing the source", async () => {
    const source = path.join(scratch, "episode");
    await mkdir(path.join(source, "pages"), { recursive: true });
    await writeFile(path.join(source, "pages/0001.jpg"), "page one");
    await writeFile(path.join(source, "pages/0002.jpg"), "page two");
    await writeFile(path.join(source, "chapter.html"), "<p>Hi</p>");
    await storage.copyIn(source, "episodes/e1");
    expect(await keys(storage, "episodes/e1")).toEqual([
      "episodes/e1/chapter.html",
      "episodes/e1/pages/0001.jpg",
      "episodes/e1/pages/0002.jpg",
    ]);
    expect(await codeOf(storage.copyIn(source, "episodes/e1"))).toBe("CONFLICT");
    await storage.moveIn(source, "episodes/e2");
    await expect(stat(source)).rejects.toThrow();
    expect(await keys(storage, "episodes/e2")).toHaveLength(3);

    const copy = path.join(scratch, "copy.jpg");
    await storage.download("episodes/e2/pages/0002.jpg", copy);
    expect(await readFile(copy, "utf8")).toBe("page two");
  });

  it("keeps variants beside the media, and drops them with their source", async () => {
    await storage.writeFile("covers/c2/cover.jpg", "cover");
    await storage.variants?.writeFile("covers/c2/cover.jpg/5-1/w320.webp", "variant");
    expect(await keys(storage.variants as BucketMediaStorage)).toContain("covers/c2/cover.jpg/5-1/w320.webp");
    // The variants' area is not media: listing the store never shows it.
    expect((await keys()).some((key) => key.includes("w320"))).toBe(false);
    await storage.writeFile("covers/c2/cover.jpg", "new cover");
    expect(await storage.variants?.stat("covers/c2/cover.jpg/5-1/w320.webp")).toBeNull();
    await storage.remove("covers/c2");
    expect(await keys(storage, "covers/c2")).toEqual([]);
    await storage.remove("covers/never-there");
  });

  it("refuses keys that could reach its internals", async () => {
    for (const key of ["../x", ".variants/covers/x", "covers//x", "/covers/x"]) {
      expect(await codeOf(storage.writeFile(key, "x")), key).toBe("BAD_REQUEST");
      expect(await codeOf(storage.read(key)), key).toBe("BAD_REQUEST");
    }
  });

  it("shares finished uploads between processes, each opening a working copy of its own", async () => {
    const bucket = openBucket(s3.location());
    const shared = () =>
      new BucketMediaStorage(bucket, new Staging(scratch), { prefix: ".uploads/", withVariants: false });
    const first = new UploadStore(path.join(scratch, "one"), shared());
    const second = new UploadStore(path.join(scratch, "two"), shared());
    const file = path.join(scratch, "book.epub");
    await writeFile(file, "an epub");
    const upload = await first.fromLocalFiles("owner-1", [file]);

    const opened = await second.open(upload.id, "owner-1");
    expect(opened.files).toHaveLength(1);
    expect(opened.files[0]?.path.startsWith(path.join(scratch, "two"))).toBe(true);
    expect(await readFile(opened.files[0]?.path as string, "utf8")).toBe("an epub");
    expect(await codeOf(second.open(upload.id, "someone-else"))).toBe("NOT_FOUND");
    expect(await second.usage()).toMatchObject({ items: 1, files: 2 });

    // The process that received it kept nothing; once used and removed, nobody finds it.
    await expect(stat(path.join(scratch, "one", upload.id))).rejects.toThrow();
    await second.remove(upload.id);
    expect(await codeOf(first.open(upload.id, "owner-1"))).toBe("NOT_FOUND");
    await expect(stat(path.join(scratch, "two", upload.id))).rejects.toThrow();
  });
});
