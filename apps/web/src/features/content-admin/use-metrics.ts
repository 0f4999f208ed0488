// Content metrics over a range of days: the catalogue's or one title's. The last figures stay shown
// while a new range loads.
import type { ContentType } from "@litverse/shared/content";
import type { Range } from "@litverse/shared/day-range";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { trpc } from "../../lib/trpc.ts";

export function useOverviewMetrics(range: Range, contentType: ContentType | undefined, enabled: boolean) {
  return useQuery({
    ...trpc.contentMetrics.getOverview.queryOptions({ ...range, ...(contentType ? { contentType } : {}) }),
    enabled,
    placeholderData: keepPreviousData,
  });
}

export function useTitleMetrics(contentId: string, range: Range, enabled: boolean) {
  return useQuery({
    ...trpc.contentMetrics.getContentMetrics.queryOptions({ contentId, ...range }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
