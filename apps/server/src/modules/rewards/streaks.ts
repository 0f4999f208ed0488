// A person's days, reckoned in their own time zone, and what consecutive days make: the streak and
// the day of the 7-day check-in cycle. Pure, so that time zones and daylight-saving changes can be
// tested exhaustively without a database.
import { CHECK_IN_CYCLE_DAYS, STREAK_MILESTONES } from "@litverse/shared/rewards";

const DAY_MS = 24 * 60 * 60 * 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The zone to reckon in: the person's if this runtime knows it, else UTC. */
export function effectiveTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return "UTC";
  try {
    formatterFor(timeZone);
    return timeZone;
  } catch {
    return "UTC";
  }
}

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    // Stryker disable next-line CallExpression: only a cache; a new formatter formats the same
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallClockAt(instant: Date, timeZone: string): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(instant)) {
    // Stryker disable next-line StringLiteral: the separators' entry is never read
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

/** The date (YYYY-MM-DD) it is at `instant` where the person lives. */
export function localDateOf(instant: Date, timeZone: string): string {
  const clock = wallClockAt(instant, effectiveTimeZone(timeZone));
  return `${pad(clock.year, 4)}-${pad(clock.month)}-${pad(clock.day)}`;
}

/** The hour (0–23) it is at `instant` where the person lives. */
export function localHourOf(instant: Date, timeZone: string): number {
  return wallClockAt(instant, effectiveTimeZone(timeZone)).hour;
}

export function yearOf(localDate: string): number {
  return Number(localDate.slice(0, 4));
}

function dayNumber(localDate: string): number {
  const [year, month, day] = localDate.split("-").map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD): 1 for consecutive dates, whatever the clocks did. */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

export function addDays(localDate: string, days: number): string {
  return new Date((dayNumber(localDate) + days) * DAY_MS).toISOString().slice(0, 10);
}

export interface StreakState {
  current: number;
  best: number;
  lastDate: string;
}

/**
 * The streak after checking in on `today`: one more after the day before, unchanged on the same
 * day, back to 1 after a missed day. A date before the last one (a clock moved back) changes nothing.
 */
export function nextStreak(previous: StreakState | null, today: string): StreakState {
  if (!previous) return { current: 1, best: 1, lastDate: today };
  const gap = daysBetween(previous.lastDate, today);
  if (gap <= 0) return previous;
  const current = gap === 1 ? previous.current + 1 : 1;
  return { current, best: Math.max(previous.best, current), lastDate: today };
}

/** The streak as it stands on `today`: broken once a whole day has passed without a check-in. */
export function standingStreak(state: StreakState | null, today: string): number {
  if (!state) return 0;
  return daysBetween(state.lastDate, today) <= 1 ? state.current : 0;
}

/** The cycle restarts with the streak, so day n of a streak is day ((n − 1) mod 7) + 1 of the cycle. */
export function cycleDayOf(streak: number): number {
  return ((Math.max(1, streak) - 1) % CHECK_IN_CYCLE_DAYS) + 1;
}

export function isStreakMilestone(streak: number): boolean {
  return (STREAK_MILESTONES as readonly number[]).includes(streak);
}

export function nextStreakMilestone(streak: number): number | null {
  return STREAK_MILESTONES.find((milestone) => milestone > streak) ?? null;
}

/**
 * The instant a wall-clock time happens where the person lives. A time the clocks skip resolves
 * as if they had not moved yet (02:30 on a spring-forward night is 03:30); a time they repeat
 * resolves to its first occurrence.
 */
export function instantAt(localDate: string, hour: number, minute: number, timeZone: string): Date {
  const zone = effectiveTimeZone(timeZone);
  const [year, month, day] = localDate.split("-").map(Number);
  const wanted = Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1, hour, minute);
  const offsetAt = (instant: number) => {
    const clock = wallClockAt(new Date(instant), zone);
    const asUtc = Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute, clock.second);
    return asUtc - Math.floor(instant / 1000) * 1000;
  };
  // The two offsets in force around the wanted time; one of them maps it to a real instant.
  const before = offsetAt(wanted - DAY_MS);
  const after = offsetAt(wanted + DAY_MS);
  // Stryker disable next-line MethodExpression,ArrowFunction: both candidates map only where the clocks went back, and then the offset before is the larger, so they already come in order
  const candidates = [wanted - before, wanted - after].sort((a, b) => a - b);
  for (const candidate of candidates) {
    if (offsetAt(candidate) === wanted - candidate) return new Date(candidate);
  }
  // In a gap: neither offset maps to it, so take the moment the clocks jumped past it.
  return new Date(wanted - before);
}
