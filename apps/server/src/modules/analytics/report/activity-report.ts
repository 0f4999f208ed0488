// Active people in a period, from the daily counts: per day (new and returning, where and what),
// per week and per month, with averages and stickiness beside the period before.
import {
  ACTIVE_CONTENT_TYPES,
  type ActiveDay,
  type ActivityReport,
  type Compared,
  type DayRange,
} from "@litverse/shared/analytics";
import { and, between, like, sql } from "drizzle-orm";
import { weekOf } from "../../../core/activity.ts";
import type { Executor } from "../../../core/db/client.ts";
import { dailyCounts } from "../../../core/db/schema.ts";
import { addDays, daysOf, periodBefore } from "./period.ts";

type Counts = Map<string, Map<string, number>>;

/** The activity metrics' values per day between two days, both included: metric → day → value. */
async function activityCounts(db: Executor, from: string, to: string): Promise<Counts> {
  const rows = await db
    .select({
      day: dailyCounts.day,
      metric: dailyCounts.metric,
      value: sql<number>`sum(${dailyCounts.value})::bigint`,
    })
    .from(dailyCounts)
    .where(and(between(dailyCounts.day, from, to), like(dailyCounts.metric, "people.active%")))
    .groupBy(dailyCounts.day, dailyCounts.metric);
  const counts: Counts = new Map();
  for (const row of rows) {
    const byDay = counts.get(row.metric) ?? new Map<string, number>();
    byDay.set(String(row.day), Number(row.value));
    counts.set(row.metric, byDay);
  }
  return counts;
}

const countOf = (counts: Counts, metric: string, day: string) => counts.get(metric)?.get(day) ?? 0;

function activeDays(counts: Counts, range: DayRange): ActiveDay[] {
  return daysOf(range).map((day) => {
    const active = countOf(counts, "people.active", day);
    const fresh = countOf(counts, "people.active_new", day);
    return {
      day,
      active,
      new: fresh,
      returning: Math.max(0, active - fresh),
      app: countOf(counts, "people.active:platform:app", day),
      browser: countOf(counts, "people.active:platform:browser", day),
      byType: Object.fromEntries(
        ACTIVE_CONTENT_TYPES.map((type) => [type, countOf(counts, `people.active:type:${type}`, day)]),
      ) as ActiveDay["byType"],
    };
  });
}

/** The Mondays of the weeks that overlap the period. */
function weeksOf(range: DayRange): string[] {
  const weeks: string[] = [];
  for (let week = weekOf(range.from); week <= range.to; week = addDays(week, 7)) weeks.push(week);
  return weeks;
}

function monthsOf(range: DayRange): string[] {
  const months: string[] = [];
  for (let month = `${range.from.slice(0, 7)}-01`; month <= range.to; ) {
    months.push(month);
    const date = new Date(`${month}T00:00:00Z`);
    date.setUTCMonth(date.getUTCMonth() + 1);
    month = date.toISOString().slice(0, 10);
  }
  return months;
}

const average = (values: number[]) =>
  values.length === 0
    ? 0
    : Math.round((values.reduce((sum, value) => sum + value, 0) / values.length) * 10) / 10;

interface PeriodFigures {
  days: ActiveDay[];
  weeks: { week: string; active: number }[];
  months: { month: string; active: number }[];
  averageDaily: number;
  averageWeekly: number;
  monthly: number;
  stickinessPercent: number;
  newPeople: number;
}

function figuresOf(counts: Counts, range: DayRange): PeriodFigures {
  const days = activeDays(counts, range);
  const weeks = weeksOf(range).map((week) => ({
    week,
    active: countOf(counts, "people.active_weekly", week),
  }));
  const months = monthsOf(range).map((month) => ({
    month,
    active: countOf(counts, "people.active_monthly", month),
  }));
  const lastMonth = months.at(-1);
  const lastMonthDays = days.filter((day) => lastMonth && day.day.startsWith(lastMonth.month.slice(0, 7)));
  const monthly = lastMonth?.active ?? 0;
  const dailyInLastMonth = average(lastMonthDays.map((day) => day.active));
  return {
    days,
    weeks,
    months,
    averageDaily: average(days.map((day) => day.active)),
    averageWeekly: average(weeks.map((week) => week.active)),
    monthly,
    stickinessPercent: monthly === 0 ? 0 : Math.round((dailyInLastMonth / monthly) * 1000) / 10,
    newPeople: days.reduce((sum, day) => sum + day.new, 0),
  };
}

export async function activityReport(db: Executor, range: DayRange): Promise<ActivityReport> {
  const previous = periodBefore(range);
  // One read covers both periods, and the weeks and months that reach past their ends.
  const since = [weekOf(previous.from), `${previous.from.slice(0, 7)}-01`].sort()[0] ?? previous.from;
  const counts = await activityCounts(db, since, range.to);
  const now = figuresOf(counts, range);
  const before = figuresOf(counts, previous);
  const compared = (key: keyof Omit<PeriodFigures, "days" | "weeks" | "months">): Compared => ({
    value: now[key],
    previous: before[key],
  });
  return {
    days: now.days,
    weeks: now.weeks,
    months: now.months,
    averageDaily: compared("averageDaily"),
    averageWeekly: compared("averageWeekly"),
    monthly: compared("monthly"),
    stickinessPercent: compared("stickinessPercent"),
    newPeople: compared("newPeople"),
  };
}
