// The Litverse service worker. It makes the app installable, lets it open without a network, and
// keeps the episodes a person downloads:
//
// - install:  precache the app shell: the build's index.html, hashed assets, icons and manifest;
// - activate: delete the caches of earlier versions (never the downloads), then take control of
//             open pages;
// - fetch:    page navigations go to the network first and fall back to the cached index.html
//             when offline; hashed /assets/ come from the cache first (their names change with
//             their contents, so a cached copy is never stale); the other precached files too.
//             A file of a downloaded episode (/media/…, a cover) comes from the downloads cache,
//             ranges included, so audio and video play offline. /api/, /oidc/ and /healthz are
//             left to the browser: never cached, never answered from a cache; so is any other
//             file that was not downloaded.
// - message:  downloads: the page sends an episode's content (which reaches it over the WebSocket)
//             and the URLs of its files; the worker stores them and reports progress to every
//             page on a BroadcastChannel. See decision 0011.
// - push:     a web push from the server (a JSON PushPayload) shows as a system notification;
// - notificationclick: focuses an open page of the app and takes it to the notification's link,
//             or opens one there.
//
// This file is written by hand. The build (service-worker/vite-plugin.ts) copies it to
// dist/sw.js, filling in the two placeholders below with the build's version and precache list.
// The version is a hash of everything precached, so any change to the app gives a new worker and a
// new cache, and the old cache is deleted once no page uses the old worker any more. See decision
// 0006.
//
// It is a classic script (not a module), which every browser that installs web apps can run.

const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));

/** The build's version, for example "3f9a0c2b7d1e". */
const VERSION = __SW_VERSION__;
/** Same-origin URLs of the app shell, for example ["/index.html", "/assets/index-BQ8T70UI.js", …]. */
const PRECACHE_URLS = __SW_PRECACHE_URLS__;

const CACHE_PREFIX = "litverse-";
/** One cache per version: the precached shell plus hashed assets fetched later. */
const CACHE_NAME = `${CACHE_PREFIX}${VERSION}`;
/** Downloaded episodes and their files. Kept across versions: only the person empties it. */
const DOWNLOADS_CACHE = `${CACHE_PREFIX}downloads`;
/** The page every navigation falls back to when offline (the app routes on the client). */
const SHELL_URL = "/index.html";
/** Paths the server owns whose answers must always be fresh, or are private. */
const NEVER_CACHED = ["/api/", "/oidc/", "/healthz"];

/** The list of downloads, an entry of the downloads cache (see `DownloadManifest`). */
const MANIFEST_KEY = "/offline/manifest.json";
/** An episode's content: `/offline/episodes/<contentId>/<number>.json`. */
const EPISODE_KEY = /^\/offline\/episodes\/[A-Za-z0-9_-]{1,128}\/[1-9]\d{0,5}\.json$/;
/** Where a downloaded file is kept: its URL without the signature, which changes every few hours. */
const FILE_PREFIX = "/offline/files";
/** `/media/episodes/<episodeId>/<expires>.<signature>/<file>` (decision 0008). */
const SIGNED_EPISODE_FILE = /^\/media\/episodes\/([^/]+)\/\d{1,12}\.[A-Za-z0-9_-]{43}\/(.+)$/;
/** Pages hear about downloads here: progress, completion, failure, changes to the list. */
const CHANNEL_NAME = "litverse-downloads";
/** Files of one episode fetched at once. */
const PARALLEL_FILES = 3;
const MAX_FILES = 2000;
/** Progress reports per download, at most one per this many milliseconds. */
const PROGRESS_INTERVAL_MS = 150;

sw.addEventListener("install", (event) => {
  event.waitUntil(precache());
});

sw.addEventListener("activate", (event) => {
  event.waitUntil(deleteOldCaches().then(() => sw.clients.claim()));
});

sw.addEventListener("fetch", (event) => {
  const { request } = event;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  // Other origins (an external sign-in provider, for one) are none of this worker's business.
  if (url.origin !== sw.location.origin) return;
  if (isServerPath(url.pathname)) return;

  if (request.mode === "navigate") {
    // Opening a media file itself is the server's business, as before.
    if (!url.pathname.startsWith("/media/")) event.respondWith(networkFirstNavigation(request));
  } else if (url.pathname.startsWith("/assets/") || PRECACHE_URLS.includes(url.pathname)) {
    event.respondWith(cacheFirst(request, event));
  } else if (mayBeDownloaded(url)) {
    event.respondWith(fromDownloads(request, url));
  }
  // Anything else goes to the network as if there were no worker.
});

