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
