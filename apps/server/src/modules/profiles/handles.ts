// Which handles may be taken: none that looks like the team's (admin, support, the platform's own
// name) or like another person's handle, by Unicode's confusable skeletons.
import { HANDLE_REDIRECT_DAYS, RESERVED_HANDLES } from "@litverse/shared/people";
import { and, eq, ne, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { handleSkeleton, handleSkeletonSql } from "../../core/db/handle-skeleton.ts";
import { AppError } from "../../core/errors.ts";
import { users } from "../users/schema.ts";
import { handleHistory } from "./schema.ts";

export const RESERVED_HANDLE_MESSAGE = "That handle is reserved";
const TAKEN_MESSAGE = "That handle is taken.";
const LOOKALIKE_MESSAGE = "That handle looks too much like someone else's. Try another.";
const RECENTLY_USED_MESSAGE = "That handle was in use until recently. Try another.";

/** Names of the platform: no handle may hold them anywhere ("litverse_help", "the_l1tverse"). */
const PLATFORM_NAMES = ["litverse"];

/** Underscores do not make a handle look different: "ad_min" reads as "admin". */
const bareSkeleton = (handle: string) => handleSkeleton(handle).replaceAll("_", "");

const RESERVED_SKELETONS = new Set(RESERVED_HANDLES.map(bareSkeleton));
const PLATFORM_SKELETONS = PLATFORM_NAMES.map(bareSkeleton);

/** Whether `handle` is, or looks like, a reserved word or holds the platform's name. */
export function isReservedHandle(handle: string): boolean {
  const skeleton = bareSkeleton(handle);
  return RESERVED_SKELETONS.has(skeleton) || PLATFORM_SKELETONS.some((name) => skeleton.includes(name));
}

/** Arbitrary but fixed: the class of the advisory locks taken per handle skeleton. */
const HANDLE_LOCK_CLASS = 7_301_946;

/**
 * Holds, until the transaction ends, the right to take handles of this skeleton: two people
 * taking look-alike handles at once are served one after the other, and the second sees the
 * first's. (A unique index cannot do it: look-alikes taken before they were compared stay.)
 */
async function lockSkeleton(tx: Executor, skeleton: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${HANDLE_LOCK_CLASS}::int, hashtext(${skeleton}))`);
}

/**
 * Why `userId` may not take `handle` (lowercase, of HANDLE_PATTERN's characters), or null when
 * they may: reserved, held by someone else or looking like their handle, or given up by someone
 * else less than HANDLE_REDIRECT_DAYS ago (it still leads to them), or looking like such a one.
 * Call within the transaction that then takes the handle.
 */
export async function handleRefusal(
  tx: Executor,
  handle: string,
  userId: string | null,
): Promise<AppError | null> {
  if (isReservedHandle(handle)) return new AppError("BAD_REQUEST", RESERVED_HANDLE_MESSAGE);
  const skeleton = handleSkeleton(handle);
  await lockSkeleton(tx, skeleton);
  const others = userId ? ne(users.id, userId) : undefined;
  const [holder] = await tx
    .select({ handle: users.handle })
    .from(users)
    .where(and(eq(handleSkeletonSql(users.handle), skeleton), others))
    .limit(1);
  if (holder) {
    const isSame = holder.handle?.toLowerCase() === handle.toLowerCase();
    return new AppError("CONFLICT", isSame ? TAKEN_MESSAGE : LOOKALIKE_MESSAGE);
  }
  const [released] = await tx
    .select({ userId: handleHistory.userId })
    .from(handleHistory)
    .where(
      and(
        eq(handleSkeletonSql(handleHistory.handle), skeleton),
        sql`${handleHistory.releasedAt} > now() - make_interval(days => ${HANDLE_REDIRECT_DAYS})`,
        userId ? ne(handleHistory.userId, userId) : undefined,
      ),
    )
    .limit(1);
  if (released) return new AppError("CONFLICT", RECENTLY_USED_MESSAGE);
  return null;
}
