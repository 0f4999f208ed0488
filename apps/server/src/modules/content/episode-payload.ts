// An episode's stored payload turned into what a reader receives: the same structure with media
// URLs that carry a signature valid for a few hours, and a book chapter's HTML with its image
// sources pointing there.
import type { EpisodePayload } from "@litverse/shared/content";
import type { ServiceDeps } from "../../core/service-deps.ts";
import {
  EPISODE_MEDIA_MARKER,
  type StoredEpisodePayload,
  type StoredReadAlong,
} from "../../media/import/types.ts";

export type { StoredEpisodePayload };

/** Where an episode's files are kept in media storage. */
export const episodeMediaKey = (episodeId: string, file?: string) =>
  file ? `episodes/${episodeId}/${file}` : `episodes/${episodeId}`;

export async function deliverPayload(
  media: ServiceDeps["media"],
  episodeId: string,
  stored: StoredEpisodePayload,
): Promise<{ payload: EpisodePayload; expiresAt: Date }> {
  const { base, expiresAt } = media.signer.base("episodes", episodeId);
  const url = (file: string) => `${base}/${file.split("/").map(encodeURIComponent).join("/")}`;
  switch (stored.kind) {
    case "book": {
      const readText = async (file: string) =>
        (await media.storage.read(episodeMediaKey(episodeId, file))).toString("utf8");
      const [html, css, readAlongText] = await Promise.all([
        readText(stored.file),
        stored.styles ? readText(stored.styles) : null,
        stored.readAlong ? readText(stored.readAlong) : null,
      ]);
      const readAlong: StoredReadAlong | null = readAlongText ? JSON.parse(readAlongText) : null;
      return {
        payload: {
          kind: "book",
          html: html.replaceAll(EPISODE_MEDIA_MARKER, `${base}/`),
          wordCount: stored.wordCount,
          css: css?.replaceAll(EPISODE_MEDIA_MARKER, `${base}/`) ?? null,
          layout: stored.layout ?? "reflowable",
          readAlong: readAlong && {
            audio: readAlong.audio.map((file) => ({ url: url(file) })),
            clips: readAlong.clips,
            activeClass: readAlong.activeClass,
          },
        },
        expiresAt,
      };
    }
    case "audio":
      return {
        payload: {
          kind: "audio",
          url: url(stored.file),
          mimeType: stored.mimeType,
          durationMs: stored.durationMs,
          chapters: stored.chapters,
        },
        expiresAt,
      };
    case "comic":
      return {
        payload: {
          kind: "comic",
          pages: stored.pages.map((page) => ({
            url: url(page.file),
            width: page.width,
            height: page.height,
          })),
        },
        expiresAt,
      };
    case "video":
      return {
        payload: {
          kind: "video",
          url: url(stored.file),
          posterUrl: stored.poster ? url(stored.poster) : null,
          durationMs: stored.durationMs,
          width: stored.width,
          height: stored.height,
          subtitles: stored.subtitles.map((track) => ({
            url: url(track.file),
            language: track.language,
            label: track.label,
          })),
        },
        expiresAt,
      };
  }
}

/** The summary columns an episode keeps beside its payload. */
export function payloadMeasures(stored: StoredEpisodePayload): {
  durationMs: number | null;
  wordCount: number | null;
  pageCount: number | null;
} {
  return {
    durationMs: stored.kind === "audio" || stored.kind === "video" ? stored.durationMs : null,
    wordCount: stored.kind === "book" ? stored.wordCount : null,
    pageCount: stored.kind === "comic" ? stored.pages.length : null,
  };
}
