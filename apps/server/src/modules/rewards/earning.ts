// XP and badge progress from what people verifiably do, awarded inside the transaction of the
// activity itself (recording progress, posting in a club, founding one, a reel's view counted), so
// that the activity and its reward commit together or not at all.
import type { ContentType } from "@litverse/shared/content";
import type { XpSource } from "@litverse/shared/rewards";
import { and, count, eq, sql } from "drizzle-orm";
import type { Transaction } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { releasedEpisode } from "../content/index.ts";
import { episodes } from "../content/schema.ts";
import { episodeProgress } from "../reading/schema.ts";
import { countTowards } from "./badges.ts";
import { noteLeagueXp } from "./leagues.ts";
import { personDay } from "./person-day.ts";
import { loadRules, type Rules, xpRuleOf } from "./rules.ts";
import { titleCompletions, xpDaily, xpEvents, xpTotals } from "./schema.ts";
import { localHourOf } from "./streaks.ts";
import { rewardsTopic } from "./topics.ts";
import { xpTopUp } from "./xp.ts";

/** Above this, units are not counted: keeps a day's counter far inside the integer column. */
const MAX_DAILY_UNITS = 1_000_000;
/** Reading in these local hours counts towards the night-owl badge. */
const NIGHT_OWL_HOURS = { from: 0, to: 4 };

export interface XpAward {
  userId: string;
  source: XpSource;
  /** The person's local date: caps are per their own day. */
  localDate: string;
  /** Seconds for minute sources, events for the others. */
  units: number;
  /** Makes a one-off award once-only, even when the day's cap leaves it worth nothing. */
  dedupeKey?: string;
}

/**
 * Adds the units to the person's day for the source and awards the XP they bring, up to the
 * day's cap, adding it to the person's all-time total. The day's counter row is locked, so
 * concurrent awards for the same person, day and source add up exactly instead of each topping up
 * from the same starting point. Returns the XP awarded. The only code that writes XP.
 */
export async function awardXp(
  deps: ServiceDeps,
  tx: Transaction,
  rules: Rules,
  award: XpAward,
): Promise<number> {
  const { userId, source, localDate } = award;
  // The person's total is locked before the day's counter in every award, so two transactions
  // awarding the same person XP from different sources queue instead of deadlocking.
  await tx
    .insert(xpTotals)
    .values({ userId })
    .onConflictDoUpdate({ target: xpTotals.userId, set: { xp: sql`${xpTotals.xp}` } });
  const [counter] = await tx
    .insert(xpDaily)
    .values({ userId, localDate, source })
    .onConflictDoUpdate({
      target: [xpDaily.userId, xpDaily.localDate, xpDaily.source],
      set: { units: sql`${xpDaily.units}` },
    })
    .returning({ units: xpDaily.units, xp: xpDaily.xp });
  // Stryker disable next-line ObjectLiteral: an upsert with returning always gives back its row
  const before = counter ?? { units: 0, xp: 0 };
  const unitsAfter = Math.min(MAX_DAILY_UNITS, before.units + award.units);
  const amount = xpTopUp(source, before.xp, unitsAfter, xpRuleOf(rules, source));
  if (award.dedupeKey) {
    const [event] = await tx
      .insert(xpEvents)
      .values({ userId, source, amount, localDate, dedupeKey: award.dedupeKey })
      // Stryker disable next-line ObjectLiteral: with no target every conflict is ignored, and the dedupe index is the only one a new event can meet
      .onConflictDoNothing({ target: [xpEvents.userId, xpEvents.dedupeKey] })
      .returning({ id: xpEvents.id });
    if (!event) return 0;
  } else if (amount > 0) {
    await tx.insert(xpEvents).values({ userId, source, amount, localDate });
  }
  if (amount > 0) {
    await noteLeagueXp(deps, tx, userId);
    await tx
      .update(xpTotals)
      .set({
        xp: sql`${xpTotals.xp} + ${amount}`,
        // now() is the transaction's start, the event's occurred_at.
        lastXpAt: sql`greatest(${xpTotals.lastXpAt}, now())`,
      })
      .where(eq(xpTotals.userId, userId));
  }
  await tx
    .update(xpDaily)
    .set({ units: unitsAfter, xp: before.xp + amount })
    .where(and(eq(xpDaily.userId, userId), eq(xpDaily.localDate, localDate), eq(xpDaily.source, source)));
  deps.changes.changed(rewardsTopic(userId));
  return amount;
}

const minuteSourceOf: Partial<Record<ContentType, XpSource>> = {
  book: "reading_minutes",
  comic: "reading_minutes",
  audiobook: "listening_minutes",
};

export interface ReadingActivity {
  userId: string;
  episodeId: string;
  title: { id: string; contentType: ContentType; language: string | null };
  /**
   * Active seconds credited for this position (active-time.ts: never the client's claim as such),
   * already added to activity_time.
   */
  activeSeconds: number;
  /** This position completed the episode for the first time. */
  completedEpisode: boolean;
}

