// What an importer makes of uploaded files: a title with its episodes, every file written into a
// staging folder. Nothing here touches the database; committing a staged title (rows and files
// together) is the catalogue's job.
import type { ContentType } from "@litverse/shared/content";

/** One file given to an import. */
export interface ImportInput {
  /** Where the file is on disk now. */
  path: string;
  /** Its original name (an upload is stored under a random name), used for type hints and order. */
  name: string;
}

export interface ImportLimits {
  /** Largest single input file. */
  maxFileBytes: number;
  /** Largest sum of all input files of one import. */
  maxTotalBytes: number;
  /** Most entries in one ZIP-based archive (EPUB, CBZ, ZIP). */
  maxZipEntries: number;
  /** Largest sum of the uncompressed sizes of one archive's entries. */
  maxZipUncompressedBytes: number;
  /** Highest uncompressed/compressed ratio allowed, for an entry and for a whole archive. */
  maxCompressionRatio: number;
  /** Most pixels (width × height) in one image. */
  maxImagePixels: number;
  /** Most episodes one import may create. */
  maxEpisodes: number;
  /** Longest one ffmpeg or ffprobe run may take. */
  mediaToolTimeoutMs: number;
}

export interface ImportProgress {
  /** 0 to 1. */
  fraction: number;
  /** What is being done, in plain words ("Reading chapter 12 of 135"). */
  message: string;
}

export interface ImportOptions {
  /** Forces the type; otherwise it is detected from the files' contents. */
  type?: ContentType;
  /** An empty folder the importer writes everything into. */
  stagingDir: string;
  limits?: Partial<ImportLimits>;
  onProgress?: (progress: ImportProgress) => void;
  /** Aborts the import (ffmpeg runs are killed); the caller removes the staging folder. */
  signal?: AbortSignal;
}

/** Inside stored chapter HTML, image sources start with this; delivery replaces it with the episode's media URL base. */
export const EPISODE_MEDIA_MARKER = "lv-media:";

/**
 * An episode's payload as stored: file paths are relative to the episode's own folder.
 * - book: one sanitised HTML fragment (`file`), its images under `images/` referenced as
 *   `src="lv-media:images/…"`; links to other chapters are `href="?episode=N#fragment"`; the
 *   book's cleaned stylesheet (`styles`), its fonts as `lv-media:fonts/…`.
 * - audio: one audio file with its length and chapter marks within it.
 * - comic: page images in reading order with their pixel sizes.
 * - video: H.264/AAC MP4 with fast start, a poster frame and WebVTT subtitles.
 */
export type StoredEpisodePayload =
  | {
      kind: "book";
      file: string;
      wordCount: number;
      images: string[];
      /** The book's own stylesheet for this chapter (fonts under `fonts/`), when it has one. */
      styles?: string;
      /** Fixed layout: the chapter is pages of set sizes (`<section class="lv-fixed-page">`). */
      layout?: "fixed";
      /** Recorded narration of its phrases (`read-along.json`, see epub-read-along.ts), audio under `audio/`. */
      readAlong?: string;
    }
  | {
      kind: "audio";
      file: string;
      mimeType: "audio/mp4" | "audio/mpeg";
      durationMs: number;
      chapters: Array<{ title: string; startMs: number }>;
    }
  | { kind: "comic"; pages: Array<{ file: string; width: number; height: number }> }
  | {
      kind: "video";
      file: string;
      poster: string | null;
      durationMs: number;
      width: number;
      height: number;
      subtitles: Array<{ file: string; language: string; label: string }>;
    };

/** `read-along.json` as stored: audio files relative to the episode's folder, times in ms. */
export interface StoredReadAlong {
  audio: string[];
  clips: Array<{ id: string; audio: number; begin: number; end: number | null }>;
  /** The class the book styles the spoken phrase with (`media:active-class`), as it wrote it. */
  activeClass: string | null;
}

export interface ImportedEpisode {
  title: string;
  /** This episode's folder, relative to the staging folder; payload paths are relative to it. */
  dir: string;
  payload: StoredEpisodePayload;
}

/**
 * A book's pages that are not its story: front matter (title page, imprint, dedication, epigraph,
 * contents) before the first episode, back matter (notes, colophon) after the last. Stored like a
 * book chapter, but never counted, priced or unlocked as an episode. Links to it from chapters are
 * `href="?matter=N"`, N its place in `matter` counting from 1.
 */
export interface ImportedMatter {
  placement: "front" | "back";
  title: string;
  /** Its folder, relative to the staging folder; payload paths are relative to it. */
  dir: string;
  payload: Extract<StoredEpisodePayload, { kind: "book" }>;
}

export interface ImportedTitle {
  contentType: ContentType;
  title: string;
  /** Display form of the author(s): "Herman Melville", "A. Writer, B. Artist". "Unknown" when absent. */
  author: string;
  /** Plain text (markup removed), possibly empty. */
  description: string;
  /** BCP 47 language tag when known ("en", "fr", "ja"). */
  language: string | null;
  genres: string[];
  tags: string[];
  /** The cover image, relative to the staging folder; null when the files have none. */
  coverPath: string | null;
  readingDirection: "ltr" | "rtl";
  writingMode: "horizontal" | "vertical";
  /** In reading order. */
  episodes: ImportedEpisode[];
  /** Books only: front matter then back matter, in reading order. */
  matter?: ImportedMatter[];
  /** Things skipped or repaired that an admin may want to know ("2 unreadable images skipped"). */
  warnings: string[];
}
