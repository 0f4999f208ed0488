// Weekly leagues on the real database: joining and grouping, standings, the week's close (twice,
// after stopping midway and side by side, paying each prize once), the boards with opt-out and
// blocks, and who may call what.
import {
  ALL_TIME_BOARD_SIZE,
  LEAGUE_PRIZE_RANKS,
  type LeagueTier,
  leagueRankRuleKey,
} from "@litverse/shared/rewards";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  callerFor,
  codeOf,
  createUser,
  openTestPlatform,
  type TestPlatform,
  type TestUser,
  watchLiveRuns,
} from "../../test/test-platform.ts";
import { checkLedger } from "../coins/ledger-check.ts";
import { blocks, friendships } from "../profiles/schema.ts";
import { awardXp } from "./earning.ts";
import { grantRewardCoins, grantRewardCoinsMany, type RewardCredit } from "./grants.ts";
import { groupResults, leagueWeekOf, shiftWeek, weekStartInstant } from "./league-rules.ts";
import { joinLeague } from "./leagues.ts";
import { getMyLeague } from "./leagues-boards.ts";
import {
  closeFinishedLeagueWeeks,
  closeLeagueGroup,
  closeLeagueGroups,
  closeLeagueWeek,
} from "./leagues-close.ts";
import { loadRules } from "./rules.ts";
import {
  leagueGroups,
  leagueMembers,
  leagueResults,
  leagueWeeks,
  rewardGrants,
  xpEvents,
  xpTotals,
} from "./schema.ts";

let platform: TestPlatform;
beforeAll(async () => {
  platform = await openTestPlatform();
});
afterAll(() => platform.dispose());
beforeEach(() => platform.reset());

const as = (user: TestUser) => callerFor(platform, user);
const HOUR_MS = 60 * 60_000;
/** Finished weeks, well past their close's grace. */
const olderWeek = shiftWeek(leagueWeekOf(new Date()), -3);
const oldWeek = shiftWeek(olderWeek, 1);

async function people(count: number): Promise<TestUser[]> {
  const created: TestUser[] = [];
  for (let index = 0; index < count; index++) created.push(await createUser(platform));
  return created;
}

/** XP earned `hours` into the week (a one-off row and the total, as the earning code writes them). */
async function earnedIn(user: TestUser, weekStart: string, amount: number, hours = 1) {
  const occurredAt = new Date(weekStartInstant(weekStart).getTime() + hours * HOUR_MS);
  await platform.deps.db.insert(xpEvents).values({
    userId: user.id,
    source: "club_post",
    amount,
    localDate: occurredAt.toISOString().slice(0, 10),
    occurredAt,
  });
  await platform.deps.db
    .insert(xpTotals)
    .values({ userId: user.id, xp: amount, lastXpAt: occurredAt })
    .onConflictDoUpdate({
      target: xpTotals.userId,
      set: {
        xp: sql`${xpTotals.xp} + ${amount}`,
        lastXpAt: sql`greatest(${xpTotals.lastXpAt}, excluded.last_xp_at)`,
      },
    });
}

function join(user: TestUser, weekStart: string) {
  const { deps } = platform;
  return deps.changes.inTransaction(deps.db, (tx) => joinLeague(deps, tx, user.id, weekStart));
}

/** XP earned now, through the earning code, as a club post would. */
async function earnNow(user: TestUser, posts = 1) {
  const { deps } = platform;
  for (let post = 0; post < posts; post++) {
    await deps.changes.inTransaction(deps.db, async (tx) =>
      awardXp(deps, tx, await loadRules(deps, tx), {
        userId: user.id,
        source: "club_post",
        localDate: new Date().toISOString().slice(0, 10),
        units: 1,
        dedupeKey: `post:${crypto.randomUUID()}`,
      }),
    );
  }
}

