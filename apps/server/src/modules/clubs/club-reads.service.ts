// What a club reads together: the current read with its schedule of milestones, the archive of past
// reads with members' ratings.
import type { ClubMilestone, ClubRead } from "@litverse/shared/clubs";
import type { setCurrentReadInput } from "@litverse/shared/clubs-inputs";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, Viewer } from "../../core/service-deps.ts";
import { releasedEpisode, visibleTitle } from "../content/index.ts";
import { content, episodes } from "../content/schema.ts";
import { clubPostsTopic, clubTopic, loadClubFor } from "./club-access.ts";
import { clubMilestones, clubPosts, clubReadRatings, clubReads } from "./schema.ts";

/** A read with its schedule and ratings, and each member's own rating (kept from the page). */
export type ReadWithRatings = ClubRead & { ratings: Map<string, number> };

/** The read as pages see it: the average, not who gave what. */
export function toClubRead({ ratings: _ratings, ...read }: ReadWithRatings): ClubRead {
  return read;
}

async function readsWithDetails(
  db: Executor,
  reads: (typeof clubReads.$inferSelect)[],
): Promise<ReadWithRatings[]> {
  if (reads.length === 0) return [];
  const readIds = reads.map((read) => read.id);
  const contentIds = [...new Set(reads.map((read) => read.contentId))];
  const [titles, milestones, ratings] = await Promise.all([
    db
      .select({
        id: content.id,
        title: content.title,
        coverImage: content.coverImage,
        contentType: content.contentType,
        // Released episodes: the ones members can read.
        // Columns of a one-table select are not qualified, so the subquery names its own.
        episodeCount: sql<number>`(select count(*)::int from episodes e
          where e.content_id = "content"."id" and e.publish_at is not null and e.publish_at <= now())`,
      })
      .from(content)
      .where(inArray(content.id, contentIds)),
    db
      .select()
      .from(clubMilestones)
      .where(inArray(clubMilestones.readId, readIds))
      .orderBy(asc(clubMilestones.position)),
    db.select().from(clubReadRatings).where(inArray(clubReadRatings.readId, readIds)),
  ]);
  const titleById = new Map(titles.map((title) => [title.id, title]));
  return reads.flatMap((read) => {
    const title = titleById.get(read.contentId);
    if (!title) return [];
    const own = ratings.filter((rating) => rating.readId === read.id);
    return [
      {
        _id: read.id,
        content: {
          _id: title.id,
          title: title.title,
          coverUrl: title.coverImage,
          contentType: title.contentType,
          episodeCount: title.episodeCount,
        },
        startedAt: read.startedAt.toISOString(),
        finishedAt: read.finishedAt?.toISOString() ?? null,
        milestones: milestones.filter((milestone) => milestone.readId === read.id).map(toMilestone),
        ratingAverage: own.length ? own.reduce((sum, rating) => sum + rating.rating, 0) / own.length : null,
        ratingCount: own.length,
        ratings: new Map(own.map((rating) => [rating.userId, rating.rating])),
      },
    ];
  });
}

function toMilestone(row: typeof clubMilestones.$inferSelect): ClubMilestone {
  return {
    _id: row.id,
    position: row.position,
    title: row.title || `Episodes ${row.fromEpisode}–${row.toEpisode}`,
    fromEpisode: row.fromEpisode,
    toEpisode: row.toEpisode,
    dueOn: row.dueOn,
  };
}

/** The club's current read with its schedule, or null. */
export async function currentReadOf(db: Executor, clubId: string): Promise<ReadWithRatings | null> {
  track(clubTopic(clubId));
  const rows = await db
    .select()
    .from(clubReads)
    .where(and(eq(clubReads.clubId, clubId), isNull(clubReads.finishedAt)));
  const [read] = await readsWithDetails(db, rows);
  return read ?? null;
}

/** Finished reads, newest first, with members' ratings. */
export async function listPastReads(deps: ServiceDeps, viewer: Viewer, clubId: string): Promise<ClubRead[]> {
  await loadClubFor(deps.db, clubId, viewer.id, "listPastReads");
  const rows = await deps.db
    .select()
    .from(clubReads)
    .where(and(eq(clubReads.clubId, clubId), isNotNull(clubReads.finishedAt)))
    .orderBy(desc(clubReads.finishedAt))
    .limit(50);
  return (await readsWithDetails(deps.db, rows)).map(toClubRead);
}

