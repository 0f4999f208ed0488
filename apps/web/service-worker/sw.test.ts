// The worker itself, run in a fresh V8 context with a fake `self`, Cache Storage and network: what
// it precaches, what it answers from the cache, what it leaves alone, and what it deletes; the
// downloads it keeps (files, ranges, the list, removal) and its pure parts (keys, ranges).
import path from "node:path";
import vm from "node:vm";
import { describe, expect, it, vi } from "vitest";
import {
  DOWNLOADS_CACHE,
  DOWNLOADS_CHANNEL,
  episodeDownloadKey,
  MANIFEST_KEY,
} from "../src/features/offline/offline-files.ts";
import { bundleWorker, renderWorker } from "./vite-plugin.ts";

const ORIGIN = "https://litverse.test";
/** The worker as the build makes it: sw.js and the modules it imports, in one script. */
const SOURCE = await bundleWorker(path.join(import.meta.dirname, "sw.js"));
const PRECACHE = ["/index.html", "/assets/index-abc.js", "/assets/index-def.css", "/manifest.webmanifest"];

type Listener = (event: unknown) => void;

/** In a worker, relative URLs resolve against the worker's origin. */
class WorkerRequest extends Request {
  constructor(input: string | Request, init?: RequestInit) {
    super(typeof input === "string" ? new URL(input, ORIGIN) : input, init);
  }
}

function fakeCacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const keyOf = (request: Request | string) =>
    new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const open = async (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      addAll: async (requests: Request[]) => {
        for (const request of requests) store.set(keyOf(request), await network(request));
      },
      match: async (request: Request | string) => store.get(keyOf(request))?.clone(),
      put: async (request: Request | string, response: Response) => {
        // Like the real thing: the body is read to the end before the entry exists.
        const body = await response.arrayBuffer();
        store.set(keyOf(request), new Response(body, { status: response.status, headers: response.headers }));
      },
      keys: async () => [...store.keys()].map((url) => new Request(url)),
      delete: async (request: Request | string) => store.delete(keyOf(request)),
    };
  };
  return {
    stores,
    open,
    keys: async () => [...stores.keys()],
    delete: async (name: string) => stores.delete(name),
    match: async (request: string, options?: { cacheName?: string }) =>
      stores
        .get(options?.cacheName ?? "")
        ?.get(keyOf(request))
        ?.clone(),
  };
}

let online = true;
const requested: string[] = [];
/** Files the fake server has, by path (signed episode URLs are accepted with any signature). */
const serverFiles = new Map<
  string,
  { body: Uint8Array<ArrayBuffer>; type: string; status?: number; gate?: Promise<void> }
