// /media through the real app: real files in the test platform's media folder, raw HTTP requests
// (so that paths reach the server exactly as written, `..` included).
import { randomBytes, randomUUID } from "node:crypto";
import { readFile, rm, writeFile } from "node:fs/promises";
import http, { type IncomingHttpHeaders } from "node:http";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO_ROOT } from "../core/config.ts";
import { loadOrCreateSecret, MEDIA_URL_SIGNING_SECRET } from "../core/db/secrets.ts";
import { openTestPlatform, type TestPlatform } from "../test/test-platform.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { variantKey } from "./image-variants.ts";
import type { LocalMediaStorage } from "./storage.ts";
import { MediaUrlSigner, URL_WINDOW_SECONDS } from "./url-signing.ts";

const CONTENT = randomUUID();
const EPISODE = randomUUID();
const OTHER_EPISODE = randomUUID();
const COVER_KEY = `covers/${CONTENT}/cover-ab12cd34.jpg`;
const SECRET_TEXT = `not for anyone ${randomUUID()}`;

let platform: TestPlatform;
let server: TestServer;
let storage: LocalMediaStorage;
let base: string;
let video: Buffer;
/** A file beside the media folder that no URL may reach. */
let outsideFile: string;

beforeAll(async () => {
  platform = await openTestPlatform();
  server = await startTestServer(platform);
  storage = platform.deps.media.storage as LocalMediaStorage;
  base = platform.deps.media.signer.base("episodes", EPISODE).base;

  const photo = await sharp({
    create: { width: 800, height: 600, channels: 3, background: { r: 200, g: 80, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const smallPng = await sharp({
    create: { width: 200, height: 100, channels: 4, background: { r: 0, g: 90, b: 200, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  video = await readFile(path.join(REPO_ROOT, "fixtures/video/drama-ep1.mp4"));
  const cues = Array.from(
    { length: 60 },
    (_, i) =>
      `00:00:${String(i).padStart(2, "0")}.000 --> 00:00:${String(i).padStart(2, "0")}.900\nLine ${i}.\n`,
  );

  await storage.writeFile(COVER_KEY, photo);
  await storage.writeFile(`covers/${CONTENT}/logo.svg`, '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await storage.copyIn(path.join(REPO_ROOT, "fixtures/video/drama-ep1.mp4"), `episodes/${EPISODE}/video.mp4`);
  await storage.copyIn(path.join(REPO_ROOT, "fixtures/video/drama-ep1.en.vtt"), `episodes/${EPISODE}/en.vtt`);
  await storage.writeFile(`episodes/${EPISODE}/long.vtt`, `WEBVTT\n\n${cues.join("\n")}`);
  await storage.writeFile(`episodes/${EPISODE}/pages/0001.jpg`, photo);
  await storage.writeFile(`episodes/${EPISODE}/pages/small.png`, smallPng);
  await storage.writeFile(`episodes/${EPISODE}/pages/broken.jpg`, randomBytes(4096));
  await storage.writeFile(`episodes/${EPISODE}/audio.m4a`, randomBytes(2048));
  await storage.writeFile(`episodes/${EPISODE}/audio.mp3`, randomBytes(2048));
  await storage.writeFile(`episodes/${EPISODE}/clip.webm`, randomBytes(2048));
  await storage.writeFile(`episodes/${EPISODE}/chapter.html`, `<p>${SECRET_TEXT}</p>`);
  await storage.writeFile(`episodes/${EPISODE}/script.js`, `alert("${SECRET_TEXT}")`);
  await storage.writeFile(`episodes/${OTHER_EPISODE}/secret.jpg`, SECRET_TEXT);
  const staging = await storage.stagingDir();
  await writeFile(path.join(staging, "secret.jpg"), SECRET_TEXT);
  outsideFile = path.join(path.dirname(storage.root), `litverse-outside-${randomUUID()}.jpg`);
  await writeFile(outsideFile, SECRET_TEXT);
});

afterAll(async () => {
  await server?.close();
  await platform?.dispose();
  if (outsideFile) await rm(outsideFile, { force: true });
});

interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One request with the path sent exactly as given (fetch would normalise `..` away). */
function request(
  requestPath: string,
  options: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: "127.0.0.1",
        port,
        path: requestPath,
        method: options.method ?? "GET",
        headers: options.headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end();
  });
}

const json = (response: RawResponse) => JSON.parse(response.body.toString("utf8")) as Record<string, unknown>;

describe("covers", () => {
  it("are public and cached for a year", async () => {
    const response = await request(`/media/${COVER_KEY}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(await readFile(storage.resolve(COVER_KEY)));
    expect(response.headers["content-type"]).toBe("image/jpeg");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers["accept-ranges"]).toBe("bytes");
    expect(response.headers["content-length"]).toBe(String(response.body.length));
    expect(response.headers.etag).toMatch(/^"[^"]+"$/);
    expect(response.headers["last-modified"]).toBeTruthy();
    expect(response.headers.vary).toBeUndefined();
  });

  it("404 when missing, or nested deeper than one file", async () => {
    for (const url of [`/media/covers/${CONTENT}/nope.jpg`, `/media/covers/${CONTENT}/a%2Fb.jpg`]) {
      const response = await request(url);
      expect(response.status, url).toBe(404);
      expect(json(response)).toMatchObject({ error: "Not Found" });
    }
  });
});

describe("episode files", () => {
  it("go out whole with a private cache time up to the link's expiry", async () => {
    const response = await request(`${base}/video.mp4`);
    expect(response.status).toBe(200);
    expect(response.body.equals(video)).toBe(true);
    expect(response.headers["content-type"]).toBe("video/mp4");
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(response.headers["cache-control"] ?? "")?.[1]);
    expect(maxAge).toBeGreaterThan(URL_WINDOW_SECONDS - 5);
    expect(maxAge).toBeLessThanOrEqual(2 * URL_WINDOW_SECONDS);
  });

  it("answer byte ranges, suffix ranges, and refuse ranges past the end", async () => {
    const first = await request(`${base}/video.mp4`, { headers: { range: "bytes=0-99" } });
    expect(first.status).toBe(206);
    expect(first.headers["content-range"]).toBe(`bytes 0-99/${video.length}`);
    expect(first.headers["content-length"]).toBe("100");
    expect(first.body.equals(video.subarray(0, 100))).toBe(true);

    const last = await request(`${base}/video.mp4`, { headers: { range: "bytes=-100" } });
    expect(last.status).toBe(206);
    expect(last.headers["content-range"]).toBe(
      `bytes ${video.length - 100}-${video.length - 1}/${video.length}`,
    );
    expect(last.body.equals(video.subarray(-100))).toBe(true);

    const beyond = await request(`${base}/video.mp4`, { headers: { range: `bytes=${video.length}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers["content-range"]).toBe(`bytes */${video.length}`);
    expect(json(beyond)).toMatchObject({ error: "Range Not Satisfiable" });
  });

  it("answer conditional requests: 304 on a match, If-Range honoured only while current", async () => {
    const full = await request(`${base}/video.mp4`, { method: "HEAD" });
    const etag = full.headers.etag ?? "";
    expect(etag).toMatch(/^"/);

    const notModified = await request(`${base}/video.mp4`, { headers: { "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.body).toHaveLength(0);
    expect(notModified.headers.etag).toBe(etag);
    expect(notModified.headers["cache-control"]).toMatch(/^private, max-age=/);
    const since = await request(`${base}/video.mp4`, {
      headers: { "if-modified-since": full.headers["last-modified"] ?? "" },
    });
    expect(since.status).toBe(304);
    const changed = await request(`${base}/video.mp4`, { headers: { "if-none-match": '"something-else"' } });
    expect(changed.status).toBe(200);

    const resumed = await request(`${base}/video.mp4`, {
      headers: { range: "bytes=100-199", "if-range": etag },
    });
    expect(resumed.status).toBe(206);
    expect(resumed.body.equals(video.subarray(100, 200))).toBe(true);
    for (const stale of ['"old-version"', `W/${etag}`]) {
      const restarted = await request(`${base}/video.mp4`, {
        headers: { range: "bytes=100-199", "if-range": stale },
      });
      expect(restarted.status, stale).toBe(200);
      expect(restarted.body.equals(video)).toBe(true);
    }
  });

  it("answer HEAD with the headers and no body", async () => {
    const response = await request(`${base}/video.mp4`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.headers["content-length"]).toBe(String(video.length));
    expect(response.headers["content-type"]).toBe("video/mp4");
    expect(response.body).toHaveLength(0);
  });

  it("carry the right content types", async () => {
    const expected: Record<string, string> = {
      "en.vtt": "text/vtt; charset=utf-8",
      "audio.m4a": "audio/mp4",
      "audio.mp3": "audio/mpeg",
      "clip.webm": "video/webm",
      "pages/0001.jpg": "image/jpeg",
      "pages/small.png": "image/png",
    };
    for (const [file, type] of Object.entries(expected)) {
      const response = await request(`${base}/${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers["content-type"], file).toBe(type);
    }
  });

  it("are refused without a valid token for that episode", async () => {
    const token = base.split("/").at(-1) ?? "";
    const [expires] = token.split(".");
    const secret = await loadOrCreateSecret(platform.deps.db, MEDIA_URL_SIGNING_SECRET);
    const yesterday = new MediaUrlSigner(secret, () => Date.now() - 2 * 24 * 3_600_000).base(
      "episodes",
      EPISODE,
    );
    const otherBase = platform.deps.media.signer.base("episodes", OTHER_EPISODE).base;
    const cases = {
      "no token": `/media/episodes/${EPISODE}/pages/0001.jpg`,
      "forged token": `/media/episodes/${EPISODE}/${expires}.${"A".repeat(43)}/pages/0001.jpg`,
      "another secret": `${new MediaUrlSigner(randomBytes(32)).base("episodes", EPISODE).base}/pages/0001.jpg`,
      "another episode's token": `/media/episodes/${EPISODE}/${otherBase.split("/").at(-1)}/pages/0001.jpg`,
      "a token on another episode's files": `/media/episodes/${OTHER_EPISODE}/${token}/secret.jpg`,
      expired: `${yesterday.base}/pages/0001.jpg`,
    };
    for (const [name, url] of Object.entries(cases)) {
      const response = await request(url);
      expect(response.status, name).toBe(403);
      expect(json(response), name).toMatchObject({ error: "Forbidden", message: expect.any(String) });
      expect(response.body.toString(), name).not.toContain(SECRET_TEXT);
    }
    expect(json(await request(cases.expired)).message).toMatch(/expired/);
    expect(json(await request(cases["forged token"])).message).not.toMatch(/expired/);
  });
});

describe("what /media never serves", () => {
  it("paths that climb out of a folder, encoded or not", async () => {
    const token = base.split("/").at(-1) ?? "";
    const outside = path.basename(outsideFile);
    const attempts = [
      `/media/covers/${CONTENT}/../../../${outside}`,
      `/media/covers/%2e%2e/%2e%2e%2f${outside}`,
      `/media/covers/${CONTENT}/..%2f..%2f..%2f${outside}`,
      `/media/covers/${CONTENT}/%2e%2e%2f%2e%2e%2f%2e%2e%2f${outside}`,
      `/media/covers/${CONTENT}/%252e%252e%252f${outside}`,
      `/media/covers/${CONTENT}/..%5c..%5c..%5c${outside}`,
      `/media/episodes/${EPISODE}/${token}/../${OTHER_EPISODE}/secret.jpg`,
      `/media/episodes/${EPISODE}/${token}/../../../${outside}`,
      `/media/episodes/${EPISODE}/${token}/%2e%2e/%2e%2e/%2e%2e/${outside}`,
      `/media/episodes/${EPISODE}/${token}/..%2f..%2f..%2f${outside}`,
      `/media/episodes/${EPISODE}/${token}/pages%2f..%2f..%2f${OTHER_EPISODE}%2fsecret.jpg`,
      `/media/episodes/${EPISODE}/${token}/%2e%2e%5c%2e%2e%5c${OTHER_EPISODE}%5csecret.jpg`,
      `/media/episodes/${EPISODE}/${token}/pages//../../${OTHER_EPISODE}/secret.jpg`,
      `/media/episodes/${EPISODE}/${token}/./pages/0001.jpg%00.jpg`,
      `/media/episodes/${EPISODE}/${token}/%2e%2e/%2e%2e/.staging/secret.jpg`,
      `/media/.staging/secret.jpg`,
      `/media/.variants/${COVER_KEY}`,
      `/media/../../${outside}`,
    ];
    for (const url of attempts) {
      const response = await request(url);
      expect([403, 404], url).toContain(response.status);
      expect(response.body.toString("utf8"), url).not.toContain(SECRET_TEXT);
    }
  });

  it("HTML, SVG and scripts, even with a valid token", async () => {
    for (const url of [
      `${base}/chapter.html`,
      `${base}/script.js`,
      `/media/covers/${CONTENT}/logo.svg`,
      `/media/covers/${CONTENT}/logo.SVG`,
    ]) {
      const response = await request(url);
      expect(response.status, url).toBe(404);
      expect(response.body.toString("utf8"), url).not.toContain(SECRET_TEXT);
    }
  });

  it("anything else under /media, with the app's JSON 404", async () => {
    for (const url of [
      "/media",
      "/media/",
      "/media/other/x.jpg",
      `/media/covers/${CONTENT}`,
      `${base}/pages`,
      `${base}/`,
      `/media/episodes/${EPISODE}/pages`,
    ]) {
      const response = await request(url);
      expect(response.status, url).toBe(404);
      expect(json(response), url).toMatchObject({ error: "Not Found" });
    }
  });
});

describe("image variants", () => {
  it("resize to the asked width and format, cached on disk and served from there", async () => {
    const variants = platform.deps.media.variants;
    const before = variants.generated;
    const response = await request(`/media/${COVER_KEY}?w=320&f=webp`);
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("image/webp");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const metadata = await sharp(response.body).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: 320, height: 240 });
    expect(variants.generated).toBe(before + 1);

    const source = await storage.stat(COVER_KEY);
    if (!source) throw new Error("cover missing");
    const cached = variantKey(COVER_KEY, source, { width: 320, format: "webp" });
    expect((await storage.variants?.read(cached))?.equals(response.body)).toBe(true);

    const again = await request(`/media/${COVER_KEY}?w=320&f=webp`);
    expect(again.body.equals(response.body)).toBe(true);
    expect(again.headers.etag).toBe(response.headers.etag);
    expect(variants.generated).toBe(before + 1);
  });

  it("are served like any file: ranges and validators", async () => {
    const url = `${base}/pages/0001.jpg?w=160&f=jpeg`;
    const whole = await request(url);
    expect(whole.status).toBe(200);
    expect(whole.headers["content-type"]).toBe("image/jpeg");
    expect(whole.headers["cache-control"]).toMatch(/^private, max-age=\d+$/);
    expect(await sharp(whole.body).metadata()).toMatchObject({ format: "jpeg", width: 160 });
    const part = await request(url, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(part.body.equals(whole.body.subarray(0, 10))).toBe(true);
    const unchanged = await request(url, { headers: { "if-none-match": whole.headers.etag ?? "" } });
    expect(unchanged.status).toBe(304);
  });

  it("never upscale: a larger width keeps the original size, in the asked format", async () => {
    const response = await request(`${base}/pages/small.png?w=640&f=jpeg`);
    expect(response.status).toBe(200);
    expect(await sharp(response.body).metadata()).toMatchObject({ format: "jpeg", width: 200, height: 100 });
  });

  it("are made once when asked for many times at once", async () => {
    const variants = platform.deps.media.variants;
    const before = variants.generated;
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => request(`/media/${COVER_KEY}?w=480&f=avif`)),
    );
    for (const response of responses) {
      expect(response.status).toBe(200);
      expect(response.body.equals(responses[0]?.body ?? Buffer.alloc(0))).toBe(true);
    }
    expect(await sharp(responses[0]?.body).metadata()).toMatchObject({ format: "heif", width: 480 });
    expect(variants.generated).toBe(before + 1);
  });

  it("refuse unknown widths and formats, non-images, and images that cannot be read", async () => {
    for (const query of [
      "w=321&f=webp",
      "w=abc&f=webp",
      "w=320&f=gif",
      "w=320",
      "f=webp",
      "w=320&w=480&f=webp",
    ]) {
      const response = await request(`/media/${COVER_KEY}?${query}`);
      expect(response.status, query).toBe(400);
      expect(json(response), query).toMatchObject({ error: "Bad Request" });
    }
    const video = await request(`${base}/video.mp4?w=320&f=webp`);
    expect(video.status).toBe(415);
    const broken = await request(`${base}/pages/broken.jpg?w=320&f=webp`);
    expect(broken.status).toBe(422);
    expect(json(broken).message).toMatch(/could not be converted/);
    const missing = await request(`/media/covers/${CONTENT}/missing.jpg?w=320&f=webp`);
    expect(missing.status).toBe(404);
    // The server carries on.
    expect((await request("/healthz")).status).toBe(200);
  });
});

describe("compression", () => {
  it("never applies to media, not even to text tracks or ranges", async () => {
    const gzip = { "accept-encoding": "gzip, deflate, br" };
    for (const url of [`${base}/long.vtt`, `${base}/video.mp4`, `/media/${COVER_KEY}`]) {
      const whole = await request(url, { headers: gzip });
      expect(whole.status, url).toBe(200);
      expect(whole.headers["content-encoding"], url).toBeUndefined();
      expect(whole.headers["content-length"], url).toBe(String(whole.body.length));
      const part = await request(url, { headers: { ...gzip, range: "bytes=0-1499" } });
      expect(part.status, url).toBe(206);
      expect(part.headers["content-encoding"], url).toBeUndefined();
    }
    const long = await request(`${base}/long.vtt`, { headers: gzip });
    expect(long.body.length).toBeGreaterThan(1024);
    expect(long.body.toString("utf8")).toMatch(/^WEBVTT/);
  });
});
