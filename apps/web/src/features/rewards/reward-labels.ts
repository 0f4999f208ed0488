// How the rewards pages name XP sources, rules, tiers and badge icons.
import {
  type BadgeIcon,
  LEAGUE_TIER_LABELS,
  type LeagueTier,
  type RewardRuleKey,
  type XpSource,
} from "@litverse/shared/rewards";
import {
  BookOpen,
  CalendarCheck,
  Flame,
  Headphones,
  Image,
  Languages,
  Library,
  type LucideIcon,
  MessageCircle,
  Moon,
  Star,
  Trophy,
  Users,
} from "lucide-react";

export const XP_SOURCE_LABELS: Record<XpSource, string> = {
  reading_minutes: "Reading",
  listening_minutes: "Listening",
  episode_completed: "Episodes finished",
  title_finished: "Titles finished",
  club_post: "Club posts",
  reel_watched: "Reels watched",
};

/** What one unit of an XP rule is. */
export const XP_SOURCE_UNITS: Record<XpSource, string> = {
  reading_minutes: "minute read",
  listening_minutes: "minute listened",
  episode_completed: "episode finished for the first time",
  title_finished: "title finished",
  club_post: "post in a book club",
  reel_watched: "reel watched (once a reel a day)",
};

export function ruleLabel(key: RewardRuleKey): string {
  if (key.startsWith("checkin_day_")) return `Check-in, day ${key.slice("checkin_day_".length)}`;
  if (key === "streak_milestone") return "Streak milestone";
  if (key.startsWith("league_rank_")) return `League week, rank ${key.slice("league_rank_".length)}`;
  return XP_SOURCE_LABELS[key.slice(3) as XpSource] ?? key;
}

export const tierLabel = (tier: LeagueTier) => `${LEAGUE_TIER_LABELS[tier]} League`;

/** A colour of its own per tier, for the league's emblem (light text on it in both schemes). */
export const TIER_COLOURS: Record<LeagueTier, string> = {
  bronze: "from-amber-700 to-orange-800",
  silver: "from-slate-500 to-slate-700",
  gold: "from-yellow-600 to-amber-700",
  sapphire: "from-blue-600 to-indigo-700",
  ruby: "from-rose-600 to-red-700",
  emerald: "from-emerald-600 to-teal-700",
  amethyst: "from-purple-600 to-fuchsia-700",
  pearl: "from-stone-500 to-zinc-700",
  obsidian: "from-zinc-700 to-neutral-900",
  diamond: "from-cyan-600 to-sky-800",
};

export const BADGE_ICON_COMPONENTS: Record<BadgeIcon, LucideIcon> = {
  "book-open": BookOpen,
  books: Library,
  image: Image,
  flame: Flame,
  "calendar-check": CalendarCheck,
  moon: Moon,
  languages: Languages,
  users: Users,
  "message-circle": MessageCircle,
  trophy: Trophy,
  star: Star,
  headphones: Headphones,
};

export function badgeIconOf(icon: string): LucideIcon {
  return BADGE_ICON_COMPONENTS[icon as BadgeIcon] ?? Star;
}

/** "2d 4h left", "3h 12m left", "5m left": a week's countdown, coarse as it is far away. */
export function formatTimeLeft(seconds: number): string {
  const minutes = Math.max(0, Math.floor(seconds / 60));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  if (days > 0) return `${days}d ${hours}h left`;
  if (hours > 0) return `${hours}h ${minutes % 60}m left`;
  return `${minutes}m left`;
}

export const ordinal = (rank: number) => {
  const tens = rank % 100;
  const suffix =
    tens >= 11 && tens <= 13 ? "th" : ({ 1: "st", 2: "nd", 3: "rd" } as Record<number, string>)[rank % 10];
  return `${rank}${suffix ?? "th"}`;
};
