// The admin dashboard and analytics, as the admin area shows them.
import type { AdminSection } from "./admin-permissions.ts";

/** Days each dashboard figure's sparkline covers, today included. */
export const DASHBOARD_DAYS = 14;

export type FigureUnit = "count" | "minutes" | "coins" | "money";

export interface DashboardFigure {
  key: string;
  label: string;
  /** Now, or today so far. */
  value: number;
  unit: FigureUnit;
  /** For money: the currency of `value` and `series` (minor units). */
  currency?: string;
  /** One value per day, oldest first, the last one today; null where a figure has no history. */
  series: number[] | null;
  /** The page that explains it. */
  href: string;
  section: AdminSection;
  /** A word on what counts, for the figure's tooltip and screen readers. */
  hint: string;
}

export interface DashboardGroup {
  title: string;
  figures: DashboardFigure[];
}

export interface Dashboard {
  generatedAt: string;
  /** The days of the sparklines, oldest first (YYYY-MM-DD, UTC). */
  days: string[];
  groups: DashboardGroup[];
}

/** The longest period one analytics view covers. */
export const ANALYTICS_MAX_DAYS = 366;

/** The funnels' windows, in days: how long after its first step a step still counts. */
export const FUNNEL_WINDOWS = [1, 7, 14, 30] as const;
export type FunnelWindow = (typeof FUNNEL_WINDOWS)[number];
export const DEFAULT_FUNNEL_WINDOW: FunnelWindow = 7;

/** The funnels' window from the address (?window=), the default for anything else. */
export function parseFunnelWindow(param: string | null): FunnelWindow {
  const days = Number(param);
  return (FUNNEL_WINDOWS as readonly number[]).includes(days)
    ? (days as FunnelWindow)
    : DEFAULT_FUNNEL_WINDOW;
}

/** A period of whole UTC days, both ends included (YYYY-MM-DD). */
export interface DayRange {
  from: string;
  to: string;
}

/** One day of active people, by kind. */
export interface ActiveDay {
  day: string;
  active: number;
  /** Active on the day they signed up. */
  new: number;
  returning: number;
  /** Where: the installed app, a browser tab. */
  app: number;
  browser: number;
  /** What: people who read, listened, watched or played each kind that day. */
  byType: Record<ActiveContentType, number>;
}

export const ACTIVE_CONTENT_TYPES = ["book", "audiobook", "comic", "drama", "story", "reel"] as const;
export type ActiveContentType = (typeof ACTIVE_CONTENT_TYPES)[number];

export const ACTIVE_CONTENT_TYPE_LABELS: Record<ActiveContentType, string> = {
  book: "Books",
  audiobook: "Audiobooks",
  comic: "Comics",
  drama: "Dramas",
  story: "Interactive stories",
  reel: "Reels",
};

/** A period's figure beside the same figure for the period just before, as long. */
export interface Compared {
  value: number;
  previous: number;
}

export interface ActivityReport {
  days: ActiveDay[];
  /** People active in each week (Monday first) that overlaps the period. */
  weeks: { week: string; active: number }[];
  /** People active in each calendar month that overlaps the period. */
  months: { month: string; active: number }[];
  averageDaily: Compared;
  /** Everyone counted once per week, averaged over the weeks. */
  averageWeekly: Compared;
  /** The last month of the period: its people active. */
  monthly: Compared;
  /** Average daily ÷ monthly active, in percent, for the period's last month. */
  stickinessPercent: Compared;
  newPeople: Compared;
}

/** A sign-up week and what became of it, week by week. */
export interface CohortRow {
  /** The Monday of the week they signed up. */
  cohortWeek: string;
  signedUp: number;
  /** Week 0 (the sign-up week) onwards, as far as time has gone. */
  weeks: { offset: number; week: string; active: number; coinsBought: number; coinsSpent: number }[];
}

export interface CohortReport {
  /** The weeks shown after sign-up: 0 to this. */
  maxOffset: number;
  cohorts: CohortRow[];
}

export type FunnelKey = "reading" | "reels" | "stories";

export interface FunnelStep {
  label: string;
  people: number;
  previous: number;
}

export interface Funnel {
  key: FunnelKey;
  title: string;
  /** Who starts it: what the period selects on. */
  startsWith: string;
  steps: FunnelStep[];
}

export interface TitlePerformance {
  contentId: string;
  title: string;
  contentType: string;
  newReaders: Compared;
  completions: Compared;
  /** Completions ÷ new readers in the period, in percent (0 without readers). */
  completionPercent: number;
  coinsEarned: Compared;
}

export interface AnalyticsReport {
  range: DayRange;
  previous: DayRange;
  activity: ActivityReport;
  cohorts: CohortReport;
  funnels: Funnel[];
  /** Titles by new readers in the period, most first. */
  titles: TitlePerformance[];
  funnelWindowDays: number;
}

/** Readers who first opened each episode of a title in the period: where readers drop off. */
export interface TitleDropOff {
  contentId: string;
  title: string;
  episodes: { episodeId: string; number: number; title: string; newReaders: number }[];
}

/** A person in one cell of the retention table. */
export interface PersonListingLite {
  id: string;
  name: string | null;
  handle: string | null;
  signedUpAt: string;
}
