// The person's rewards at a glance, and the yearly reading goal they set.
import {
  CHECK_IN_CYCLE_DAYS,
  checkInRuleKey,
  type RewardsOverview,
  XP_SOURCES,
  xpRuleKey,
} from "@litverse/shared/rewards";
import type { setYearlyGoalInput } from "@litverse/shared/rewards-inputs";
import { and, between, count, eq } from "drizzle-orm";
import type { z } from "zod";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { personTopic } from "../profiles/index.ts";
import { personDay } from "./person-day.ts";
import { amountOf, loadRules } from "./rules.ts";
import { checkIns, readingGoals, streaks, titleCompletions, xpDaily } from "./schema.ts";
import { cycleDayOf, nextStreakMilestone, standingStreak, yearOf } from "./streaks.ts";
import { REWARD_RULES_TOPIC, rewardsTopic } from "./topics.ts";

export async function getRewardsOverview(
  deps: ServiceDeps,
  viewer: SessionUser,
  now = new Date(),
): Promise<RewardsOverview> {
  // The person's zone decides their day, so a change of zone re-runs this too.
  track(rewardsTopic(viewer.id), REWARD_RULES_TOPIC, personTopic(viewer.id));
  const { db } = deps;
  const { timeZone, today } = await personDay(db, viewer.id, now);
  const year = yearOf(today);
  const [rules, [streak], [todayCheckIn], xpToday, [goal], [finished]] = await Promise.all([
    loadRules(deps),
    db.select().from(streaks).where(eq(streaks.userId, viewer.id)),
    db
      .select({ cycleDay: checkIns.cycleDay })
      .from(checkIns)
      .where(and(eq(checkIns.userId, viewer.id), eq(checkIns.localDate, today))),
    db
      .select({ source: xpDaily.source, xp: xpDaily.xp })
      .from(xpDaily)
      .where(and(eq(xpDaily.userId, viewer.id), eq(xpDaily.localDate, today))),
    db
      .select({ target: readingGoals.target })
      .from(readingGoals)
      .where(and(eq(readingGoals.userId, viewer.id), eq(readingGoals.year, year))),
    db
      .select({ count: count() })
      .from(titleCompletions)
      .where(
        and(
          eq(titleCompletions.userId, viewer.id),
          between(titleCompletions.localDate, `${year}-01-01`, `${year}-12-31`),
        ),
      ),
  ]);

  const current = standingStreak(streak ?? null, today);
  const checkedInToday = todayCheckIn !== undefined;
  const cycleDay = todayCheckIn?.cycleDay ?? cycleDayOf(current + 1);
  const xpBySource = new Map(xpToday.map((row) => [row.source, row.xp]));
  const bySource = XP_SOURCES.map((source) => ({
    source,
    xp: xpBySource.get(source) ?? 0,
    cap: rules.get(xpRuleKey(source))?.dailyCap ?? 0,
  }));
  return {
    today,
    timeZone,
    checkIn: {
      checkedInToday,
      cycleDay,
      days: Array.from({ length: CHECK_IN_CYCLE_DAYS }, (_, index) => {
        const day = index + 1;
        return {
          day,
          coins: amountOf(rules, checkInRuleKey(day)),
          claimed: checkedInToday ? day <= cycleDay : day < cycleDay,
        };
      }),
    },
    streak: {
      current,
      best: streak?.best ?? 0,
      nextMilestone: nextStreakMilestone(current),
      milestoneCoins: amountOf(rules, "streak_milestone"),
    },
    xp: { todayTotal: bySource.reduce((sum, item) => sum + item.xp, 0), bySource },
    yearlyGoal: { year, target: goal?.target ?? null, finished: finished?.count ?? 0 },
  };
}

/** The goal for the person's current year (by their own calendar); setting it again replaces it. */
export async function setYearlyGoal(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof setYearlyGoalInput>,
  now = new Date(),
): Promise<{ year: number; target: number }> {
  const { today } = await personDay(deps.db, viewer.id, now);
  const year = yearOf(today);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(readingGoals)
      .values({ userId: viewer.id, year, target: input.target })
      .onConflictDoUpdate({
        target: [readingGoals.userId, readingGoals.year],
        set: { target: input.target, updatedAt: new Date() },
      });
    deps.changes.changed(rewardsTopic(viewer.id));
  });
  return { year, target: input.target };
}
