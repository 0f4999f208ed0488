// An episode's content for a reader who may open it, and the views its openings count.
import type { EpisodeContent } from "@litverse/shared/content";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { episodeViews } from "../library/schema.ts";
import { toContentCard } from "./content-summaries.ts";
import { loadEntitlements } from "./entitlements.ts";
import { episodeLock, lockMessage } from "./episode-access.ts";
import { deliverPayload, type StoredEpisodePayload } from "./episode-payload.ts";
import { progressByEpisode, toEpisodeSummary } from "./episode-summaries.ts";
import { episodes } from "./schema.ts";
import { isAdminViewer, releasedEpisode, visibleTitle } from "./title-visibility.ts";

/** How long one person's repeated openings of an episode count as one view. */
const VIEW_DEDUPLICATION = sql`interval '30 minutes'`;

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

/**
 * An episode's content for a signed-in viewer who may open it, with media URLs valid for a few
 * hours. Opening it counts as a view (one per person and episode per half hour).
 */
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
