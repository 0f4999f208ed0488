// The feed: published reels the viewer may watch, ranked by freshness and popularity, lifted for
// titles the viewer reads or follows and for creators they follow, without what they watched to
// the end in the last week; a deep link's reel first. And where "Watch the series" goes.
import {
  type LinkedTitleTarget,
  REEL_FEED_PAGE_SIZE,
  type ReelCard,
  type ReelFeedPage,
} from "@litverse/shared/reels";
import type { listFeedInput } from "@litverse/shared/reels-inputs";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { reachMilestone } from "../../core/activity.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import {
  continueEpisode,
  loadEntitlements,
  progressByEpisode,
  releasedEpisode,
  toEpisodeSummary,
  visibleTitle,
} from "../content/index.ts";
import { episodes } from "../content/schema.ts";
import { episodeProgress } from "../reading/schema.ts";
import { loadWatchableReel, type ReelRow, watchableBy } from "./reel-access.ts";
import { readerPathOf, toReelCards } from "./reel-cards.ts";
import { noteAnalyticsChange } from "./reel-figures.ts";
import { reelLinkClicks, reels } from "./schema.ts";
import { watchTokenFor } from "./watch-token.ts";

/** Reels watched to the end this recently stay out of the feed. */
export const WATCHED_RECENTLY_DAYS = 7;
const MAX_OFFSET = 5_000;

/**
 * How a reel ranks for a viewer. Popularity is the log of its last week's views and its likes,
 * comments and shares (so a hit does not bury everything); freshness halves by a day and a half;
 * the lifts for the viewer's titles and creators are worth a few days of freshness; a featured reel
 * gets a lift of its own.
 */
export const RANKING = {
  featured: 2,
  freshness: 3,
  /** Days after which freshness is half gone. */
  freshnessHalfDays: 1.5,
  titleAffinity: 2.5,
  followedCreator: 2,
  weights: { views: 1, likes: 3, comments: 2, shares: 5 },
} as const;

/** A constant of the ranking, written into the SQL as a number rather than a parameter. */
const n = (value: number) => sql.raw(String(value));

interface FeedCursor {
  offset: number;
  /** The moment the feed was first asked for: later pages rank as of then. */
  asOf: number;
}

function encodeFeedCursor(cursor: FeedCursor): string {
  return Buffer.from(`${cursor.offset}:${cursor.asOf}`).toString("base64url");
}

function decodeFeedCursor(value: string): FeedCursor {
  const match = /^(\d{1,5}):(\d{10,15})$/.exec(Buffer.from(value, "base64url").toString("utf8"));
  const offset = Number(match?.[1]);
  const asOf = Number(match?.[2]);
  if (!match || offset > MAX_OFFSET) throw new AppError("BAD_REQUEST", "That page marker is not valid.");
  return { offset, asOf };
}

/** Ids of the next page of the ranked feed (one more than a page, to tell whether more follow). */
async function rankedIds(
  deps: ServiceDeps,
  viewer: Viewer,
  asOf: Date,
  offset: number,
  excluded: string | null,
): Promise<string[]> {
  const at = asOf.toISOString();
  const { weights } = RANKING;
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`select ${reels.id} as id from ${reels}
      left join lateral (
        select coalesce(sum(d.views), 0) as views from reel_daily_stats d
        where d.reel_id = ${reels.id} and d.day > (${at}::timestamptz at time zone 'UTC')::date - 7
      ) recent on true
      where ${watchableBy(viewer)}
        and ${reels.visibility} <> 'private'
        and ${reels.publishedAt} <= ${at}::timestamptz
        and not exists (select 1 from reel_views v where v.viewer_id = ${viewer.id} and v.reel_id = ${reels.id}
          and v.is_completed and v.started_at > ${at}::timestamptz - ${`${WATCHED_RECENTLY_DAYS} days`}::interval)
        ${excluded ? sql`and ${reels.id} <> ${excluded}` : sql``}
      order by
        (case when ${reels.featuredAt} is not null then ${n(RANKING.featured)} else 0 end)
        + ln(1 + ${n(weights.views)} * recent.views + ${n(weights.likes)} * ${reels.likeCount}
          + ${n(weights.comments)} * ${reels.commentCount} + ${n(weights.shares)} * ${reels.shareCount})
        + ${n(RANKING.freshness)} / (1 + greatest(0, extract(epoch from (${at}::timestamptz - ${reels.publishedAt})))
          / (86400.0 * ${n(RANKING.freshnessHalfDays)}))
        + (case when ${reels.linkContentId} is not null and (
            exists (select 1 from content_follows cf where cf.user_id = ${viewer.id} and cf.content_id = ${reels.linkContentId})
            or exists (select 1 from episode_progress p where p.user_id = ${viewer.id} and p.content_id = ${reels.linkContentId})
          ) then ${n(RANKING.titleAffinity)} else 0 end)
        + (case when exists (select 1 from creator_follows f
            where f.follower_id = ${viewer.id} and f.creator_id = ${reels.creatorId}) then ${n(RANKING.followedCreator)} else 0 end)
        desc,
        ${reels.publishedAt} desc, ${reels.id}
      offset ${offset} limit ${REEL_FEED_PAGE_SIZE + 1}`,
  );
  return rows.map((row) => row.id);
}

