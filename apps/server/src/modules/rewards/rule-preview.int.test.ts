// The preview of a reward-rule change on the real database: who may ask, what input is refused,
// and the figures for an XP rule with caps, check-in rules, a league rank and an empty week.
import type { XpSource } from "@litverse/shared/rewards";
import type { previewRewardRuleInput } from "@litverse/shared/rewards-inputs";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
} from "../../test/test-platform.ts";
import { checkIn } from "./check-in.ts";
import { awardXp } from "./earning.ts";
import { leagueWeekOf, shiftWeek, weekStartInstant } from "./league-rules.ts";
import { joinLeague } from "./leagues.ts";
import { closeLeagueWeek } from "./leagues-close.ts";
import { previewPeriod, previewRuleChange } from "./rule-preview.ts";
import { loadRules } from "./rules.ts";
import { rewardGrants, rewardRules, xpEvents } from "./schema.ts";
import { addDays } from "./streaks.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user);
/** The error code of a call made here and awaited at once (never a promise left to settle later). */
const refusal = (call: () => Promise<unknown>) => codeOf(call());
const noonUtc = (date: string) => new Date(`${date}T12:00:00Z`);

/** One fixed instant per test, so that a test running across midnight UTC still sees one period. */
function clock() {
  const now = new Date();
  const { from, to } = previewPeriod(now);
  const today = now.toISOString().slice(0, 10);
  /** The nth day of the period (0 to 6). */
  const day = (index: number) => addDays(from, index);
  const preview = (input: z.output<typeof previewRewardRuleInput>) =>
    previewRuleChange(platform.deps, input, now);
  return { now, from, to, today, day, preview };
}

/** Seconds (or events) of a source on a local date, through the earning code. */
async function earn(user: TestUser, source: XpSource, localDate: string, units: number) {
  const { deps } = platform;
  await deps.changes.inTransaction(deps.db, async (tx) =>
    awardXp(deps, tx, await loadRules(deps, tx), { userId: user.id, source, localDate, units }),
  );
}

async function revokeGrantOf(admin: TestUser, user: TestUser, ruleKey: "checkin_day_2" | "streak_milestone") {
  const [grant] = await platform.deps.db
    .select()
    .from(rewardGrants)
    .where(and(eq(rewardGrants.userId, user.id), eq(rewardGrants.ruleKey, ruleKey)));
  if (!grant) throw new Error(`no ${ruleKey} grant`);
  await as(admin).rewards.revokeGrant({ grantId: grant.id, reason: "Scripted check-ins" });
}

describe("who may preview, and what", () => {
  it("refuses a reader", async () => {
    const reader = await createUser(platform);
    expect(
      await refusal(() => as(reader).rewards.previewRuleChange({ key: "checkin_day_1", amount: 5 })),
    ).toBe("FORBIDDEN");
  });

  it("refuses bad input with a clear error and changes nothing", async () => {
    const admin = await createUser(platform, "admin");
    const rewards = as(admin).rewards;
    const before = await rewards.listRules();
    const badInputs = [
      { key: "checkin_day_1", amount: -1 },
      { key: "checkin_day_1", amount: 2.5 },
      { key: "checkin_day_1", amount: 1_000_000 },
      { key: "checkin_day_1", amount: 10, dailyCap: 10 },
      { key: "league_rank_1", amount: 10, dailyCap: 0 },
      { key: "xp_reading_minutes", amount: 2 },
      { key: "xp_reading_minutes", amount: 2, dailyCap: -5 },
      { key: "xp_reading_minutes", amount: 2, dailyCap: 10_000_000 },
      { key: "no_such_rule", amount: 5 },
      { key: "checkin_day_1" },
    ];
    for (const input of badInputs) {
      expect(
        // biome-ignore lint/suspicious/noExplicitAny: deliberately malformed input
        await refusal(() => rewards.previewRuleChange(input as any)),
        JSON.stringify(input),
      ).toBe("BAD_REQUEST");
    }
    expect(await rewards.listRules()).toEqual(before);
    expect(await platform.deps.db.select().from(rewardRules)).toEqual([]);
  });

  it("answers an administrator through the router, with zeros for an empty week", async () => {
    const admin = await createUser(platform, "admin");
    const { from, to } = previewPeriod(new Date());
    const preview = await as(admin).rewards.previewRuleChange({
      key: "xp_reading_minutes",
      amount: 3,
      dailyCap: 200,
    });
    // Read back across midnight UTC, the period would have moved on a day: compare with either.
    expect([from, addDays(from, 1)]).toContain(preview.period.from);
    expect(preview).toMatchObject({
      kind: "xp",
      unit: "XP",
      current: { amount: 2, dailyCap: 120 },
      proposed: { amount: 3, dailyCap: 200 },
      people: 0,
      peopleAffected: 0,
      currentTotal: 0,
      proposedTotal: 0,
      difference: 0,
      cappedDays: { current: 0, proposed: 0 },
    });
    expect(preview.days.map((day) => [day.current, day.proposed])).toEqual(Array(7).fill([0, 0]));
    expect(preview.days[6]?.date).toBe(preview.period.to);
    expect(to).toBe(addDays(from, 6));
  });

  it("gives zeros for every kind of rule when nothing happened", async () => {
    const { from, to, today, day, preview } = clock();
    expect([from, to]).toEqual([addDays(today, -7), addDays(today, -1)]);
    for (const key of ["checkin_day_1", "streak_milestone", "league_rank_1"] as const) {
      expect(await preview({ key, amount: 99 })).toEqual({
        key,
        kind: key === "checkin_day_1" ? "checkin" : key === "streak_milestone" ? "streak" : "league",
        unit: "coins",
        period: { from, to },
        current: {
          amount: key === "checkin_day_1" ? 5 : key === "streak_milestone" ? 25 : 50,
          dailyCap: null,
        },
        proposed: { amount: 99, dailyCap: null },
        people: 0,
        peopleAffected: 0,
        currentTotal: 0,
        proposedTotal: 0,
        difference: 0,
        days: [0, 1, 2, 3, 4, 5, 6].map((index) => ({ date: day(index), current: 0, proposed: 0 })),
        cappedDays: null,
      });
    }
  });
});