sw.addEventListener("push", (event) => {
  event.waitUntil(showPush(event.data));
});

sw.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const link = /** @type {{ link?: unknown } | null} */ (event.notification.data)?.link;
  event.waitUntil(openLink(typeof link === "string" ? link : "/notifications"));
});

/**
 * Shows a push. Browsers require every push to show a notification, so one that cannot be read
 * still shows a plain one.
 * @param {PushMessageData | null} data
 */
function showPush(data) {
  /** @type {{ title?: unknown; body?: unknown; link?: unknown; tag?: unknown }} */
  let payload = {};
  try {
    payload = data ? data.json() : {};
  } catch {
    payload = {};
  }
  const title = typeof payload.title === "string" && payload.title ? payload.title : "Litverse";
  const link =
    typeof payload.link === "string" && payload.link.startsWith("/") ? payload.link : "/notifications";
  return sw.registration.showNotification(title, {
    body: typeof payload.body === "string" ? payload.body : "",
    tag: typeof payload.tag === "string" ? payload.tag : undefined,
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { link },
  });
}

/**
 * Takes an open page of the app to `link` (a same-site path), or opens a new one.
 * @param {string} link
 */
async function openLink(link) {
  const url = new URL(link, sw.location.origin);
  if (url.origin !== sw.location.origin) return;
  const pages = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  const page = pages.find((client) => new URL(client.url).origin === sw.location.origin);
  if (page) {
    await page.focus();
    await page.navigate(url.href).catch(() => undefined);
    return;
  }
  await sw.clients.openWindow(url.href);
}

sw.addEventListener("message", (event) => {
  const message = /** @type {unknown} */ (event.data);
  const port = event.ports[0];
  if (!message || typeof message !== "object" || !("type" in message)) return;
  /** @param {unknown} answer */
  const reply = (answer) => port?.postMessage(answer);
  /** @param {unknown} error */
  const fail = (error) => reply({ ok: false, ...describeFailure(error) });
  const data = /** @type {Record<string, unknown>} */ (message);
  switch (data.type) {
    case "download":
      // waitUntil keeps the worker alive until the download ends, even if the page goes away.
      event.waitUntil(
        Promise.resolve(data)
          .then(download)
          .then(
            (entry) => reply({ ok: true, entry }),
            (error) => fail(error),
          ),
      );
      break;
    case "remove":
      event.waitUntil(
        removeDownload(typeof data.key === "string" ? data.key : "").then(() => reply({ ok: true }), fail),
      );
      break;
    case "remove-all":
      event.waitUntil(removeAllDownloads().then(() => reply({ ok: true }), fail));
      break;
    case "status":
      reply({ ok: true, running: [...running.values()].map(progressReport) });
      break;
  }
});

/** @param {string} pathname */
function isServerPath(pathname) {
  return NEVER_CACHED.some((prefix) => pathname.startsWith(prefix) || `${pathname}/` === prefix);
}

/**
 * Fetches and stores the whole shell; installation fails (and is tried again on the next visit)
 * if any of it cannot be fetched, so a version is either complete or not used.
 */
async function precache() {
  const cache = await caches.open(CACHE_NAME);
  await cache.addAll(
    PRECACHE_URLS.map(
      // Hashed assets may come from the HTTP cache; anything else is revalidated with the server.
      (url) => new Request(url, { cache: url.startsWith("/assets/") ? "default" : "no-cache" }),
    ),
  );
}

async function deleteOldCaches() {
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME && name !== DOWNLOADS_CACHE)
      .map((name) => caches.delete(name)),
  );
}

/**
 * Online, a navigation gets the server's page as usual (so a new release shows at once); offline,
 * the precached index.html, which loads the precached assets of this version.
 * @param {Request} request
 */
async function networkFirstNavigation(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const shell = await caches.match(SHELL_URL, { cacheName: CACHE_NAME });
    if (shell) return shell;
    throw error;
  }
}

/**
 * From the cache if there, else from the network. A hashed asset missing from the cache belongs to
 * a newer release (its page came from the network while this worker is still in charge): it is
 * kept too, so that the page keeps working offline.
 * @param {Request} request
 * @param {FetchEvent} event
 */
async function cacheFirst(request, event) {
  const cache = await caches.open(CACHE_NAME);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok && response.type === "basic" && new URL(request.url).pathname.startsWith("/assets/")) {
    event.waitUntil(cache.put(request, response.clone()));
  }
  return response;
}

