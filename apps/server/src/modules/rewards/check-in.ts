// The daily check-in: once per person and local day, on a 7-day cycle of bonus coins that restarts
// with the streak, with a bonus when the streak reaches a milestone.
import { type CheckInResult, checkInRuleKey } from "@litverse/shared/rewards";
import { and, eq } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { countTowards, raiseMeasure } from "./badges.ts";
import { grantRewardCoins } from "./grants.ts";
import { personDay } from "./person-day.ts";
import { amountOf, loadRules } from "./rules.ts";
import { checkIns, rewardGrants, streaks } from "./schema.ts";
import { cycleDayOf, daysBetween, isStreakMilestone, nextStreak } from "./streaks.ts";
import { rewardsTopic } from "./topics.ts";

/**
 * Checks the person in for their local day. However many calls arrive at once, the check-in row's
 * primary key (person, local date) lets exactly one insert; the others find it and grant nothing.
 */
export async function checkIn(
  deps: ServiceDeps,
  viewer: SessionUser,
  now = new Date(),
): Promise<CheckInResult> {
  const { today } = await personDay(deps.db, viewer.id, now);
  const made = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [previous] = await tx.select().from(streaks).where(eq(streaks.userId, viewer.id));
    // Moving to a zone where it is still yesterday must not open a second check-in for a day.
    if (previous && daysBetween(previous.lastDate, today) < 0) return null;
    const streak = nextStreak(previous ?? null, today);
    const cycleDay = cycleDayOf(streak.current);
    const [row] = await tx
      .insert(checkIns)
      .values({ userId: viewer.id, localDate: today, cycleDay, streak: streak.current, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!row) return null;
    await tx
      .insert(streaks)
      .values({ userId: viewer.id, ...streak, updatedAt: now })
      .onConflictDoUpdate({ target: streaks.userId, set: { ...streak, updatedAt: now } });

    const rules = await loadRules(deps, tx);
    const ruleKey = checkInRuleKey(cycleDay);
    const coins = amountOf(rules, ruleKey);
    const grantId = await grantRewardCoins(deps, tx, {
      userId: viewer.id,
      ruleKey,
      family: "checkin",
      period: today,
      coins,
      memo: `Daily check-in, day ${cycleDay} of 7`,
      grantedAt: now,
    });
    if (grantId) await tx.update(checkIns).set({ grantId }).where(eqCheckIn(viewer.id, today));
    const milestoneCoins = isStreakMilestone(streak.current) ? amountOf(rules, "streak_milestone") : 0;
    await grantRewardCoins(deps, tx, {
      userId: viewer.id,
      ruleKey: "streak_milestone",
      family: "streak_milestone",
      period: today,
      coins: milestoneCoins,
      memo: `${streak.current}-day check-in streak`,
      grantedAt: now,
    });
    await countTowards(deps, tx, viewer.id, "check_ins", today);
    await raiseMeasure(deps, tx, viewer.id, "best_streak", streak.best);
    deps.changes.changed(rewardsTopic(viewer.id));
    return { isNew: true, cycleDay, streak: streak.current, coins: grantId ? coins : 0, milestoneCoins };
  });
  return made ?? (await existingCheckIn(deps, viewer.id, today));
}

const eqCheckIn = (userId: string, localDate: string) =>
  and(eq(checkIns.userId, userId), eq(checkIns.localDate, localDate));

/** What the day's check-in gave, for the calls that came second. */
async function existingCheckIn(deps: ServiceDeps, userId: string, today: string): Promise<CheckInResult> {
  const [row] = await deps.db
    .select({ cycleDay: checkIns.cycleDay, streak: checkIns.streak, coins: rewardGrants.coins })
    .from(checkIns)
    .leftJoin(rewardGrants, eq(rewardGrants.id, checkIns.grantId))
    .where(eqCheckIn(userId, today));
  if (!row) throw new AppError("CONFLICT", "You have already checked in for today.");
  return {
    isNew: false,
    cycleDay: row.cycleDay,
    streak: row.streak,
    coins: row.coins ?? 0,
    milestoneCoins: 0,
  };
}
