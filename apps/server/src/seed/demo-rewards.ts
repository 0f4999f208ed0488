// The demo's rewards, made through the rewards functions themselves: the reader, their friends and
// their friends' friends checked in on the days before today (streaks, check-in and milestone coins
// in their wallets, the 7-day streak badge for the longest), and read and listened this week, which
// put them together in a Bronze league group mid-week. Today's check-in is left for them to make.
import { inArray } from "drizzle-orm";
import type { ServiceDeps } from "../core/service-deps.ts";
import { checkIn } from "../modules/rewards/check-in.ts";
import { awardXp } from "../modules/rewards/earning.ts";
import { personDay } from "../modules/rewards/person-day.ts";
import { loadRules } from "../modules/rewards/rules.ts";
import { checkIns } from "../modules/rewards/schema.ts";
import { users } from "../modules/users/schema.ts";

const DAY_MS = 86_400_000;

/** The reader's streak: a whole cycle, so today starts the next one and the 7-day badge is theirs. */
export const DEMO_READER_STREAK = 7;

/**
 * Who checked in on how many days in a row up to yesterday, and this week's minutes of reading
 * and listening. The reader sits in the middle of the group.
 */
export const DEMO_REWARDS: ReadonlyArray<{
  handle: string;
  streakDays: number;
  readingMinutes: number;
  listeningMinutes: number;
}> = [
  { handle: "ada_moreau", streakDays: 12, readingMinutes: 58, listeningMinutes: 20 },
  { handle: "bea_santos", streakDays: 8, readingMinutes: 44, listeningMinutes: 0 },
  { handle: "cyrus_farahani", streakDays: 5, readingMinutes: 35, listeningMinutes: 15 },
  { handle: "gus_herrera", streakDays: 3, readingMinutes: 31, listeningMinutes: 0 },
  { handle: "demo_reader", streakDays: DEMO_READER_STREAK, readingMinutes: 27, listeningMinutes: 10 },
  { handle: "dina_haddad", streakDays: 2, readingMinutes: 22, listeningMinutes: 0 },
  { handle: "eli_lindqvist", streakDays: 0, readingMinutes: 0, listeningMinutes: 45 },
  { handle: "hana_tanaka", streakDays: 1, readingMinutes: 12, listeningMinutes: 0 },
  { handle: "farah_rahman", streakDays: 4, readingMinutes: 6, listeningMinutes: 0 },
];

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
