// What the analytics functions accept.
import { z } from "zod";
import { ANALYTICS_MAX_DAYS, FUNNEL_WINDOWS } from "./analytics.ts";

const day = z.iso.date("A date is written YYYY-MM-DD");

const daySpan = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;

export const dayRangeInput = z
  .object({ from: day, to: day })
  .strict()
  .refine((range) => range.from <= range.to, { error: "The first day comes before the last", path: ["to"] })
  .refine((range) => daySpan(range.from, range.to) <= ANALYTICS_MAX_DAYS, {
    error: `Choose at most ${ANALYTICS_MAX_DAYS} days`,
    path: ["from"],
  });

export const analyticsReportInput = z
  .object({
    range: dayRangeInput,
    /** How long after the first step the later steps count. */
    funnelWindowDays: z
      .number()
      .int()
      .refine((days) => (FUNNEL_WINDOWS as readonly number[]).includes(days), "Choose 1, 7, 14 or 30 days")
      .default(7),
  })
  .strict();

export const titleDropOffInput = z
  .object({ contentId: z.uuid("Not a valid title"), range: dayRangeInput })
  .strict();

export const cohortPeopleInput = z
  .object({
    cohortWeek: day,
    week: day,
  })
  .strict()
  .refine((input) => input.cohortWeek <= input.week, {
    error: "A cohort is active after it signs up",
    path: ["week"],
  });
