// Titles as readers meet them: search and filters, a title's page with its episodes, an episode's
// content, genres, and likes and ratings. Readers see published titles rated at most their age,
// and episodes whose release time has passed.
import type { Age } from "@litverse/shared/constants";
import type {
  AccessType,
  ContentCard,
  ContentDetail,
  ContentPage,
  ContentSummary,
  ContentType,
  EpisodeContent,
  EpisodeSummary,
  GenreCount,
  ReleaseStatus,
} from "@litverse/shared/content";
import type { listContentInput } from "@litverse/shared/content-inputs";
import { and, asc, desc, eq, gt, ilike, inArray, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import {
  contentFollows,
  contentLikes,
  contentRatings,
  episodeProgress,
  episodeViews,
} from "../library/schema.ts";
import { loadEntitlements } from "./entitlements.ts";
import { type Entitlements, episodeLock, lockMessage } from "./episode-access.ts";
import { deliverPayload, type StoredEpisodePayload } from "./episode-payload.ts";
import { type ContentStatus, content, contentStats, episodes } from "./schema.ts";
import { toTsQueryText } from "./search-query.ts";
import {
  CATALOGUE_TOPIC,
  CONTENT_STATS_TOPIC,
  contentEngagementTopic,
  contentEpisodesTopic,
  contentTopic,
  libraryTopic,
} from "./topics.ts";

export type ContentRow = typeof content.$inferSelect;
export type EpisodeRow = typeof episodes.$inferSelect;

/** Viewers whose age we do not know see only what is rated for everyone (13). */
export const DEFAULT_VIEWER_AGE: Age = 13;

/** The highest age rating this viewer may see. */
export function viewerAge(viewer: Pick<Viewer, "age"> | null): Age {
  return viewer?.age ?? DEFAULT_VIEWER_AGE;
}

export function isAdminViewer(viewer: Pick<Viewer, "role"> | null): boolean {
  return viewer?.role === "admin" || viewer?.role === "superadmin";
}

/** Titles a viewer of this age may find: published, rated at most their age. */
export function visibleTitles(maxAge: Age): SQL {
  return and(eq(content.status, "published"), lte(content.ageRating, maxAge)) as SQL;
}

/** Episodes whose release time has passed. */
export const releasedEpisode = sql`${episodes.publishAt} is not null and ${episodes.publishAt} <= now()`;

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

// ---- Cursors: the offset of the next page, opaque to clients ---------------------------------

const MAX_OFFSET = 10_000;

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString("base64url");
}

export function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,6})$/.exec(Buffer.from(cursor, "base64url").toString());
  const offset = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(offset) || offset > MAX_OFFSET) {
    throw new AppError("BAD_REQUEST", "That page of results is no longer available. Start again.");
  }
  return offset;
}

/** How many rows the query finds before paging: computed with the page, in the same scan. */
export const totalColumn = sql<number>`(count(*) over ())::int`;

