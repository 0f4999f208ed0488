// The rules of a league week, as pure functions: when weeks start, where a joiner goes, how a
// group ranks and who moves up or down. The database code applies them; the property test checks them.
import {
  LEAGUE_DEMOTED_OF_FULL,
  LEAGUE_GROUP_SIZE,
  LEAGUE_PROMOTED_OF_FULL,
  LEAGUE_TIERS,
  type LeagueOutcome,
  type LeagueTier,
  type LeagueZone,
} from "@litverse/shared/rewards";

const DAY_MS = 24 * 60 * 60_000;
export const WEEK_MS = 7 * DAY_MS;

/** The Monday (UTC) of the week holding this instant, as YYYY-MM-DD. */
export function leagueWeekOf(instant: Date): string {
  const day = Math.floor(instant.getTime() / DAY_MS);
  // 1970-01-01 was a Thursday: days since a Monday are (day + 3) mod 7.
  const monday = day - ((((day + 3) % 7) + 7) % 7);
  return new Date(monday * DAY_MS).toISOString().slice(0, 10);
}

export function weekStartInstant(weekStart: string): Date {
  return new Date(`${weekStart}T00:00:00Z`);
}

/** The next Monday 00:00 UTC: the end of the week, not in it. */
export function weekEndInstant(weekStart: string): Date {
  return new Date(weekStartInstant(weekStart).getTime() + WEEK_MS);
}

export function shiftWeek(weekStart: string, weeks: number): string {
  return new Date(weekStartInstant(weekStart).getTime() + weeks * WEEK_MS).toISOString().slice(0, 10);
}

/** A joiner fills the newest group of their tier, or opens the next one when there is none or it is full. */
export function placementIn(newest: { memberCount: number } | null): "join" | "open" {
  return newest && newest.memberCount < LEAGUE_GROUP_SIZE ? "join" : "open";
}

/** How many people each group of a tier holds after these joiners, in order, per `placementIn`. */
export function groupSizesAfter(joiners: number): number[] {
  const sizes: number[] = [];
  for (let index = 0; index < joiners; index++) {
    const newest = sizes.length > 0 ? { memberCount: sizes[sizes.length - 1] as number } : null;
    if (placementIn(newest) === "open") sizes.push(1);
    else sizes[sizes.length - 1] = (sizes[sizes.length - 1] as number) + 1;
  }
  return sizes;
}

export interface WeekScore {
  userId: string;
  xp: number;
  /** When the person last earned XP in the week: who reached a total first ranks higher. */
  lastXpAt: Date | null;
}

export interface RankedScore extends WeekScore {
  rank: number;
}

export function compareScores(a: WeekScore, b: WeekScore): number {
  if (a.xp !== b.xp) return b.xp - a.xp;
  const aTime = a.lastXpAt?.getTime() ?? Number.POSITIVE_INFINITY;
  const bTime = b.lastXpAt?.getTime() ?? Number.POSITIVE_INFINITY;
  if (aTime !== bTime) return aTime < bTime ? -1 : 1;
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/** Ranks 1…n without ties: XP, then who got there first, then id. */
export function rankScores(scores: readonly WeekScore[]): RankedScore[] {
  return [...scores].sort(compareScores).map((score, index) => ({ ...score, rank: index + 1 }));
}

const isTop = (tier: LeagueTier) => tier === LEAGUE_TIERS[LEAGUE_TIERS.length - 1];
const isBottom = (tier: LeagueTier) => tier === LEAGUE_TIERS[0];

/**
 * How many of a group move up and down: 7 and 5 of a full group, in proportion for a smaller one,
 * none up from the top tier and none down from the bottom one.
 */
export function zoneSizes(tier: LeagueTier, groupSize: number): { promoted: number; demoted: number } {
  const promoted = isTop(tier) ? 0 : Math.round((groupSize * LEAGUE_PROMOTED_OF_FULL) / LEAGUE_GROUP_SIZE);
  const demoted = isBottom(tier) ? 0 : Math.round((groupSize * LEAGUE_DEMOTED_OF_FULL) / LEAGUE_GROUP_SIZE);
  return { promoted, demoted: Math.min(demoted, groupSize - promoted) };
}

/** Where a rank stands by position alone, for the standings shown during the week. */
export function zoneOf(tier: LeagueTier, groupSize: number, rank: number): LeagueZone {
  const sizes = zoneSizes(tier, groupSize);
  if (rank <= sizes.promoted) return "promotion";
  if (rank > groupSize - sizes.demoted) return "demotion";
  return "stay";
}

/**
 * How the week ends for a rank. Nobody moves up without XP, and a person with none moves down
 * wherever they stand (unless already at the bottom).
 */
export function outcomeOf(tier: LeagueTier, groupSize: number, rank: number, xp: number): LeagueOutcome {
  if (xp <= 0) return isBottom(tier) ? "stayed" : "demoted";
  const zone = zoneOf(tier, groupSize, rank);
  if (zone === "promotion") return "promoted";
  if (zone === "demotion") return "demoted";
  return "stayed";
}

export function tierAfter(tier: LeagueTier, outcome: LeagueOutcome): LeagueTier {
  const index = LEAGUE_TIERS.indexOf(tier);
  const moved = outcome === "promoted" ? index + 1 : outcome === "demoted" ? index - 1 : index;
  return LEAGUE_TIERS[Math.max(0, Math.min(LEAGUE_TIERS.length - 1, moved))] as LeagueTier;
}

export interface GroupResult extends RankedScore {
  outcome: LeagueOutcome;
  nextTier: LeagueTier;
  /** The prize rank (1 to LEAGUE_PRIZE_RANKS) when it earns coins, else null. */
  prizeRank: number | null;
}

/** A closed group's results: ranks, outcomes, next tiers and who earns a prize. */
export function groupResults(
  tier: LeagueTier,
  scores: readonly WeekScore[],
  prizeRanks: number,
): GroupResult[] {
  const ranked = rankScores(scores);
  return ranked.map((score) => {
    const outcome = outcomeOf(tier, ranked.length, score.rank, score.xp);
    return {
      ...score,
      outcome,
      nextTier: tierAfter(tier, outcome),
      prizeRank: score.rank <= prizeRanks && score.xp > 0 ? score.rank : null,
    };
  });
}
