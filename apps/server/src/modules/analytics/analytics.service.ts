// The analytics page: active people, retention by sign-up cohort, funnels and content
// performance for a period beside the one before, read from the tables kept as events arrive
// (core/activity.ts, core/daily-counts.ts). Live with the daily counts: at most twice a second.
import type { AnalyticsReport, DayRange, PersonListingLite, TitleDropOff } from "@litverse/shared/analytics";
import { DAILY_COUNTS_TOPIC } from "../../core/daily-counts.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { activityReport } from "./report/activity-report.ts";
import { cohortPeople, cohortsReport } from "./report/cohorts-report.ts";
import { funnelsReport } from "./report/funnels-report.ts";
import { periodBefore } from "./report/period.ts";
import { titleDropOff, titlesReport } from "./report/titles-report.ts";

export async function getAnalyticsReport(
  deps: ServiceDeps,
  input: { range: DayRange; funnelWindowDays: number },
): Promise<AnalyticsReport> {
  track(DAILY_COUNTS_TOPIC);
  const { db } = deps;
  const [activity, cohorts, funnels, titles] = await Promise.all([
    activityReport(db, input.range),
    cohortsReport(db, input.range),
    funnelsReport(db, input.range, input.funnelWindowDays),
    titlesReport(db, input.range),
  ]);
  return {
    range: input.range,
    previous: periodBefore(input.range),
    activity,
    cohorts,
    funnels,
    titles,
    funnelWindowDays: input.funnelWindowDays,
  };
}

export async function getTitleDropOff(
  deps: ServiceDeps,
  input: { contentId: string; range: DayRange },
): Promise<TitleDropOff> {
  track(DAILY_COUNTS_TOPIC);
  return titleDropOff(deps.db, input.contentId, input.range);
}

export async function getCohortPeople(
  deps: ServiceDeps,
  input: { cohortWeek: string; week: string },
): Promise<PersonListingLite[]> {
  track(DAILY_COUNTS_TOPIC);
  return cohortPeople(deps.db, input.cohortWeek, input.week);
}