// ---------------------------------------------------------------------------------------------
// Downloads

/**
 * @typedef {object} DownloadEntry One downloaded episode, as the list of downloads keeps it.
 * @property {string} key Where its content is: `/offline/episodes/<contentId>/<number>.json`.
 * @property {string} contentId
 * @property {number} number
 * @property {string} title The title's.
 * @property {string} episodeTitle
 * @property {string} contentType
 * @property {string} kind book, audio, comic or video.
 * @property {string | null} coverUrl
 * @property {number} bytes Its content and every file, as stored.
 * @property {string[]} files The keys of its files in the downloads cache (shared files included).
 * @property {string} downloadedAt ISO 8601.
 */

/** @typedef {{ version: 1, entries: DownloadEntry[] }} DownloadManifest */

/**
 * @typedef {object} FileJob
 * @property {string} url
 * @property {string} key
 * @property {number} loaded
 * @property {number | null} total
 * @property {boolean} done
 */

/**
 * @typedef {object} DownloadJob
 * @property {string} key
 * @property {string} contentId
 * @property {number} number
 * @property {string} title
 * @property {string} episodeTitle
 * @property {FileJob[]} files
 * @property {AbortController} controller
 * @property {number} reportedAt
 * @property {Promise<DownloadEntry>} [done]
 */

/** Downloads under way in this worker, by episode key. */
/** @type {Map<string, DownloadJob>} */
const running = new Map();

/**
 * Every file key of every download, so that a fetch for a file that was not downloaded is left to
 * the browser at once. Null until read from the list (the worker may have just been started).
 * @type {Set<string> | null}
 */
let downloadedFiles = null;
const downloadedFilesReady = readManifest()
  .then((manifest) => {
    downloadedFiles = filesOf(manifest.entries);
  })
  .catch(() => {
    downloadedFiles = new Set();
  });

/** @type {BroadcastChannel | null} */
let channel = null;
/** @param {unknown} message */
function broadcast(message) {
  try {
    channel ??= new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage(message);
  } catch {
    // Progress is a courtesy; the download goes on without it.
  }
}

/**
 * The key under which a downloaded file is kept: its same-origin path and query, with the
 * signature taken out of signed episode URLs, so that a fresh URL for the same file (handed out a
 * few hours later) finds the downloaded copy too. Null for other origins.
 * @param {string | URL} input
 * @returns {string | null}
 */
function fileKey(input) {
  const url = new URL(input, sw.location.origin);
  if (url.origin !== sw.location.origin) return null;
  const signed = SIGNED_EPISODE_FILE.exec(url.pathname);
  const path = signed ? `/media/episodes/${signed[1]}/${signed[2]}` : url.pathname;
  return `${FILE_PREFIX}${path}${url.search}`;
}

/** @param {DownloadEntry[]} entries */
function filesOf(entries) {
  return new Set(entries.flatMap((entry) => entry.files));
}

/**
 * Whether a request may be for a downloaded file: decided at once when the list is known (a request
 * for an image size, `?w=…`, may be answered with the downloaded original when the network fails).
 * @param {URL} url
 */
function mayBeDownloaded(url) {
  if (downloadedFiles === null) return true;
  const key = fileKey(url);
  if (key && downloadedFiles.has(key)) return true;
  const original = url.search ? fileKey(`${url.origin}${url.pathname}`) : null;
  return original !== null && downloadedFiles.has(original);
}

/**
 * A downloaded file (a range of it when asked), else the network. A resized image that was not
 * downloaded comes from the network, and from the downloaded original when the network fails.
 * @param {Request} request
 * @param {URL} url
 */
async function fromDownloads(request, url) {
  await downloadedFilesReady;
  const key = fileKey(url);
  const cached = key ? await matchDownload(key) : undefined;
  if (cached) return answerFromCache(cached, request.headers.get("range"));
  const originalKey = url.search ? fileKey(`${url.origin}${url.pathname}`) : null;
  const original = originalKey ? await matchDownload(originalKey) : undefined;
  if (!original) return fetch(request);
  try {
    const response = await fetch(request);
    if (response.ok) return response;
  } catch {
    // Offline: the original will do.
  }
  return original;
}

/**
 * A stored file as the request wants it: whole, or the asked range (audio and video elements ask
 * for ranges, and seek with them).
 * @param {Response} cached
 * @param {string | null} rangeHeader
 */