>();
async function network(request: Request): Promise<Response> {
  requested.push(new URL(request.url).pathname);
  if (!online) throw new TypeError("Failed to fetch");
  const { pathname } = new URL(request.url);
  const file = serverFiles.get(pathname.replace(/\/\d+\.[A-Za-z0-9_-]{43}\//, "/"));
  if (file?.gate) await file.gate;
  if (file) {
    return new Response(file.status && file.status !== 200 ? null : file.body, {
      status: file.status ?? 200,
      headers: { "content-type": file.type, "content-length": String(file.body.byteLength) },
    });
  }
  const type = pathname.endsWith(".js") ? "text/javascript" : "text/html";
  return new Response(`network ${pathname}`, { headers: { "content-type": type } });
}

/** What the worker broadcast to pages. */
const broadcasts: Array<Record<string, unknown>> = [];
class FakeBroadcastChannel {
  readonly name: string;
  constructor(name: string) {
    this.name = name;
  }
  postMessage(message: Record<string, unknown>) {
    broadcasts.push({ channel: this.name, ...message });
  }
}

/** The worker's own functions (a classic script's function declarations are globals). */
interface WorkerFunctions {
  fileKey(input: string): string | null;
  parseRange(header: string, size: number): { start: number; end: number } | "unsatisfiable" | null;
  partialResponse(body: Blob, range: { start: number; end: number }, type: string | null): Response;
  downloadProgress(files: Array<{ loaded: number; total: number | null; done: boolean }>): number;
}

function startWorker(version = "v1", caches = fakeCacheStorage()) {
  const listeners = new Map<string, Listener>();
  const claim = vi.fn(async () => {});
  const context: Record<string, unknown> = {
    self: {
      addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
      location: new URL(`${ORIGIN}/sw.js`),
      clients: { claim },
    },
    caches,
    // A response from the same origin, as fetch() gives it.
    fetch: async (request: Request | string, init?: RequestInit) => {
      const signal = init?.signal;
      const aborted = new Promise<never>((_resolve, reject) => {
        const abort = () => reject(new DOMException("Aborted", "AbortError"));
        if (signal?.aborted) abort();
        signal?.addEventListener("abort", abort);
      });
      const response = await Promise.race([
        network(typeof request === "string" ? new WorkerRequest(request) : request),
        aborted,
      ]);
      Object.defineProperty(response, "type", { value: "basic" });
      return response;
    },
    URL,
    Request: WorkerRequest,
    Response,
    Headers,
    Blob,
    TransformStream,
    AbortController,
    BroadcastChannel: FakeBroadcastChannel,
    DOMException,
    Promise,
    console,
  };
  vm.runInNewContext(renderWorker(SOURCE, version, PRECACHE), context);
  const functions = context as unknown as WorkerFunctions;

  /** Runs an extendable event (install, activate) to completion. */
  const lifecycle = async (type: "install" | "activate") => {
    const pending: Promise<unknown>[] = [];
    listeners.get(type)?.({ waitUntil: (promise: Promise<unknown>) => pending.push(promise) });
    await Promise.all(pending);
  };

  /** Fetches through the worker: its answer, or null when it lets the browser go to the network. */
  const fetchThrough = async (
    url: string,
    mode: RequestMode | "navigate" = "cors",
    method = "GET",
    headers: Record<string, string> = {},
  ) => {
    const answer: { response?: Promise<Response> } = {};
    const pending: Promise<unknown>[] = [];
    const absolute = url.startsWith("https://") ? url : `${ORIGIN}${url}`;
    const request = { url: absolute, mode, method, headers: new Headers(headers) } as unknown as Request;
    listeners.get("fetch")?.({
      request,
      respondWith: (response: Promise<Response>) => {
        answer.response = response;
      },
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    const response = answer.response ? await answer.response : null;
    await Promise.all(pending);
    return response;
  };

  /** Posts a message as a page would, and waits for the worker to finish with it and answer. */
  const post = async (data: unknown) => {
    const pending: Promise<unknown>[] = [];
    let reply: unknown;
    listeners.get("message")?.({
      data,
      ports: [{ postMessage: (message: unknown) => (reply = message) }],
      waitUntil: (promise: Promise<unknown>) => pending.push(promise),
    });
    await Promise.all(pending);
    return reply as Record<string, unknown>;
  };

  return { caches, claim, lifecycle, fetchThrough, post, functions };
}

describe("the service worker", () => {
  it("precaches the shell under its version, and deletes other versions on activation", async () => {
    const caches = fakeCacheStorage();
    await caches.open("litverse-old");
    await caches.open("someone-elses-cache");
    await caches.open("litverse-downloads");
    const worker = startWorker("v2", caches);
    await worker.lifecycle("install");
    expect([...(caches.stores.get("litverse-v2")?.keys() ?? [])]).toEqual(
      PRECACHE.map((url) => `${ORIGIN}${url}`),
    );
    await worker.lifecycle("activate");
    // Downloads outlive versions.
    expect([...caches.stores.keys()].sort()).toEqual([
      "litverse-downloads",
      "litverse-v2",
      "someone-elses-cache",
    ]);
    expect(worker.claim).toHaveBeenCalled();
  });

  it("serves navigations from the network, and the cached index.html when offline", async () => {
    const worker = startWorker();
    await worker.lifecycle("install");
    online = true;
    expect(await (await worker.fetchThrough("/explore", "navigate"))?.text()).toBe("network /explore");
    online = false;
    expect(await (await worker.fetchThrough("/explore", "navigate"))?.text()).toBe("network /index.html");
    online = true;
  });

  it("serves hashed assets from the cache first, and keeps new ones", async () => {
    const worker = startWorker();
    await worker.lifecycle("install");
    requested.length = 0;
    expect(await (await worker.fetchThrough("/assets/index-abc.js"))?.text()).toBe(
      "network /assets/index-abc.js",
    );
    expect(requested).toEqual([]);
    await worker.fetchThrough("/assets/newer-123.js");
    await worker.fetchThrough("/assets/newer-123.js");
    expect(requested).toEqual(["/assets/newer-123.js"]);
    expect(worker.caches.stores.get("litverse-v1")?.has(`${ORIGIN}/assets/newer-123.js`)).toBe(true);
  });

  it("leaves the server's own paths, other methods and other origins to the browser", async () => {
    const worker = startWorker();
    await worker.lifecycle("install");
    for (const url of [
      "/api/trpc/users.getCurrentUser",
      "/api/client-config",
      "/healthz",
      "/oidc/auth?x=1",
    ]) {
      expect(await worker.fetchThrough(url), url).toBeNull();
    }
    // Not even when the browser navigates there (the sign-in pages are navigations).
    expect(await worker.fetchThrough("/oidc/interaction/abc", "navigate")).toBeNull();
    expect(await worker.fetchThrough("/media/cover.jpg")).toBeNull();
    expect(await worker.fetchThrough("/assets/index-abc.js", "cors", "POST")).toBeNull();
    expect(await worker.fetchThrough("/demo/covers/dracula.svg")).toBeNull();
    // An external sign-in provider, for one.
    expect(await worker.fetchThrough("https://id.example.com/authorize", "navigate")).toBeNull();
    expect(await worker.fetchThrough("https://cdn.example.com/assets/x.js")).toBeNull();
    const cached = [...(worker.caches.stores.get("litverse-v1")?.keys() ?? [])];
    expect(cached.some((url) => /\/(api|oidc|media)\/|\/healthz/.test(url))).toBe(false);
  });
});

const CONTENT_ID = "0b0e8f64-3c1a-4d7e-9f00-000000000001";
const EPISODE_ID = "episode-1";
const SIGNATURE = "a".repeat(43);
const signed = (file: string, expires = "1800000000", signature = SIGNATURE) =>
  `/media/episodes/${EPISODE_ID}/${expires}.${signature}/${file}`;
const AUDIO = Uint8Array.from({ length: 1000 }, (_, index) => index % 256);
const IMAGE = new Uint8Array([1, 2, 3, 4, 5]);
const COVER = new Uint8Array([9, 9, 9]);

function episode(number: number, urls: { audio: string }) {
  return {
    content: {
      _id: CONTENT_ID,
      title: "Moby-Dick",
      author: "Herman Melville",
      coverImage: "/media/covers/c/cover-1.jpg",
      accessType: "free",
      contentType: "audiobook",
      readingDirection: "ltr",
      writingMode: "horizontal",
    },
    episode: { _id: `e${number}`, number, title: `Chapter ${number}` },
    payload: { kind: "audio", url: urls.audio, mimeType: "audio/mp4", durationMs: 1000, chapters: [] },
    previousNumber: null,
    nextNumber: null,
    expiresAt: "2027-01-01T00:00:00.000Z",
  };
}

function downloadMessage(number: number, extraUrls: string[] = []) {
  const audio = signed(`audio-${number}.m4b`);
  return {
    type: "download",
    key: `/offline/episodes/${CONTENT_ID}/${number}.json`,
    payload: episode(number, { audio }),
    urls: [audio, "/media/covers/c/cover-1.jpg", ...extraUrls],
  };
}

function resetNetwork() {
  online = true;
  requested.length = 0;
  broadcasts.length = 0;
  serverFiles.clear();
  serverFiles.set(`/media/episodes/${EPISODE_ID}/audio-1.m4b`, { body: AUDIO, type: "audio/mp4" });
  serverFiles.set(`/media/episodes/${EPISODE_ID}/audio-2.m4b`, { body: AUDIO, type: "audio/mp4" });
  serverFiles.set(`/media/episodes/${EPISODE_ID}/images/a.png`, { body: IMAGE, type: "image/png" });
  serverFiles.set("/media/covers/c/cover-1.jpg", { body: COVER, type: "image/jpeg" });
}

const storedKeys = (worker: ReturnType<typeof startWorker>) =>
  [...(worker.caches.stores.get("litverse-downloads")?.keys() ?? [])]
    .map((url) => url.slice(ORIGIN.length))
    .sort();

async function manifestOf(worker: ReturnType<typeof startWorker>) {
  const response = await worker.caches.match("/offline/manifest.json", { cacheName: "litverse-downloads" });
  return ((await response?.json()) as { entries: Array<Record<string, unknown>> } | undefined)?.entries ?? [];
}

describe("the worker's keys and ranges", () => {
  const { functions } = startWorker();

  it("keeps a downloaded file under its URL without the signature, so later URLs find it", () => {
    expect(functions.fileKey(signed("audio.m4b"))).toBe(
      `/offline/files/media/episodes/${EPISODE_ID}/audio.m4b`,
    );
    expect(functions.fileKey(`${ORIGIN}${signed("images/a%20b.png", "1900000000", "b".repeat(43))}`)).toBe(
      `/offline/files/media/episodes/${EPISODE_ID}/images/a%20b.png`,
    );
    expect(functions.fileKey("/media/covers/c/cover-1.jpg?w=480&f=webp")).toBe(
      "/offline/files/media/covers/c/cover-1.jpg?w=480&f=webp",
    );
    // Not a signature: left as it is.
    expect(functions.fileKey("/media/episodes/e/12.short/a.png")).toBe(
      "/offline/files/media/episodes/e/12.short/a.png",
    );
    expect(functions.fileKey("https://cdn.example.com/a.png")).toBeNull();
  });

  it("reads one byte range, and ignores or refuses what it cannot serve", () => {
    expect(functions.parseRange("bytes=0-", 1000)).toEqual({ start: 0, end: 999 });
    expect(functions.parseRange("bytes=100-199", 1000)).toEqual({ start: 100, end: 199 });
    expect(functions.parseRange("bytes=900-5000", 1000)).toEqual({ start: 900, end: 999 });
    expect(functions.parseRange("bytes=-100", 1000)).toEqual({ start: 900, end: 999 });
    expect(functions.parseRange("bytes=-5000", 1000)).toEqual({ start: 0, end: 999 });
    expect(functions.parseRange(" Bytes = 5 - 9 ", 1000)).toEqual({ start: 5, end: 9 });
    expect(functions.parseRange("bytes=1000-", 1000)).toBe("unsatisfiable");
    expect(functions.parseRange("bytes=-0", 1000)).toBe("unsatisfiable");
    expect(functions.parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    for (const ignored of ["bytes=5-1", "bytes=0-1,5-9", "items=0-1", "bytes=-", "bytes=a-b", ""]) {
      expect(functions.parseRange(ignored, 1000), ignored).toBeNull();
    }
  });

  it("builds a 206 answer with the range's bytes and headers", async () => {
    const response = functions.partialResponse(new Blob([AUDIO]), { start: 10, end: 19 }, "audio/mp4");
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe("bytes 10-19/1000");
    expect(response.headers.get("content-length")).toBe("10");
    expect(response.headers.get("content-type")).toBe("audio/mp4");
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([...AUDIO.slice(10, 20)]);
  });

  it("counts progress by bytes, guessing unknown sizes from the known ones", () => {
    expect(functions.downloadProgress([])).toBe(1);
    expect(
      functions.downloadProgress([
        { loaded: 50, total: 100, done: false },
        { loaded: 0, total: null, done: false },
      ]),
    ).toBe(0.25);
    expect(
      functions.downloadProgress([
        { loaded: 100, total: 100, done: true },
        { loaded: 300, total: 300, done: true },
      ]),
    ).toBe(1);
  });
});

describe("downloads", () => {
  it("stores an episode and its files, lists it, and reports progress to pages", async () => {
    resetNetwork();
    const worker = startWorker();
    await worker.lifecycle("install");
    const reply = await worker.post(downloadMessage(1, [signed("images/a.png")]));
    expect(reply).toMatchObject({
      ok: true,
      entry: { key: `/offline/episodes/${CONTENT_ID}/1.json`, number: 1 },
    });
    expect(storedKeys(worker)).toEqual([
      `/offline/episodes/${CONTENT_ID}/1.json`,
      "/offline/files/media/covers/c/cover-1.jpg",
      `/offline/files/media/episodes/${EPISODE_ID}/audio-1.m4b`,
      `/offline/files/media/episodes/${EPISODE_ID}/images/a.png`,
      "/offline/manifest.json",
    ]);
    const [entry] = await manifestOf(worker);
    const stored = await worker.caches.match(`/offline/episodes/${CONTENT_ID}/1.json`, {
      cacheName: "litverse-downloads",
    });
    const content = await stored?.text();
    expect(JSON.parse(content ?? "null")).toEqual(downloadMessage(1).payload);
    expect(entry).toMatchObject({
      contentId: CONTENT_ID,
      number: 1,
      title: "Moby-Dick",
      episodeTitle: "Chapter 1",
      contentType: "audiobook",
      kind: "audio",
      coverUrl: "/media/covers/c/cover-1.jpg",
      bytes: AUDIO.length + IMAGE.length + COVER.length + new Blob([content ?? ""]).size,
    });
    expect(Date.parse(String(entry?.downloadedAt))).not.toBeNaN();
    const progress = broadcasts.filter((message) => message.type === "download-progress");
    expect(progress.at(-1)).toMatchObject({ progress: 1, filesDone: 3, filesTotal: 3, number: 1 });
    expect(broadcasts.map((message) => message.type)).toContain("download-done");
    expect(broadcasts.every((message) => message.channel === "litverse-downloads")).toBe(true);
  });

  it("serves downloaded files with a fresh or an expired signature, in ranges, offline", async () => {
    resetNetwork();
    const worker = startWorker();
    await worker.lifecycle("install");
    await worker.post(downloadMessage(1, [signed("images/a.png")]));
    online = false;
    requested.length = 0;

    const whole = await worker.fetchThrough(signed("audio-1.m4b", "1900000000", "b".repeat(43)));
    expect(whole?.status).toBe(200);
    expect((await whole?.arrayBuffer())?.byteLength).toBe(1000);

    const part = await worker.fetchThrough(signed("audio-1.m4b"), "no-cors", "GET", { range: "bytes=500-" });
    expect(part?.status).toBe(206);
    expect(part?.headers.get("content-range")).toBe("bytes 500-999/1000");
    expect(part?.headers.get("content-type")).toBe("audio/mp4");
    expect([...new Uint8Array((await part?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([
      ...AUDIO.slice(500),
    ]);

    const beyond = await worker.fetchThrough(signed("audio-1.m4b"), "no-cors", "GET", {
      range: "bytes=2000-",
    });
    expect(beyond?.status).toBe(416);
    expect(beyond?.headers.get("content-range")).toBe("bytes */1000");

    // A cover size that was not downloaded: the original, when the network cannot help.
    const variant = await worker.fetchThrough("/media/covers/c/cover-1.jpg?w=480&f=webp");
    expect([...new Uint8Array((await variant?.arrayBuffer()) ?? new ArrayBuffer(0))]).toEqual([...COVER]);
    expect(requested).toEqual(["/media/covers/c/cover-1.jpg"]);

    // What was not downloaded is still left to the browser.
    expect(await worker.fetchThrough(signed("audio-9.m4b"))).toBeNull();
    online = true;
  });

  it("finds downloads after the worker restarts, and before it has read their list", async () => {
    resetNetwork();
    const first = startWorker();
    await first.lifecycle("install");
    await first.post(downloadMessage(1));
    online = false;
    const restarted = startWorker("v2", first.caches);
    // Straight away: the list is still being read.
    const response = await restarted.fetchThrough(signed("audio-1.m4b"), "no-cors", "GET", {
      range: "bytes=0-9",
    });
    expect(response?.status).toBe(206);
    online = true;
  });

  it("removes one download and the files only it used, and everything at once", async () => {
    resetNetwork();
    const worker = startWorker();
    await worker.lifecycle("install");
    await worker.post(downloadMessage(1));
    await worker.post(downloadMessage(2));
    // The shared cover was fetched once.
    expect(requested.filter((path) => path === "/media/covers/c/cover-1.jpg")).toHaveLength(1);
    expect((await manifestOf(worker)).map((entry) => entry.number)).toEqual([1, 2]);

    broadcasts.length = 0;
    expect(await worker.post({ type: "remove", key: `/offline/episodes/${CONTENT_ID}/1.json` })).toEqual({
      ok: true,
    });
    expect(storedKeys(worker)).toEqual([
      `/offline/episodes/${CONTENT_ID}/2.json`,
      "/offline/files/media/covers/c/cover-1.jpg",
      `/offline/files/media/episodes/${EPISODE_ID}/audio-2.m4b`,
      "/offline/manifest.json",
    ]);
    expect(broadcasts.map((message) => message.type)).toEqual(["downloads-changed"]);
    expect(await worker.fetchThrough(signed("audio-1.m4b"))).toBeNull();
    expect(
      await worker.fetchThrough(signed("audio-2.m4b"), "no-cors", "GET", { range: "bytes=0-1" }),
    ).not.toBeNull();

    await worker.post(downloadMessage(1));
    expect(await worker.post({ type: "remove-all" })).toEqual({ ok: true });
    expect(worker.caches.stores.has("litverse-downloads")).toBe(false);
    expect(await worker.fetchThrough(signed("audio-2.m4b"))).toBeNull();
  });

  it("fails as a whole when a file cannot be fetched, keeping nothing of it", async () => {
    resetNetwork();
    serverFiles.set(`/media/episodes/${EPISODE_ID}/images/a.png`, {
      body: IMAGE,
      type: "image/png",
      status: 403,
    });
    const worker = startWorker();
    await worker.lifecycle("install");
    const reply = await worker.post(downloadMessage(1, [signed("images/a.png")]));
    expect(reply).toMatchObject({ ok: false, code: "http", status: 403 });
    expect(storedKeys(worker)).toEqual([]);
    expect(broadcasts.find((message) => message.type === "download-failed")).toMatchObject({ code: "http" });

    online = false;
    expect(await worker.post(downloadMessage(1))).toMatchObject({ ok: false, code: "network" });
    expect(storedKeys(worker)).toEqual([]);
    online = true;
  });

  it("refuses keys and URLs outside its own", async () => {
    resetNetwork();
    const worker = startWorker();
    await worker.lifecycle("install");
    for (const message of [
      { ...downloadMessage(1), key: "/index.html" },
      { ...downloadMessage(1), urls: ["/api/trpc/users.getCurrentUser"] },
      { ...downloadMessage(1), urls: ["https://elsewhere.example/a.png"] },
      { ...downloadMessage(1), payload: null },
    ]) {
      expect(await worker.post(message)).toMatchObject({ ok: false, code: "invalid" });
    }
    expect(await worker.post({ type: "remove", key: "/index.html" })).toMatchObject({ ok: false });
    expect(worker.caches.stores.get("litverse-v1")?.has(`${ORIGIN}/index.html`)).toBe(true);
  });

  it("uses the names the page reads downloads by", async () => {
    resetNetwork();
    const worker = startWorker();
    await worker.lifecycle("install");
    await worker.post({ ...downloadMessage(1), key: episodeDownloadKey(CONTENT_ID, 1) });
    const cache = worker.caches.stores.get(DOWNLOADS_CACHE);
    expect(cache?.has(`${ORIGIN}${episodeDownloadKey(CONTENT_ID, 1)}`)).toBe(true);
    expect(cache?.has(`${ORIGIN}${MANIFEST_KEY}`)).toBe(true);
    expect(broadcasts.every((message) => message.channel === DOWNLOADS_CHANNEL)).toBe(true);
  });

  it("tells a page which downloads are under way, and cancels one when it is removed", async () => {
    resetNetwork();
    let release = () => {};
    const audio = serverFiles.get(`/media/episodes/${EPISODE_ID}/audio-1.m4b`);
    if (audio) audio.gate = new Promise<void>((resolve) => (release = resolve));
    const worker = startWorker();
    await worker.lifecycle("install");
    expect(await worker.post({ type: "status" })).toEqual({ ok: true, running: [] });

    const downloading = worker.post(downloadMessage(1));
    await vi.waitFor(async () => {
      const status = await worker.post({ type: "status" });
      expect(status.running).toEqual([
        expect.objectContaining({
          key: `/offline/episodes/${CONTENT_ID}/1.json`,
          title: "Moby-Dick",
          episodeTitle: "Chapter 1",
          filesTotal: 2,
        }),
      ]);
    });
    expect(await worker.post({ type: "remove", key: `/offline/episodes/${CONTENT_ID}/1.json` })).toEqual({
      ok: true,
    });
    release();
    expect(await downloading).toMatchObject({ ok: false, code: "aborted" });
    // It was the only one: the cache went with it.
    expect(worker.caches.stores.has("litverse-downloads")).toBe(false);
    expect(await worker.post({ type: "status" })).toEqual({ ok: true, running: [] });
  });

  it("creates no downloads cache for someone who never downloads", async () => {
    resetNetwork();
    const worker = startWorker();
    await worker.lifecycle("install");
    await worker.lifecycle("activate");
    await worker.fetchThrough(signed("audio-1.m4b"));
    await worker.fetchThrough("/media/covers/c/cover-1.jpg?w=160&f=webp");
    expect(worker.caches.stores.has("litverse-downloads")).toBe(false);
  });
});
