// The catalogue as readers explore it: titles by search, filters and sorting, a page at a time, and
// the genres they span.
import type { ContentPage, ContentSummary, ContentType, GenreCount } from "@litverse/shared/content";
import type { listContentInput } from "@litverse/shared/content-inputs";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { decodeCursor, searchCondition, toPage, totalColumn } from "./catalogue-queries.ts";
import { summaryColumns, toContentSummary } from "./content-summaries.ts";
import { content, contentStats } from "./schema.ts";
import { viewerAge, visibleTitles } from "./title-visibility.ts";
import { CATALOGUE_TOPIC, CONTENT_STATS_TOPIC } from "./topics.ts";

export async function listContent(
  { db }: ServiceDeps,
  viewer: Viewer | null,
  input: z.output<typeof listContentInput>,
): Promise<ContentPage<ContentSummary>> {
  track(CATALOGUE_TOPIC, CONTENT_STATS_TOPIC);
  const offset = decodeCursor(input.cursor);
  const conditions: SQL[] = [visibleTitles(viewerAge(viewer))];
  if (input.type) conditions.push(eq(content.contentType, input.type));
  if (input.genre) conditions.push(sql`${content.genres} @> array[${input.genre}]::text[]`);
  if (input.releaseStatus) conditions.push(eq(content.releaseStatus, input.releaseStatus));
  if (input.accessType) conditions.push(eq(content.accessType, input.accessType));
  if (input.ageRating) conditions.push(eq(content.ageRating, input.ageRating));
  const search = input.query ? searchCondition(input.query) : null;
  if (search) conditions.push(search.where);

  const popularity = sql`coalesce(${contentStats.popularityScore}, 0)`;
  const order: SQL[] =
    input.sort === "relevance" && search
      ? [sql`${search.rank} desc`, sql`${popularity} desc`]
      : input.sort === "new"
        ? [sql`${content.publishedAt} desc nulls last`]
        : input.sort === "top_rated"
          ? [
              sql`coalesce(${contentStats.ratingAverage}, 0) desc`,
              sql`coalesce(${contentStats.ratingCount}, 0) desc`,
            ]
          : [sql`${popularity} desc`, sql`${content.publishedAt} desc nulls last`];

  const rows = await db
    .select({ ...summaryColumns, total: totalColumn })
    .from(content)
    .leftJoin(contentStats, eq(contentStats.contentId, content.id))
    .where(and(...conditions))
    .orderBy(...order, asc(content.id))
    .limit(input.limit + 1)
    .offset(offset);
  return toPage(rows, offset, input.limit, toContentSummary);
}

export async function listGenres(
  { db }: ServiceDeps,
  viewer: Viewer | null,
  type: ContentType | undefined,
): Promise<GenreCount[]> {
  track(CATALOGUE_TOPIC);
  const conditions = [visibleTitles(viewerAge(viewer))];
  if (type) conditions.push(eq(content.contentType, type));
  const genre = sql<string>`unnest(${content.genres})`;
  const rows = await db
    .select({ genre, count: sql<number>`count(*)::int` })
    .from(content)
    .where(and(...conditions))
    .groupBy(genre)
    .orderBy(sql`count(*) desc`, genre);
  return rows.map((row) => ({ genre: row.genre, count: Number(row.count) }));
}