async function groupSizes(weekStart: string, tier: LeagueTier = "bronze") {
  const groups = await platform.deps.db
    .select()
    .from(leagueGroups)
    .where(and(eq(leagueGroups.weekStart, weekStart), eq(leagueGroups.tier, tier)))
    .orderBy(leagueGroups.number);
  const members = await platform.deps.db
    .select()
    .from(leagueMembers)
    .where(eq(leagueMembers.weekStart, weekStart));
  return groups.map((group) => {
    const counted = members.filter((member) => member.groupId === group.id).length;
    expect(group.memberCount).toBe(counted);
    return counted;
  });
}

async function resultsOf(weekStart: string) {
  const rows = await platform.deps.db
    .select()
    .from(leagueResults)
    .where(eq(leagueResults.weekStart, weekStart));
  return new Map(rows.map((row) => [row.userId, row]));
}

async function expectLedgerClean() {
  expect((await checkLedger(platform.deps.db)).violations).toEqual([]);
}

async function befriend(a: TestUser, b: TestUser) {
  await platform.deps.db
    .insert(friendships)
    .values({ requesterId: a.id, addresseeId: b.id, status: "accepted", respondedAt: new Date() });
}

describe("joining a league", () => {
  it("happens on the first XP of the week, in Bronze, with the caller's group shown", async () => {
    const [ada, ben] = await people(2);
    if (!ada || !ben) throw new Error("people");
    expect(await as(ada).rewards.getMyLeague()).toMatchObject({
      joined: false,
      tier: "bronze",
      standings: [],
    });
    await earnNow(ada, 2);
    await earnNow(ben);
    const week = leagueWeekOf(new Date());
    const members = await platform.deps.db.select().from(leagueMembers);
    expect(members.map((member) => [member.userId, member.weekStart, member.tier]).sort()).toEqual(
      [
        [ada.id, week, "bronze"],
        [ben.id, week, "bronze"],
      ].sort(),
    );
    const league = await as(ada).rewards.getMyLeague();
    expect(league).toMatchObject({ joined: true, tier: "bronze", weekStart: week, me: { rank: 1, xp: 10 } });
    expect(league.standings.map((row) => [row.rank, row.person._id, row.xp, row.isMe])).toEqual([
      [1, ada.id, 10, true],
      [2, ben.id, 5, false],
    ]);
    expect(new Date(league.endsAt).getUTCDay()).toBe(1);
    expect(league.secondsLeft).toBeGreaterThan(0);
    expect(league.secondsLeft).toBeLessThanOrEqual(7 * 24 * 3600);
  });

  it("puts 65 people in groups of 30, 30 and 5, each in one", async () => {
    const joiners = await people(65);
    for (const person of joiners) await join(person, olderWeek);
    expect(await groupSizes(olderWeek)).toEqual([30, 30, 5]);
  });

  it("never overfills a group when people join at once, nor places anyone twice", async () => {
    const joiners = await people(65);
    await Promise.all(joiners.map((person) => join(person, olderWeek)));
    // The same people again, and one of them twice more at once.
    const first = joiners[0] as TestUser;
    await Promise.all([
      join(first, olderWeek),
      join(first, olderWeek),
      ...joiners.map((p) => join(p, olderWeek)),
    ]);
    expect(await groupSizes(olderWeek)).toEqual([30, 30, 5]);
    const members = await platform.deps.db
      .select()
      .from(leagueMembers)
      .where(eq(leagueMembers.weekStart, olderWeek));
    expect(new Set(members.map((member) => member.userId)).size).toBe(65);
  });

  it("ranks by XP, then by who reached it first, then by id", async () => {
    const [early, late, top, idle] = await people(4);
    if (!early || !late || !top || !idle) throw new Error("people");
    for (const person of [early, late, top, idle]) await join(person, olderWeek);
    await earnedIn(early, olderWeek, 50, 2);
    await earnedIn(late, olderWeek, 30, 1);
    await earnedIn(late, olderWeek, 20, 5);
    await earnedIn(top, olderWeek, 80, 9);
    await closeLeagueWeek(platform.deps, olderWeek);
    const results = await resultsOf(olderWeek);
    expect([top, early, late, idle].map((person) => results.get(person.id)?.rank)).toEqual([1, 2, 3, 4]);
  });
});

