// Slows down password guessing: failed sign-ins are counted per account email and per client
// address in `sign_in_throttle` (shared by every process). Past the limit within the window, that
// email or address is refused for a while without the password even being checked.
import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client.ts";
import { signInThrottle } from "../../db/schema/index.ts";

export const THROTTLE_WINDOW_MS = 15 * 60_000;
export const THROTTLE_BLOCK_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ACCOUNT = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
/** Counters idle this long are deleted in passing. */
const PRUNE_AFTER_MS = 24 * 60 * 60_000;
const PRUNE_INTERVAL_MS = 60_000;

export interface SignInAttempt {
  /** As typed; counted lowercased, whether or not an account has it. */
  email: string;
  /** The client's address. */
  ip: string;
}

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAt: Date };

interface ThrottleKey {
  id: string;
  limit: number;
}

function keysFor(attempt: SignInAttempt): ThrottleKey[] {
  // Bounded, so that a megabyte of "email" cannot become a megabyte of key.
  const email = attempt.email.trim().toLowerCase().slice(0, 320);
  return [
    { id: `email:${email}`, limit: MAX_FAILURES_PER_ACCOUNT },
    { id: `ip:${attempt.ip.slice(0, 64)}`, limit: MAX_FAILURES_PER_ADDRESS },
  ];
}

const timestamp = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** Whether this attempt may be checked at all, and if not, when it may be tried again. */
export async function checkSignInAllowed(
  db: Executor,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<ThrottleDecision> {
  const rows = await db
    .select({ blockedUntil: signInThrottle.blockedUntil })
    .from(signInThrottle)
    .where(
      and(
        inArray(
          signInThrottle.id,
          keysFor(attempt).map((key) => key.id),
        ),
        sql`${signInThrottle.blockedUntil} > ${timestamp(now)}`,
      ),
    );
  const retryAt = rows.reduce<Date | null>(
    (latest, row) => (row.blockedUntil && (!latest || row.blockedUntil > latest) ? row.blockedUntil : latest),
    null,
  );
  return retryAt ? { allowed: false, retryAt } : { allowed: true };
}

/**
 * Counts a failed attempt against the email and the address. A counter whose window has passed
 * starts again at 1; the failure that reaches the limit blocks the key for THROTTLE_BLOCK_MS.
 * One statement per key, so concurrent failures on several processes all count.
 */
export async function recordSignInFailure(
  db: Executor,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<void> {
  await pruneOccasionally(db, now);
  const windowStart = new Date(now.getTime() - THROTTLE_WINDOW_MS);
  const blockUntil = new Date(now.getTime() + THROTTLE_BLOCK_MS);
  for (const key of keysFor(attempt)) {
    const windowOver = sql`${signInThrottle.windowStartedAt} <= ${timestamp(windowStart)}`;
    const failures = sql`(case when ${windowOver} then 1 else ${signInThrottle.failures} + 1 end)`;
    await db
      .insert(signInThrottle)
      .values({
        id: key.id,
        failures: 1,
        windowStartedAt: now,
        blockedUntil: key.limit <= 1 ? blockUntil : null,
      })
      .onConflictDoUpdate({
        target: signInThrottle.id,
        set: {
          failures,
          windowStartedAt: sql`(case when ${windowOver} then ${timestamp(now)} else ${signInThrottle.windowStartedAt} end)`,
          blockedUntil: sql`(case when ${failures} >= ${key.limit} then ${timestamp(blockUntil)} else ${signInThrottle.blockedUntil} end)`,
        },
      });
  }
}

/** After a successful sign-in: the account's counter starts over (the address's does not). */
export async function clearSignInFailures(db: Executor, email: string): Promise<void> {
  const [accountKey] = keysFor({ email, ip: "" });
  if (!accountKey) return;
  await db.delete(signInThrottle).where(sql`${signInThrottle.id} = ${accountKey.id}`);
}

/** Minutes until `retryAt`, rounded up, at least 1: what the sign-in page tells people. */
export function minutesUntil(retryAt: Date, now = new Date()): number {
  return Math.max(1, Math.ceil((retryAt.getTime() - now.getTime()) / 60_000));
}

const lastPruned = new WeakMap<object, number>();

async function pruneOccasionally(db: Executor, now: Date): Promise<void> {
  const last = lastPruned.get(db) ?? 0;
  if (now.getTime() - last < PRUNE_INTERVAL_MS) return;
  lastPruned.set(db, now.getTime());
  const idleSince = new Date(now.getTime() - PRUNE_AFTER_MS);
  await db
    .delete(signInThrottle)
    .where(
      and(
        lt(signInThrottle.windowStartedAt, idleSince),
        or(isNull(signInThrottle.blockedUntil), lt(signInThrottle.blockedUntil, now)),
      ),
    );
}
