// Published stories as readers find them: the list with each reader's progress, one story's page
// with its endings (named once found), genres, and ratings (by readers who reached an ending).
import type { Age } from "@litverse/shared/constants";
import {
  STORIES_PAGE_SIZE,
  type StoryCard,
  type StoryDetail,
  type StoryGenre,
  type StoryPage,
  type StoryProgressStatus,
} from "@litverse/shared/stories";
import type { listStoriesInput, rateStoryInput } from "@litverse/shared/stories-inputs";
import { and, asc, desc, eq, isNotNull, lte, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { decodeCursor, encodeCursor, isAdminViewer, likePattern, viewerAge } from "../content/index.ts";
import { visibleItem } from "../reports/index.ts";
import { users } from "../users/schema.ts";
import { stories, storyEndingsFound, storyPlays, storyRatings, storyVersions } from "./schema.ts";
import { readableStory, type StoryRow, storyCoverUrl, type VersionRow } from "./story-access.ts";
import { endingsFoundBy } from "./story-play-rows.ts";
import { readerStoriesTopic, STORIES_CATALOGUE_TOPIC, storyReaderTopic, storyTopic } from "./topics.ts";

/** Published stories this viewer may see: for readers, within their age and not hidden from them. */
function visibleStories(viewer: Viewer): SQL {
  const published = eq(stories.status, "published");
  return isAdminViewer(viewer)
    ? published
    : (and(
        published,
        lte(stories.ageRating, viewerAge(viewer)),
        visibleItem("story", stories.id, viewer),
      ) as SQL);
}

/** The viewer's progress columns for a story row of the query. */
function progressColumns(viewer: Viewer) {
  return {
    playFinished: sql<boolean | null>`(select p.finished_at is not null from ${storyPlays} p
      where p.story_id = "stories"."id" and p.user_id = ${viewer.id} and p.is_current)`,
    endingsFound: sql<number>`(select count(*) from ${storyEndingsFound} e
      where e.story_id = "stories"."id" and e.user_id = ${viewer.id})::int`,
  };
}

function progressOf(playFinished: boolean | null, endingsFound: number): StoryCard["progress"] {
  const status: StoryProgressStatus = playFinished === null ? "new" : playFinished ? "finished" : "playing";
  return { status, endingsFound };
}

function toCard(
  story: StoryRow,
  version: VersionRow,
  playFinished: boolean | null,
  endingsFound: number,
): StoryCard {
  return {
    id: story.id,
    title: story.title,
    description: story.description,
    coverImage: storyCoverUrl(story.coverKey),
    genre: story.genre,
    ageRating: story.ageRating as Age,
    sceneCount: version.sceneCount,
    endingCount: version.endings.length,
    estimatedMinutes: version.estimatedMinutes,
    rating: {
      average: story.ratingCount > 0 ? Math.round((story.ratingSum / story.ratingCount) * 10) / 10 : null,
      count: story.ratingCount,
    },
    hasPremiumChoices: version.hasPremiumChoices,
    progress: progressOf(playFinished, endingsFound),
  };
}

export async function listStories(
  { db }: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof listStoriesInput>,
): Promise<StoryPage> {
  track(STORIES_CATALOGUE_TOPIC, readerStoriesTopic(viewer.id));
  const offset = decodeCursor(input.cursor);
  const conditions: SQL[] = [visibleStories(viewer)];
  if (input.genre) conditions.push(eq(stories.genre, input.genre));
  if (input.search) {
    const pattern = likePattern(input.search);
    conditions.push(
      or(sql`${stories.title} ilike ${pattern}`, sql`${stories.description} ilike ${pattern}`) as SQL,
    );
  }
  const rows = await db
    .select({ story: stories, version: storyVersions, ...progressColumns(viewer) })
    .from(stories)
    .innerJoin(storyVersions, eq(storyVersions.id, stories.versionId))
    .where(and(...conditions))
    .orderBy(desc(stories.publishedAt), asc(stories.id))
    .limit(STORIES_PAGE_SIZE + 1)
    .offset(offset);
  const items = rows
    .slice(0, STORIES_PAGE_SIZE)
    .map((row) => toCard(row.story, row.version, row.playFinished, row.endingsFound));
  return {
    items,
    nextCursor: rows.length > STORIES_PAGE_SIZE ? encodeCursor(offset + STORIES_PAGE_SIZE) : null,
  };
}

export async function listStoryGenres({ db }: ServiceDeps, viewer: Viewer): Promise<StoryGenre[]> {
  track(STORIES_CATALOGUE_TOPIC);
  const rows = await db
    .select({ genre: sql<string>`${stories.genre}`, count: sql<number>`count(*)::int` })
    .from(stories)
    .where(and(visibleStories(viewer), isNotNull(stories.genre)))
    .groupBy(stories.genre)
    .orderBy(sql`count(*) desc`, asc(stories.genre));
  return rows;
}

async function authorName(db: Executor, authorId: string | null): Promise<string> {
  if (!authorId) return "Litverse";
  const [author] = await db
    .select({ name: users.name, handle: users.handle })
    .from(users)
    .where(eq(users.id, authorId));
  return author?.name || author?.handle || "Litverse";
}

export async function getStory({ db }: ServiceDeps, viewer: Viewer, storyId: string): Promise<StoryDetail> {
  track(STORIES_CATALOGUE_TOPIC, storyTopic(storyId), storyReaderTopic(storyId, viewer.id));
  const { story, version } = await readableStory(db, viewer, storyId);
  const [author, found, [play], [rating]] = await Promise.all([
    authorName(db, story.authorId),
    endingsFoundBy(db, viewer.id, storyId),
    db
      .select({
        versionNumber: storyVersions.number,
        startedAt: storyPlays.createdAt,
        updatedAt: storyPlays.updatedAt,
        finishedAt: storyPlays.finishedAt,
      })
      .from(storyPlays)
      .innerJoin(storyVersions, eq(storyVersions.id, storyPlays.versionId))
      .where(
        and(
          eq(storyPlays.storyId, storyId),
          eq(storyPlays.userId, viewer.id),
          eq(storyPlays.isCurrent, true),
        ),
      ),
    db
      .select({ score: storyRatings.score })
      .from(storyRatings)
      .where(and(eq(storyRatings.storyId, storyId), eq(storyRatings.userId, viewer.id))),
  ]);
  const foundNames = new Set(found);
  const card = toCard(story, version, play ? play.finishedAt !== null : null, found.length);
  return {
    ...card,
    authorName: author,
    publishedAt: (story.publishedAt ?? version.createdAt).toISOString(),
    versionNumber: version.number,
    endings: version.endings.map((name) =>
      foundNames.has(name) ? { name, found: true } : { name: null, found: false },
    ),
    play: play
      ? {
          versionNumber: play.versionNumber,
          startedAt: play.startedAt.toISOString(),
          updatedAt: play.updatedAt.toISOString(),
          isFinished: play.finishedAt !== null,
        }
      : null,
    myRating: rating?.score ?? null,
    canRate: found.length > 0,
  };
}

export async function rateStory(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof rateStoryInput>,
): Promise<void> {
  const { story } = await readableStory(deps.db, viewer, input.storyId);
  const found = await endingsFoundBy(deps.db, viewer.id, story.id);
  if (found.length === 0) throw new AppError("FORBIDDEN", "Reach an ending first, then rate the story.");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    // Locked, so the story's sum and count move by one rating at a time.
    await tx.select({ id: stories.id }).from(stories).where(eq(stories.id, story.id)).for("update");
    const [before] = await tx
      .select({ score: storyRatings.score })
      .from(storyRatings)
      .where(and(eq(storyRatings.storyId, story.id), eq(storyRatings.userId, viewer.id)));
    await tx
      .insert(storyRatings)
      .values({ storyId: story.id, userId: viewer.id, score: input.score })
      .onConflictDoUpdate({
        target: [storyRatings.storyId, storyRatings.userId],
        set: { score: input.score, updatedAt: sql`now()` },
      });
    await tx
      .update(stories)
      .set({
        ratingSum: sql`${stories.ratingSum} + ${input.score - (before?.score ?? 0)}`,
        ratingCount: sql`${stories.ratingCount} + ${before ? 0 : 1}`,
        // A rating is not an edit: the administrators' "last changed" stays.
        updatedAt: sql`${stories.updatedAt}`,
      })
      .where(eq(stories.id, story.id));
    deps.changes.changed(STORIES_CATALOGUE_TOPIC, storyReaderTopic(story.id, viewer.id));
  });
}