describe("closing a week", () => {
  it("moves the top up and the bottom down, pays the top three once and carries tiers on", async () => {
    const group = await people(30);
    for (const person of group) await join(person, olderWeek);
    // Ranks follow the order: person i earns 300 - 10 i, the last two nothing.
    for (const [index, person] of group.slice(0, 28).entries())
      await earnedIn(person, olderWeek, 300 - 10 * index);
    const summary = await closeLeagueWeek(platform.deps, olderWeek);
    expect(summary).toEqual({ weekStart: olderWeek, groupsClosed: 1, groupsSkipped: 0 });
    const results = await resultsOf(olderWeek);
    const outcomes = group.map((person) => results.get(person.id)?.outcome);
    // Bronze cannot go down: the rest stay.
    expect(outcomes.filter((outcome) => outcome === "promoted")).toHaveLength(7);
    expect(outcomes.slice(0, 7).every((outcome) => outcome === "promoted")).toBe(true);
    expect(outcomes.slice(7).every((outcome) => outcome === "stayed")).toBe(true);
    const coins = group.map((person) => results.get(person.id)?.coins ?? 0);
    expect(coins.slice(0, 4)).toEqual([50, 30, 20, 0]);
    expect((await as(group[0] as TestUser).rewards.getMyLeague()).lastResult).toMatchObject({
      weekStart: olderWeek,
      rank: 1,
      outcome: "promoted",
      coins: 50,
    });
    expect((await as(group[0] as TestUser).coins.getCoinBalance()).bonus).toBe(50);

    // The next week: the promoted play in Silver, where the bottom and anyone without XP go down.
    const silver = group.slice(0, 7);
    for (const person of silver) await join(person, oldWeek);
    expect(await groupSizes(oldWeek, "silver")).toEqual([7]);
    for (const [index, person] of silver.slice(0, 5).entries()) await earnedIn(person, oldWeek, 100 - index);
    await closeLeagueWeek(platform.deps, oldWeek);
    const next = await resultsOf(oldWeek);
    // 7 people: 2 up (round 7·7/30), 1 down by rank, and the two with no XP down anyway.
    expect(silver.map((person) => [next.get(person.id)?.outcome, next.get(person.id)?.nextTier])).toEqual([
      ["promoted", "gold"],
      ["promoted", "gold"],
      ["stayed", "silver"],
      ["stayed", "silver"],
      ["stayed", "silver"],
      ["demoted", "bronze"],
      ["demoted", "bronze"],
    ]);
    const grants = await platform.deps.db.select().from(rewardGrants);
    expect(grants).toHaveLength(6);
    await expectLedgerClean();
  });

  it("gives the same results, and coins once, when run twice or after stopping midway", async () => {
    const everyone = await people(65);
    for (const person of everyone) await join(person, olderWeek);
    for (const [index, person] of everyone.entries()) {
      if (index % 9 !== 4) await earnedIn(person, olderWeek, 10 + ((index * 37) % 200), 1 + (index % 50));
    }
    const groups = await platform.deps.db
      .select()
      .from(leagueGroups)
      .where(eq(leagueGroups.weekStart, olderWeek))
      .orderBy(leagueGroups.number);
    // A run that stopped after its first group.
    expect(await closeLeagueGroup(platform.deps, (groups[0] as { id: string }).id)).toBe(true);
    expect(await closeLeagueWeek(platform.deps, olderWeek)).toMatchObject({
      groupsClosed: 2,
      groupsSkipped: 0,
    });
    expect(await closeLeagueWeek(platform.deps, olderWeek)).toMatchObject({ groupsClosed: 0 });
    expect(await closeLeagueGroup(platform.deps, (groups[1] as { id: string }).id)).toBe(false);
    expect(await closeFinishedLeagueWeeks(platform.deps)).toEqual([]);

    // What the rules say, group by group.
    const results = await resultsOf(olderWeek);
    expect(results.size).toBe(65);
    const xps = await platform.deps.db.select().from(xpEvents);
    const members = await platform.deps.db.select().from(leagueMembers);
    for (const group of groups) {
      const expected = groupResults(
        "bronze",
        members
          .filter((member) => member.groupId === group.id)
          .map((member) => {
            const own = xps.filter((event) => event.userId === member.userId);
            return {
              userId: member.userId,
              xp: own.reduce((sum, event) => sum + event.amount, 0),
              lastXpAt: own.at(-1)?.occurredAt ?? null,
            };
          }),
        LEAGUE_PRIZE_RANKS,
      );
      for (const row of expected) {
        expect(results.get(row.userId)).toMatchObject({ rank: row.rank, outcome: row.outcome, xp: row.xp });
      }
    }
    const grants = await platform.deps.db.select().from(rewardGrants);
    expect(grants).toHaveLength(9);
    expect(new Set(grants.map((grant) => grant.userId)).size).toBe(9);
    const [week] = await platform.deps.db
      .select()
      .from(leagueWeeks)
      .where(eq(leagueWeeks.weekStart, olderWeek));
    expect(week?.closedAt).not.toBeNull();
    await expectLedgerClean();
  });

  it("pays each prize once when closes run side by side, and keeps the ledger clean", async () => {
    const everyone = await people(65);
    for (const person of everyone) await join(person, olderWeek);
    for (const [index, person] of everyone.entries()) await earnedIn(person, olderWeek, 10 + index);
    const runs = await Promise.all([1, 2, 3].map(() => closeLeagueWeek(platform.deps, olderWeek)));
    expect(runs.reduce((sum, run) => sum + run.groupsClosed, 0)).toBe(3);
    const groups = await platform.deps.db
      .select({ id: leagueGroups.id })
      .from(leagueGroups)
      .where(eq(leagueGroups.weekStart, olderWeek));
    expect(
      await closeLeagueGroups(
        platform.deps,
        groups.map((group) => group.id),
      ),
    ).toBe(0);

    const results = [...(await resultsOf(olderWeek)).values()];
    expect(results).toHaveLength(65);
    const grants = await platform.deps.db.select().from(rewardGrants);
    expect(grants).toHaveLength(9);
    const paid = results.filter((row) => row.grantId);
    expect(paid.map((row) => row.rank).sort()).toEqual([1, 1, 1, 2, 2, 2, 3, 3, 3]);
    for (const row of paid) {
      expect(row.coins).toBe([50, 30, 20][row.rank - 1]);
      expect(grants.find((grant) => grant.id === row.grantId)).toMatchObject({
        userId: row.userId,
        ruleKey: leagueRankRuleKey(row.rank),
        period: olderWeek,
        coins: row.coins,
      });
      const person = everyone.find((candidate) => candidate.id === row.userId) as TestUser;
      expect((await as(person).coins.getCoinBalance()).bonus).toBe(row.coins);
    }
    await expectLedgerClean();
  });

  it("never pays anyone a second league prize for the same week", async () => {
    const [ada, ben] = await people(2);
    if (!ada || !ben) throw new Error("people");
    const { deps } = platform;
    const prize = (user: TestUser, rank: number): RewardCredit => ({
      userId: user.id,
      ruleKey: leagueRankRuleKey(rank),
      family: "league",
      period: olderWeek,
      coins: 10 * rank,
      memo: `League week of ${olderWeek}: rank ${rank}`,
      grantedAt: new Date(),
    });
    const grant = (prizes: RewardCredit[]) =>
      deps.changes.inTransaction(deps.db, (tx) => grantRewardCoinsMany(deps, tx, prizes));
    const first = await grant([prize(ada, 1), prize(ben, 2), prize(ada, 3)]);
    expect(first.map((grantId) => grantId !== null)).toEqual([true, true, false]);
    expect(await grant([prize(ben, 1), prize(ada, 2)])).toEqual([null, null]);
    expect(
      await deps.changes.inTransaction(deps.db, (tx) => grantRewardCoins(deps, tx, prize(ada, 2))),
    ).toBeNull();
    // A close after that pays Ada nothing more, whatever her rank.
    await join(ada, olderWeek);
    await earnedIn(ada, olderWeek, 40);
    await closeLeagueWeek(deps, olderWeek);
    expect((await resultsOf(olderWeek)).get(ada.id)).toMatchObject({ rank: 1, coins: 0, grantId: null });
    expect(await platform.deps.db.select().from(rewardGrants)).toHaveLength(2);
    expect((await as(ada).coins.getCoinBalance()).bonus).toBe(10);
    await expectLedgerClean();
  });

  it("is picked up by the periodic run, and refuses a week not yet over", async () => {
    const [ada] = await people(1);
    if (!ada) throw new Error("people");
    await join(ada, olderWeek);
    await earnedIn(ada, olderWeek, 40);
    expect(await closeFinishedLeagueWeeks(platform.deps)).toEqual([
      { weekStart: olderWeek, groupsClosed: 1, groupsSkipped: 0 },
    ]);
    expect((await resultsOf(olderWeek)).get(ada.id)).toMatchObject({ rank: 1, outcome: "stayed", coins: 50 });
    await expect(closeLeagueWeek(platform.deps, leagueWeekOf(new Date()))).rejects.toThrow(/not finished/);
  });

  it("waits to place someone whose last league has not closed yet, then places them by its outcome", async () => {
    const [ada] = await people(1);
    if (!ada) throw new Error("people");
    await join(ada, olderWeek);
    await earnedIn(ada, olderWeek, 40);
    expect(await join(ada, oldWeek)).toBeNull();
    await closeLeagueWeek(platform.deps, olderWeek);
    expect(await join(ada, oldWeek)).toMatchObject({ tier: "bronze" });
  });
});

