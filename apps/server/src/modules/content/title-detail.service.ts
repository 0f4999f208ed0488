// A title's page: its details and counts, its released episodes with their locks, and the viewer's
// relation to it (following, liked, rating, the episode to continue with).
import type { ContentDetail, EpisodeSummary } from "@litverse/shared/content";
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { contentFollows, contentLikes, contentRatings } from "../library/schema.ts";
import { episodeProgress } from "../reading/schema.ts";
import { toContentSummary } from "./content-summaries.ts";
import { loadEntitlements } from "./entitlements.ts";
import { progressByEpisode, toEpisodeSummary } from "./episode-summaries.ts";
import { contentStats, episodes } from "./schema.ts";
import { releasedEpisode, visibleTitle } from "./title-visibility.ts";
import { contentEngagementTopic, contentEpisodesTopic, contentTopic, libraryTopic } from "./topics.ts";

export async function getContent(
  deps: ServiceDeps,
  viewer: Viewer | null,
  contentId: string,
): Promise<ContentDetail> {
  const { db } = deps;
  track(contentTopic(contentId), contentEpisodesTopic(contentId), contentEngagementTopic(contentId));
  if (viewer) track(libraryTopic(viewer.id));
  const row = await visibleTitle(db, viewer, contentId);

  const [released, [upcoming], [engagement], [stats]] = await Promise.all([
    db
      .select()
      .from(episodes)
      .where(and(eq(episodes.contentId, contentId), releasedEpisode))
      .orderBy(asc(episodes.number)),
    db
      .select({ at: sql<Date | null>`min(${episodes.publishAt})` })
      .from(episodes)
      .where(and(eq(episodes.contentId, contentId), gt(episodes.publishAt, sql`now()`))),
    db
      .select({
        likes: sql<number>`(select count(*) from ${contentLikes} where ${contentLikes.contentId} = ${contentId})::int`,
        followers: sql<number>`(select count(*) from ${contentFollows} where ${contentFollows.contentId} = ${contentId})::int`,
        ratingCount: sql<number>`(select count(*) from ${contentRatings} where ${contentRatings.contentId} = ${contentId})::int`,
        ratingAverage: sql<number>`(select coalesce(avg(${contentRatings.rating}), 0) from ${contentRatings} where ${contentRatings.contentId} = ${contentId})::float8`,
      })
      .from(sql`(select 1) as one`),
    db
      .select({ views: contentStats.viewsTotal })
      .from(contentStats)
      .where(eq(contentStats.contentId, contentId)),
  ]);

  const entitlements = viewer ? await loadEntitlements(deps, viewer.id, contentId) : undefined;
  const progress = viewer ? await progressByEpisode(db, viewer.id, contentId) : new Map();
  const episodeList = released.map((episode) =>
    toEpisodeSummary(viewer, row, episode, entitlements, progress.get(episode.id)),
  );

  return {
    ...toContentSummary({
      ...row,
      episodeCount: released.length,
      ratingAverage: Number(engagement?.ratingAverage ?? 0),
      ratingCount: Number(engagement?.ratingCount ?? 0),
      likeCount: Number(engagement?.likes ?? 0),
      followerCount: Number(engagement?.followers ?? 0),
      viewCount: stats?.views ?? 0,
    }),
    tags: row.tags,
    language: row.language,
    releaseSchedule: row.releaseSchedule,
    readingDirection: row.readingDirection,
    writingMode: row.writingMode,
    episodes: episodeList,
    nextReleaseAt: upcoming?.at ? new Date(upcoming.at).toISOString() : null,
    viewer: viewer ? await viewerState(db, viewer.id, contentId, episodeList) : null,
  };
}

/**
 * The viewer's relation to the title. The episode to continue with: the one read most recently
 * if unfinished, else the first released one after it, else the first not finished.
 */
async function viewerState(
  db: Executor,
  userId: string,
  contentId: string,
  episodeList: EpisodeSummary[],
): Promise<ContentDetail["viewer"]> {
  const [[follow], [like], [rating], [latest]] = await Promise.all([
    db
      .select({ at: contentFollows.createdAt })
      .from(contentFollows)
      .where(and(eq(contentFollows.userId, userId), eq(contentFollows.contentId, contentId))),
    db
      .select({ at: contentLikes.createdAt })
      .from(contentLikes)
      .where(and(eq(contentLikes.userId, userId), eq(contentLikes.contentId, contentId))),
    db
      .select({ rating: contentRatings.rating })
      .from(contentRatings)
      .where(and(eq(contentRatings.userId, userId), eq(contentRatings.contentId, contentId))),
    db
      .select({ episodeId: episodeProgress.episodeId })
      .from(episodeProgress)
      .where(and(eq(episodeProgress.userId, userId), eq(episodeProgress.contentId, contentId)))
      .orderBy(desc(episodeProgress.updatedAt))
      .limit(1),
  ]);
  return {
    isFollowing: Boolean(follow),
    isLiked: Boolean(like),
    rating: rating?.rating ?? null,
    continueEpisode: continueEpisode(episodeList, latest?.episodeId ?? null),
  };
}

export function continueEpisode(
  episodeList: EpisodeSummary[],
  latestEpisodeId: string | null,
): number | null {
  if (episodeList.length === 0) return null;
  const latestIndex = episodeList.findIndex((episode) => episode._id === latestEpisodeId);
  const latest = episodeList[latestIndex];
  if (latest && !latest.progress?.isCompleted) return latest.number;
  if (latest && episodeList[latestIndex + 1]) return episodeList[latestIndex + 1]?.number ?? null;
  return (episodeList.find((episode) => !episode.progress?.isCompleted) ?? episodeList[0])?.number ?? null;
}
