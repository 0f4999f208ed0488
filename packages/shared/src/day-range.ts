// Ranges of days for the admin dashboards (content metrics, revenue): the presets, the range as
// YYYY-MM-DD days, the range an address asks for, and how it reads. Days are UTC, as the server
// counts them.
import type { AddressQuery } from "./address-query.ts";

export const PRESETS = [7, 30, 90] as const;
export const DEFAULT_PRESET = 30;
export const DAY_MS = 86_400_000;

export interface Range {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
}

/** YYYY-MM-DD in UTC. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function presetRange(days: number, now = Date.now()): Range {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

/** "Mar 4, 2026 to Mar 10, 2026 (UTC)". */
export const describeRange = ({ from, to }: Range) =>
  `${longDay.format(new Date(`${from}T00:00:00Z`))} to ${longDay.format(new Date(`${to}T00:00:00Z`))} (UTC)`;

/** The range an address asks for (?days=7|30|90, or ?from=&to= for custom days), the preset's by default. */
export function rangeFromAddress(
  params: AddressQuery,
  now = Date.now(),
): { range: Range; isCustom: boolean; preset: number } {
  const from = params.get("from");
  const to = params.get("to");
  const days = Number(params.get("days") ?? DEFAULT_PRESET);
  const isCustom = Boolean(from || to) || params.get("days") === "custom";
  const preset = (PRESETS as readonly number[]).includes(days) ? days : DEFAULT_PRESET;
  return {
    range: isCustom ? { from: from ?? "", to: to ?? "" } : presetRange(preset, now),
    isCustom,
    preset,
  };
}

/**
 * Why a custom range is not a range at all (a day missing, or the end before the start), or null.
 * Each page adds the longest range its server takes.
 */
export function rangeShapeProblem({ from, to }: Range): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return "Choose both days.";
  if (from > to) return "The range ends before it starts.";
  return null;
}
