// Where a reader is in each episode, whatever the kind of reader or player: positions kept across
// devices and tabs, the active time they claim, and the rewards reading earns.
import type { ContentType, Locator, TitleProgress } from "@litverse/shared/content";
import type { recordProgressInput } from "@litverse/shared/content-inputs";
import type { ActivityKind } from "@litverse/shared/people";
import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { countEpisodeReader, countTitle, markActive, reachMilestone } from "../../core/activity.ts";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { episodeLock, loadEntitlements, recordView, visibleTitle } from "../content/index.ts";
import { episodes } from "../content/schema.ts";
import { libraryTopic } from "../content/topics.ts";
import { activityTime } from "../profiles/schema.ts";
import { creditActiveTime, keptPosition, lockActiveTimeClock, rewardReading } from "../rewards/index.ts";
import { episodeProgress } from "./schema.ts";
import { titleProgressTopic } from "./topics.ts";

/** A locator is kept as given, up to this size once serialised. */
const MAX_LOCATOR_BYTES = 2048;

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
  const activeSeconds = await deps.changes.inTransaction(deps.db, async (tx) => {
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
    const kind = activityKindOf(title.contentType);
    if (activeSeconds > 0)
      await addActivityTime(tx, viewer.id, episode.contentId, kind, recordedAt, activeSeconds);
    const completedEpisode = Boolean(input.isCompleted && !before?.completedAt && kept?.completedAt);
    if (completedEpisode) await countDaily(deps.changes, tx, "reading.episodes_finished", { at: recordedAt });
    await countForAnalytics(deps, tx, {
      userId: viewer.id,
      episode,
      contentType: title.contentType,
      isFirstVisit: !before,
      completedEpisode,
      at: recordedAt,
    });
    await rewardReading(
      deps,
      tx,
      {
        userId: viewer.id,
        episodeId: episode.id,
        title,
        activeSeconds,
        // A reread finishing the episode again earns nothing.
        completedEpisode,
      },
      now,
    );
    deps.changes.changed(libraryTopic(viewer.id), titleProgressTopic(viewer.id, episode.contentId));
    return activeSeconds;
  });
  // Added once committed, and written with the rest of the second's (core/daily-counts.ts DailyTally).
  deps.tally.add(`reading.${activityKindOf(title.contentType)}_seconds`, activeSeconds, recordedAt);
  await recordView(deps.db, viewer.id, episode);
}

/**
 * What analytics follows of reading (core/activity.ts): who read which kind of content today, each
 * person's first episode and first finished one, each episode's and title's new readers, and the
 * readers who finished a title (its last episode out).
 */
async function countForAnalytics(
  deps: ServiceDeps,
  tx: Executor,
  event: {
    userId: string;
    episode: { id: string; contentId: string; number: number };
    contentType: ContentType;
    isFirstVisit: boolean;
    completedEpisode: boolean;
    at: Date;
  },
): Promise<void> {
  const { userId, episode, at } = event;
  await markActive(deps.changes, tx, userId, at, `type:${event.contentType}`);
  if (event.isFirstVisit) {
    await reachMilestone(tx, userId, "firstEpisode", at);
    // The title's new reader when this is the first of its episodes they opened.
    await countEpisodeReader(
      tx,
      episode,
      at,
      sql`not exists (select 1 from ${episodeProgress} where ${episodeProgress.userId} = ${userId}
        and ${episodeProgress.contentId} = ${episode.contentId} and ${episodeProgress.episodeId} <> ${episode.id})`,
    );
  }
  if (event.completedEpisode) {
    await reachMilestone(tx, userId, "firstFinished", at);
    // A completion when the episode is the title's last released one.
    await countTitle(
      tx,
      episode.contentId,
      { completions: 1 },
      at,
      sql`(select max(${episodes.number}) from ${episodes} where ${episodes.contentId} = ${episode.contentId}
        and ${episodes.publishAt} <= now()) = ${episode.number}`,
    );
  }
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
): Promise<TitleProgress> {
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
