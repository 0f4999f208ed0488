// Episodes as a title's page and its reader list them: each with its lock and the reader's progress.
import type { EpisodeSummary } from "@litverse/shared/content";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import type { Viewer } from "../../core/service-deps.ts";
import { episodeProgress } from "../reading/schema.ts";
import { type Entitlements, episodeLock } from "./episode-access.ts";
import type { ContentRow, EpisodeRow } from "./title-visibility.ts";

export interface ProgressRow {
  fraction: number;
  completedAt: Date | null;
  updatedAt: Date;
}

export async function progressByEpisode(
  db: Executor,
  userId: string,
  contentId: string,
): Promise<Map<string, ProgressRow>> {
  const rows = await db
    .select({
      episodeId: episodeProgress.episodeId,
      fraction: episodeProgress.fraction,
      completedAt: episodeProgress.completedAt,
      updatedAt: episodeProgress.updatedAt,
    })
    .from(episodeProgress)
    .where(and(eq(episodeProgress.userId, userId), eq(episodeProgress.contentId, contentId)));
  return new Map(rows.map((row) => [row.episodeId, row]));
}

export function toEpisodeSummary(
  viewer: Viewer | null,
  title: Pick<ContentRow, "accessType">,
  episode: EpisodeRow,
  entitlements: Entitlements | undefined,
  progress: ProgressRow | undefined,
): EpisodeSummary {
  return {
    _id: episode.id,
    number: episode.number,
    title: episode.title,
    publishedAt: (episode.publishAt ?? episode.createdAt).toISOString(),
    priceCoins: episode.priceCoins,
    durationMs: episode.durationMs,
    wordCount: episode.wordCount,
    pageCount: episode.pageCount,
    // Anonymous viewers see what it takes; signing in is the first step anyway.
    lock: episodeLock(
      viewer,
      title,
      episode,
      entitlements ?? { unlockedEpisodeIds: new Set(), tiers: new Set() },
    ),
    progress: progress ? { fraction: progress.fraction, isCompleted: progress.completedAt !== null } : null,
  };
}
