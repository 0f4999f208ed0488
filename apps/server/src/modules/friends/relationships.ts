// Where two people stand: friends, a request one way or the other, a block. Profiles, messages and
// suggestions all ask here, so that a block means the same everywhere.
import type { FriendState } from "@litverse/shared/people";
import { and, eq, or, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import { blocks, friendships } from "../profiles/schema.ts";

/** Everything about one person's friends, requests and blocks. */
export const relationshipsTopic = (userId: string) => `user:${userId}:relationships`;

/** The friendship row between two people, whoever asked, if any. */
export async function friendshipBetween(db: Executor, a: string, b: string) {
  const [row] = await db
    .select()
    .from(friendships)
    .where(
      or(
        and(eq(friendships.requesterId, a), eq(friendships.addresseeId, b)),
        and(eq(friendships.requesterId, b), eq(friendships.addresseeId, a)),
      ),
    );
  return row ?? null;
}

/** Whether either has blocked the other. */
export async function isBlockedEitherWay(db: Executor, a: string, b: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Whether `blockerId` blocked `blockedId` (one way only). */
export async function hasBlocked(db: Executor, blockerId: string, blockedId: string): Promise<boolean> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .limit(1);
  return rows.length > 0;
}

export async function areFriends(db: Executor, a: string, b: string): Promise<boolean> {
  const row = await friendshipBetween(db, a, b);
  return row?.status === "accepted";
}

/**
 * Where `other` stands for `viewer`. A person the viewer blocked is "blocked"; one who blocked the
 * viewer is seen as "none" here, and the functions that show them refuse instead.
 */
export async function friendState(db: Executor, viewerId: string, otherId: string): Promise<FriendState> {
  track(relationshipsTopic(viewerId));
  if (viewerId === otherId) return "self";
  if (await hasBlocked(db, viewerId, otherId)) return "blocked";
  const row = await friendshipBetween(db, viewerId, otherId);
  if (!row) return "none";
  if (row.status === "accepted") return "friends";
  return row.requesterId === viewerId ? "requested" : "incoming";
}

/** The ids of a person's friends, as a subquery for other queries. */
export function friendIdsOf(userId: string) {
  return sql`(select case when ${friendships.requesterId} = ${userId} then ${friendships.addresseeId} else ${friendships.requesterId} end
    from ${friendships}
    where ${friendships.status} = 'accepted' and (${friendships.requesterId} = ${userId} or ${friendships.addresseeId} = ${userId}))`;
}
