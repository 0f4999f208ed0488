// Comments on reels, with replies one level deep, deleted by their authors or administrators and
// reported into the shared reports table. Lists are live; people on either side of a block do not
// see each other's comments.

import { reportCategoryOf } from "@litverse/shared/moderation";
import type { PersonSummary } from "@litverse/shared/people";
import {
  REEL_COMMENTS_PAGE_SIZE,
  REEL_REPLIES_SHOWN,
  type ReelComment,
  type ReelCommentPage,
} from "@litverse/shared/reels";
import type { addCommentInput, listCommentsInput, reportCommentInput } from "@litverse/shared/reels-inputs";
import { and, asc, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan, type TimeCursor } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { isAdminViewer } from "../content/index.ts";
import { relationshipsTopic } from "../friends/index.ts";
import { peopleByIds, unknownPerson } from "../profiles/index.ts";
import { createReport, type ReportTarget, visibleItem } from "../reports/index.ts";
import { byVisibleAuthor } from "../users/index.ts";
import { hiddenCommentsOn } from "./hidden-comments.ts";
import { loadWatchableReel } from "./reel-access.ts";
import { noteAnalyticsChange } from "./reel-figures.ts";
import { reelComments, reels } from "./schema.ts";
import { creatorReelsTopic, REELS_ADMIN_TOPIC, reelCommentsTopic } from "./topics.ts";

type CommentRow = typeof reelComments.$inferSelect;

const NO_SUCH_COMMENT = "That comment is not here any more.";

/** Comments whose author and the viewer have not blocked each other. */
function notBlockedWith(viewer: Viewer): SQL {
  return sql`not exists (select 1 from blocks b
    where (b.blocker_id = ${viewer.id} and b.blocked_id = ${reelComments.authorId})
       or (b.blocker_id = ${reelComments.authorId} and b.blocked_id = ${viewer.id}))`;
}

/** Replies after the cursor's, oldest first. */
function newerThan(cursor: TimeCursor): SQL {
  return sql`(${reelComments.createdAt}, ${reelComments.id}) > (
    coalesce((select c.created_at from reel_comments c where c.id = ${cursor.id}::uuid), ${cursor.createdAt.toISOString()}::timestamptz),
    ${cursor.id}::uuid)`;
}

export async function listComments(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof listCommentsInput>,
): Promise<ReelCommentPage> {
  const { db } = deps;
  const reel = await loadWatchableReel(db, viewer, input.reelId);
  track(reelCommentsTopic(reel.id), relationshipsTopic(viewer.id));
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const visible = and(
    eq(reelComments.reelId, reel.id),
    notBlockedWith(viewer),
    byVisibleAuthor(reelComments.authorId),
    visibleItem("reel_comment", reelComments.id, viewer),
  );
  let rows: CommentRow[];
  if (input.parentId) {
    rows = await db
      .select()
      .from(reelComments)
      .where(
        and(
          visible,
          eq(reelComments.parentId, input.parentId),
          isNull(reelComments.deletedAt),
          after ? newerThan(after) : undefined,
        ),
      )
      .orderBy(asc(reelComments.createdAt), asc(reelComments.id))
      .limit(REEL_COMMENTS_PAGE_SIZE + 1);
  } else {
    rows = await db
      .select()
      .from(reelComments)
      .where(
        and(
          visible,
          isNull(reelComments.parentId),
          // A deleted comment stays as a marker only while replies hang on it.
          or(isNull(reelComments.deletedAt), sql`${reelComments.replyCount} > 0`),
          after ? olderThan(reelComments, after) : undefined,
        ),
      )
      .orderBy(desc(reelComments.createdAt), desc(reelComments.id))
      .limit(REEL_COMMENTS_PAGE_SIZE + 1);
  }
  const page = rows.slice(0, REEL_COMMENTS_PAGE_SIZE);
  const last = page.at(-1);
  const replies = input.parentId
    ? []
    : await firstReplies(
        db,
        viewer,
        page.map((row) => row.id),
      );
  const [people, hidden] = await Promise.all([
    peopleByIds(
      db,
      [...page, ...replies].map((row) => row.authorId),
    ),
    hiddenCommentsOn(db, viewer, [reel.id]),
  ]);
  const repliesByParent = Map.groupBy(replies, (row) => row.parentId ?? "");
  const items = page.map((row) =>
    toComment(
      viewer,
      row,
      people,
      (repliesByParent.get(row.id) ?? []).map((reply) => toComment(viewer, reply, people, [])),
      hidden.byParent.get(row.id),
    ),
  );
  return {
    items,
    nextCursor:
      rows.length > REEL_COMMENTS_PAGE_SIZE && last ? encodeTimeCursor(last.createdAt, last.id) : null,
    // Without what moderators hid from the viewer.
    total: Math.max(0, reel.commentCount - (hidden.byReel.get(reel.id) ?? 0)),
  };
}

