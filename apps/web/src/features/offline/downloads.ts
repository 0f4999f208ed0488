// Episodes downloaded for offline reading and listening (decision 0011). The service worker does
// the work: the page hands it the episode's content (which reaches the page over the WebSocket)
// and the URLs of its files; the worker stores them in its downloads cache and tells every page
// how it goes on a BroadcastChannel. Reading the list and a downloaded episode needs no worker:
// Cache Storage is open to the page too.
import type { EpisodeContent } from "@litverse/shared/content";
import { useCallback, useRef, useSyncExternalStore } from "react";
import {
  DOWNLOADS_CACHE,
  DOWNLOADS_CHANNEL,
  type DownloadEntry,
  type DownloadFailureCode,
  type DownloadProgress,
  downloadFailureMessage,
  episodeDownloadKey,
  episodeMediaUrls,
  MANIFEST_KEY,
} from "./offline-files.ts";

export type { DownloadEntry } from "./offline-files.ts";

/** A download that did not happen, with a sentence for people (`message`) and why (`code`). */
export class DownloadFailure extends Error {
  readonly code: DownloadFailureCode;
  readonly status: number | undefined;
  constructor(code: DownloadFailureCode, status?: number) {
    super(downloadFailureMessage(code, status));
    this.name = "DownloadFailure";
    this.code = code;
    this.status = status;
  }
}

/**
 * Whether this page can download: a production build (the development server has no worker),
 * in a secure context, with service workers and Cache Storage.
 */
export function isDownloadSupported(): boolean {
  return (
    import.meta.env.PROD &&
    typeof window !== "undefined" &&
    window.isSecureContext &&
    "serviceWorker" in navigator &&
    "caches" in window
  );
}

// ---------------------------------------------------------------------------------------------
// Talking to the worker

/** How long to wait for an active worker (it installs after the first load). */
const WORKER_WAIT_MS = 10_000;
/** How often a page waiting for a download checks that the worker still has it. */
const WATCH_INTERVAL_MS = 15_000;

async function activeWorker(): Promise<ServiceWorker> {
  if (!isDownloadSupported()) throw new DownloadFailure("unavailable");
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), WORKER_WAIT_MS)),
  ]);
  const worker = registration?.active;
  if (!worker) throw new DownloadFailure("unavailable");
  return worker;
}

interface WorkerReply {
  ok: boolean;
  code?: DownloadFailureCode;
  status?: number;
  entry?: DownloadEntry;
  running?: DownloadProgress[];
}

/** Sends the worker a message and waits for its answer on a port of its own. */
async function ask(message: Record<string, unknown>): Promise<WorkerReply> {
  const worker = await activeWorker();
  return new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event: MessageEvent<WorkerReply>) => {
      channel.port1.close();
      if (event.data.ok) resolve(event.data);
      else reject(new DownloadFailure(event.data.code ?? "unknown", event.data.status));
    };
    worker.postMessage(message, [channel.port2]);
  });
}

// ---------------------------------------------------------------------------------------------
// What every page knows about downloads

interface DownloadsSnapshot {
  /** Undefined until read. */
  entries: DownloadEntry[] | undefined;
  /** Downloads under way (in any tab), by episode key. */
  running: Readonly<Record<string, DownloadProgress>>;
  /** Downloads that failed since this page opened, by episode key. */
  failed: Readonly<Record<string, DownloadFailure>>;
}

let snapshot: DownloadsSnapshot = { entries: undefined, running: {}, failed: {} };
const listeners = new Set<() => void>();
let isListening = false;