describe("the boards", () => {
  it("leave out people who opted out or are blocked, who still earn XP", async () => {
    const [ada, ben, cy, dee] = await people(4);
    if (!ada || !ben || !cy || !dee) throw new Error("people");
    await befriend(ada, ben);
    await befriend(cy, ada);
    await earnNow(ada, 1);
    await earnNow(ben, 3);
    await earnNow(cy, 2);
    await earnNow(dee, 4);
    expect(await as(ben).rewards.setLeaderboardOptOut({ optedOut: true })).toEqual({ optedOut: true });
    await platform.deps.db.insert(blocks).values({ blockerId: cy.id, blockedId: ada.id });
    await earnNow(ben, 1);

    const league = await as(ada).rewards.getMyLeague();
    // The ranks stay true: ben (2nd) and cy (3rd) are only left out of what ada sees.
    expect(league.standings.map((row) => [row.rank, row.person._id])).toEqual([
      [1, dee.id],
      [4, ada.id],
    ]);
    expect(league.me).toMatchObject({ rank: 4, xp: 5 });
    const allTime = await as(ada).rewards.getAllTimeBoard();
    expect(allTime.entries.map((row) => [row.rank, row.person._id])).toEqual([
      [1, dee.id],
      [3, ada.id],
    ]);
    expect(allTime.me).toEqual({ rank: 3, xp: 5 });
    const friends = await as(ada).rewards.getFriendsBoard();
    expect(friends.entries.map((row) => [row.person._id, row.weekXp, row.isMe])).toEqual([[ada.id, 5, true]]);

    // Ben still sees himself, and earned his XP.
    const own = await as(ben).rewards.getMyLeague();
    expect(own.optedOut).toBe(true);
    expect(own.me).toMatchObject({ rank: 2, xp: 20 });
    expect((await as(ben).rewards.getAllTimeBoard()).me).toBeNull();

    await as(ben).rewards.setLeaderboardOptOut({ optedOut: false });
    expect((await as(ada).rewards.getFriendsBoard()).entries.map((row) => row.person._id)).toEqual([
      ben.id,
      ada.id,
    ]);
    // Dee reached 20 before Ben did.
    expect((await as(dee).rewards.getAllTimeBoard()).entries.map((row) => row.person._id)).toEqual([
      dee.id,
      ben.id,
      cy.id,
      ada.id,
    ]);
  });

  it("ranks a caller below the top of the all-time board among those on it, ties by who got there first", async () => {
    const crowd = await people(ALL_TIME_BOARD_SIZE + 10);
    // Three people to each total: the later two reached it an hour earlier, and tie on time.
    for (const [index, person] of crowd.entries()) {
      await earnedIn(person, olderWeek, 1000 - 5 * Math.floor(index / 3), index % 3 === 0 ? 2 : 1);
    }
    const optedOut = [crowd[4], crowd[40], crowd[108]] as TestUser[];
    for (const person of optedOut) await as(person).rewards.setLeaderboardOptOut({ optedOut: true });
    const expected = crowd
      .filter((person) => !optedOut.includes(person))
      .map((person, index) => ({
        id: person.id,
        xp: 1000 - 5 * Math.floor(crowd.indexOf(person) / 3),
        at: crowd.indexOf(person) % 3 === 0 ? 2 : 1,
        index,
      }))
      .sort((a, b) => b.xp - a.xp || a.at - b.at || (a.id < b.id ? -1 : 1));
    const viewer = crowd[ALL_TIME_BOARD_SIZE + 6] as TestUser;
    const board = await as(viewer).rewards.getAllTimeBoard();
    expect(board.entries.map((row) => [row.rank, row.person._id])).toEqual(
      expected.slice(0, ALL_TIME_BOARD_SIZE).map((row, index) => [index + 1, row.id]),
    );
    const rank = expected.findIndex((row) => row.id === viewer.id) + 1;
    expect(rank).toBeGreaterThan(ALL_TIME_BOARD_SIZE);
    expect(board.me).toEqual({ rank, xp: expected[rank - 1]?.xp });
    expect((await as(crowd[108] as TestUser).rewards.getAllTimeBoard()).me).toBeNull();
  });

  it("shows on the friends board only the caller and accepted friends, with both totals", async () => {
    const [ada, ben, cy, dee] = await people(4);
    if (!ada || !ben || !cy || !dee) throw new Error("people");
    await befriend(ben, ada);
    await platform.deps.db.insert(friendships).values({ requesterId: ada.id, addresseeId: cy.id });
    await earnedIn(ben, olderWeek, 100);
    await earnNow(ben, 1);
    await earnNow(cy, 5);
    await earnNow(dee, 5);
    const board = await as(ada).rewards.getFriendsBoard();
    expect(
      board.entries.map((row) => [row.rank, row.person._id, row.weekXp, row.allTimeXp, row.isMe]),
    ).toEqual([
      [1, ben.id, 5, 105, false],
      [2, ada.id, 0, 0, true],
    ]);
  });

  it("re-runs a live league page when someone in the group earns XP", async () => {
    const [ada, ben] = await people(2);
    if (!ada || !ben) throw new Error("people");
    await earnNow(ada);
    await earnNow(ben);
    const watch = watchLiveRuns(platform, () => getMyLeague(platform.deps, ada));
    await watch.waitForRuns(1);
    await earnNow(ben);
    await watch.waitForRuns(2);
    // Re-run by the award (an earlier announcement may re-run it once more before).
    await expect
      .poll(() => watch.latest?.standings.map((row) => [row.person._id, row.xp]))
      .toEqual([
        [ben.id, 10],
        [ada.id, 5],
      ]);
    watch.stop();
  });

  it("are for signed-in people only, and the setting checks its input", async () => {
    const [ada] = await people(1);
    if (!ada) throw new Error("people");
    const anonymous = callerFor(platform);
    expect(await codeOf(anonymous.rewards.getMyLeague())).toBe("UNAUTHORIZED");
    expect(await codeOf(anonymous.rewards.getAllTimeBoard())).toBe("UNAUTHORIZED");
    expect(await codeOf(anonymous.rewards.getFriendsBoard())).toBe("UNAUTHORIZED");
    expect(await codeOf(anonymous.rewards.setLeaderboardOptOut({ optedOut: true }))).toBe("UNAUTHORIZED");
    expect(
      await codeOf(
        as(ada).rewards.setLeaderboardOptOut({ optedOut: "yes" } as unknown as { optedOut: boolean }),
      ),
    ).toBe("BAD_REQUEST");
  });
});
