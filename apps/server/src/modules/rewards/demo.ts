// The demo's rewards, made through the rewards functions themselves: the reader, their friends and
// their friends' friends checked in on the days before today (streaks, check-in and milestone coins
// in their wallets, the 7-day streak badge for the longest), and read and listened this week, which
// put them together in a Bronze league group mid-week. Today's check-in is left for them to make.
import { inArray } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { users } from "../users/schema.ts";
import { checkIn } from "./check-in.ts";
import { DEMO_REWARDS } from "./demo-league.ts";
import { awardXp } from "./earning.ts";
import { personDay } from "./person-day.ts";
import { loadRules } from "./rules.ts";
import { checkIns } from "./schema.ts";

const DAY_MS = 86_400_000;

/** Adds the demo rewards unless someone among them has checked in already. Returns what it made. */
export async function seedDemoRewards(deps: ServiceDeps, now = new Date()): Promise<number> {
  const { db } = deps;
  const rows = await db
    .select({ id: users.id, handle: users.handle })
    .from(users)
    .where(
      inArray(
        users.handle,
        DEMO_REWARDS.map((person) => person.handle),
      ),
    );
  const ids = new Map(rows.map((row) => [row.handle, row.id]));
  // Without the demo catalogue there are no personas, and a league of one is no demo.
  if (ids.size < DEMO_REWARDS.length) return 0;
  const [done] = await db
    .select({ userId: checkIns.userId })
    .from(checkIns)
    .where(inArray(checkIns.userId, [...ids.values()]))
    .limit(1);
  if (done) return 0;

  let added = 0;
  for (const person of DEMO_REWARDS) {
    const userId = ids.get(person.handle) as string;
    const viewer = { id: userId, role: "user" as const };
    // Oldest day first, the last one yesterday: each check-in continues the streak of the day before.
    for (let daysAgo = person.streakDays; daysAgo >= 1; daysAgo--) {
      await checkIn(deps, viewer, new Date(now.getTime() - daysAgo * DAY_MS));
      added++;
    }
    const { today } = await personDay(db, userId, now);
    const minutes = [
      ["reading_minutes", person.readingMinutes],
      ["listening_minutes", person.listeningMinutes],
    ] as const;
    for (const [source, count] of minutes) {
      if (count === 0) continue;
      await deps.changes.inTransaction(db, async (tx) => {
        const rules = await loadRules(deps, tx);
        await awardXp(deps, tx, rules, { userId, source, localDate: today, units: count * 60 });
      });
      added++;
    }
  }
  return added;
}
