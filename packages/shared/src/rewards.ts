// Rewards: the daily check-in, streaks, XP from reading and taking part, yearly goals, badges and
// weekly leagues.
import type { PersonSummary } from "./people.ts";

/** Where XP comes from. Each source has a rule: XP per unit and a daily cap. */
export const XP_SOURCES = [
  "reading_minutes",
  "listening_minutes",
  "episode_completed",
  "title_finished",
  "club_post",
  "reel_watched",
] as const;
export type XpSource = (typeof XP_SOURCES)[number];

/** The sources counted in seconds of activity (XP is per whole minute); the others count events. */
export const MINUTE_SOURCES: readonly XpSource[] = ["reading_minutes", "listening_minutes"];

export const CHECK_IN_CYCLE_DAYS = 7;

export const REWARD_RULE_KEYS = [
  "checkin_day_1",
  "checkin_day_2",
  "checkin_day_3",
  "checkin_day_4",
  "checkin_day_5",
  "checkin_day_6",
  "checkin_day_7",
  "streak_milestone",
  "league_rank_1",
  "league_rank_2",
  "league_rank_3",
  ...XP_SOURCES.map((source) => `xp_${source}` as const),
] as const;
export type RewardRuleKey = (typeof REWARD_RULE_KEYS)[number];

/** Bonus coins (check-in, streak milestones) or XP per unit, with a daily XP cap for XP rules. */
export interface RewardRule {
  key: RewardRuleKey;
  kind: "checkin" | "streak" | "league" | "xp";
  amount: number;
  /** XP rules only: the most XP the source gives a person in one of their days. */
  dailyCap: number | null;
}

/** What each rule is worth until an administrator changes it. */
export const DEFAULT_REWARD_RULES: Record<RewardRuleKey, { amount: number; dailyCap: number | null }> = {
  checkin_day_1: { amount: 5, dailyCap: null },
  checkin_day_2: { amount: 5, dailyCap: null },
  checkin_day_3: { amount: 10, dailyCap: null },
  checkin_day_4: { amount: 10, dailyCap: null },
  checkin_day_5: { amount: 15, dailyCap: null },
  checkin_day_6: { amount: 15, dailyCap: null },
  checkin_day_7: { amount: 50, dailyCap: null },
  streak_milestone: { amount: 25, dailyCap: null },
  league_rank_1: { amount: 50, dailyCap: null },
  league_rank_2: { amount: 30, dailyCap: null },
  league_rank_3: { amount: 20, dailyCap: null },
  xp_reading_minutes: { amount: 2, dailyCap: 120 },
  xp_listening_minutes: { amount: 1, dailyCap: 90 },
  xp_episode_completed: { amount: 10, dailyCap: 100 },
  xp_title_finished: { amount: 50, dailyCap: 150 },
  xp_club_post: { amount: 5, dailyCap: 25 },
  // A reel counts once a day (a view by the reels' rules: 3 s, or half a short reel).
  xp_reel_watched: { amount: 2, dailyCap: 20 },
};

/** The largest coin amount a rule may grant, and the largest XP amount or cap. */
export const REWARD_COINS_MAX = 10_000;
export const REWARD_XP_MAX = 10_000;
export const REWARD_XP_CAP_MAX = 100_000;

/** Streak lengths (in days) that earn the streak milestone bonus. */
export const STREAK_MILESTONES = [3, 7, 14, 30, 60, 100, 180, 365] as const;

export function ruleKindOf(key: RewardRuleKey): RewardRule["kind"] {
  if (key.startsWith("checkin_")) return "checkin";
  if (key === "streak_milestone") return "streak";
  if (key.startsWith("league_")) return "league";
  return "xp";
}

export const xpRuleKey = (source: XpSource) => `xp_${source}` as RewardRuleKey;
export const checkInRuleKey = (cycleDay: number) => `checkin_day_${cycleDay}` as RewardRuleKey;
/** The bonus for finishing a league week at this rank (1 to LEAGUE_PRIZE_RANKS). */
export const leagueRankRuleKey = (rank: number) => `league_rank_${rank}` as RewardRuleKey;

/** The fixed set of things a badge can count. */
export const BADGE_MEASURES = [
  "titles_finished",
  "comics_finished",
  "episodes_completed",
  "best_streak",
  "check_ins",
  "night_owl_days",
  "languages_read",
  "clubs_founded",
  "club_posts",
] as const;
export type BadgeMeasure = (typeof BADGE_MEASURES)[number];

export const BADGE_MEASURE_LABELS: Record<BadgeMeasure, string> = {
  titles_finished: "Titles finished",
  comics_finished: "Comics finished",
  episodes_completed: "Episodes completed",
  best_streak: "Longest check-in streak (days)",
  check_ins: "Daily check-ins",
  night_owl_days: "Nights spent reading (00:00–04:00)",
  languages_read: "Languages of titles finished",
  clubs_founded: "Book clubs founded",
  club_posts: "Posts in book clubs",
};

