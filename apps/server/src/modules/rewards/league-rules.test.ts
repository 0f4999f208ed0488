import {
  LEAGUE_GROUP_SIZE,
  LEAGUE_PRIZE_RANKS,
  LEAGUE_TIERS,
  type LeagueTier,
} from "@litverse/shared/rewards";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  groupResults,
  groupSizesAfter,
  leagueWeekOf,
  rankScores,
  shiftWeek,
  tierAfter,
  weekEndInstant,
  weekStartInstant,
  zoneSizes,
} from "./league-rules.ts";

const tier = fc.constantFrom(...LEAGUE_TIERS);
const score = fc.record({
  userId: fc.uuid(),
  xp: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000 })),
  lastXpAt: fc.option(
    fc.date({ min: new Date("2026-01-01"), max: new Date("2026-12-31"), noInvalidDate: true }),
  ),
});
const group = fc.uniqueArray(score, {
  minLength: 1,
  maxLength: LEAGUE_GROUP_SIZE,
  selector: (item) => item.userId,
});

describe("league weeks", () => {
  it("start on a Monday at 00:00 UTC and hold every instant until the next one", () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true }),
        (instant) => {
          const week = leagueWeekOf(instant);
          const start = weekStartInstant(week);
          expect(start.getUTCDay()).toBe(1);
          expect(start.getTime()).toBeLessThanOrEqual(instant.getTime());
          expect(instant.getTime()).toBeLessThan(weekEndInstant(week).getTime());
          expect(leagueWeekOf(weekEndInstant(week))).toBe(shiftWeek(week, 1));
        },
      ),
    );
  });
});

describe("grouping", () => {
  it("places every joiner in exactly one group, none over the size, only the newest not full", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2_000 }), (joiners) => {
        const sizes = groupSizesAfter(joiners);
        expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(joiners);
        expect(sizes).toHaveLength(Math.ceil(joiners / LEAGUE_GROUP_SIZE));
        expect(sizes.slice(0, -1).every((size) => size === LEAGUE_GROUP_SIZE)).toBe(true);
        expect(sizes.every((size) => size >= 1 && size <= LEAGUE_GROUP_SIZE)).toBe(true);
      }),
    );
  });
});

describe("a group's results", () => {
  it("rank everyone once, by XP and then by who got there first", () => {
    fc.assert(
      fc.property(group, (scores) => {
        const ranked = rankScores(scores);
        expect(ranked.map((row) => row.rank)).toEqual(scores.map((_, index) => index + 1));
        expect(new Set(ranked.map((row) => row.userId))).toEqual(new Set(scores.map((row) => row.userId)));
        for (const [index, row] of ranked.entries()) {
          const next = ranked[index + 1];
          if (!next) continue;
          expect(row.xp).toBeGreaterThanOrEqual(next.xp);
          if (row.xp === next.xp && row.lastXpAt && next.lastXpAt) {
            expect(row.lastXpAt.getTime()).toBeLessThanOrEqual(next.lastXpAt.getTime());
          }
        }
      }),
    );
  });

  it("move everyone up, down or nowhere within the zones, never past the ends of the tiers", () => {
    fc.assert(
      fc.property(tier, group, (groupTier: LeagueTier, scores) => {
        const results = groupResults(groupTier, scores, LEAGUE_PRIZE_RANKS);
        const count = (outcome: string) => results.filter((row) => row.outcome === outcome).length;
        expect(count("promoted") + count("stayed") + count("demoted")).toBe(scores.length);
        const zones = zoneSizes(groupTier, scores.length);
        expect(zones.promoted + zones.demoted).toBeLessThanOrEqual(scores.length);
        expect(count("promoted")).toBeLessThanOrEqual(zones.promoted);
        if (groupTier === "diamond") expect(count("promoted")).toBe(0);
        if (groupTier === "bronze") expect(count("demoted")).toBe(0);
        for (const row of results) {
          expect(row.nextTier).toBe(tierAfter(groupTier, row.outcome));
          if (row.xp === 0) expect(row.outcome).toBe(groupTier === "bronze" ? "stayed" : "demoted");
          if (row.outcome === "promoted") expect(row.rank).toBeLessThanOrEqual(zones.promoted);
          if (row.prizeRank !== null) expect(row.xp).toBeGreaterThan(0);
        }
        const prizes = results.filter((row) => row.prizeRank !== null).map((row) => row.rank);
        expect(prizes).toEqual(prizes.map((_, index) => index + 1).slice(0, LEAGUE_PRIZE_RANKS));
      }),
    );
  });

  it("promote 7 and demote 5 of a full group in a middle tier", () => {
    expect(zoneSizes("gold", LEAGUE_GROUP_SIZE)).toEqual({ promoted: 7, demoted: 5 });
    expect(zoneSizes("diamond", LEAGUE_GROUP_SIZE)).toEqual({ promoted: 0, demoted: 5 });
    expect(zoneSizes("bronze", LEAGUE_GROUP_SIZE)).toEqual({ promoted: 7, demoted: 0 });
    expect(zoneSizes("gold", 1)).toEqual({ promoted: 0, demoted: 0 });
  });
});
