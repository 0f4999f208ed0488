// A reader's own library: the titles they follow, where they are in each, and what they opened
// last. Following a title is also how they hear about its new episodes.
import type {
  ContentSummary,
  ContentType,
  LibraryEntry,
  Locator,
  MyLibrary,
  TitleProgress as TitleProgressView,
} from "@litverse/shared/content";
import type { recordProgressInput } from "@litverse/shared/content-inputs";
import type { ActivityKind } from "@litverse/shared/people";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import {
  episodeLock,
  loadEntitlements,
  recordView,
  releasedEpisode,
  summariesOf,
  toContentCard,
  viewerAge,
  visibleTitle,
  visibleTitles,
} from "../content/index.ts";
import { content, episodes } from "../content/schema.ts";
import { contentEngagementTopic, libraryTopic, titleProgressTopic } from "../content/topics.ts";
import { activityTime } from "../profiles/schema.ts";
import { creditActiveTime, keptPosition, lockActiveTimeClock, rewardReading } from "../rewards/index.ts";
import { contentFollows, episodeProgress } from "./schema.ts";

/** A locator is kept as given, up to this size once serialised. */
const MAX_LOCATOR_BYTES = 2048;
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

/**
 * An episode the viewer may open: released (or they are an admin), of a title they may see, not
 * locked for them. Anything else is refused as the reader would be refused the episode itself.
 */
export async function openableEpisode(deps: ServiceDeps, viewer: Viewer, episodeId: string) {
  const { db } = deps;
  const [episode] = await db.select().from(episodes).where(eq(episodes.id, episodeId));
  if (!episode) throw new AppError("NOT_FOUND", "No such episode.");
  const title = await visibleTitle(db, viewer, episode.contentId);
  const isReleased = episode.publishAt !== null && episode.publishAt.getTime() <= Date.now();
  if (!isReleased && viewer.role === "user") throw new AppError("NOT_FOUND", "This episode is not out yet.");
  const entitlements = await loadEntitlements(deps, viewer.id, episode.contentId);
  if (episodeLock(viewer, title, episode, entitlements)) {
    throw new AppError("FORBIDDEN", "This episode is locked.");
  }
  return { episode, title };
}

export function checkLocatorSize(locator: Locator | undefined): void {
  if (locator && Buffer.byteLength(JSON.stringify(locator)) > MAX_LOCATOR_BYTES) {
    throw new AppError("BAD_REQUEST", "The reading position is too large to keep.");
  }
}

/**
 * Keeps where the viewer is in an episode. Only episodes they may open count; a finished episode
 * stays finished when read again; a position recorded earlier than the one kept (sent late, after
 * a time offline) does not replace it. The active time it claims is credited as far as the
 * server's clock allows (active-time.ts), and what is credited is what profiles and XP count.
 */
export async function recordProgress(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof recordProgressInput>,
  now = new Date(),
): Promise<void> {
  checkLocatorSize(input.locator);
  const { episode, title } = await openableEpisode(deps, viewer, input.episodeId);
  // A clock ahead of the server's cannot push a position into the future.
  const recordedAt = new Date(
    Math.min(input.recordedAt ? Date.parse(input.recordedAt) : now.getTime(), now.getTime()),
  );

  const completedAt = input.isCompleted ? sql`coalesce(${episodeProgress.completedAt}, now())` : undefined;
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const creditedUntil = await lockActiveTimeClock(tx, viewer.id, now);
    const before = await keptPosition(tx, viewer.id, episode.id, input);
    const [kept] = await tx
      .insert(episodeProgress)
      .values({
        userId: viewer.id,
        episodeId: episode.id,
        contentId: episode.contentId,
        fraction: input.fraction,
        locator: input.locator ?? null,
        clientId: input.clientId ?? null,
        completedAt: input.isCompleted ? recordedAt : null,
        updatedAt: recordedAt,
      })
      .onConflictDoUpdate({
        target: [episodeProgress.userId, episodeProgress.episodeId],
        set: {
          fraction: input.fraction,
          ...(input.locator !== undefined ? { locator: input.locator } : {}),
          clientId: input.clientId ?? null,
          ...(completedAt ? { completedAt } : {}),
          updatedAt: recordedAt,
        },
        setWhere: sql`${episodeProgress.updatedAt} <= ${recordedAt.toISOString()}::timestamptz`,
      })
      .returning({ completedAt: episodeProgress.completedAt });
    const activeSeconds = await creditActiveTime(tx, {
      userId: viewer.id,
      episode,
      contentType: title.contentType,
      claimedSeconds: input.activeSeconds ?? 0,
      before,
      creditedUntil,
      now,
    });
    if (activeSeconds > 0) {
      await addActivityTime(
        tx,
        viewer.id,
        episode.contentId,
        activityKindOf(title.contentType),
        recordedAt,
        activeSeconds,
      );
    }
    await rewardReading(
      deps,
      tx,
      {
        userId: viewer.id,
        episodeId: episode.id,
        title,
        activeSeconds,
        // A reread finishing the episode again earns nothing.
        completedEpisode: Boolean(input.isCompleted && !before?.completedAt && kept?.completedAt),
      },
      now,
    );
    deps.changes.changed(libraryTopic(viewer.id), titleProgressTopic(viewer.id, episode.contentId));
  });
  await recordView(deps.db, viewer.id, episode);
}

/** What time in a title of this type is spent doing. */
export function activityKindOf(contentType: ContentType): ActivityKind {
  if (contentType === "audiobook") return "listen";
  if (contentType === "drama") return "watch";
  return "read";
}

/** Adds to the time spent on a title on the day (UTC) it was spent. */
async function addActivityTime(
  tx: Executor,
  userId: string,
  contentId: string,
  kind: ActivityKind,
  at: Date,
  seconds: number,
): Promise<void> {
  const day = at.toISOString().slice(0, 10);
  await tx
    .insert(activityTime)
    .values({ userId, day, contentId, kind, seconds })
    .onConflictDoUpdate({
      target: [activityTime.userId, activityTime.day, activityTime.contentId, activityTime.kind],
      set: { seconds: sql`${activityTime.seconds} + ${seconds}`, updatedAt: new Date() },
    });
}

/** The viewer's place in every episode of a title they have opened, kept current live. */
export async function getTitleProgress(
  deps: ServiceDeps,
  viewer: Viewer,
  contentId: string,
): Promise<TitleProgressView> {
  track(titleProgressTopic(viewer.id, contentId));
  await visibleTitle(deps.db, viewer, contentId);
  const rows = await deps.db
    .select({
      episodeId: episodeProgress.episodeId,
      number: episodes.number,
      fraction: episodeProgress.fraction,
      locator: episodeProgress.locator,
      completedAt: episodeProgress.completedAt,
      updatedAt: episodeProgress.updatedAt,
      clientId: episodeProgress.clientId,
    })
    .from(episodeProgress)
    .innerJoin(episodes, eq(episodes.id, episodeProgress.episodeId))
    .where(and(eq(episodeProgress.userId, viewer.id), eq(episodeProgress.contentId, contentId)))
    .orderBy(asc(episodes.number));
  return {
    contentId,
    episodes: rows.map((row) => ({
      episodeId: row.episodeId,
      number: row.number,
      fraction: row.fraction,
      locator: (row.locator as Locator | null) ?? null,
      isCompleted: row.completedAt !== null,
      updatedAt: row.updatedAt.toISOString(),
      clientId: row.clientId,
    })),
  };
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
