// How much of the active time a reader's report claims is credited: to XP, badges and the time a
// profile shows. The client's claim is only an upper bound. Time is credited only as it passes on
// the server, once per person however many devices and tabs report, only while the position moves,
// and never more in an episode than the episode could take.
import type { ContentType, Locator } from "@litverse/shared/content";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { activeTimeClocks } from "../library/schema.ts";
import { episodeProgress } from "../reading/schema.ts";

/** A slow reader's pace: most read twice as fast, so a chapter's allowance is generous. */
const READING_SECONDS_PER_WORD = 60 / 100;
/** A comic page looked at closely. */
const SECONDS_PER_COMIC_PAGE = 40;
/** Room for going back over a passage of audio or video. */
const REPLAY_FACTOR = 1.5;
/** However short an episode, a minute spent on it counts. */
const MIN_EPISODE_SECONDS = 60;
/** An episode whose length is unknown. */
const UNKNOWN_LENGTH_SECONDS = 30 * 60;

export interface EpisodeLength {
  wordCount: number | null;
  durationMs: number | null;
  pageCount: number | null;
}

/** The most active time a person can be credited in one episode, all their reports together. */
export function episodeAllowanceSeconds(contentType: ContentType, length: EpisodeLength): number {
  let seconds: number | null = null;
  if ((contentType === "audiobook" || contentType === "drama") && length.durationMs) {
    seconds = (length.durationMs / 1_000) * REPLAY_FACTOR;
  } else if (contentType === "comic" && length.pageCount) {
    seconds = length.pageCount * SECONDS_PER_COMIC_PAGE;
  } else if (contentType === "book" && length.wordCount) {
    seconds = length.wordCount * READING_SECONDS_PER_WORD;
  }
  return Math.ceil(Math.max(MIN_EPISODE_SECONDS, seconds ?? UNKNOWN_LENGTH_SECONDS));
}

export interface CreditState {
  /** The server's time (ms) up to which the person's time has been credited. */
  creditedUntil: number;
  /** The server's time (ms) of this report. */
  now: number;
  /** The whole seconds the client says were active. */
  claimedSeconds: number;
  /** Whether the report moved from the position kept for its episode. */
  hasMoved: boolean;
  /** What the episode's allowance has left for this person. */
  allowanceLeft: number;
}

/**
 * The whole seconds to credit for one report, and the person's clock after it. The claim covers
 * the time just before the report, back to the last credited time at most, so time passed
 * without a claim (away, or idle at one position) is passed over, and no moment is credited twice.
 * Less than a second left over waits for the next report; time claimed beyond the episode's
 * allowance is used up all the same, so that it cannot be claimed again for another episode.
 */
export function creditFor(state: CreditState): { seconds: number; creditedUntil: number } {
  const { creditedUntil, now } = state;
  if (!state.hasMoved || state.claimedSeconds <= 0) return { seconds: 0, creditedUntil };
  const elapsedMs = Math.max(0, now - creditedUntil);
  const coveredMs = Math.min(state.claimedSeconds * 1_000, elapsedMs);
  const wholeSeconds = Math.floor(coveredMs / 1_000);
  return {
    seconds: Math.max(0, Math.min(wholeSeconds, state.allowanceLeft)),
    creditedUntil: Math.max(creditedUntil, now - (coveredMs - wholeSeconds * 1_000)),
  };
}

/**
 * Locks the person's clock for the rest of the transaction, starting it at `now` on their first
 * report (nothing before a first report can be credited). Every report takes it before touching
 * its episode's row, so a person's reports are credited one after another.
 */
export async function lockActiveTimeClock(tx: Executor, userId: string, now: Date): Promise<Date> {
  const [clock] = await tx
    .insert(activeTimeClocks)
    .values({ userId, creditedUntil: now })
    .onConflictDoUpdate({
      target: activeTimeClocks.userId,
      set: { creditedUntil: sql`${activeTimeClocks.creditedUntil}` },
    })
    .returning({ creditedUntil: activeTimeClocks.creditedUntil });
  // Stryker disable next-line OptionalChaining: an upsert with returning always gives back its row
  return clock?.creditedUntil ?? now;
}

export interface KeptPosition {
  completedAt: Date | null;
  creditedSeconds: number;
  /** The report's position is the one kept: nothing moved. */
  isSamePosition: boolean;
}

/** The person's kept position in the episode, compared to a reported one (by the database's equality). */
export async function keptPosition(
  tx: Executor,
  userId: string,
  episodeId: string,
  reported: { fraction: number; locator?: Locator | undefined },
): Promise<KeptPosition | undefined> {
  const sameLocator =
    reported.locator === undefined
      ? sql`true`
      : sql`${episodeProgress.locator} is not distinct from ${JSON.stringify(reported.locator)}::jsonb`;
  const [row] = await tx
    .select({
      completedAt: episodeProgress.completedAt,
      creditedSeconds: episodeProgress.creditedSeconds,
      isSamePosition: sql<boolean>`(${episodeProgress.fraction} = ${reported.fraction}::real and ${sameLocator})`,
    })
    .from(episodeProgress)
    .where(and(eq(episodeProgress.userId, userId), eq(episodeProgress.episodeId, episodeId)));
  return row;
}

export interface ActiveTimeReport {
  userId: string;
  episode: { id: string } & EpisodeLength;
  contentType: ContentType;
  claimedSeconds: number;
  /** The episode's position before this report, if it had one. */
  before: KeptPosition | undefined;
  /** The person's clock, as locked by lockActiveTimeClock in this transaction. */
  creditedUntil: Date;
  now: Date;
}

/**
 * Credits a report's active time after its position is stored (the episode's row exists): adds it
 * to the episode's credited time, moves the person's clock on and returns the seconds credited.
 */
export async function creditActiveTime(tx: Executor, report: ActiveTimeReport): Promise<number> {
  const { userId, episode, before } = report;
  const allowance = episodeAllowanceSeconds(report.contentType, episode);
  const credit = creditFor({
    creditedUntil: report.creditedUntil.getTime(),
    now: report.now.getTime(),
    claimedSeconds: report.claimedSeconds,
    hasMoved: !before?.isSamePosition,
    allowanceLeft: Math.max(0, allowance - (before?.creditedSeconds ?? 0)),
  });
  if (credit.seconds > 0) {
    await tx
      .update(episodeProgress)
      .set({
        creditedSeconds: sql`${episodeProgress.creditedSeconds} + ${credit.seconds}`,
        // The time of the position, which decides which position wins: crediting does not move it.
        updatedAt: sql`${episodeProgress.updatedAt}`,
      })
      .where(and(eq(episodeProgress.userId, userId), eq(episodeProgress.episodeId, episode.id)));
  }
  if (credit.creditedUntil !== report.creditedUntil.getTime()) {
    await tx
      .update(activeTimeClocks)
      .set({ creditedUntil: new Date(credit.creditedUntil) })
      .where(eq(activeTimeClocks.userId, userId));
  }
  return credit.seconds;
}