/** Icons the pages know how to draw. */
export const BADGE_ICONS = [
  "book-open",
  "books",
  "image",
  "flame",
  "calendar-check",
  "moon",
  "languages",
  "users",
  "message-circle",
  "trophy",
  "star",
  "headphones",
] as const;
export type BadgeIcon = (typeof BADGE_ICONS)[number];

export const BADGE_TIERS_MAX = 5;
export const BADGE_THRESHOLD_MAX = 1_000_000;
export const BADGE_NAME_MAX_LENGTH = 60;
export const BADGE_DESCRIPTION_MAX_LENGTH = 200;
export const BADGE_KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const BADGE_KEY_MAX_LENGTH = 40;

export interface BadgeDefinitionFields {
  key: string;
  name: string;
  description: string;
  measure: BadgeMeasure;
  /** Strictly increasing: tier 1 at the first threshold, tier 2 at the second, … */
  thresholds: number[];
  icon: BadgeIcon;
}

/** The badges every platform starts with. */
export const DEFAULT_BADGES: BadgeDefinitionFields[] = [
  {
    key: "first-title",
    name: "First title finished",
    description: "Finish every released episode of a title.",
    measure: "titles_finished",
    thresholds: [1, 10, 50],
    icon: "book-open",
  },
  {
    key: "comic-fan",
    name: "Comic fan",
    description: "Finish comics.",
    measure: "comics_finished",
    thresholds: [10, 25, 100],
    icon: "image",
  },
  {
    key: "week-streak",
    name: "7-day streak",
    description: "Check in on consecutive days.",
    measure: "best_streak",
    thresholds: [7, 30, 100],
    icon: "flame",
  },
  {
    key: "night-owl",
    name: "Night owl",
    description: "Read between midnight and 4 a.m.",
    measure: "night_owl_days",
    thresholds: [1, 7, 30],
    icon: "moon",
  },
  {
    key: "polyglot",
    name: "Three languages",
    description: "Finish titles in different languages.",
    measure: "languages_read",
    thresholds: [3, 5],
    icon: "languages",
  },
  {
    key: "club-founder",
    name: "Club founder",
    description: "Found a book club.",
    measure: "clubs_founded",
    thresholds: [1],
    icon: "users",
  },
  {
    key: "conversationalist",
    name: "Conversationalist",
    description: "Write posts in book clubs.",
    measure: "club_posts",
    thresholds: [10, 100, 500],
    icon: "message-circle",
  },
  {
    key: "episode-reader",
    name: "Episode reader",
    description: "Complete episodes.",
    measure: "episodes_completed",
    thresholds: [10, 100, 1000],
    icon: "books",
  },
];

export const YEARLY_GOAL_MAX = 1_000;
export const REWARD_GRANT_REASON_MAX_LENGTH = 500;
export const REWARD_GRANTS_PAGE_MAX = 100;

export interface CheckInDay {
  /** 1 to 7. */
  day: number;
  coins: number;
  /** Checked in on this day of the current cycle. */
  claimed: boolean;
}

export interface RewardsOverview {
  /** The person's own date (YYYY-MM-DD) and the zone it is reckoned in. */
  today: string;
  timeZone: string;
  checkIn: {
    checkedInToday: boolean;
    /** Today's day of the cycle if checked in, else the day checking in now would be. */
    cycleDay: number;
    days: CheckInDay[];
  };
  streak: { current: number; best: number; nextMilestone: number | null; milestoneCoins: number };
  xp: {
    todayTotal: number;
    bySource: Array<{ source: XpSource; xp: number; cap: number }>;
  };
  yearlyGoal: { year: number; target: number | null; finished: number };
}

export interface CheckInResult {
  /** False when the person had already checked in today: nothing new was granted. */
  isNew: boolean;
  cycleDay: number;
  streak: number;
  coins: number;
  milestoneCoins: number;
}

export interface BadgeTierView {
  tier: number;
  threshold: number;
  earnedAt: string | null;
}

export interface BadgeView {
  id: string;
  key: string;
  name: string;
  description: string;
  icon: string;
  measure: BadgeMeasure;
  /** The person's count for the measure. */
  progress: number;
  tiers: BadgeTierView[];
  /** The highest tier earned, 0 for none. */
  earnedTier: number;
  /** The next threshold to reach, null once every tier is earned. */
  nextThreshold: number | null;
}

export interface RewardGrantView {
  id: string;
  user: { id: string; name: string | null; email: string | null };
  ruleKey: string;
  period: string;
  coins: number;
  entryId: string;
  createdAt: string;
  revokedAt: string | null;
  revokeReason: string | null;
}

export interface RewardGrantPage {
  items: RewardGrantView[];
  nextCursor: string | null;
}