/** The oldest few replies of each comment, in one query. */
async function firstReplies(db: Executor, viewer: Viewer, parentIds: string[]): Promise<CommentRow[]> {
  if (parentIds.length === 0) return [];
  const ranked = await queryRows<{ id: string }>(
    db,
    sql`select id from (
        select ${reelComments.id} as id, row_number() over (
          partition by ${reelComments.parentId} order by ${reelComments.createdAt}, ${reelComments.id}) as n
        from ${reelComments}
        where ${inArray(reelComments.parentId, parentIds)} and ${reelComments.deletedAt} is null
          and ${notBlockedWith(viewer)} and ${byVisibleAuthor(reelComments.authorId)}
          and ${visibleItem("reel_comment", reelComments.id, viewer)}
      ) shown where n <= ${REEL_REPLIES_SHOWN}`,
  );
  if (ranked.length === 0) return [];
  return db
    .select()
    .from(reelComments)
    .where(
      inArray(
        reelComments.id,
        ranked.map((row) => row.id),
      ),
    )
    .orderBy(asc(reelComments.createdAt), asc(reelComments.id));
}

function toComment(
  viewer: Viewer,
  row: CommentRow,
  people: Map<string, PersonSummary>,
  replies: ReelComment[],
  /** Its replies moderators hid from the viewer. */
  hiddenReplies = 0,
): ReelComment {
  const isDeleted = row.deletedAt !== null;
  return {
    id: row.id,
    reelId: row.reelId,
    parentId: row.parentId,
    author: people.get(row.authorId) ?? unknownPerson(row.authorId),
    text: isDeleted ? "" : row.text,
    isDeleted,
    createdAt: row.createdAt.toISOString(),
    canDelete: !isDeleted && (row.authorId === viewer.id || isAdminViewer(viewer)),
    isMine: row.authorId === viewer.id,
    replyCount: Math.max(0, row.replyCount - hiddenReplies),
    replies,
  };
}

export async function addComment(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof addCommentInput>,
): Promise<{ commentId: string }> {
  const reel = await loadWatchableReel(deps.db, viewer, input.reelId);
  let parentId: string | null = null;
  if (input.parentId) {
    const [parent] = await deps.db
      .select()
      .from(reelComments)
      .where(
        and(
          eq(reelComments.id, input.parentId),
          eq(reelComments.reelId, reel.id),
          notBlockedWith(viewer),
          visibleItem("reel_comment", reelComments.id, viewer),
        ),
      );
    if (!parent || parent.deletedAt) throw new AppError("NOT_FOUND", NO_SUCH_COMMENT);
    // A reply to a reply joins its thread: one level only.
    parentId = parent.parentId ?? parent.id;
  }
  const commentId = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(reelComments)
      .values({ reelId: reel.id, authorId: viewer.id, parentId, text: input.text })
      .returning({ id: reelComments.id });
    if (parentId) {
      await tx
        .update(reelComments)
        .set({ replyCount: sql`${reelComments.replyCount} + 1` })
        .where(eq(reelComments.id, parentId));
    }
    await tx
      .update(reels)
      .set({ commentCount: sql`${reels.commentCount} + 1` })
      .where(eq(reels.id, reel.id));
    deps.changes.changed(reelCommentsTopic(reel.id), creatorReelsTopic(reel.creatorId), REELS_ADMIN_TOPIC);
    return row?.id ?? "";
  });
  noteAnalyticsChange(deps);
  return { commentId };
}

async function loadComment(db: Executor, commentId: string): Promise<CommentRow> {
  const [row] = await db.select().from(reelComments).where(eq(reelComments.id, commentId));
  if (!row || row.deletedAt) throw new AppError("NOT_FOUND", NO_SUCH_COMMENT);
  return row;
}

/** One's own comment, or any for administrators. A comment with replies stays as a marker. */
export async function deleteComment(deps: ServiceDeps, viewer: Viewer, commentId: string): Promise<void> {
  const comment = await loadComment(deps.db, commentId);
  const reel = await loadWatchableReel(deps.db, viewer, comment.reelId);
  if (comment.authorId !== viewer.id && !isAdminViewer(viewer)) {
    throw new AppError("FORBIDDEN", "You can delete only your own comments.");
  }
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [deleted] = await tx
      .update(reelComments)
      .set({ deletedAt: new Date() })
      .where(and(eq(reelComments.id, comment.id), isNull(reelComments.deletedAt)))
      .returning({ id: reelComments.id });
    if (!deleted) return;
    if (comment.parentId) {
      await tx
        .update(reelComments)
        .set({ replyCount: sql`${reelComments.replyCount} - 1` })
        .where(eq(reelComments.id, comment.parentId));
    }
    await tx
      .update(reels)
      .set({ commentCount: sql`greatest(0, ${reels.commentCount} - 1)` })
      .where(eq(reels.id, reel.id));
    deps.changes.changed(reelCommentsTopic(reel.id), creatorReelsTopic(reel.creatorId), REELS_ADMIN_TOPIC);
  });
}

/** A comment on a reel the viewer may watch, as a report's target. */
export async function reelCommentReportTarget(
  deps: ServiceDeps,
  viewer: Viewer,
  commentId: string,
): Promise<ReportTarget> {
  const comment = await loadComment(deps.db, commentId);
  await loadWatchableReel(deps.db, viewer, comment.reelId);
  if (comment.authorId === viewer.id)
    throw new AppError("BAD_REQUEST", "You cannot report your own comment.");
  return {
    kind: "reel_comment",
    id: comment.id,
    userId: comment.authorId,
    snapshot: comment.text,
    label: "A comment on a reel",
  };
}

export async function reportComment(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof reportCommentInput>,
): Promise<{ isNew: boolean }> {
  const target = await reelCommentReportTarget(deps, viewer, input.commentId);
  const { isNew } = await createReport(deps, viewer, target, reportCategoryOf(input.reason), input.details);
  return { isNew };
}