export async function listFeed(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof listFeedInput>,
  now = new Date(),
): Promise<ReelFeedPage> {
  const cursor = input.cursor ? decodeFeedCursor(input.cursor) : { offset: 0, asOf: now.getTime() };
  const first =
    !input.cursor && input.firstReelId
      ? await loadWatchableReel(deps.db, viewer, input.firstReelId).catch((error: unknown) => {
          // A link to a reel that is gone (or not for this viewer) opens the feed as usual.
          if (error instanceof AppError && error.code === "NOT_FOUND") return null;
          throw error;
        })
      : null;
  const ids = await rankedIds(deps, viewer, new Date(cursor.asOf), cursor.offset, input.firstReelId ?? null);
  const page = ids.slice(0, REEL_FEED_PAGE_SIZE);
  const rows = page.length === 0 ? [] : await deps.db.select().from(reels).where(inArray(reels.id, page));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered: ReelRow[] = [...(first ? [first] : []), ...page.flatMap((id) => byId.get(id) ?? [])];
  return {
    items: await toReelCards(deps, viewer, ordered),
    nextCursor:
      ids.length > REEL_FEED_PAGE_SIZE
        ? encodeFeedCursor({ offset: cursor.offset + REEL_FEED_PAGE_SIZE, asOf: cursor.asOf })
        : null,
    watchToken: await watchTokenFor(deps, viewer.id, now),
  };
}

export async function getReel(deps: ServiceDeps, viewer: Viewer, reelId: string): Promise<ReelCard> {
  const row = await loadWatchableReel(deps.db, viewer, reelId);
  const [card] = await toReelCards(deps, viewer, [row]);
  if (!card) throw new AppError("NOT_FOUND", "That reel is not here any more.");
  return card;
}

/**
 * "Watch the series": records the click (not the creator's own) for the conversion figures and
 * says where to go: the linked episode's reader, or the title's page. With it comes the episode
 * (the linked one, or the one the viewer would open next) and its lock, so that the unlock dialog
 * can come first.
 */
export async function openLinkedTitle(
  deps: ServiceDeps,
  viewer: Viewer,
  reelId: string,
): Promise<LinkedTitleTarget> {
  const reel = await loadWatchableReel(deps.db, viewer, reelId);
  if (!reel.linkContentId) throw new AppError("NOT_FOUND", "This reel does not lead to a title.");
  const title = await visibleTitle(deps.db, viewer, reel.linkContentId);
  if (reel.creatorId !== viewer.id) {
    await deps.db.insert(reelLinkClicks).values({
      reelId: reel.id,
      userId: viewer.id,
      contentId: title.id,
      episodeId: reel.linkEpisodeId,
    });
    await reachMilestone(deps.db, viewer.id, "reelClick");
    noteAnalyticsChange(deps);
  }
  const [released, entitlements, progress, [latest]] = await Promise.all([
    deps.db
      .select()
      .from(episodes)
      .where(and(eq(episodes.contentId, title.id), releasedEpisode))
      .orderBy(asc(episodes.number)),
    loadEntitlements(deps, viewer.id, title.id),
    progressByEpisode(deps.db, viewer.id, title.id),
    deps.db
      .select({ episodeId: episodeProgress.episodeId })
      .from(episodeProgress)
      .where(and(eq(episodeProgress.userId, viewer.id), eq(episodeProgress.contentId, title.id)))
      .orderBy(desc(episodeProgress.updatedAt))
      .limit(1),
  ]);
  const summaries = released.map((episode) =>
    toEpisodeSummary(viewer, title, episode, entitlements, progress.get(episode.id)),
  );
  if (reel.linkEpisodeId) {
    const linked = summaries.find((episode) => episode._id === reel.linkEpisodeId);
    // An episode not released yet opens on the title page, which says when it comes.
    if (linked) {
      return {
        path: readerPathOf(title.contentType, title.id, linked.number),
        contentId: title.id,
        episode: linked,
      };
    }
  }
  // A title: its page, with the episode the viewer would open next (for the unlock dialog).
  const next = continueEpisode(summaries, latest?.episodeId ?? null);
  return {
    path: `/content/${title.id}`,
    contentId: title.id,
    episode: summaries.find((episode) => episode.number === next) ?? null,
  };
}
