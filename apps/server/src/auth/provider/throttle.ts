// Slows down password guessing, in `sign_in_throttle` (shared by every process):
// - per email and client address together: from the 5th failure in a row, that pair waits before
//   its next try, a wait that doubles with each further failure up to an hour. Someone guessing
//   from their own address slows only themselves: the account's owner, signing in from elsewhere,
//   is never locked out by them.
// - per client address: past 50 failures within 15 minutes (many accounts tried from one place),
//   the address waits 15 minutes.
// Behind a reverse proxy, the client address is the proxy's unless TRUST_PROXY says to believe it.
import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { signInThrottle } from "../schema.ts";

/** Failures in a row (for one email from one address) before each further try must wait. */
export const FREE_FAILURES_PER_PAIR = 5;
/** The first wait, doubled with each further failure, up to the longest. */
export const FIRST_BACKOFF_MS = 60_000;
export const MAX_BACKOFF_MS = 60 * 60_000;
export const ADDRESS_WINDOW_MS = 15 * 60_000;
export const MAX_FAILURES_PER_ADDRESS = 50;
export const ADDRESS_BLOCK_MS = 15 * 60_000;
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

// Bounded, so that a megabyte of "email" cannot become a megabyte of key.
const pairKey = (attempt: SignInAttempt) =>
  `pair:${attempt.email.trim().toLowerCase().slice(0, 320)}|${attempt.ip.slice(0, 64)}`;
const addressKey = (attempt: SignInAttempt) => `ip:${attempt.ip.slice(0, 64)}`;

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
        inArray(signInThrottle.id, [pairKey(attempt), addressKey(attempt)]),
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
 * Counts a failed attempt against the pair and the address, one statement each, so that
 * concurrent failures on several processes all count.
 */
export async function recordSignInFailure(
  db: Executor,
  attempt: SignInAttempt,
  now = new Date(),
): Promise<void> {
  await pruneOccasionally(db, now);
  await recordPairFailure(db, pairKey(attempt), now);
  await recordAddressFailure(db, addressKey(attempt), now);
}

/** Failures in a row; from the free ones on, each sets a wait twice as long as the last. */
async function recordPairFailure(db: Executor, id: string, now: Date): Promise<void> {
  const failures = sql`${signInThrottle.failures} + 1`;
  // 2^(failures - free) minutes, capped; computed in milliseconds by the database.
  const waitMs = sql`least(${MAX_BACKOFF_MS}::float8, ${FIRST_BACKOFF_MS}::float8 * power(2, ${failures} - ${FREE_FAILURES_PER_PAIR}))`;
  await db
    .insert(signInThrottle)
    .values({ id, failures: 1, windowStartedAt: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: signInThrottle.id,
      set: {
        failures,
        windowStartedAt: timestamp(now),
        blockedUntil: sql`(case when ${failures} >= ${FREE_FAILURES_PER_PAIR}
          then ${timestamp(now)} + make_interval(secs => ${waitMs} / 1000)
          else null end)`,
      },
    });
}

/** Failures within the window; the one that reaches the limit blocks the address for a while. */
async function recordAddressFailure(db: Executor, id: string, now: Date): Promise<void> {
  const windowStart = new Date(now.getTime() - ADDRESS_WINDOW_MS);
  const blockUntil = new Date(now.getTime() + ADDRESS_BLOCK_MS);
  const windowOver = sql`${signInThrottle.windowStartedAt} <= ${timestamp(windowStart)}`;
  const failures = sql`(case when ${windowOver} then 1 else ${signInThrottle.failures} + 1 end)`;
  await db
    .insert(signInThrottle)
    .values({ id, failures: 1, windowStartedAt: now, blockedUntil: null })
    .onConflictDoUpdate({
      target: signInThrottle.id,
      set: {
        failures,
        windowStartedAt: sql`(case when ${windowOver} then ${timestamp(now)} else ${signInThrottle.windowStartedAt} end)`,
        blockedUntil: sql`(case when ${failures} >= ${MAX_FAILURES_PER_ADDRESS} then ${timestamp(blockUntil)} else ${signInThrottle.blockedUntil} end)`,
      },
    });
}

/** After a successful sign-in: the pair's failures start over (the address's do not). */
export async function clearSignInFailures(db: Executor, attempt: SignInAttempt): Promise<void> {
  await db.delete(signInThrottle).where(sql`${signInThrottle.id} = ${pairKey(attempt)}`);
}

/**
 * After the password changed: every address's failures for this email start over, so that nobody
 * guessing the old one has slowed the owner down with the new one.
 */
export async function clearEmailFailures(db: Executor, email: string): Promise<void> {
  const prefix = pairKey({ email, ip: "" });
  await db.delete(signInThrottle).where(sql`starts_with(${signInThrottle.id}, ${prefix})`);
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