/**
 * Sets what the club reads and its schedule. The same title keeps its milestones' threads (matched by
 * position); a milestone taken off leaves its posts on the general board, still hidden as spoilers up
 * to its last episode. Another title archives the current read.
 */
export async function setCurrentRead(
  deps: ServiceDeps,
  viewer: Viewer,
  input: z.output<typeof setCurrentReadInput>,
): Promise<void> {
  await loadClubFor(deps.db, input.clubId, viewer.id, "setCurrentRead");
  const title = await visibleTitle(deps.db, viewer, input.contentId);
  if (title.status !== "published") throw new AppError("BAD_REQUEST", "Choose a published title.");
  const [{ count }] = (await deps.db
    .select({ count: sql<number>`count(*)::int` })
    .from(episodes)
    .where(and(eq(episodes.contentId, title.id), releasedEpisode))) as [{ count: number }];
  const beyond = input.milestones.find((milestone) => milestone.toEpisode > count);
  if (beyond) {
    throw new AppError(
      "BAD_REQUEST",
      `${title.title} has ${count} episode${count === 1 ? "" : "s"} out: milestones end at episode ${count} at most.`,
    );
  }
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [current] = await tx
      .select()
      .from(clubReads)
      .where(and(eq(clubReads.clubId, input.clubId), isNull(clubReads.finishedAt)))
      .for("update");
    let readId: string;
    if (current && current.contentId === title.id) {
      readId = current.id;
    } else {
      if (current)
        await tx.update(clubReads).set({ finishedAt: new Date() }).where(eq(clubReads.id, current.id));
      const [created] = await tx
        .insert(clubReads)
        .values({ clubId: input.clubId, contentId: title.id })
        .returning();
      if (!created) throw new AppError("CONFLICT", "Could not start the read.");
      readId = created.id;
    }
    const existing = await tx.select().from(clubMilestones).where(eq(clubMilestones.readId, readId));
    for (const [index, milestone] of input.milestones.entries()) {
      const position = index + 1;
      const values = {
        title: milestone.title,
        fromEpisode: milestone.fromEpisode,
        toEpisode: milestone.toEpisode,
        dueOn: milestone.dueOn,
      };
      const same = existing.find((row) => row.position === position);
      if (same) await tx.update(clubMilestones).set(values).where(eq(clubMilestones.id, same.id));
      else await tx.insert(clubMilestones).values({ readId, position, ...values });
    }
    const dropped = existing.filter((row) => row.position > input.milestones.length);
    for (const milestone of dropped) {
      // The thread's posts keep hiding what they give away once they are on the general board.
      await tx
        .update(clubPosts)
        .set({
          spoilerEpisode: sql`greatest(coalesce(${clubPosts.spoilerEpisode}, 0), ${milestone.toEpisode})`,
        })
        .where(eq(clubPosts.milestoneId, milestone.id));
      await tx.delete(clubMilestones).where(eq(clubMilestones.id, milestone.id));
    }
    deps.changes.changed(clubTopic(input.clubId), clubPostsTopic(input.clubId));
  });
}

/** Archives the current read. */
export async function finishCurrentRead(deps: ServiceDeps, viewer: Viewer, clubId: string): Promise<void> {
  await loadClubFor(deps.db, clubId, viewer.id, "finishCurrentRead");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const rows = await tx
      .update(clubReads)
      .set({ finishedAt: new Date() })
      .where(and(eq(clubReads.clubId, clubId), isNull(clubReads.finishedAt)))
      .returning({ id: clubReads.id });
    if (rows.length === 0) throw new AppError("NOT_FOUND", "The club is not reading anything now.");
    deps.changes.changed(clubTopic(clubId));
  });
}

/** A member's stars for one of the club's reads, current or past; rating again replaces them. */
export async function rateRead(
  deps: ServiceDeps,
  viewer: Viewer,
  input: { clubId: string; readId: string; rating: number },
): Promise<void> {
  await loadClubFor(deps.db, input.clubId, viewer.id, "rateClubRead");
  const [read] = await deps.db
    .select({ id: clubReads.id })
    .from(clubReads)
    .where(and(eq(clubReads.id, input.readId), eq(clubReads.clubId, input.clubId)));
  if (!read) throw new AppError("NOT_FOUND", "The club has no such read.");
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(clubReadRatings)
      .values({ readId: read.id, userId: viewer.id, rating: input.rating })
      .onConflictDoUpdate({
        target: [clubReadRatings.readId, clubReadRatings.userId],
        set: { rating: input.rating },
      });
    deps.changes.changed(clubTopic(input.clubId));
  });
}
