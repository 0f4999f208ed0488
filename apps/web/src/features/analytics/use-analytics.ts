// The analytics page's calls: the report for a range of days (live; the last figures stay shown
// while a new range loads), a title's drop-off by episode (live) and the people of one retention
// cell.

import type { FunnelWindow } from "@litverse/shared/analytics";
import type { Range } from "@litverse/shared/day-range";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** `enabled` false for a range the server would refuse. */
export function useAnalyticsReport(range: Range, funnelWindowDays: FunnelWindow, enabled: boolean) {
  return useLiveQuery({
    ...trpc.analytics.getAnalyticsReport.queryOptions({ range, funnelWindowDays }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** A title's new readers episode by episode, live. */
export function useTitleDropOff(contentId: string, range: Range) {
  return useLiveQuery(trpc.analytics.getTitleDropOff.queryOptions({ contentId, range }));
}

/** One cell of the retention table: the cohort's sign-up week and the week they were active. */
export interface CohortCell {
  cohortWeek: string;
  week: string;
}

/** The people of a cell (the first 100); nothing while no cell is open. */
export function useCohortPeople(cell: CohortCell | null) {
  return useQuery({
    // Only the two days: the input is strict, and the open cell carries more for its dialog.
    ...trpc.analytics.getCohortPeople.queryOptions({
      cohortWeek: cell?.cohortWeek ?? "",
      week: cell?.week ?? "",
    }),
    enabled: cell !== null,
  });
}
