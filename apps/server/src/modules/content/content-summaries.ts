// Titles as cards and summaries (with their counts), the shapes lists of titles are made of.
import type { Age } from "@litverse/shared/constants";
import type {
  AccessType,
  ContentCard,
  ContentSummary,
  ContentType,
  ReleaseStatus,
} from "@litverse/shared/content";
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { content, contentStats, episodes } from "./schema.ts";
import { type ContentRow, releasedEpisode } from "./title-visibility.ts";

export function toContentCard(
  row: Pick<ContentRow, "id" | "title" | "author" | "coverImage" | "accessType" | "contentType">,
): ContentCard {
  return {
    _id: row.id,
    title: row.title,
    author: row.author,
    coverImage: row.coverImage,
    accessType: row.accessType,
    contentType: row.contentType,
  };
}

/** The columns a summary is made of, for one select. */
export const summaryColumns = {
  id: content.id,
  title: content.title,
  author: content.author,
  coverImage: content.coverImage,
  accessType: content.accessType,
  contentType: content.contentType,
  description: content.description,
  genres: content.genres,
  ageRating: content.ageRating,
  releaseStatus: content.releaseStatus,
  publishedAt: content.publishedAt,
  episodeCount: sql<number>`(select count(*) from ${episodes} where ${episodes.contentId} = ${content.id} and ${releasedEpisode})::int`,
  ratingAverage: sql<number>`coalesce(${contentStats.ratingAverage}, 0)`,
  ratingCount: sql<number>`coalesce(${contentStats.ratingCount}, 0)`,
  likeCount: sql<number>`coalesce(${contentStats.likes}, 0)`,
  followerCount: sql<number>`coalesce(${contentStats.followers}, 0)`,
  viewCount: sql<number>`coalesce(${contentStats.viewsTotal}, 0)`,
};

export type SummaryRow = {
  id: string;
  title: string;
  author: string;
  coverImage: string | null;
  accessType: AccessType;
  contentType: ContentType;
  description: string;
  genres: string[];
  ageRating: number;
  releaseStatus: ReleaseStatus;
  publishedAt: Date | null;
  episodeCount: number;
  ratingAverage: number;
  ratingCount: number;
  likeCount: number;
  followerCount: number;
  viewCount: number;
};

export function toContentSummary(row: SummaryRow): ContentSummary {
  return {
    ...toContentCard(row),
    description: row.description,
    genres: row.genres,
    ageRating: row.ageRating as Age,
    releaseStatus: row.releaseStatus,
    episodeCount: Number(row.episodeCount),
    ratingAverage: Math.round(Number(row.ratingAverage) * 10) / 10,
    ratingCount: Number(row.ratingCount),
    likeCount: Number(row.likeCount),
    followerCount: Number(row.followerCount),
    viewCount: Number(row.viewCount),
    publishedAt: row.publishedAt?.toISOString() ?? null,
  };
}

/**
 * Summaries of these titles, in the order given, leaving out any that no longer exist or do not
 * meet `condition` (such as being visible to a viewer).
 */
export async function summariesOf(
  db: Executor,
  ids: readonly string[],
  condition?: SQL,
): Promise<ContentSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select(summaryColumns)
    .from(content)
    .leftJoin(contentStats, eq(contentStats.contentId, content.id))
    .where(and(inArray(content.id, [...ids]), condition));
  const byId = new Map(rows.map((row) => [row.id, toContentSummary(row)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
