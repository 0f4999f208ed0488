// Likes, shares and following creators. Each keeps the reel's counters in the same transaction,
// so the feed's ranking and the lists never drift from the rows.
import type { ReelShareMethod } from "@litverse/shared/reels";
import { and, eq, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { isBlockedEitherWay } from "../friends/index.ts";
import { NO_SUCH_PERSON } from "../profiles/index.ts";
import { users } from "../users/schema.ts";
import { loadWatchableReel } from "./reel-access.ts";
import { noteAnalyticsChange } from "./reel-figures.ts";
import { creatorFollows, reelLikes, reelShares, reels } from "./schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC } from "./topics.ts";

export async function setReelLike(
  deps: ServiceDeps,
  viewer: Viewer,
  reelId: string,
  isLiked: boolean,
): Promise<{ likeCount: number; isLiked: boolean }> {
  const reel = await loadWatchableReel(deps.db, viewer, reelId);
  const likeCount = await deps.changes.inTransaction(deps.db, async (tx) => {
    const changed = isLiked
      ? await tx.insert(reelLikes).values({ reelId, userId: viewer.id }).onConflictDoNothing().returning()
      : await tx
          .delete(reelLikes)
          .where(and(eq(reelLikes.reelId, reelId), eq(reelLikes.userId, viewer.id)))
          .returning();
    const [row] = await tx
      .update(reels)
      .set({ likeCount: sql`${reels.likeCount} + ${changed.length === 0 ? 0 : isLiked ? 1 : -1}` })
      .where(eq(reels.id, reelId))
      .returning({ likeCount: reels.likeCount });
    if (changed.length > 0) deps.changes.changed(creatorReelsTopic(reel.creatorId), REELS_ADMIN_TOPIC);
    return row?.likeCount ?? 0;
  });
  noteAnalyticsChange(deps);
  return { likeCount, isLiked };
}

/** Counts a share (a copied link or the device's share sheet); every share counts. */
export async function shareReel(
  deps: ServiceDeps,
  viewer: Viewer,
  reelId: string,
  method: ReelShareMethod,
): Promise<{ shareCount: number }> {
  const reel = await loadWatchableReel(deps.db, viewer, reelId);
  const shareCount = await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.insert(reelShares).values({ reelId, userId: viewer.id, method });
    const [row] = await tx
      .update(reels)
      .set({ shareCount: sql`${reels.shareCount} + 1` })
      .where(eq(reels.id, reelId))
      .returning({ shareCount: reels.shareCount });
    deps.changes.changed(creatorReelsTopic(reel.creatorId), REELS_ADMIN_TOPIC);
    return row?.shareCount ?? 0;
  });
  noteAnalyticsChange(deps);
  return { shareCount };
}

export async function setCreatorFollow(
  deps: ServiceDeps,
  viewer: Viewer,
  creatorId: string,
  isFollowed: boolean,
): Promise<{ isFollowed: boolean }> {
  if (creatorId === viewer.id) throw new AppError("BAD_REQUEST", "You cannot follow yourself.");
  const [creator] = await deps.db.select({ id: users.id }).from(users).where(eq(users.id, creatorId));
  if (!creator) throw new AppError("NOT_FOUND", NO_SUCH_PERSON);
  if (isFollowed && (await isBlockedEitherWay(deps.db, viewer.id, creatorId))) {
    throw new AppError("FORBIDDEN", "You cannot follow this person.");
  }
  if (isFollowed) {
    await deps.db.insert(creatorFollows).values({ followerId: viewer.id, creatorId }).onConflictDoNothing();
  } else {
    await deps.db
      .delete(creatorFollows)
      .where(and(eq(creatorFollows.followerId, viewer.id), eq(creatorFollows.creatorId, creatorId)));
  }
  return { isFollowed };
}
