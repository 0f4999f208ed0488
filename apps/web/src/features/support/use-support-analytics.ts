// The support figures for a range of days, kept live; the last figures stay while the next load.
import { keepPreviousData } from "@tanstack/react-query";
import type { inferInput } from "@trpc/tanstack-react-query";
import { useLiveQuery } from "../../lib/live-query.ts";
import { trpc } from "../../lib/trpc.ts";

export function useSupportAnalytics(range: inferInput<typeof trpc.support.getAnalytics>, enabled: boolean) {
  return useLiveQuery({
    ...trpc.support.getAnalytics.queryOptions(range),
    enabled,
    placeholderData: keepPreviousData,
  });
}
