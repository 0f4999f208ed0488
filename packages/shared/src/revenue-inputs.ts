import { z } from "zod";

/** The longest range the revenue figures cover in one call (a year, leap day included). */
export const MAX_REVENUE_RANGE_DAYS = 366;
const DAY_MS = 86_400_000;

const daySchema = z.iso.date("A day as YYYY-MM-DD");

/** A range of whole days (UTC, both included), at most MAX_REVENUE_RANGE_DAYS long. */
export const revenueAnalyticsInput = z
  .object({ from: daySchema, to: daySchema })
  .strict()
  .superRefine((value, context) => {
    if (value.from > value.to) {
      context.addIssue({ code: "custom", message: "The range ends before it starts", path: ["to"] });
    } else if ((Date.parse(value.to) - Date.parse(value.from)) / DAY_MS + 1 > MAX_REVENUE_RANGE_DAYS) {
      context.addIssue({
        code: "custom",
        message: `At most ${MAX_REVENUE_RANGE_DAYS} days at a time`,
        path: ["from"],
      });
    }
  });
export type RevenueAnalyticsInput = z.infer<typeof revenueAnalyticsInput>;