/** A rule's figures for one day of a preview, under the rule in force and as proposed. */
export interface RulePreviewDay {
  /** YYYY-MM-DD: a local date for XP and check-in rules, the UTC Monday a league week ended on. */
  date: string;
  current: number;
  proposed: number;
}

/**
 * What a rule would have granted over the last 7 complete days as it stands and as proposed.
 * Both sides are replays of the same activity: `current` is what the rule in force now gives it,
 * not what was granted at the time (the rule may have changed since). Revoked grants count as
 * never granted.
 */
export interface RulePreview {
  key: RewardRuleKey;
  kind: RewardRule["kind"];
  unit: "XP" | "coins";
  /** The first and last day replayed, both included (YYYY-MM-DD). */
  period: { from: string; to: string };
  current: { amount: number; dailyCap: number | null };
  proposed: { amount: number; dailyCap: number | null };
  /** People the rule applied to in the period (who read, checked in, reached a milestone or rank). */
  people: number;
  /** Of them, those whose reward would differ under the proposal. */
  peopleAffected: number;
  currentTotal: number;
  proposedTotal: number;
  /** proposedTotal − currentTotal. */
  difference: number;
  /** Every day of the period, oldest first, zeros included. */
  days: RulePreviewDay[];
  /** XP rules: person-days whose XP reached the daily cap under each; null for coin rules. */
  cappedDays: { current: number; proposed: number } | null;
}

// Weekly leagues: people earning XP in the same week, in groups of their tier.

/** Lowest first: newcomers start in the first, nobody goes above the last. */
export const LEAGUE_TIERS = [
  "bronze",
  "silver",
  "gold",
  "sapphire",
  "ruby",
  "emerald",
  "amethyst",
  "pearl",
  "obsidian",
  "diamond",
] as const;
export type LeagueTier = (typeof LEAGUE_TIERS)[number];

export const LEAGUE_TIER_LABELS: Record<LeagueTier, string> = {
  bronze: "Bronze",
  silver: "Silver",
  gold: "Gold",
  sapphire: "Sapphire",
  ruby: "Ruby",
  emerald: "Emerald",
  amethyst: "Amethyst",
  pearl: "Pearl",
  obsidian: "Obsidian",
  diamond: "Diamond",
};

/** The most people in one league group. */
export const LEAGUE_GROUP_SIZE = 30;
/** Of a full group, how many move up and how many move down (scaled for smaller groups). */
export const LEAGUE_PROMOTED_OF_FULL = 7;
export const LEAGUE_DEMOTED_OF_FULL = 5;
/** The ranks that earn bonus coins (with XP above 0), each by its own rule. */
export const LEAGUE_PRIZE_RANKS = 3;

export const LEAGUE_OUTCOMES = ["promoted", "stayed", "demoted"] as const;
export type LeagueOutcome = (typeof LEAGUE_OUTCOMES)[number];

/** Where a rank stands in its group: moving up, moving down or staying, if the week ended now. */
export type LeagueZone = "promotion" | "stay" | "demotion";

export const ALL_TIME_BOARD_SIZE = 100;

export interface LeagueStanding {
  rank: number;
  person: PersonSummary;
  xp: number;
  isMe: boolean;
  zone: LeagueZone;
}

export interface LeagueLastResult {
  weekStart: string;
  tier: LeagueTier;
  rank: number;
  outcome: LeagueOutcome;
  coins: number;
}

export interface MyLeague {
  /** Monday (UTC) the week starts, YYYY-MM-DD; it ends the next Monday at 00:00 UTC. */
  weekStart: string;
  endsAt: string;
  /** Seconds left when this was computed; count down from endsAt rather than refreshing. */
  secondsLeft: number;
  tier: LeagueTier;
  /** False until the person earns XP this week; then the group and standings are there. */
  joined: boolean;
  group: {
    id: string;
    memberCount: number;
    /** The top this many move up and the bottom this many move down (0 at the ends of the tiers). */
    promotedCount: number;
    demotedCount: number;
  } | null;
  /** Members the caller may see (others opted out or blocked leave gaps in the ranks). */
  standings: LeagueStanding[];
  me: { rank: number; xp: number; zone: LeagueZone } | null;
  lastResult: LeagueLastResult | null;
  optedOut: boolean;
}

export interface BoardEntry {
  rank: number;
  person: PersonSummary;
  xp: number;
  isMe: boolean;
}

export interface AllTimeBoard {
  entries: BoardEntry[];
  /** The caller's rank and total, null when opted out. */
  me: { rank: number; xp: number } | null;
}

export interface FriendsBoardEntry {
  person: PersonSummary;
  weekXp: number;
  allTimeXp: number;
  /** Among the people on this board, by this week's XP. */
  rank: number;
  isMe: boolean;
}

export interface FriendsBoard {
  weekStart: string;
  entries: FriendsBoardEntry[];
}