async function answerFromCache(cached, rangeHeader) {
  if (!rangeHeader) return cached;
  const body = await cached.blob();
  const range = parseRange(rangeHeader, body.size);
  if (range === "unsatisfiable") {
    return new Response(null, {
      status: 416,
      statusText: "Range Not Satisfiable",
      headers: { "content-range": `bytes */${body.size}` },
    });
  }
  if (range === null) return new Response(body, { status: 200, headers: cached.headers });
  return partialResponse(body, range, cached.headers.get("content-type"));
}

/**
 * The one range a `Range` header asks for in a file of `size` bytes (RFC 9110 section 14): null
 * when the header is to be ignored (another unit, several ranges, malformed: the whole file is
 * sent), "unsatisfiable" when the range lies beyond the file.
 * @param {string} header
 * @param {number} size
 * @returns {{ start: number, end: number } | "unsatisfiable" | null}
 */
function parseRange(header, size) {
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!match) return null;
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  if (last !== "" && Number(last) < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: last === "" ? size - 1 : Math.min(Number(last), size - 1) };
}

/**
 * A 206 answer with the bytes `start` to `end` (inclusive) of `body`.
 * @param {Blob} body
 * @param {{ start: number, end: number }} range
 * @param {string | null} contentType
 */
function partialResponse(body, range, contentType) {
  const part = body.slice(range.start, range.end + 1);
  /** @type {Record<string, string>} */
  const headers = {
    "accept-ranges": "bytes",
    "content-length": String(part.size),
    "content-range": `bytes ${range.start}-${range.end}/${body.size}`,
  };
  if (contentType) headers["content-type"] = contentType;
  return new Response(part, { status: 206, statusText: "Partial Content", headers });
}

/**
 * An entry of the downloads cache. Unlike opening the cache, this does not create it: a person
 * who never downloads anything never has one.
 * @param {string} key
 */
function matchDownload(key) {
  return caches.match(key, { cacheName: DOWNLOADS_CACHE });
}

/** @returns {Promise<DownloadManifest>} */
async function readManifest() {
  const response = await matchDownload(MANIFEST_KEY);
  if (!response) return { version: 1, entries: [] };
  const manifest = /** @type {DownloadManifest} */ (await response.json());
  return Array.isArray(manifest?.entries) ? manifest : { version: 1, entries: [] };
}

/** Changes to the list, one after the other (several downloads may end at once). */
let manifestQueue = Promise.resolve();
/**
 * @param {(entries: DownloadEntry[]) => DownloadEntry[]} change
 * @returns {Promise<DownloadEntry[]>}
 */
function updateManifest(change) {
  const next = manifestQueue.then(async () => {
    const cache = await caches.open(DOWNLOADS_CACHE);
    const entries = change((await readManifest()).entries);
    /** @type {DownloadManifest} */
    const manifest = { version: 1, entries };
    await cache.put(MANIFEST_KEY, jsonResponse(manifest));
    downloadedFiles = filesOf(entries);
    return entries;
  });
  manifestQueue = next.then(
    () => {},
    () => {},
  );
  return next;
}

/** @param {unknown} value */
function jsonResponse(value) {
  return new Response(JSON.stringify(value), { headers: { "content-type": "application/json" } });
}

/**
 * The checked download request: where the episode goes, its content and the same-origin URLs of
 * its files (each once).
 * @param {Record<string, unknown>} message
 */
function downloadRequest(message) {
  const { key, payload, urls } = message;
  if (typeof key !== "string" || !EPISODE_KEY.test(key)) throw new DownloadError("invalid", "Bad key.");
  const data = /** @type {any} */ (payload);
  if (!data || typeof data !== "object" || !data.content || !data.episode || !data.payload) {
    throw new DownloadError("invalid", "Bad episode.");
  }
  if (!Array.isArray(urls) || urls.length > MAX_FILES || urls.some((url) => typeof url !== "string")) {
    throw new DownloadError("invalid", "Bad file list.");
  }
  /** @type {Map<string, string>} */
  const files = new Map();
  for (const url of /** @type {string[]} */ (urls)) {
    const fileUrl = new URL(url, sw.location.origin);
    const fileKeyValue = fileKey(fileUrl);
    if (!fileKeyValue || isServerPath(fileUrl.pathname))
      throw new DownloadError("invalid", `Bad URL ${url}.`);
    if (!files.has(fileKeyValue)) files.set(fileKeyValue, fileUrl.href);
  }
  return { key, data, files };
}

