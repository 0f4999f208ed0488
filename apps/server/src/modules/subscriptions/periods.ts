// Date arithmetic of billing periods and monthly bonuses, in UTC.
import type { PlanInterval } from "@litverse/shared/coins";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The average Gregorian month. */
const AVERAGE_MONTH_MS = (365.2425 / 12) * DAY_MS;

/**
 * `date` moved by whole calendar months, the day of the month kept where the month has it and
 * clamped to its last day where not (31 January + 1 month = 28 or 29 February).
 */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

export function monthsIn(interval: PlanInterval): number {
  return interval === "year" ? 12 : 1;
}

/** The end of a period of this interval starting at `start`. */
export function periodEnd(start: Date, interval: PlanInterval): Date {
  return addMonths(start, monthsIn(interval));
}

/**
 * Which month of a subscription a moment falls in, counted from the subscription's anchor (when it
 * was taken out): 0, 1, 2… It names each month's bonus (`plan-bonus:<subscription>:<index>`), so
 * a month's bonus is granted once whether its period start came from our own arithmetic or from
 * the provider's clock, which may differ by hours or a day or two. Rounding to the nearest average
 * month absorbs such drift; months are always a full calendar month apart, far from the rounding
 * boundary.
 */
export function bonusMonthIndex(anchor: Date, monthStart: Date): number {
  return Math.max(0, Math.round((monthStart.getTime() - anchor.getTime()) / AVERAGE_MONTH_MS));
}

/**
 * The starts of the months of the period [start, end) that have begun by `now`: one for a
 * monthly period, up to twelve for a yearly one.
 */
export function monthStartsDue(start: Date, end: Date, now: Date): Date[] {
  const starts: Date[] = [];
  for (let month = 0; month < 12; month++) {
    const monthStart = addMonths(start, month);
    if (monthStart >= end || monthStart > now) break;
    starts.push(monthStart);
  }
  return starts;
}
