// How far the downloads under way are, told to every page of the app on a BroadcastChannel
// (progress, completion, failure, changes to the list).
/** @import { DownloadEntry } from "./download-store.js" */

/** Pages hear about downloads here: progress, completion, failure, changes to the list. */
const CHANNEL_NAME = "litverse-downloads";
/** Progress reports per download, at most one per this many milliseconds. */
const PROGRESS_INTERVAL_MS = 150;

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

/** @type {BroadcastChannel | null} */
let channel = null;
/** @param {unknown} message */
export function broadcast(message) {
  try {
    channel ??= new BroadcastChannel(CHANNEL_NAME);
    channel.postMessage(message);
  } catch {
    // Progress is a courtesy; the download goes on without it.
  }
}

/**
 * How far a download is, from 0 to 1, by bytes. A file whose size is not known yet counts as the
 * average of those known.
 * @param {Array<{ loaded: number, total: number | null, done: boolean }>} files
 */
export function downloadProgress(files) {
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
export function progressReport(job) {
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
export function report(job, force) {
  const now = Date.now();
  if (!force && now - job.reportedAt < PROGRESS_INTERVAL_MS) return;
  job.reportedAt = now;
  broadcast({ type: "download-progress", ...progressReport(job) });
}
