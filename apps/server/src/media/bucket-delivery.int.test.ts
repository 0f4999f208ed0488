// /media with the files in a bucket (S3rver, started here), both ways of delivering them: a
// redirect to a signed URL of the bucket, and through the server with ranges and validators. The
// route's own checks come first either way.
import { randomUUID } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../core/config.ts";
import { runImport } from "../modules/content-admin/imports/imports.service.ts";
import { startTestS3Server, type TestS3Server } from "../test/s3-server.ts";
import { callerFor, createUser, openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { BucketMediaStorage } from "./bucket-storage.ts";

const CONTENT = randomUUID();
const EPISODE = randomUUID();
const COVER_KEY = `covers/${CONTENT}/cover-ab12cd34.jpg`;
const AUDIO = Buffer.from(Array.from({ length: 4096 }, (_, i) => i % 251));

let s3: TestS3Server;
let photo: Buffer;
const opened: Array<{ platform: TestPlatform; server: TestServer }> = [];

beforeAll(async () => {
  s3 = await startTestS3Server();
  photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  for (const { platform, server } of opened) {
    await server.close();
    await platform.dispose();
  }
  await s3?.close();
});

async function open(delivery: "signed-url" | "server") {
  const platform = await openTestPlatform({ env: s3.env(delivery) });
  const server = await startTestServer(platform);
  opened.push({ platform, server });
  const { storage } = platform.deps.media;
  await storage.writeFile(COVER_KEY, photo);
  await storage.writeFile(`episodes/${EPISODE}/audio.m4a`, AUDIO);
  await storage.writeFile(`support/${EPISODE}/receipt.pdf`, "%PDF-1.4 not really");
  const signed = (area: "episodes" | "support") => platform.deps.media.signer.base(area, EPISODE).base;
  return { platform, server, storage, signed };
}

describe("media in a bucket, redirected to signed URLs", () => {
  it("redirects each request the route allows to a signed URL that serves the file", async () => {
    const { server, storage, signed, platform } = await open("signed-url");
    expect(storage).toBeInstanceOf(BucketMediaStorage);

    const cover = await fetch(`${server.url}/media/${COVER_KEY}`, { redirect: "manual" });
    expect(cover.status).toBe(302);
    const location = cover.headers.get("location") as string;
    expect(location.startsWith(`${s3.endpoint}/${s3.bucket}/${COVER_KEY}?`)).toBe(true);
    expect(cover.headers.get("cache-control")).toMatch(/^private, max-age=\d+$/);
    // Everyone asking within the window gets the same URL: caches keep finding their copy.
    const again = await fetch(`${server.url}/media/${COVER_KEY}`, { redirect: "manual" });
    expect(again.headers.get("location")).toBe(location);

    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(photo)).toBe(true);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");

    // The page may load media from the bucket, and from nowhere else new.
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get("content-security-policy")).toContain(
      `img-src 'self' data: blob: ${s3.endpoint}`,
    );

    // An episode's files still need the route's token first.
    expect(
      (await fetch(`${server.url}/media/episodes/${EPISODE}/1.${"x".repeat(43)}/audio.m4a`)).status,
    ).toBe(403);
    const audio = await fetch(`${server.url}${signed("episodes")}/audio.m4a`, { redirect: "manual" });
    expect(audio.status).toBe(302);
    const ranged = await fetch(audio.headers.get("location") as string, {
      headers: { range: "bytes=100-199" },
    });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(AUDIO.subarray(100, 200))).toBe(true);

    // A PDF someone sent is saved, not opened.
    const pdf = await fetch(`${server.url}${signed("support")}/receipt.pdf`, { redirect: "manual" });
    const saved = await fetch(pdf.headers.get("location") as string);
    expect(saved.headers.get("content-disposition")).toBe("attachment");

    // Missing files are the route's 404, not the bucket's.
    expect(
      (await fetch(`${server.url}/media/covers/${CONTENT}/other.jpg`, { redirect: "manual" })).status,
    ).toBe(404);

    // Variants are made from the bucket's file and kept in the bucket.
    const variant = await fetch(`${server.url}/media/${COVER_KEY}?w=320&f=webp`, { redirect: "manual" });
    expect(variant.status).toBe(302);
    const image = await fetch(variant.headers.get("location") as string);
    expect(image.headers.get("content-type")).toBe("image/webp");
    expect(await sharp(Buffer.from(await image.arrayBuffer())).metadata()).toMatchObject({ width: 320 });
    expect(platform.deps.media.variants.generated).toBe(1);
  });
});

describe("media in a bucket, through the server", () => {
  it("passes files on with ranges, validators and the route's headers", async () => {
    const { server, signed, platform } = await open("server");
    const whole = await fetch(`${server.url}/media/${COVER_KEY}`);
    expect(whole.status).toBe(200);
    expect(Buffer.from(await whole.arrayBuffer()).equals(photo)).toBe(true);
    expect(whole.headers.get("content-type")).toBe("image/jpeg");
    expect(whole.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    const etag = whole.headers.get("etag") as string;
    expect(etag).toMatch(/^"/);

    const notModified = await fetch(`${server.url}/media/${COVER_KEY}`, {
      headers: { "if-none-match": etag },
    });
    expect(notModified.status).toBe(304);

    const url = `${server.url}${signed("episodes")}/audio.m4a`;
    const part = await fetch(url, { headers: { range: "bytes=10-19" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 10-19/${AUDIO.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(AUDIO.subarray(10, 20))).toBe(true);
    // A range asked against another version of the file gets the whole file.
    const stale = await fetch(url, { headers: { range: "bytes=10-19", "if-range": '"not-this-one"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBe(AUDIO.length);
    const outside = await fetch(url, { headers: { range: `bytes=${AUDIO.length + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${AUDIO.length}`);

    const head = await fetch(url, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(String(AUDIO.length));

    expect((await fetch(`${server.url}/media/covers/${CONTENT}/other.jpg`)).status).toBe(404);
    // Nothing of the media is on this machine's disk: only scratch space (empty).
    const scratch = await readdir(platform.config.dataDir, { recursive: true, withFileTypes: true });
    expect(scratch.filter((entry) => entry.isFile())).toEqual([]);
  });
});

describe("imports with media in a bucket", () => {
  it("store a book's chapters and pictures in the bucket, and readers get them from there", async () => {
    const { platform, storage } = await open("signed-url");
    const upload = await platform.deps.media.uploads.fromLocalFiles("command-line", [
      path.join(REPO_ROOT, "fixtures/books/wasteland.epub"),
    ]);
    const result = await runImport(
      platform.deps,
      { uploadId: upload.id, type: null, contentId: null, publish: true, fileNames: ["wasteland.epub"] },
      null,
    );
    const reader = callerFor(platform, await createUser(platform));
    const episode = await reader.content.getEpisode({ contentId: result.contentId, number: 1 });
    expect(episode.payload.kind).toBe("book");
    if (episode.payload.kind !== "book") return;
    expect(episode.payload.html.length).toBeGreaterThan(100);
    const stored: string[] = [];
    for await (const file of storage.list("episodes")) stored.push(file.key);
    expect(stored.length).toBeGreaterThanOrEqual(result.episodeCount);
    // The upload is gone from the bucket once imported, and staging is empty.
    expect((await platform.deps.media.uploads.usage()).items).toBe(0);
    const left = await readdir(platform.config.dataDir, { recursive: true, withFileTypes: true });
    expect(left.filter((entry) => entry.isFile()).map((entry) => entry.name)).toEqual([]);
  });
});
