// A club's discussions: the general board and a thread per milestone, posts with replies, reactions,
// @mentions and pictures. A post that gives away an episode reaches a member only once they have
// finished that episode (or chose to see it anyway): until then the server sends no word of it, and
// the list follows the member's reading position live, so the post opens by itself.

import { randomUUID } from "node:crypto";
import type { ClubFunction } from "@litverse/shared/club-rights";
import {
  CLUB_REPLIES_SHOWN,
  type ClubPostItem,
  type ClubPostPage,
  type ClubReaction,
  isSpoilerFor,
  spoilerEpisodeOf,
} from "@litverse/shared/clubs";
import type {
  createClubPostInput,
  listClubPostsInput,
  reportClubPostInput,
} from "@litverse/shared/clubs-inputs";
import { reportCategoryOf } from "@litverse/shared/moderation";
import { and, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { countDaily } from "../../core/daily-counts.ts";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { notify } from "../notifications/index.ts";
import { peopleByIds, personById } from "../profiles/index.ts";
import { createReport, type Onlooker, type ReportTarget, visibleItem } from "../reports/index.ts";
import { rewardClubPost } from "../rewards/index.ts";
import { byVisibleAuthor } from "../users/index.ts";
import { type ClubAccess, clubPostsTopic, loadClubFor } from "./club-access.ts";
import { membersByHandle } from "./club-lists.service.ts";
import { finishedEpisodes } from "./club-progress.ts";
import { clubMilestones, clubPostReactions, clubPosts, clubReads, clubSpoilerReveals } from "./schema.ts";

const POST_IMAGE_EDGE = 1600;
/** Pinned posts shown above a board's first page. */
const PINNED_SHOWN = 10;
const MENTION_PATTERN = /(?:^|[^\w@])@([a-z0-9_]{3,30})\b/gi;

type PostRow = typeof clubPosts.$inferSelect;

/** A member, with their age when known: what moderators hid from them depends on it. */
type Reader = SessionUser & Partial<Onlooker>;

/** Posts moderators have not hidden from this reader (under 18 unless they said 18). */
const shownTo = (viewer: Reader) => visibleItem("club_post", clubPosts.id, { age: viewer.age ?? null });

/** A milestone of one of this club's reads. */
async function milestoneOf(db: Executor, clubId: string, milestoneId: string) {
  const [row] = await db
    .select({ id: clubMilestones.id, toEpisode: clubMilestones.toEpisode, readId: clubMilestones.readId })
    .from(clubMilestones)
    .innerJoin(clubReads, eq(clubReads.id, clubMilestones.readId))
    .where(and(eq(clubMilestones.id, milestoneId), eq(clubReads.clubId, clubId)));
  if (!row) throw new AppError("NOT_FOUND", "The club has no such milestone.");
  return row;
}

export async function listClubPosts(
  deps: ServiceDeps,
  viewer: Reader,
  input: z.output<typeof listClubPostsInput>,
): Promise<ClubPostPage> {
  const { db } = deps;
  await loadClubFor(db, input.clubId, viewer.id, "listClubPosts");
  track(clubPostsTopic(input.clubId));
  const milestone = input.milestoneId ? await milestoneOf(db, input.clubId, input.milestoneId) : null;
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const inList = and(
    eq(clubPosts.clubId, input.clubId),
    milestone ? eq(clubPosts.milestoneId, milestone.id) : isNull(clubPosts.milestoneId),
    isNull(clubPosts.parentId),
    byVisibleAuthor(clubPosts.authorId),
    shownTo(viewer),
    // A deleted post stays as a marker only while replies hang on it.
    or(isNull(clubPosts.deletedAt), sql`${clubPosts.replyCount} > 0`),
  );
  const [pinned, rows] = await Promise.all([
    after
      ? Promise.resolve([])
      : db
          .select()
          .from(clubPosts)
          .where(and(inList, eq(clubPosts.isPinned, true)))
          .orderBy(desc(clubPosts.createdAt))
          .limit(PINNED_SHOWN),
    db
      .select()
      .from(clubPosts)
      .where(and(inList, eq(clubPosts.isPinned, false), after ? olderThan(clubPosts, after) : undefined))
      .orderBy(desc(clubPosts.createdAt), desc(clubPosts.id))
      .limit(input.limit + 1),
  ]);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const items = await toPostItems(
    deps,
    viewer,
    input.clubId,
    [...pinned, ...page],
    milestone?.toEpisode ?? null,
  );
  return {
    items,
    nextCursor: rows.length > input.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}

/** Posts with their newest replies, authors, reactions and what the viewer may see of each. */
async function toPostItems(
  deps: ServiceDeps,
  viewer: Reader,
  clubId: string,
  posts: PostRow[],
  milestoneEnd: number | null,
): Promise<ClubPostItem[]> {
  const { db } = deps;
  if (posts.length === 0) return [];
  const postIds = posts.map((post) => post.id);
  const replies = await queryRows<{ id: string }>(
    db,
    sql`select id from (
          select id, row_number() over (partition by parent_id order by created_at desc, id desc) as rank
          from club_posts
          where parent_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(postIds)}::jsonb))
            and deleted_at is null
            and ${byVisibleAuthor(clubPosts.authorId)}
            and ${shownTo(viewer)}
        ) ranked where rank <= ${CLUB_REPLIES_SHOWN}`,
  );
  const replyRows =
    replies.length > 0
      ? await db
          .select()
          .from(clubPosts)
          .where(
            inArray(
              clubPosts.id,
              replies.map((reply) => reply.id),
            ),
          )
          .orderBy(clubPosts.createdAt, clubPosts.id)
      : [];
  const all = [...posts, ...replyRows];
  const allIds = all.map((post) => post.id);
  const readIds = [...new Set(all.flatMap((post) => (post.readId ? [post.readId] : [])))];
  const [people, reactions, reveals, reads] = await Promise.all([
    peopleByIds(
      db,
      all.flatMap((post) => (post.authorId ? [post.authorId] : [])),
    ),
    db
      .select({
        postId: clubPostReactions.postId,
        reaction: clubPostReactions.reaction,
        count: sql<number>`count(*)::int`,
        mine: sql<boolean>`bool_or(${clubPostReactions.userId} = ${viewer.id})`,
      })
      .from(clubPostReactions)
      .where(inArray(clubPostReactions.postId, allIds))
      .groupBy(clubPostReactions.postId, clubPostReactions.reaction),
    db
      .select({ postId: clubSpoilerReveals.postId })
      .from(clubSpoilerReveals)
      .where(and(eq(clubSpoilerReveals.userId, viewer.id), inArray(clubSpoilerReveals.postId, allIds))),
    readIds.length
      ? db
          .select({ id: clubReads.id, contentId: clubReads.contentId })
          .from(clubReads)
          .where(inArray(clubReads.id, readIds))
      : Promise.resolve([]),
  ]);
  // How far the viewer has read each title the posts were written about.
  const finishedByContent = new Map<string, number>();
  for (const contentId of new Set(reads.map((read) => read.contentId))) {
    finishedByContent.set(
      contentId,
      (await finishedEpisodes(db, contentId, [viewer.id])).get(viewer.id) ?? 0,
    );
  }
  const contentByRead = new Map(reads.map((read) => [read.id, read.contentId]));
  const revealed = new Set(reveals.map((reveal) => reveal.postId));
  const imageBase = all.some((post) => post.imageKey) ? deps.media.signer.base("clubs", clubId).base : null;
  const parentById = new Map(posts.map((post) => [post.id, post]));

  const toItem = (post: PostRow, parent: PostRow | null): ClubPostItem => {
    const marked = Math.max(post.spoilerEpisode ?? 0, parent?.spoilerEpisode ?? 0) || null;
    const spoilerEpisode = spoilerEpisodeOf(milestoneEnd, marked);
    const contentId = post.readId ? contentByRead.get(post.readId) : undefined;
    const finished = contentId ? (finishedByContent.get(contentId) ?? 0) : 0;
    const isMine = post.authorId === viewer.id;
    const isDeleted = post.deletedAt !== null;
    const isHidden =
      !isMine &&
      !isDeleted &&
      !revealed.has(post.id) &&
      contentId !== undefined &&
      isSpoilerFor(spoilerEpisode, finished);
    const visible = !isHidden && !isDeleted;
    return {
      _id: post.id,
      author: isDeleted ? null : ((post.authorId ? people.get(post.authorId) : null) ?? null),
      body: visible ? post.body : null,
      imageUrl:
        visible && post.imageKey && imageBase ? `${imageBase}/${post.imageKey.split("/").pop()}` : null,
      spoilerEpisode: contentId ? spoilerEpisode : null,
      isHidden,
      isPinned: post.isPinned,
      isLocked: post.isLocked,
      isDeleted,
      isMine,
      reactions: visible
        ? reactions
            .filter((reaction) => reaction.postId === post.id)
            .map((reaction) => ({
              reaction: reaction.reaction as ClubReaction,
              count: reaction.count,
              mine: reaction.mine,
            }))
        : [],
      createdAt: post.createdAt.toISOString(),
      replies: [],
      replyCount: post.replyCount,
    };
  };
  return posts.map((post) => ({
    ...toItem(post, null),
    replies: replyRows
      .filter((reply) => reply.parentId === post.id)
      .map((reply) => toItem(reply, parentById.get(post.id) ?? null)),
  }));
}

/** Writes a post or a reply. Members only, not while muted; replies not under a locked post. */
export async function createClubPost(
  deps: ServiceDeps,
  viewer: Reader,
  input: z.output<typeof createClubPostInput>,
): Promise<{ postId: string }> {
  const { db } = deps;
  const access = await loadClubFor(db, input.clubId, viewer.id, "createClubPost");
  let milestoneId = input.milestoneId;
  let parent: PostRow | null = null;
  if (input.parentId) {
    const [row] = await db
      .select()
      .from(clubPosts)
      .where(and(eq(clubPosts.id, input.parentId), eq(clubPosts.clubId, input.clubId), shownTo(viewer)));
    if (!row || row.deletedAt) throw new AppError("NOT_FOUND", "That post is not here any more.");
    if (row.parentId) throw new AppError("BAD_REQUEST", "Reply to the post itself, not to a reply.");
    if (row.isLocked) throw new AppError("CONFLICT", "This post is locked: no more replies.");
    parent = row;
    milestoneId = row.milestoneId;
  }
  // Posts belong to the read under way; milestone threads of past reads are kept, closed.
  const [current] = await db
    .select({ id: clubReads.id, contentId: clubReads.contentId })
    .from(clubReads)
    .where(and(eq(clubReads.clubId, input.clubId), isNull(clubReads.finishedAt)));
  if (milestoneId) {
    const milestone = await milestoneOf(db, input.clubId, milestoneId);
    if (milestone.readId !== current?.id) {
      throw new AppError("CONFLICT", "That read is finished: its threads are kept as they are.");
    }
  }
  if (input.spoilerEpisode !== null && !current) {
    throw new AppError("BAD_REQUEST", "The club is not reading anything now: there is nothing to spoil.");
  }
  const readId = parent ? parent.readId : (current?.id ?? null);

  const postId = randomUUID();
  let imageKey: string | null = null;
  if (input.imageUploadId) {
    const image = await reencodeUploadedImage(deps, viewer.id, input.imageUploadId, {
      maxEdge: POST_IMAGE_EDGE,
    });
    imageKey = `clubs/${input.clubId}/${postId}.webp`;
    await deps.media.storage.writeFile(imageKey, image.data);
  }
  await deps.changes.inTransaction(db, async (tx) => {
    await tx.insert(clubPosts).values({
      id: postId,
      clubId: input.clubId,
      readId,
      milestoneId,
      parentId: parent?.id ?? null,
      authorId: viewer.id,
      body: input.body,
      spoilerEpisode: input.spoilerEpisode,
      imageKey,
    });
    await countDaily(deps.changes, tx, "community.club_posts");
    if (parent) {
      await tx
        .update(clubPosts)
        .set({ replyCount: sql`${clubPosts.replyCount} + 1` })
        .where(eq(clubPosts.id, parent.id));
    }
    await rewardClubPost(deps, tx, viewer.id, postId);
    deps.changes.changed(clubPostsTopic(input.clubId));
  });
  await notifyMentions(deps, viewer, access, input.body, postId);
  return { postId };
}

/** Tells the members named with @handle in a post. */
async function notifyMentions(
  deps: ServiceDeps,
  viewer: SessionUser,
  access: ClubAccess,
  body: string,
  postId: string,
): Promise<void> {
  const handles = [
    ...new Set([...body.matchAll(MENTION_PATTERN)].map((match) => (match[1] ?? "").toLowerCase())),
  ];
  const mentioned = (await membersByHandle(deps.db, access.club.id, handles.slice(0, 20))).filter(
    (userId) => userId !== viewer.id,
  );
  if (mentioned.length === 0) return;
  const name = (await personById(deps.db, viewer.id))?.name ?? "Someone";
  for (const userId of mentioned) {
    await notify(deps, userId, {
      kind: "club_mention",
      title: `${name} mentioned you in ${access.club.name}`,
      link: `/clubs/${access.club.id}?post=${postId}`,
      actorId: viewer.id,
      dedupeKey: `club-mention:${postId}:${userId}`,
    });
  }
}

/**
 * The post, with its club, for calling `fn` on it; with `seen`, only a post moderators have not
 * hidden from the viewer (its author and the club's moderators may still delete or pin it).
 */
async function postFor(deps: ServiceDeps, viewer: Reader, postId: string, fn: ClubFunction, seen = false) {
  const [post] = await deps.db
    .select()
    .from(clubPosts)
    .where(and(eq(clubPosts.id, postId), seen ? shownTo(viewer) : undefined));
  if (!post || post.deletedAt) throw new AppError("NOT_FOUND", "That post is not here any more.");
  const access = await loadClubFor(deps.db, post.clubId, viewer.id, fn, { authorId: post.authorId });
  return { post, access };
}

/** Its author or a moderator deletes a post; its replies stay under a marker. */
export async function deleteClubPost(deps: ServiceDeps, viewer: SessionUser, postId: string): Promise<void> {
  const { post } = await postFor(deps, viewer, postId, "deleteClubPost");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(clubPosts)
      .set({ deletedAt: new Date(), body: "", imageKey: null, isPinned: false })
      .where(eq(clubPosts.id, post.id));
    if (post.parentId) {
      await tx
        .update(clubPosts)
        .set({ replyCount: sql`greatest(${clubPosts.replyCount} - 1, 0)` })
        .where(eq(clubPosts.id, post.parentId));
    }
    deps.changes.changed(clubPostsTopic(post.clubId));
  });
  if (post.imageKey) await deps.media.storage.remove(post.imageKey);
}

