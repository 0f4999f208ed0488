// The revenue figures for a range of days, live; the last figures stay shown while a new range loads.
import type { RevenueAnalyticsInput } from "@litverse/shared/revenue-inputs";
import { keepPreviousData } from "@tanstack/react-query";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

/** `enabled` false for a range the server would refuse. */
export function useRevenueAnalytics(range: RevenueAnalyticsInput, enabled: boolean) {
  return useLiveQuery({
    ...trpc.revenue.getRevenueAnalytics.queryOptions(range),
    enabled,
    placeholderData: keepPreviousData,
  });
}