function update(change: Partial<DownloadsSnapshot>): void {
  snapshot = { ...snapshot, ...change };
  for (const listener of listeners) listener();
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

function setRunning(progress: DownloadProgress): void {
  update({
    running: { ...snapshot.running, [progress.key]: progress },
    failed: without(snapshot.failed, progress.key),
  });
}

function setFinished(key: string, failure?: DownloadFailure): void {
  const failed =
    failure && failure.code !== "aborted"
      ? { ...snapshot.failed, [key]: failure }
      : without(snapshot.failed, key);
  update({ running: without(snapshot.running, key), failed });
}

async function refreshList(): Promise<void> {
  update({ entries: await listDownloads() });
}

type WorkerEvent =
  | ({ type: "download-progress" } & DownloadProgress)
  | { type: "download-done"; key: string; entry: DownloadEntry }
  | { type: "download-failed"; key: string; code: DownloadFailureCode; status?: number }
  | { type: "downloads-changed" };

function onWorkerEvent(event: WorkerEvent): void {
  switch (event.type) {
    case "download-progress": {
      const { type: _type, ...progress } = event;
      setRunning(progress);
      break;
    }
    case "download-done":
      update({
        entries: [...(snapshot.entries ?? []).filter((entry) => entry.key !== event.key), event.entry],
      });
      setFinished(event.key);
      break;
    case "download-failed":
      setFinished(event.key, new DownloadFailure(event.code, event.status));
      break;
    case "downloads-changed":
      void refreshList();
      break;
  }
}

function startListening(): void {
  if (isListening || !isDownloadSupported()) return;
  isListening = true;
  if ("BroadcastChannel" in window) {
    new BroadcastChannel(DOWNLOADS_CHANNEL).onmessage = (event: MessageEvent<WorkerEvent>) =>
      onWorkerEvent(event.data);
  }
  void refreshList();
  // Downloads started before this page opened (in another tab, or before a navigation).
  ask({ type: "status" }).then(
    (reply) => {
      for (const progress of reply.running ?? []) setRunning(progress);
    },
    () => {},
  );
}

function subscribe(listener: () => void): () => void {
  startListening();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => snapshot;

// ---------------------------------------------------------------------------------------------
// The functions

/** The downloaded episodes on this device, as stored (empty where downloads are not available). */
export async function listDownloads(): Promise<DownloadEntry[]> {
  if (typeof caches === "undefined") return [];
  try {
    const response = await caches.match(MANIFEST_KEY, { cacheName: DOWNLOADS_CACHE });
    if (!response) return [];
    const manifest = (await response.json()) as { entries?: DownloadEntry[] };
    return Array.isArray(manifest.entries) ? manifest.entries : [];
  } catch {
    return [];
  }
}

/** A downloaded episode's content, or null when it is not downloaded (or cannot be read). */
export async function readDownloadedEpisode(
  contentId: string,
  number: number,
): Promise<EpisodeContent | null> {
  if (typeof caches === "undefined") return null;
  try {
    const response = await caches.match(episodeDownloadKey(contentId, number), {
      cacheName: DOWNLOADS_CACHE,
    });
    return response ? ((await response.json()) as EpisodeContent) : null;
  } catch {
    return null;
  }
}

/** Asks once, on the first download, that the browser not evict downloads when space runs low. */
async function askForPersistentStorage(): Promise<void> {
  try {
    if (!navigator.storage?.persist || (await navigator.storage.persisted())) return;
    await navigator.storage.persist();
  } catch {
    // The downloads work anyway; the browser may just evict them under pressure.
  }
}

/**
 * Downloads an episode: resolves with its entry in the list once all of it is stored, rejects
 * with a DownloadFailure. The download goes on if the page navigates or closes meanwhile.
 */
export async function downloadEpisode(data: EpisodeContent): Promise<DownloadEntry> {
  const key = episodeDownloadKey(data.content._id, data.episode.number);
  const urls = episodeMediaUrls(data);
  startListening();
  setRunning({
    key,
    contentId: data.content._id,
    number: data.episode.number,
    title: data.content.title,
    episodeTitle: data.episode.title,
    progress: 0,
    bytesDone: 0,
    filesDone: 0,
    filesTotal: urls.length,
  });
  try {
    if ((snapshot.entries ?? (await listDownloads())).length === 0) void askForPersistentStorage();
    const watch = watchForInterruption(key);
    const reply = await Promise.race([
      ask({ type: "download", key, payload: data, urls }),
      watch.lost,
    ]).finally(watch.stop);
    if (!reply.entry) throw new DownloadFailure("unknown");
    const entry = reply.entry;
    update({ entries: [...(snapshot.entries ?? []).filter((other) => other.key !== key), entry] });
    setFinished(key);
    return entry;
  } catch (error) {
    const failure = error instanceof DownloadFailure ? error : new DownloadFailure("unknown");
    setFinished(key, failure);
    throw failure;
  }
}

/**
 * A browser may stop an idle worker, and a download with it: `lost` rejects once the worker no
 * longer has the download (a download that ended answers first). `stop` ends the watch.
 */
function watchForInterruption(key: string): { lost: Promise<never>; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let isStopped = false;
  const lost = new Promise<never>((_resolve, reject) => {
    const check = async () => {
      const reply = await ask({ type: "status" }).catch(() => null);
      if (isStopped) return;
      if (reply && !reply.running?.some((progress) => progress.key === key)) {
        // The answer may be on its way: give it a moment before calling it lost.
        timer = setTimeout(() => reject(new DownloadFailure("interrupted")), 2_000);
        return;
      }
      timer = setTimeout(check, WATCH_INTERVAL_MS);
    };
    timer = setTimeout(check, WATCH_INTERVAL_MS);
  });
  lost.catch(() => {});
  return {
    lost,
    stop: () => {
      isStopped = true;
      clearTimeout(timer);
    },
  };
}

/** Removes a download (cancelling it if it is under way) and the files only it used. */
export async function removeDownload(contentId: string, number: number): Promise<void> {
  const key = episodeDownloadKey(contentId, number);
  await ask({ type: "remove", key });
  update({ entries: (snapshot.entries ?? []).filter((entry) => entry.key !== key) });
  setFinished(key);
}

/** Removes every download on this device. */
export async function removeAllDownloads(): Promise<void> {
  await ask({ type: "remove-all" });
  update({ entries: [], running: {}, failed: {} });
}

// ---------------------------------------------------------------------------------------------
// Hooks

/** Every download on this device and those under way, kept current across tabs. */
export function useDownloads(): DownloadsSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export type EpisodeDownloadState = "none" | "downloading" | "downloaded" | "failed";

/** One episode's download: where it stands, and the actions. */
export function useEpisodeDownload(data: EpisodeContent): {
  state: EpisodeDownloadState;
  /** From 0 to 1 while downloading; 1 once downloaded. */
  progress: number;
  entry: DownloadEntry | null;
  failure: DownloadFailure | null;
  download: () => Promise<DownloadEntry>;
  remove: () => Promise<void>;
} {
  const { entries, running, failed } = useDownloads();
  const contentId = data.content._id;
  const number = data.episode.number;
  const key = episodeDownloadKey(contentId, number);
  const latest = useRef(data);
  latest.current = data;
  const download = useCallback(() => downloadEpisode(latest.current), []);
  const remove = useCallback(() => removeDownload(contentId, number), [contentId, number]);
  const entry = entries?.find((candidate) => candidate.key === key) ?? null;
  const progress = running[key];
  const failure = failed[key] ?? null;
  const state: EpisodeDownloadState = progress
    ? "downloading"
    : entry
      ? "downloaded"
      : failure
        ? "failed"
        : "none";
  return {
    state,
    progress: progress ? progress.progress : entry ? 1 : 0,
    entry,
    failure,
    download,
    remove,
  };
}
