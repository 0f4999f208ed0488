// Periods of whole UTC days: the one asked for, and the one just before it, as long.
import type { DayRange } from "@litverse/shared/analytics";
import { dayOf } from "../../../core/daily-counts.ts";

const DAY_MS = 86_400_000;

export const addDays = (day: string, days: number) =>
  dayOf(new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS));

/** How many days the period covers, both ends included. */
export const lengthOf = (range: DayRange) =>
  Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;

/** The period of the same length that ends the day before `range` starts. */
export function periodBefore(range: DayRange): DayRange {
  return { from: addDays(range.from, -lengthOf(range)), to: addDays(range.from, -1) };
}

/** Every day of the period, oldest first. */
export function daysOf(range: DayRange): string[] {
  return Array.from({ length: lengthOf(range) }, (_, index) => addDays(range.from, index));
}

/** The period's start as a moment, and the moment after its last day ends. */
export function momentsOf(range: DayRange): { start: Date; end: Date } {
  return {
    start: new Date(`${range.from}T00:00:00Z`),
    end: new Date(Date.parse(`${range.to}T00:00:00Z`) + DAY_MS),
  };
}
