// The reels' figures over a range of days, live: for all reels (which also lists each reel) and,
// when one is chosen, for that reel. The last figures stay while a new range loads.

import type { Range } from "@litverse/shared/day-range";
import { keepPreviousData } from "@tanstack/react-query";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { trpc } from "../../../lib/trpc.ts";

/** `isEnabled` false (a range the server would refuse) asks for nothing. */
export function useReelsAnalytics(range: Range, reelId: string | null, isEnabled: boolean) {
  const overall = useLiveQuery({
    ...trpc.reels.getReelsAnalytics.queryOptions({ ...range, reelId: null }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
  const selected = useLiveQuery({
    ...trpc.reels.getReelsAnalytics.queryOptions({ ...range, reelId }),
    enabled: isEnabled && reelId !== null,
    placeholderData: keepPreviousData,
  });
  return { overall, analytics: reelId ? selected : overall };
}
