// Who may see which reel, in one place: the feed, a deep link, comments, likes and watch events
// all ask here. A published reel is for everyone signed in, its creator's followers or its creator
// alone, never across a block, and never when it trails a title the viewer may not see (a reel for
// an 18+ title is not shown to a 13-year-old).
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { SessionUser, Viewer } from "../../core/service-deps.ts";
import { isAdminViewer, viewerAge } from "../content/index.ts";
import { visibleItem } from "../reports/index.ts";
import { reels } from "./schema.ts";

export type ReelRow = typeof reels.$inferSelect;

export const NO_SUCH_REEL = "That reel is not here any more.";

/** Statuses whose files exist. */
export const HAS_FILES: readonly ReelRow["status"][] = ["pending_review", "published", "rejected"];

/** The media key of a reel's folder, or of one of its files. */
export const reelMediaKey = (reelId: string, file?: string) => `reels/${reelId}${file ? `/${file}` : ""}`;

/**
 * A condition on `reels`: published, open to this viewer and not hidden from them by moderators.
 * With `ownHidden`, the viewer's own reels count even when hidden (opened by id, as My Reels does).
 */
export function watchableBy(viewer: Viewer, ownHidden = false): SQL {
  const shown = visibleItem("reel", reels.id, viewer);
  return and(
    watchableFor(sql`${viewer.id}::uuid`, sql`${viewerAge(viewer)}::int`),
    ownHidden ? sql`(${reels.creatorId} = ${viewer.id} or ${shown})` : shown,
  ) as SQL;
}

/**
 * The same condition for a viewer named by SQL expressions (their id and age), so that one query
 * can check the reels of many viewers.
 */
export function watchableFor(viewerId: SQL, age: SQL): SQL {
  return and(
    eq(reels.status, "published"),
    sql`(${reels.visibility} = 'public' or ${reels.creatorId} = ${viewerId}
      or (${reels.visibility} = 'followers' and exists (
        select 1 from creator_follows f where f.follower_id = ${viewerId} and f.creator_id = ${reels.creatorId})))`,
    sql`not exists (select 1 from blocks b
      where (b.blocker_id = ${viewerId} and b.blocked_id = ${reels.creatorId})
         or (b.blocker_id = ${reels.creatorId} and b.blocked_id = ${viewerId}))`,
    sql`(${reels.linkContentId} is null or exists (select 1 from content c
      where c.id = ${reels.linkContentId} and c.status = 'published' and c.age_rating <= ${age}))`,
  ) as SQL;
}

/**
 * A reel the viewer may watch; administrators may also open reels waiting for review or rejected,
 * to judge them, and creators their own reels hidden by moderators. Anything else (a reel hidden
 * from the viewer too) is NOT_FOUND, whether it exists or not.
 */
export async function loadWatchableReel(db: Executor, viewer: Viewer, reelId: string): Promise<ReelRow> {
  const condition = isAdminViewer(viewer)
    ? sql`${reels.status} in ('pending_review', 'published', 'rejected')`
    : watchableBy(viewer, true);
  const [row] = await db
    .select()
    .from(reels)
    .where(and(eq(reels.id, reelId), condition));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_REEL);
  return row;
}

/** One of the caller's own reels (NOT_FOUND for anyone else's). */
export async function loadOwnReel(db: Executor, user: SessionUser, reelId: string): Promise<ReelRow> {
  const [row] = await db
    .select()
    .from(reels)
    .where(and(eq(reels.id, reelId), eq(reels.creatorId, user.id)));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_REEL);
  return row;
}

/** Any reel, for administrators. */
export async function loadAnyReel(db: Executor, reelId: string, forUpdate = false): Promise<ReelRow> {
  const query = db.select().from(reels).where(eq(reels.id, reelId));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_REEL);
  return row;
}
