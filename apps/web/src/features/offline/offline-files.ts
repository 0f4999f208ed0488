// What a download of an episode is made of, and how downloads read: pure functions shared by the
// download button, the Downloads tab and their tests. The service worker keeps the same names for
// the cache and the keys (service-worker/download-store.js; decision 0011).
import type { ContentType, EpisodeContent, EpisodePayload } from "@litverse/shared/content";

/** The cache the worker keeps downloads in, across versions of the app. */
export const DOWNLOADS_CACHE = "litverse-downloads";
/** The list of downloads, an entry of that cache. */
export const MANIFEST_KEY = "/offline/manifest.json";
/** Where the worker tells every page about downloads. */
export const DOWNLOADS_CHANNEL = "litverse-downloads";

/** One downloaded episode, as the worker lists it. */
export interface DownloadEntry {
  /** Where its content is kept (see episodeDownloadKey). */
  key: string;
  contentId: string;
  number: number;
  title: string;
  episodeTitle: string;
  contentType: ContentType;
  kind: EpisodePayload["kind"];
  coverUrl: string | null;
  /** Its content and every file, as stored (a file shared with another download counts in both). */
  bytes: number;
  /** The keys of its files in the downloads cache. */
  files: string[];
  /** ISO 8601. */
  downloadedAt: string;
}

/** A download under way. */
export interface DownloadProgress {
  key: string;
  contentId: string;
  number: number;
  title: string;
  episodeTitle: string;
  /** From 0 to 1, by bytes. */
  progress: number;
  bytesDone: number;
  filesDone: number;
  filesTotal: number;
}

/** The downloads of one title, as the Downloads tab shows them. */
export interface DownloadedTitle {
  contentId: string;
  title: string;
  contentType: ContentType;
  coverUrl: string | null;
  episodes: DownloadEntry[];
  bytes: number;
  /** The latest download's. */
  downloadedAt: string;
}

/** Titles with their downloaded episodes in order, the most recently downloaded title first. */
export function groupByTitle(entries: DownloadEntry[]): DownloadedTitle[] {
  const titles = new Map<string, DownloadedTitle>();
  for (const entry of entries) {
    const title = titles.get(entry.contentId);
    if (!title) {
      titles.set(entry.contentId, {
        contentId: entry.contentId,
        title: entry.title,
        contentType: entry.contentType,
        coverUrl: entry.coverUrl,
        episodes: [entry],
        bytes: entry.bytes,
        downloadedAt: entry.downloadedAt,
      });
      continue;
    }
    title.episodes.push(entry);
    title.bytes += entry.bytes;
    if (entry.downloadedAt > title.downloadedAt) {
      // The latest download has the title as it is now.
      title.downloadedAt = entry.downloadedAt;
      title.title = entry.title;
      title.coverUrl = entry.coverUrl;
    }
  }
  for (const title of titles.values()) title.episodes.sort((a, b) => a.number - b.number);
  return [...titles.values()].sort((a, b) => b.downloadedAt.localeCompare(a.downloadedAt));
}

/** Where an episode's content is kept. */
export function episodeDownloadKey(contentId: string, number: number): string {
  return `/offline/episodes/${contentId}/${number}.json`;
}

const IMG_SRC = /<img\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;

function decodeAttribute(value: string): string {
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#39;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** Sound and video a chapter plays. */
const MEDIA_SRC = /<(?:audio|video|source)\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** A drawing's pictures: the importer writes them as `<image xlink:href>`. */
const SVG_IMAGE_HREF = /<image\b[^>]*?\sxlink:href\s*=\s*(?:"([^"]*)"|'([^']*)')/gi;
/** The book's stylesheet names its fonts and pictures with url(), quoted or not. */
const CSS_URL = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]+))\s*\)/gi;

/** The files a book chapter shows (pictures, drawings' pictures, sound and video) and its stylesheet's files. */
export function chapterImageUrls(html: string, css: string | null = null): string[] {
  return [
    ...[...html.matchAll(IMG_SRC)].map((match) => decodeAttribute(match[1] ?? match[2] ?? "")),
    ...[...html.matchAll(SVG_IMAGE_HREF)].map((match) => decodeAttribute(match[1] ?? match[2] ?? "")),
    ...[...html.matchAll(MEDIA_SRC)].map((match) => decodeAttribute(match[1] ?? match[2] ?? "")),
    ...[...(css ?? "").matchAll(CSS_URL)].map((match) => match[1] ?? match[2] ?? match[3] ?? ""),
  ];
}

/** Only this app's own files can be stored offline: paths on this origin. */
const isOwnFile = (url: string) => url.startsWith("/") && !url.startsWith("//");

/**
 * Every file the episode needs on screen: its audio or video, poster and subtitles, comic pages,
 * a chapter's images, and the title's cover (for the Downloads tab), each once.
 */
export function episodeMediaUrls(data: EpisodeContent): string[] {
  const { payload } = data;
  const urls: string[] = [];
  switch (payload.kind) {
    case "book":
      urls.push(...chapterImageUrls(payload.html, payload.css));
      urls.push(...(payload.readAlong?.audio.map((file) => file.url) ?? []));
      break;
    case "audio":
      urls.push(payload.url);
      break;
    case "comic":
      urls.push(...payload.pages.map((page) => page.url));
      break;
    case "video":
      urls.push(payload.url, ...(payload.posterUrl ? [payload.posterUrl] : []));
      urls.push(...payload.subtitles.map((track) => track.url));
      break;
  }
  if (data.content.coverImage) urls.push(data.content.coverImage);
  return [...new Set(urls.filter(isOwnFile))];
}

/** Why a download failed, as the worker says it. */
export type DownloadFailureCode =
  | "invalid"
  | "http"
  | "network"
  | "quota"
  | "aborted"
  | "interrupted"
  | "unavailable"
  | "unknown";

export function downloadFailureMessage(code: DownloadFailureCode, status?: number): string {
  switch (code) {
    case "quota":
      return "There is not enough storage space on this device. Remove some downloads and try again.";
    case "network":
      return "The connection was lost. Try again once you are back online.";
    case "http":
      return status === 403
        ? "The episode's links have expired. Open the episode again and retry."
        : "The server could not send every file of this episode. Try again later.";
    case "aborted":
      return "The download was cancelled.";
    case "interrupted":
      return "The download was interrupted. Try again.";
    case "unavailable":
      return "Downloads are not available in this browser.";
    default:
      return "The episode could not be downloaded. Try again.";
  }
}

const UNITS = ["B", "KB", "MB", "GB", "TB"] as const;

/** "820 B", "1.4 MB", "12 MB": one decimal below 10 of a unit. */
export function formatBytes(bytes: number): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const rounded = unit === 0 || value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
  // 1023.7 KB rounds to 1024 KB: say 1 MB instead.
  if (rounded >= 1024 && unit < UNITS.length - 1) return `1 ${UNITS[unit + 1]}`;
  return `${rounded} ${UNITS[unit]}`;
}