/** A page of `limit` items from rows fetched with one extra (which says whether more follow). */
export function toPage<Row extends { total: number }, Item>(
  rows: Row[],
  offset: number,
  limit: number,
  toItem: (row: Row) => Item,
): ContentPage<Item> {
  return {
    items: rows.slice(0, limit).map(toItem),
    nextCursor: rows.length > limit ? encodeCursor(offset + limit) : null,
    // Past the last page there is no row to carry the count; the offset says as much.
    total: rows[0] ? Number(rows[0].total) : offset,
  };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search condition and its relevance for `query`: full-text over title, author, tags and
 * description, and titles containing the text as typed (which also catches stop words and
 * punctuation the text search drops).
 */
export function searchCondition(query: string): { where: SQL; rank: SQL<number> } {
  const tsQuery = toTsQueryText(query);
  const titleMatch = ilike(content.title, likePattern(query));
  if (!tsQuery) return { where: titleMatch, rank: sql<number>`case when ${titleMatch} then 1 else 0 end` };
  const parsed = sql`to_tsquery('english', ${tsQuery})`;
  return {
    where: or(sql`${content.searchVector} @@ ${parsed}`, titleMatch) as SQL,
    rank: sql<number>`ts_rank_cd(${content.searchVector}, ${parsed}) + case when ${titleMatch} then 1 else 0 end`,
  };
}

// ---- Discovery ---------------------------------------------------------------------------------

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

/**
 * The title if this viewer may see it: published and within their age (admins also see drafts,
 * to check them). Otherwise NOT_FOUND, or FORBIDDEN saying why when the age rating is the reason.
 */
export async function visibleTitle(
  db: Executor,
  viewer: Viewer | null,
  contentId: string,
): Promise<ContentRow> {
  const [row] = await db.select().from(content).where(eq(content.id, contentId));
  const isAdmin = isAdminViewer(viewer);
  if (!row || (row.status !== "published" && !isAdmin)) throw new AppError("NOT_FOUND", "No such title.");
  if (!isAdmin && row.ageRating > viewerAge(viewer)) {
    throw new AppError("FORBIDDEN", `This title is rated ${row.ageRating}+.`);
  }
  return row;
}

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

/** How long one person's repeated openings of an episode count as one view. */
const VIEW_DEDUPLICATION = sql`interval '30 minutes'`;

/**
 * An episode's content for a signed-in viewer who may open it, with media URLs valid for a few
 * hours. Opening it counts as a view (one per person and episode per half hour).
 */
/**
 * Counts an opening of the episode, at most once per person and episode in half an hour. An
 * episode fetched ahead of time counts once the reader records a position in it.
 */
export async function recordView(
  db: Executor,
  userId: string,
  episode: { id: string; contentId: string },
): Promise<void> {
  await db.execute(sql`
    insert into ${episodeViews} (episode_id, content_id, user_id)
    select ${episode.id}, ${episode.contentId}, ${userId}
    where not exists (
      select 1 from ${episodeViews}
      where user_id = ${userId} and episode_id = ${episode.id} and viewed_at > now() - ${VIEW_DEDUPLICATION}
    )`);
}

export async function getEpisode(
  deps: ServiceDeps,
  viewer: Viewer,
  contentId: string,
  number: number,
  options: { isPrefetch?: boolean } = {},
): Promise<EpisodeContent> {
  const { db } = deps;
  const title = await visibleTitle(db, viewer, contentId);
  const isAdmin = isAdminViewer(viewer);
  const visibleEpisodes = await db
    .select({ id: episodes.id, number: episodes.number, isReleased: sql<boolean>`${releasedEpisode}` })
    .from(episodes)
    .where(eq(episodes.contentId, contentId))
    .orderBy(asc(episodes.number));
  const numbers = visibleEpisodes.filter((episode) => isAdmin || episode.isReleased).map((e) => e.number);
  const index = numbers.indexOf(number);
  if (index === -1) throw new AppError("NOT_FOUND", "This episode is not out yet.");
  const [episode] = await db
    .select()
    .from(episodes)
    .where(and(eq(episodes.contentId, contentId), eq(episodes.number, number)));
  if (!episode) throw new AppError("NOT_FOUND", "This episode is not out yet.");

  const entitlements = await loadEntitlements(deps, viewer.id, contentId);
  const lock = episodeLock(viewer, title, episode, entitlements);
  if (lock) throw new AppError("FORBIDDEN", lockMessage(lock));

  const { payload, expiresAt } = await deliverPayload(
    deps.media,
    episode.id,
    episode.payload as StoredEpisodePayload,
  );
  if (!options.isPrefetch) await recordView(db, viewer.id, episode);

  const progress = (await progressByEpisode(db, viewer.id, contentId)).get(episode.id);
  return {
    content: {
      ...toContentCard(title),
      readingDirection: title.readingDirection,
      writingMode: title.writingMode,
    },
    episode: toEpisodeSummary(viewer, title, episode, entitlements, progress),
    payload,
    previousNumber: numbers[index - 1] ?? null,
    nextNumber: numbers[index + 1] ?? null,
    expiresAt: expiresAt.toISOString(),
  };
}

// ---- Likes and ratings -----------------------------------------------------------------------

export async function setLike(deps: ServiceDeps, viewer: Viewer, contentId: string, isLiked: boolean) {
  await visibleTitle(deps.db, viewer, contentId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    if (isLiked) {
      await tx.insert(contentLikes).values({ userId: viewer.id, contentId }).onConflictDoNothing();
    } else {
      await tx
        .delete(contentLikes)
        .where(and(eq(contentLikes.userId, viewer.id), eq(contentLikes.contentId, contentId)));
    }
    deps.changes.changed(contentEngagementTopic(contentId), libraryTopic(viewer.id));
  });
}

export async function rateContent(deps: ServiceDeps, viewer: Viewer, contentId: string, rating: number) {
  await visibleTitle(deps.db, viewer, contentId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(contentRatings)
      .values({ userId: viewer.id, contentId, rating })
      .onConflictDoUpdate({
        target: [contentRatings.userId, contentRatings.contentId],
        set: { rating, updatedAt: new Date() },
      });
    deps.changes.changed(contentEngagementTopic(contentId), libraryTopic(viewer.id));
  });
}

// ---- Writing titles (admin functions and the demo seed) ----------------------------------------

export interface ContentFields {
  contentType: ContentType;
  title: string;
  author: string;
  description?: string;
  coverImage?: string | null;
  accessType?: AccessType;
  ageRating?: Age;
  status?: ContentStatus;
  /** Defaults to now when the title is published. */
  publishedAt?: Date | null;
  genres?: string[];
  tags?: string[];
  language?: string | null;
  releaseStatus?: ReleaseStatus;
  releaseSchedule?: string | null;
  readingDirection?: ContentRow["readingDirection"];
  writingMode?: ContentRow["writingMode"];
  /** The unlock ladder's per-title settings (see modules/unlocks). */
  bulkDiscountPercent?: number;
  waitForFreeHours?: number | null;
  rentalPriceCoins?: number | null;
  rentalHours?: number | null;
  createdBy?: string | null;
}

export async function createContent(
  deps: ServiceDeps,
  fields: ContentFields,
  id?: string,
): Promise<ContentRow> {
  return deps.changes.inTransaction(deps.db, (tx) => insertContent(deps, tx, fields, id));
}

/** Inserts a title inside an open transaction (imports add its episodes in the same one). */
export async function insertContent(
  deps: ServiceDeps,
  tx: Executor,
  fields: ContentFields,
  id?: string,
): Promise<ContentRow> {
  const publishedAt = fields.publishedAt ?? (fields.status === "published" ? new Date() : null);
  const [row] = await tx
    .insert(content)
    .values({ ...fields, ...(id ? { id } : {}), publishedAt })
    .returning();
  if (!row) throw new AppError("CONFLICT", "Could not store the title.");
  deps.changes.changed(contentTopic(row.id), CATALOGUE_TOPIC);
  return row;
}

export async function updateContent(
  deps: ServiceDeps,
  contentId: string,
  changes: Partial<ContentFields>,
): Promise<ContentRow> {
  // Publishing keeps the first publication date, or sets it now.
  const publishedAt =
    changes.status === "published" && changes.publishedAt === undefined
      ? { publishedAt: sql`coalesce(${content.publishedAt}, now())` }
      : {};
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(content)
      .set({ ...changes, ...publishedAt })
      .where(eq(content.id, contentId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "No such title.");
    deps.changes.changed(contentTopic(row.id), CATALOGUE_TOPIC);
    return row;
  });
}
