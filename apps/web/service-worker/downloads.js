// Downloads: the page sends an episode's content (which reaches it over the WebSocket) and the
// URLs of its files; every file is stored, then the content, then its line in the list of
// downloads. Removing one deletes what no other download uses. See decision 0011.
import { broadcast, report } from "./download-progress.js";
import {
  afterManifestChanges,
  fileKey,
  filesOf,
  forgetDownloadedFiles,
  MANIFEST_KEY,
  readManifest,
  updateManifest,
} from "./download-store.js";
import { DOWNLOADS_CACHE, isServerPath, sw } from "./worker-scope.js";

/** @import { DownloadEntry, DownloadManifest } from "./download-store.js" */
/** @import { DownloadJob, FileJob } from "./download-progress.js" */

/** An episode's content: `/offline/episodes/<contentId>/<number>.json`. */
const EPISODE_KEY = /^\/offline\/episodes\/[A-Za-z0-9_-]{1,128}\/[1-9]\d{0,5}\.json$/;
/** Files of one episode fetched at once. */
const PARALLEL_FILES = 3;
const MAX_FILES = 2000;

/** Downloads under way in this worker, by episode key. */
/** @type {Map<string, DownloadJob>} */
export const running = new Map();

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
export function describeFailure(error) {
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
export function download(message) {
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
export async function removeDownload(key) {
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

export async function removeAllDownloads() {
  const jobs = [...running.values()];
  for (const job of jobs) job.controller.abort();
  running.clear();
  await Promise.all(jobs.map((job) => job.done?.catch(() => {})));
  await afterManifestChanges();
  await caches.delete(DOWNLOADS_CACHE);
  forgetDownloadedFiles();
  broadcast({ type: "downloads-changed" });
}