/** Pins a post above the board, or locks it against replies. Moderators, top-level posts. */
export async function setPostFlag(
  deps: ServiceDeps,
  viewer: SessionUser,
  postId: string,
  flag: "isPinned" | "isLocked",
  value: boolean,
): Promise<void> {
  const { post } = await postFor(deps, viewer, postId, flag === "isPinned" ? "pinClubPost" : "lockClubPost");
  if (post.parentId) throw new AppError("BAD_REQUEST", "Pin or lock the post itself, not a reply.");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(clubPosts)
      .set({ [flag]: value })
      .where(eq(clubPosts.id, post.id));
    deps.changes.changed(clubPostsTopic(post.clubId));
  });
}

export async function reactToPost(
  deps: ServiceDeps,
  viewer: Reader,
  input: { postId: string; reaction: ClubReaction; isOn: boolean },
): Promise<void> {
  const { post } = await postFor(deps, viewer, input.postId, "reactToClubPost", true);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    if (input.isOn) {
      await tx
        .insert(clubPostReactions)
        .values({ postId: post.id, userId: viewer.id, reaction: input.reaction })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(clubPostReactions)
        .where(
          and(
            eq(clubPostReactions.postId, post.id),
            eq(clubPostReactions.userId, viewer.id),
            eq(clubPostReactions.reaction, input.reaction),
          ),
        );
    }
    deps.changes.changed(clubPostsTopic(post.clubId));
  });
}

