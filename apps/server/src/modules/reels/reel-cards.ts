// Reels as the pages show them: feed cards (with the viewer's like, follow and the lock on the
// linked episode), the creator's own list and the administrators' list. Every list is built here
// from reel rows with a fixed number of queries, whatever its length.
import type { ContentType } from "@litverse/shared/content";
import type { AdminReel, MyReel, ReelCard, ReelLink } from "@litverse/shared/reels";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { jobs } from "../../core/db/schema.ts";
import { track } from "../../core/live/topics.ts";
import type { MediaDeps, ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { type Entitlements, episodeLock } from "../content/index.ts";
import { content, episodes } from "../content/schema.ts";
import { entitlementsTopic } from "../content/topics.ts";
import { peopleByIds, unknownPerson } from "../profiles/index.ts";
import { activeTiers } from "../subscriptions/index.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import { hiddenCommentsOn } from "./hidden-comments.ts";
import { HAS_FILES, type ReelRow } from "./reel-access.ts";
import { creatorFollows, reelDailyStats, reelLikes } from "./schema.ts";

type LinkRow = {
  contentId: string;
  title: string;
  coverImage: string | null;
  contentType: ContentType;
  accessType: "free" | "premium" | "vvip";
  episodeId: string | null;
  episodeNumber: number | null;
  priceCoins: number | null;
};

/** The reader's address of an episode of each kind of title. */
const READER_PATHS: Record<ContentType, string> = {
  book: "/read",
  audiobook: "/listen",
  comic: "/read-comic",
  drama: "/watch",
};

export function readerPathOf(contentType: ContentType, contentId: string, episodeNumber: number): string {
  return `${READER_PATHS[contentType]}/${contentId}?episode=${episodeNumber}`;
}

/** Signed addresses of a reel's files, the same for everyone for a few hours; nulls when it has none. */
export function reelUrls(media: MediaDeps, row: ReelRow) {
  if (!HAS_FILES.includes(row.status)) return { videoUrl: null, posterUrl: null, captionsUrl: null };
  const { base } = media.signer.base("reels", row.id);
  return {
    videoUrl: `${base}/video.mp4`,
    posterUrl: row.hasPoster ? `${base}/poster.jpg` : null,
    captionsUrl: row.hasCaptions ? `${base}/captions.vtt` : null,
  };
}

/** The titles and episodes the reels link to, by reel id. */
async function linksOf(db: Executor, rows: readonly ReelRow[]): Promise<Map<string, LinkRow>> {
  const contentIds = [...new Set(rows.flatMap((row) => (row.linkContentId ? [row.linkContentId] : [])))];
  if (contentIds.length === 0) return new Map();
  const episodeIds = rows.flatMap((row) => (row.linkEpisodeId ? [row.linkEpisodeId] : []));
  const [titles, linkedEpisodes] = await Promise.all([
    db
      .select({
        id: content.id,
        title: content.title,
        coverImage: content.coverImage,
        contentType: content.contentType,
        accessType: content.accessType,
      })
      .from(content)
      .where(inArray(content.id, contentIds)),
    episodeIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: episodes.id, number: episodes.number, priceCoins: episodes.priceCoins })
          .from(episodes)
          .where(inArray(episodes.id, episodeIds)),
  ]);
  const titleById = new Map(titles.map((title) => [title.id, title]));
  const episodeById = new Map(linkedEpisodes.map((episode) => [episode.id, episode]));
  const links = new Map<string, LinkRow>();
  for (const row of rows) {
    const title = row.linkContentId ? titleById.get(row.linkContentId) : undefined;
    if (!title) continue;
    const episode = row.linkEpisodeId ? episodeById.get(row.linkEpisodeId) : undefined;
    links.set(row.id, {
      contentId: title.id,
      title: title.title,
      coverImage: title.coverImage,
      contentType: title.contentType,
      accessType: title.accessType,
      episodeId: episode?.id ?? null,
      episodeNumber: episode?.number ?? null,
      priceCoins: episode?.priceCoins ?? null,
    });
  }
  return links;
}

function toLink(link: LinkRow): Omit<ReelLink, "isLocked"> {
  return {
    contentId: link.contentId,
    episodeId: link.episodeId,
    episodeNumber: link.episodeNumber,
    title: link.title,
    coverImage: link.coverImage,
    contentType: link.contentType,
  };
}

/** The viewer's unlocks among these episodes and the plan tiers they hold: what opens the links. */
async function entitlementsFor(
  db: Executor,
  viewer: Viewer,
  episodeIds: readonly string[],
): Promise<Entitlements> {
  if (episodeIds.length === 0) return { unlockedEpisodeIds: new Set(), tiers: new Set() };
  track(entitlementsTopic(viewer.id));
  const [unlocks, tiers] = await Promise.all([
    db
      .select({ episodeId: episodeUnlocks.episodeId })
      .from(episodeUnlocks)
      .where(
        and(
          eq(episodeUnlocks.userId, viewer.id),
          inArray(episodeUnlocks.episodeId, [...episodeIds]),
          isNull(episodeUnlocks.revokedAt),
          or(isNull(episodeUnlocks.expiresAt), gt(episodeUnlocks.expiresAt, new Date())),
        ),
      ),
    activeTiers(db, viewer.id),
  ]);
  return { unlockedEpisodeIds: new Set(unlocks.map((row) => row.episodeId)), tiers };
}

/** Whether the link's episode is locked for the viewer (a title link never is). */
export function isLinkLocked(viewer: Viewer, link: LinkRow, entitlements: Entitlements): boolean {
  if (!link.episodeId || link.episodeNumber === null) return false;
  const episode = { id: link.episodeId, number: link.episodeNumber, priceCoins: link.priceCoins ?? 0 };
  return episodeLock(viewer, { accessType: link.accessType }, episode, entitlements) !== null;
}