/**
 * The rewards of one recorded position: XP for the minutes in use, for a first completion of the
 * episode and for finishing the title, and the badge measures they move. Call inside the
 * transaction that records the position. The day is the server's now in the person's zone, not
 * the time the client reports, so a backdated report cannot fill days gone by.
 */
export async function rewardReading(
  deps: ServiceDeps,
  tx: Transaction,
  activity: ReadingActivity,
  now = new Date(),
): Promise<void> {
  const minuteSource = minuteSourceOf[activity.title.contentType];
  if (activity.activeSeconds <= 0 && !activity.completedEpisode) return;
  const { userId } = activity;
  const { timeZone, today } = await personDay(tx, userId, now);
  const rules = await loadRules(deps, tx);
  if (activity.activeSeconds > 0 && minuteSource) {
    await awardXp(deps, tx, rules, {
      userId,
      source: minuteSource,
      localDate: today,
      units: activity.activeSeconds,
    });
  }
  const hour = localHourOf(now, timeZone);
  if (activity.activeSeconds > 0 && hour >= NIGHT_OWL_HOURS.from && hour < NIGHT_OWL_HOURS.to) {
    await countTowards(deps, tx, userId, "night_owl_days", today);
  }
  if (!activity.completedEpisode) return;
  await awardXp(deps, tx, rules, {
    userId,
    source: "episode_completed",
    localDate: today,
    units: 1,
    dedupeKey: `episode:${activity.episodeId}`,
  });
  await countTowards(deps, tx, userId, "episodes_completed", activity.episodeId);
  if (await hasFinishedTitle(tx, userId, activity.title.id)) {
    await rewardTitleFinished(deps, tx, rules, userId, activity.title, today);
  }
}

/** Every released episode of the title completed (a title with none released is never finished). */
async function hasFinishedTitle(tx: Transaction, userId: string, contentId: string): Promise<boolean> {
  const [row] = await tx
    .select({
      released: count(),
      left: sql<number>`count(*) filter (where ${episodeProgress.completedAt} is null)::int`,
    })
    .from(episodes)
    .leftJoin(
      episodeProgress,
      and(eq(episodeProgress.episodeId, episodes.id), eq(episodeProgress.userId, userId)),
    )
    .where(and(eq(episodes.contentId, contentId), releasedEpisode));
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY always returns one row
  return (row?.released ?? 0) > 0 && row?.left === 0;
}

async function rewardTitleFinished(
  deps: ServiceDeps,
  tx: Transaction,
  rules: Rules,
  userId: string,
  title: ReadingActivity["title"],
  today: string,
): Promise<void> {
  const [finished] = await tx
    .insert(titleCompletions)
    .values({ userId, contentId: title.id, contentType: title.contentType, localDate: today })
    .onConflictDoNothing()
    .returning({ contentId: titleCompletions.contentId });
  if (!finished) return;
  await awardXp(deps, tx, rules, {
    userId,
    source: "title_finished",
    localDate: today,
    units: 1,
    dedupeKey: `title:${title.id}`,
  });
  await countTowards(deps, tx, userId, "titles_finished", title.id);
  if (title.contentType === "comic") await countTowards(deps, tx, userId, "comics_finished", title.id);
  const language = title.language?.split("-")[0]?.trim().toLowerCase();
  if (language) await countTowards(deps, tx, userId, "languages_read", language);
}

/** XP for a post in a club (capped per day) and the club-posts measure. Inside the post's transaction. */
export async function rewardClubPost(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  postId: string,
  now = new Date(),
): Promise<void> {
  const { today } = await personDay(tx, userId, now);
  await awardXp(deps, tx, await loadRules(deps, tx), {
    userId,
    source: "club_post",
    localDate: today,
    units: 1,
    dedupeKey: `club-post:${postId}`,
  });
  await countTowards(deps, tx, userId, "club_posts", postId);
}

/**
 * XP for a reel watched (a view counted by the reels' rules), once per reel and day, capped per
 * day. Inside the transaction that counted the view.
 */
export async function rewardReelWatched(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  reelId: string,
  now = new Date(),
): Promise<void> {
  const { today } = await personDay(tx, userId, now);
  await awardXp(deps, tx, await loadRules(deps, tx), {
    userId,
    source: "reel_watched",
    localDate: today,
    units: 1,
    dedupeKey: `reel:${reelId}:${today}`,
  });
}

/** The club-founder measure. Inside the club's creating transaction. */
export async function rewardClubFounded(
  deps: ServiceDeps,
  tx: Transaction,
  userId: string,
  clubId: string,
): Promise<void> {
  await countTowards(deps, tx, userId, "clubs_founded", clubId);
}
