// What the downloads cache holds: each downloaded file under a key that outlives its signed URL,
// each episode's content, and the list of downloads (its manifest); answers from it for the files
// of downloaded episodes. See decision 0011.
import { answerFromCache } from "./ranges.js";
import { DOWNLOADS_CACHE, sw } from "./worker-scope.js";

/** The list of downloads, an entry of the downloads cache (see `DownloadManifest`). */
export const MANIFEST_KEY = "/offline/manifest.json";
/** Where a downloaded file is kept: its URL without the signature, which changes every few hours. */
const FILE_PREFIX = "/offline/files";
/** `/media/episodes/<episodeId>/<expires>.<signature>/<file>` (decision 0008). */
const SIGNED_EPISODE_FILE = /^\/media\/episodes\/([^/]+)\/\d{1,12}\.[A-Za-z0-9_-]{43}\/(.+)$/;

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

/**
 * The key under which a downloaded file is kept: its same-origin path and query, with the
 * signature taken out of signed episode URLs, so that a fresh URL for the same file (handed out a
 * few hours later) finds the downloaded copy too. Null for other origins.
 * @param {string | URL} input
 * @returns {string | null}
 */
export function fileKey(input) {
  const url = new URL(input, sw.location.origin);
  if (url.origin !== sw.location.origin) return null;
  const signed = SIGNED_EPISODE_FILE.exec(url.pathname);
  const path = signed ? `/media/episodes/${signed[1]}/${signed[2]}` : url.pathname;
  return `${FILE_PREFIX}${path}${url.search}`;
}

/** @param {DownloadEntry[]} entries */
export function filesOf(entries) {
  return new Set(entries.flatMap((entry) => entry.files));
}

/**
 * Whether a request may be for a downloaded file: decided at once when the list is known (a request
 * for an image size, `?w=…`, may be answered with the downloaded original when the network fails).
 * @param {URL} url
 */
export function mayBeDownloaded(url) {
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
export async function fromDownloads(request, url) {
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
 * An entry of the downloads cache. Unlike opening the cache, this does not create it: a person
 * who never downloads anything never has one.
 * @param {string} key
 */
export function matchDownload(key) {
  return caches.match(key, { cacheName: DOWNLOADS_CACHE });
}

/** @returns {Promise<DownloadManifest>} */
export async function readManifest() {
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
export function updateManifest(change) {
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

/** Once the changes to the list asked for so far are done (or failed). */
export function afterManifestChanges() {
  return manifestQueue;
}

/** The downloads are all gone: no fetch is for a downloaded file. */
export function forgetDownloadedFiles() {
  downloadedFiles = new Set();
}
