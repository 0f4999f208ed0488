// A reader's own library: the titles they follow, where they are in each, and what they opened
// last. Following a title is also how they hear about its new episodes.
import type { ContentSummary, LibraryEntry, MyLibrary } from "@litverse/shared/content";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import {
  releasedEpisode,
  summariesOf,
  toContentCard,
  viewerAge,
  visibleTitle,
  visibleTitles,
} from "../content/index.ts";
import { content, episodes } from "../content/schema.ts";
import { contentEngagementTopic, libraryTopic } from "../content/topics.ts";
import { episodeProgress } from "../reading/schema.ts";
import { contentFollows } from "./schema.ts";

/** How many titles each shelf of the library holds, and how many episodes the history. */
const SHELF_LIMIT = 60;
const HISTORY_LIMIT = 50;

export async function setFollowing(
  deps: ServiceDeps,
  viewer: Viewer,
  contentId: string,
  isFollowing: boolean,
) {
  await visibleTitle(deps.db, viewer, contentId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    if (isFollowing) {
      await tx.insert(contentFollows).values({ userId: viewer.id, contentId }).onConflictDoNothing();
    } else {
      await tx
        .delete(contentFollows)
        .where(and(eq(contentFollows.userId, viewer.id), eq(contentFollows.contentId, contentId)));
    }
    deps.changes.changed(contentEngagementTopic(contentId), libraryTopic(viewer.id));
  });
}

interface TitleProgress {
  contentId: string;
  lastActivityAt: Date;
  /** Episode id → progress. */
  episodes: Map<string, { fraction: number; isCompleted: boolean; updatedAt: Date }>;
}

/** Every title the viewer has progress in, most recent activity first. */
async function progressByTitle(deps: ServiceDeps, userId: string): Promise<Map<string, TitleProgress>> {
  const rows = await deps.db
    .select({
      contentId: episodeProgress.contentId,
      episodeId: episodeProgress.episodeId,
      fraction: episodeProgress.fraction,
      completedAt: episodeProgress.completedAt,
      updatedAt: episodeProgress.updatedAt,
    })
    .from(episodeProgress)
    .where(eq(episodeProgress.userId, userId))
    .orderBy(desc(episodeProgress.updatedAt));
  const titles = new Map<string, TitleProgress>();
  for (const row of rows) {
    let title = titles.get(row.contentId);
    if (!title) {
      title = { contentId: row.contentId, lastActivityAt: row.updatedAt, episodes: new Map() };
      titles.set(row.contentId, title);
    }
    title.episodes.set(row.episodeId, {
      fraction: row.fraction,
      isCompleted: row.completedAt !== null,
      updatedAt: row.updatedAt,
    });
  }
  return titles;
}

/** Released episodes of these titles, in order. */
async function releasedEpisodesOf(deps: ServiceDeps, contentIds: string[]) {
  if (contentIds.length === 0) return new Map<string, Array<{ id: string; number: number; title: string }>>();
  const rows = await deps.db
    .select({
      id: episodes.id,
      contentId: episodes.contentId,
      number: episodes.number,
      title: episodes.title,
    })
    .from(episodes)
    .where(and(inArray(episodes.contentId, contentIds), releasedEpisode))
    .orderBy(asc(episodes.contentId), asc(episodes.number));
  const byTitle = new Map<string, Array<{ id: string; number: number; title: string }>>();
  for (const row of rows) {
    const list = byTitle.get(row.contentId) ?? [];
    list.push(row);
    byTitle.set(row.contentId, list);
  }
  return byTitle;
}

function libraryEntry(
  summary: ContentSummary,
  released: Array<{ id: string; number: number; title: string }>,
  progress: TitleProgress | undefined,
): LibraryEntry {
  const done = (id: string) => progress?.episodes.get(id)?.isCompleted ?? false;
  // The episode read last if unfinished; else the next one after it; else the first unfinished.
  let latestId: string | null = null;
  let latestAt = 0;
  for (const [id, entry] of progress?.episodes ?? []) {
    if (entry.updatedAt.getTime() > latestAt) {
      latestAt = entry.updatedAt.getTime();
      latestId = id;
    }
  }
  const latestIndex = released.findIndex((episode) => episode.id === latestId);
  let next = latestIndex >= 0 && !done(released[latestIndex]?.id ?? "") ? released[latestIndex] : undefined;
  if (!next && latestIndex >= 0) next = released[latestIndex + 1];
  if (!next && latestIndex < 0) next = released.find((episode) => !done(episode.id));
  return {
    content: summary,
    next: next
      ? { number: next.number, title: next.title, fraction: progress?.episodes.get(next.id)?.fraction ?? 0 }
      : null,
    lastActivityAt: progress?.lastActivityAt.toISOString() ?? null,
    unfinishedEpisodes: released.filter((episode) => !done(episode.id)).length,
  };
}

export async function getMyLibrary(deps: ServiceDeps, viewer: Viewer): Promise<MyLibrary> {
  const { db } = deps;
  track(libraryTopic(viewer.id));
  const visible = visibleTitles(viewerAge(viewer));

  const [follows, progress, history] = await Promise.all([
    db
      .select({ contentId: contentFollows.contentId })
      .from(contentFollows)
      .innerJoin(content, eq(content.id, contentFollows.contentId))
      .where(and(eq(contentFollows.userId, viewer.id), visible))
      .orderBy(desc(contentFollows.createdAt))
      .limit(SHELF_LIMIT),
    progressByTitle(deps, viewer.id),
    db
      .select({
        contentId: content.id,
        title: content.title,
        author: content.author,
        coverImage: content.coverImage,
        accessType: content.accessType,
        contentType: content.contentType,
        episodeNumber: episodes.number,
        episodeTitle: episodes.title,
        at: episodeProgress.updatedAt,
      })
      .from(episodeProgress)
      .innerJoin(episodes, eq(episodes.id, episodeProgress.episodeId))
      .innerJoin(content, eq(content.id, episodeProgress.contentId))
      .where(and(eq(episodeProgress.userId, viewer.id), visible))
      .orderBy(desc(episodeProgress.updatedAt))
      .limit(HISTORY_LIMIT),
  ]);

  const followedIds = follows.map((row) => row.contentId);
  const progressIds = [...progress.keys()];
  const ids = [...new Set([...followedIds, ...progressIds])];
  const [summaries, released] = await Promise.all([
    summariesOf(db, ids, visible),
    releasedEpisodesOf(deps, ids),
  ]);
  const summaryById = new Map(summaries.map((summary) => [summary._id, summary]));
  const entry = (id: string) => {
    const summary = summaryById.get(id);
    if (!summary) return [];
    return [libraryEntry(summary, released.get(id) ?? [], progress.get(id))];
  };

  return {
    // In progress: something opened and not everything released finished.
    continue: progressIds
      .flatMap(entry)
      .filter((item) => item.next !== null)
      .slice(0, SHELF_LIMIT),
    following: followedIds.flatMap(entry),
    history: history.map((row) => ({
      content: toContentCard({ ...row, id: row.contentId }),
      episodeNumber: row.episodeNumber,
      episodeTitle: row.episodeTitle,
      at: row.at.toISOString(),
    })),
  };
}
