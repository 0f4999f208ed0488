// Adds episodes written by the server itself (the demo seed, tests, a chapter typed by an admin):
// their files are written to media storage, then the rows are stored in one transaction, numbered
// after the title's last episode.
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import type { StoredEpisodePayload } from "../../media/import/types.ts";
import { episodeMediaKey, payloadMeasures } from "./episode-payload.ts";
import { episodes } from "./schema.ts";
import { CONTENT_ADMIN_TOPIC, contentEpisodesTopic } from "./topics.ts";

export interface NewEpisode {
  title: string;
  payload: StoredEpisodePayload;
  /** The payload's files by path within the episode's folder. */
  files: Record<string, string | Uint8Array>;
  /** Null: a draft. Default: released now. */
  publishAt?: Date | null;
  priceCoins?: number;
}

export async function addEpisodes(
  deps: ServiceDeps,
  contentId: string,
  newEpisodes: NewEpisode[],
): Promise<Array<{ id: string; number: number }>> {
  const ids = newEpisodes.map(() => randomUUID());
  for (const [index, episode] of newEpisodes.entries()) {
    for (const [file, data] of Object.entries(episode.files)) {
      await deps.media.storage.writeFile(episodeMediaKey(ids[index] as string, file), data);
    }
  }
  try {
    return await deps.changes.inTransaction(deps.db, async (tx) => {
      const [last] = await tx
        .select({ number: sql<number>`coalesce(max(${episodes.number}), 0)::int` })
        .from(episodes)
        .where(eq(episodes.contentId, contentId));
      const first = (last?.number ?? 0) + 1;
      const rows = await tx
        .insert(episodes)
        .values(
          newEpisodes.map((episode, index) => ({
            id: ids[index] as string,
            contentId,
            number: first + index,
            title: episode.title,
            payload: episode.payload,
            publishAt: episode.publishAt === undefined ? new Date() : episode.publishAt,
            priceCoins: episode.priceCoins ?? 0,
            ...payloadMeasures(episode.payload),
          })),
        )
        .returning({ id: episodes.id, number: episodes.number });
      deps.changes.changed(contentEpisodesTopic(contentId), CONTENT_ADMIN_TOPIC);
      return rows;
    });
  } catch (error) {
    await Promise.all(ids.map((id) => deps.media.storage.remove(episodeMediaKey(id))));
    throw error;
  }
}

/** A book chapter from HTML the server trusts (the caller sanitised it or wrote it). */
export function bookChapter(title: string, html: string): NewEpisode {
  const wordCount = html
    .replace(/<[^>]*>/g, " ")
    .split(/\s+/)
    .filter(Boolean).length;
  return {
    title,
    payload: { kind: "book", file: "chapter.html", wordCount, images: [] },
    files: { "chapter.html": html },
  };
}
