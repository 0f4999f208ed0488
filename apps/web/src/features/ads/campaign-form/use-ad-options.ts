// What the campaign form asks the server: the placements open to ads with their prices, the
// budget's limits and the wallet (kept live, so a purchase elsewhere shows at once), and the
// titles, clubs, stories and reels an ad may promote, found by name.
import type { AdvertiserTargetKind } from "@litverse/shared/ads";
import { useQuery } from "@tanstack/react-query";
import { useLiveQuery } from "../../../lib/live-query.ts";
import { trpc } from "../../../lib/trpc.ts";

export function useAdOptions() {
  return useLiveQuery(trpc.ads.getAdOptions.queryOptions());
}

export function useAdTargetSearch(kind: AdvertiserTargetKind, query: string) {
  return useQuery({
    ...trpc.ads.searchAdTargets.queryOptions({ kind, query }),
    // The results found so far stay while the next words are looked up.
    placeholderData: (previous) => previous,
  });
}