class DownloadError extends Error {
  /**
   * @param {"invalid" | "http" | "network" | "quota" | "aborted"} code
   * @param {string} message
   * @param {number} [status]
   */
  constructor(code, message, status) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** @param {unknown} error */
function describeFailure(error) {
  if (error instanceof DownloadError) return { code: error.code, status: error.status, error: error.message };
  const { name = "", message = String(error) } = /** @type {{ name?: string, message?: string }} */ (
    error && typeof error === "object" ? error : {}
  );
  const text = String(message);
  if (name === "QuotaExceededError") return { code: "quota", error: text };
  if (name === "AbortError") return { code: "aborted", error: text };
  // What fetch throws when the network fails.
  if (name === "TypeError") return { code: "network", error: text };
  return { code: "unknown", error: text };
}

/**
 * Downloads an episode: every file, then its content, then its line in the list, so that an
 * episode is listed only once all of it is stored. Files already stored (a cover shared with
 * another episode, a download done again) are not fetched again. A failure removes what this
 * download stored and others do not use.
 * @param {Record<string, unknown>} message
 * @returns {Promise<DownloadEntry>}
 */
function download(message) {
  const { key, data, files } = downloadRequest(message);
  const existing = running.get(key);
  if (existing?.done) return existing.done;
  /** @type {DownloadJob} */
  const job = {
    key,
    contentId: String(data.content._id),
    number: Number(data.episode.number),
    title: String(data.content.title ?? ""),
    episodeTitle: String(data.episode.title ?? ""),
    files: [...files].map(([fileKeyValue, url]) => ({
      url,
      key: fileKeyValue,
      loaded: 0,
      total: null,
      done: false,
    })),
    controller: new AbortController(),
    reportedAt: 0,
  };
  job.done = runDownload(job, data).finally(() => running.delete(key));
  running.set(key, job);
  report(job, true);
  return job.done;
}

/**
 * @param {DownloadJob} job
 * @param {any} data
 * @returns {Promise<DownloadEntry>}
 */
async function runDownload(job, data) {
  const cache = await caches.open(DOWNLOADS_CACHE);
  try {
    await inParallel(job.files, PARALLEL_FILES, (file) => storeFile(cache, file, job));
    const content = JSON.stringify(data);
    await cache.put(job.key, new Response(content, { headers: { "content-type": "application/json" } }));
    /** @type {DownloadEntry} */
    const entry = {
      key: job.key,
      contentId: job.contentId,
      number: job.number,
      title: job.title,
      episodeTitle: job.episodeTitle,
      contentType: String(data.content.contentType ?? ""),
      kind: String(data.payload.kind ?? ""),
      coverUrl: typeof data.content.coverImage === "string" ? data.content.coverImage : null,
      bytes: new Blob([content]).size + job.files.reduce((sum, file) => sum + file.loaded, 0),
      files: job.files.map((file) => file.key),
      downloadedAt: new Date().toISOString(),
    };
    if (job.controller.signal.aborted) throw new DownloadError("aborted", "Cancelled.");
    await updateManifest((entries) => [...entries.filter((other) => other.key !== job.key), entry]);
    broadcast({ type: "download-done", key: job.key, entry });
    broadcast({ type: "downloads-changed" });
    return entry;
  } catch (error) {
    job.controller.abort();
    running.delete(job.key);
    await removeUnused(cache, await readManifest().catch(() => ({ version: 1, entries: [] }))).catch(
      () => {},
    );
    broadcast({ type: "download-failed", key: job.key, ...describeFailure(error) });
    throw error;
  }
}

/**
 * @param {Cache} cache
 * @param {FileJob} file
 * @param {DownloadJob} job
 */
async function storeFile(cache, file, job) {
  const stored = await cache.match(file.key);
  if (stored) {
    const length = Number(stored.headers.get("content-length"));
    file.loaded = Number.isFinite(length) && length > 0 ? length : (await stored.blob()).size;
    file.total = file.loaded;
    file.done = true;
    report(job, true);
    return;
  }
  let response;
  try {
    // Past the HTTP cache: a media element streaming the same file holds its entry, and the
    // download would wait for it (and the file would be kept twice).
    response = await fetch(file.url, { signal: job.controller.signal, cache: "no-store" });
  } catch (error) {
    if (job.controller.signal.aborted) throw new DownloadError("aborted", "Cancelled.");
    throw error;
  }
  if (response.status !== 200 || !response.body) {
    throw new DownloadError("http", `${file.url} answered ${response.status}.`, response.status);
  }
  const length = Number(response.headers.get("content-length"));
  file.total = Number.isFinite(length) && length > 0 ? length : null;
  const counted = response.body.pipeThrough(
    new TransformStream({
      transform(chunk, controller) {
        file.loaded += chunk.byteLength;
        report(job, false);
        controller.enqueue(chunk);
      },
    }),
  );
  /** @type {Record<string, string>} */
  const headers = { "accept-ranges": "bytes" };
  const type = response.headers.get("content-type");
  if (type) headers["content-type"] = type;
  if (file.total !== null) headers["content-length"] = String(file.total);
  await cache.put(file.key, new Response(counted, { status: 200, headers }));
  if (job.controller.signal.aborted) throw new DownloadError("aborted", "Cancelled.");
  file.total = file.loaded;
  file.done = true;
  report(job, true);
}

/**
 * Runs `work` on every item, at most `limit` at a time; the first failure stops the rest.
 * @template T
 * @param {T[]} items
 * @param {number} limit
 * @param {(item: T) => Promise<void>} work
 */
async function inParallel(items, limit, work) {
  let next = 0;
  let failed = false;
  const lane = async () => {
    while (!failed && next < items.length) {
      const item = /** @type {T} */ (items[next++]);
      try {
        await work(item);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
}

/**
 * How far a download is, from 0 to 1, by bytes. A file whose size is not known yet counts as the
 * average of those known.
 * @param {Array<{ loaded: number, total: number | null, done: boolean }>} files
 */
function downloadProgress(files) {
  if (files.length === 0) return 1;
  const known = files.filter((file) => file.total !== null);
  const average =
    known.length > 0 ? known.reduce((sum, file) => sum + (file.total ?? 0), 0) / known.length : 1;
  let expected = 0;
  let loaded = 0;
  for (const file of files) {
    const size = file.done ? file.loaded : (file.total ?? average);
    expected += size;
    loaded += file.done ? file.loaded : Math.min(file.loaded, size);
  }
  return expected > 0 ? Math.min(1, loaded / expected) : 0;
}

/** @param {DownloadJob} job */
function progressReport(job) {
  return {
    key: job.key,
    contentId: job.contentId,
    number: job.number,
    title: job.title,
    episodeTitle: job.episodeTitle,
    progress: downloadProgress(job.files),
    bytesDone: job.files.reduce((sum, file) => sum + file.loaded, 0),
    filesDone: job.files.filter((file) => file.done).length,
    filesTotal: job.files.length,
  };
}

/**
 * @param {DownloadJob} job
 * @param {boolean} force
 */
function report(job, force) {
  const now = Date.now();
  if (!force && now - job.reportedAt < PROGRESS_INTERVAL_MS) return;
  job.reportedAt = now;
  broadcast({ type: "download-progress", ...progressReport(job) });
}

/**
 * Deletes every stored file and episode that no listed download and no running one needs.
 * @param {Cache} cache
 * @param {DownloadManifest} manifest
 */
async function removeUnused(cache, manifest) {
  const needed = filesOf(manifest.entries);
  for (const entry of manifest.entries) needed.add(entry.key);
  for (const job of running.values()) {
    needed.add(job.key);
    for (const file of job.files) needed.add(file.key);
  }
  needed.add(MANIFEST_KEY);
  const requests = await cache.keys();
  await Promise.all(
    requests
      .filter((request) => !needed.has(new URL(request.url).pathname + new URL(request.url).search))
      .map((request) => cache.delete(request)),
  );
}

/**
 * Removes one download (cancelling it if it is still running) and the files only it used.
 * @param {string} key
 */
async function removeDownload(key) {
  if (!EPISODE_KEY.test(key)) throw new DownloadError("invalid", "Bad key.");
  const job = running.get(key);
  if (job) {
    job.controller.abort();
    running.delete(key);
    await job.done?.catch(() => {});
  }
  const entries = await updateManifest((list) => list.filter((entry) => entry.key !== key));
  if (entries.length === 0 && running.size === 0) {
    // The last one: nothing of the downloads stays behind.
    await caches.delete(DOWNLOADS_CACHE);
  } else {
    await removeUnused(await caches.open(DOWNLOADS_CACHE), { version: 1, entries });
  }
  broadcast({ type: "downloads-changed" });
}

async function removeAllDownloads() {
  const jobs = [...running.values()];
  for (const job of jobs) job.controller.abort();
  running.clear();
  await Promise.all(jobs.map((job) => job.done?.catch(() => {})));
  await manifestQueue;
  await caches.delete(DOWNLOADS_CACHE);
  downloadedFiles = new Set();
  broadcast({ type: "downloads-changed" });
}