/** Feed cards for these (watchable) reels, in the order given. */
export async function toReelCards(
  deps: ServiceDeps,
  viewer: Viewer,
  rows: readonly ReelRow[],
): Promise<ReelCard[]> {
  if (rows.length === 0) return [];
  const { db } = deps;
  const reelIds = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.creatorId))];
  const [people, follows, likes, links, hiddenComments] = await Promise.all([
    peopleByIds(db, creatorIds),
    db
      .select({ creatorId: creatorFollows.creatorId })
      .from(creatorFollows)
      .where(and(eq(creatorFollows.followerId, viewer.id), inArray(creatorFollows.creatorId, creatorIds))),
    db
      .select({ reelId: reelLikes.reelId })
      .from(reelLikes)
      .where(and(eq(reelLikes.userId, viewer.id), inArray(reelLikes.reelId, reelIds))),
    linksOf(db, rows),
    hiddenCommentsOn(db, viewer, reelIds),
  ]);
  const episodeIds = [...links.values()].flatMap((link) => (link.episodeId ? [link.episodeId] : []));
  const entitlements = await entitlementsFor(db, viewer, episodeIds);
  const followed = new Set(follows.map((row) => row.creatorId));
  const liked = new Set(likes.map((row) => row.reelId));
  return rows.map((row) => {
    const creator = people.get(row.creatorId) ?? unknownPerson(row.creatorId);
    const link = links.get(row.id);
    const urls = reelUrls(deps.media, row);
    return {
      id: row.id,
      videoUrl: urls.videoUrl ?? "",
      posterUrl: urls.posterUrl,
      captionsUrl: urls.captionsUrl,
      width: row.width ?? 0,
      height: row.height ?? 0,
      durationMs: row.durationMs ?? 0,
      hasAudio: row.hasAudio,
      caption: row.caption,
      creator: {
        id: creator._id,
        name: creator.name,
        handle: creator.handle,
        avatarUrl: creator.avatarUrl,
        isFollowed: followed.has(row.creatorId),
        isOfficial: row.isOfficial,
      },
      link: link ? { ...toLink(link), isLocked: isLinkLocked(viewer, link, entitlements) } : null,
      likeCount: row.likeCount,
      commentCount: Math.max(0, row.commentCount - (hiddenComments.byReel.get(row.id) ?? 0)),
      shareCount: row.shareCount,
      isLiked: liked.has(row.id),
      publishedAt: row.publishedAt?.toISOString() ?? null,
    };
  });
}

/** The creator's view of their reels, with processing progress while a job runs. */
export async function toMyReels(deps: ServiceDeps, rows: readonly ReelRow[]): Promise<MyReel[]> {
  const { db } = deps;
  const jobIds = rows.flatMap((row) => (row.status === "processing" && row.jobId ? [row.jobId] : []));
  const [links, progress, viewCounts] = await Promise.all([
    linksOf(db, rows),
    jobIds.length === 0
      ? Promise.resolve([])
      : db
          .select({ id: jobs.id, progress: jobs.progress, message: jobs.message })
          .from(jobs)
          .where(inArray(jobs.id, jobIds)),
    rows.length === 0
      ? Promise.resolve([])
      : db
          .select({ reelId: reelDailyStats.reelId, views: sql<number>`sum(${reelDailyStats.views})::int` })
          .from(reelDailyStats)
          .where(
            inArray(
              reelDailyStats.reelId,
              rows.map((row) => row.id),
            ),
          )
          .groupBy(reelDailyStats.reelId),
  ]);
  const jobById = new Map(progress.map((job) => [job.id, job]));
  const viewsByReel = new Map(viewCounts.map((row) => [row.reelId, Number(row.views)]));
  return rows.map((row) => {
    const link = links.get(row.id);
    const job = row.status === "processing" && row.jobId ? jobById.get(row.jobId) : undefined;
    return {
      id: row.id,
      status: row.status,
      progress: row.status === "processing" ? (job?.progress ?? 0) : null,
      progressMessage: row.status === "processing" ? (job?.message ?? "Waiting to start") : null,
      reason: row.reason,
      caption: row.caption,
      visibility: row.visibility,
      link: link ? toLink(link) : null,
      ...reelUrls(deps.media, row),
      width: row.width,
      height: row.height,
      durationMs: row.durationMs,
      isOfficial: row.isOfficial,
      isFeatured: row.featuredAt !== null,
      figures: {
        views: viewsByReel.get(row.id) ?? 0,
        likes: row.likeCount,
        comments: row.commentCount,
        shares: row.shareCount,
      },
      createdAt: row.createdAt.toISOString(),
      publishedAt: row.publishedAt?.toISOString() ?? null,
    };
  });
}

export async function toAdminReels(deps: ServiceDeps, rows: readonly ReelRow[]): Promise<AdminReel[]> {
  const people = await peopleByIds(deps.db, [
    ...rows.map((row) => row.creatorId),
    ...rows.flatMap((row) => (row.reviewedBy ? [row.reviewedBy] : [])),
  ]);
  const mine = await toMyReels(deps, rows);
  return mine.map((reel, index) => {
    const row = rows[index] as ReelRow;
    return {
      ...reel,
      creator: people.get(row.creatorId) ?? unknownPerson(row.creatorId),
      reviewedBy: row.reviewedBy ? (people.get(row.reviewedBy) ?? null) : null,
      reviewedAt: row.reviewedAt?.toISOString() ?? null,
    };
  });
}
