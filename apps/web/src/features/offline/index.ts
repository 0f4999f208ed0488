// What the offline feature offers the other features; everything else in this folder is its own.
export { DownloadEpisodeButton } from "./download-button.tsx";
export {
  type DownloadEntry,
  isDownloadSupported,
  readDownloadedEpisode,
  removeAllDownloads,
  removeDownload,
  useDownloads,
} from "./downloads.ts";
export { type DownloadedTitle, formatBytes, groupByTitle } from "./offline-files.ts";