/** "Show anyway": the viewer sees this spoiler before reading that far, from now on. */
export async function revealSpoiler(deps: ServiceDeps, viewer: Reader, postId: string): Promise<void> {
  const { post } = await postFor(deps, viewer, postId, "revealClubSpoiler", true);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.insert(clubSpoilerReveals).values({ postId: post.id, userId: viewer.id }).onConflictDoNothing();
    deps.changes.changed(clubPostsTopic(post.clubId));
  });
}

/** A club post (or poll) the viewer may read, as a report's target. */
export async function clubPostReportTarget(
  deps: ServiceDeps,
  viewer: SessionUser,
  postId: string,
): Promise<ReportTarget> {
  const { post, access } = await postFor(deps, viewer, postId, "reportClubPost");
  if (post.authorId === viewer.id) throw new AppError("BAD_REQUEST", "You cannot report your own post.");
  return {
    kind: "club_post",
    id: post.id,
    userId: post.authorId,
    snapshot: post.body,
    label: `A post in ${access.club.name}`,
  };
}

export async function reportClubPost(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof reportClubPostInput>,
): Promise<{ isNew: boolean }> {
  const target = await clubPostReportTarget(deps, viewer, input.postId);
  const { isNew } = await createReport(deps, viewer, target, reportCategoryOf(input.reason), input.details);
  return { isNew };
}