describe("an XP minute rule", () => {
  it("replays each person-day under both rules, caps included", async () => {
    const { today, day, preview } = clock();
    const admin = await createUser(platform, "admin");
    const [ann, bob] = [await createUser(platform), await createUser(platform)];
    // Reading is 2 XP a whole minute, at most 120 a day.
    await earn(ann, "reading_minutes", day(0), 600); // 10 min: 20
    await earn(ann, "reading_minutes", day(2), 2_000); // 66 min over two reports: 132, capped at 120
    await earn(ann, "reading_minutes", day(2), 2_000);
    await earn(ann, "reading_minutes", day(3), 90); // 1 min: 2
    await earn(bob, "reading_minutes", day(0), 30); // under a minute: 0
    await earn(bob, "reading_minutes", day(2), 1_800); // 30 min: 60
    // Outside the period, or another source: not counted.
    await earn(ann, "reading_minutes", addDays(day(0), -1), 3_000);
    await earn(ann, "reading_minutes", today, 3_000);
    await earn(ann, "listening_minutes", day(2), 3_000);

    const raisedCap = await preview({ key: "xp_reading_minutes", amount: 2, dailyCap: 150 });
    expect(raisedCap).toMatchObject({
      current: { amount: 2, dailyCap: 120 },
      people: 2,
      peopleAffected: 1,
      currentTotal: 202,
      // Only Ann's capped day moves, by exactly what the cap had held back.
      proposedTotal: 214,
      difference: 12,
      cappedDays: { current: 1, proposed: 0 },
    });
    expect(raisedCap.days.map((entry) => [entry.current, entry.proposed])).toEqual([
      [20, 20],
      [0, 0],
      [180, 192],
      [2, 2],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);

    // 3 a minute: everyone with a whole minute gains, and Ann still reaches the cap.
    expect(await preview({ key: "xp_reading_minutes", amount: 3, dailyCap: 120 })).toMatchObject({
      peopleAffected: 2,
      currentTotal: 202,
      proposedTotal: 30 + 120 + 3 + 90,
      cappedDays: { current: 1, proposed: 1 },
    });

    // The current side is the rule now in force, replayed, not the XP granted at the time.
    await as(admin).rewards.updateRule({ key: "xp_reading_minutes", amount: 1, dailyCap: 60 });
    expect(await preview({ key: "xp_reading_minutes", amount: 1, dailyCap: 60 })).toMatchObject({
      current: { amount: 1, dailyCap: 60 },
      people: 2,
      peopleAffected: 0,
      currentTotal: 10 + 60 + 1 + 30,
      difference: 0,
      cappedDays: { current: 1, proposed: 1 },
    });
  });

  it("counts events for the other sources", async () => {
    const { day, preview } = clock();
    const poster = await createUser(platform);
    // Club posts: 5 XP each, at most 25 a day.
    await earn(poster, "club_post", day(1), 7);
    await earn(poster, "club_post", day(4), 2);
    expect(await preview({ key: "xp_club_post", amount: 10, dailyCap: 40 })).toMatchObject({
      currentTotal: 25 + 10,
      proposedTotal: 40 + 20,
      cappedDays: { current: 1, proposed: 1 },
      peopleAffected: 1,
    });
  });
});

describe("check-in rules", () => {
  it("count every check-in on the cycle day, granted or not, but not a revoked one", async () => {
    const { now, day, preview } = clock();
    const admin = await createUser(platform, "admin");
    const [ann, bob, cat, dan, eve] = [
      await createUser(platform),
      await createUser(platform),
      await createUser(platform),
      await createUser(platform),
      await createUser(platform),
    ];
    // While day 2 was worth nothing, Ann's second day granted nothing: it still counts.
    await as(admin).rewards.updateRule({ key: "checkin_day_2", amount: 0 });
    await checkIn(platform.deps, ann, noonUtc(day(0)));
    await checkIn(platform.deps, ann, noonUtc(day(1)));
    await as(admin).rewards.updateRule({ key: "checkin_day_2", amount: 6 });
    await checkIn(platform.deps, bob, noonUtc(day(3)));
    await checkIn(platform.deps, bob, noonUtc(day(4)));
    // Cat's first day is before the period, her second in it.
    await checkIn(platform.deps, cat, noonUtc(addDays(day(0), -1)));
    await checkIn(platform.deps, cat, noonUtc(day(0)));
    // Dan's second day was revoked: as if never granted.
    await checkIn(platform.deps, dan, noonUtc(day(5)));
    await checkIn(platform.deps, dan, noonUtc(day(6)));
    await revokeGrantOf(admin, dan, "checkin_day_2");
    // Eve's second day is today, after the period.
    await checkIn(platform.deps, eve, noonUtc(day(6)));
    await checkIn(platform.deps, eve, now);

    const preview2 = await preview({ key: "checkin_day_2", amount: 10 });
    expect(preview2).toMatchObject({
      kind: "checkin",
      unit: "coins",
      current: { amount: 6, dailyCap: null },
      proposed: { amount: 10, dailyCap: null },
      people: 3,
      peopleAffected: 3,
      currentTotal: 18,
      proposedTotal: 30,
      difference: 12,
      cappedDays: null,
    });
    expect(preview2.days.map((entry) => [entry.current, entry.proposed])).toEqual([
      [6, 10],
      [6, 10],
      [0, 0],
      [0, 0],
      [6, 10],
      [0, 0],
      [0, 0],
    ]);
    // The same amount moves nobody.
    expect(await preview({ key: "checkin_day_2", amount: 6 })).toMatchObject({
      people: 3,
      peopleAffected: 0,
      difference: 0,
    });
  });

  it("count streak milestones reached by check-ins in the period", async () => {
    const { day, preview } = clock();
    const admin = await createUser(platform, "admin");
    const [ann, bob, cat] = [
      await createUser(platform),
      await createUser(platform),
      await createUser(platform),
    ];
    for (const index of [0, 1, 2]) {
      await checkIn(platform.deps, ann, noonUtc(day(index)));
      await checkIn(platform.deps, bob, noonUtc(day(index)));
    }
    for (const index of [4, 5, 6]) await checkIn(platform.deps, cat, noonUtc(day(index)));
    await revokeGrantOf(admin, bob, "streak_milestone");
    const preview3 = await preview({ key: "streak_milestone", amount: 40 });
    expect(preview3).toMatchObject({ people: 2, currentTotal: 50, proposedTotal: 80, difference: 30 });
    expect(preview3.days.filter((entry) => entry.current > 0).map((entry) => entry.date)).toEqual([
      day(2),
      day(6),
    ]);
  });
});

describe("a league rank rule", () => {
  it("counts the results of the week that ended in the period", async () => {
    const { now, day, preview } = clock();
    const { deps } = platform;
    // The week that ended on the Monday inside the period, and the one before it.
    const ended = leagueWeekOf(new Date(`${day(6)}T00:00:00Z`));
    const lastWeek = shiftWeek(ended, -1);
    const weekBefore = shiftWeek(lastWeek, -1);
    const playIn = async (weekStart: string, xps: number[]) => {
      for (const xp of xps) {
        const person = await createUser(platform);
        await deps.changes.inTransaction(deps.db, (tx) => joinLeague(deps, tx, person.id, weekStart));
        if (xp === 0) continue;
        const occurredAt = new Date(weekStartInstant(weekStart).getTime() + 3_600_000);
        await deps.db.insert(xpEvents).values({
          userId: person.id,
          source: "club_post",
          amount: xp,
          localDate: weekStart,
          occurredAt,
        });
      }
      await closeLeagueWeek(deps, weekStart, now);
    };
    // The third of last week has no XP, so no prize: that rank's rule did not apply to them.
    await playIn(weekBefore, [70, 40, 10]);
    await playIn(lastWeek, [80, 50, 0]);

    const second = await preview({ key: "league_rank_2", amount: 45 });
    expect(second).toMatchObject({
      kind: "league",
      current: { amount: 30, dailyCap: null },
      people: 1,
      peopleAffected: 1,
      currentTotal: 30,
      proposedTotal: 45,
      difference: 15,
    });
    expect(second.days.filter((entry) => entry.current > 0)).toEqual([
      { date: ended, current: 30, proposed: 45 },
    ]);
    expect(await preview({ key: "league_rank_3", amount: 45 })).toMatchObject({ people: 0, currentTotal: 0 });
  });
});
