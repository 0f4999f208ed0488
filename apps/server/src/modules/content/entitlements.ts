// What a viewer holds that opens locked episodes: episodes unlocked for good (coins, bulk, wait for
// free) or rented and not yet expired, and plan tiers (subscriptions in force, VVIP grants). Every
// query that decides a lock loads them here, so it follows unlocks, refunds and plan changes live.
import { and, eq, gt, isNull, or } from "drizzle-orm";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { activeTiers } from "../subscriptions/index.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import type { Entitlements } from "./episode-access.ts";
import { entitlementsTopic } from "./topics.ts";

/**
 * The user's entitlements on one title. A rental counts until it ends; a live query does not
 * re-run by itself at that moment, but every opening of the episode checks again.
 */
export async function loadEntitlements(
  deps: ServiceDeps,
  userId: string,
  contentId: string,
): Promise<Entitlements> {
  track(entitlementsTopic(userId));
  const [unlocks, tiers] = await Promise.all([
    deps.db
      .select({ episodeId: episodeUnlocks.episodeId })
      .from(episodeUnlocks)
      .where(
        and(
          eq(episodeUnlocks.userId, userId),
          eq(episodeUnlocks.contentId, contentId),
          isNull(episodeUnlocks.revokedAt),
          or(isNull(episodeUnlocks.expiresAt), gt(episodeUnlocks.expiresAt, new Date())),
        ),
      ),
    activeTiers(deps.db, userId),
  ]);
  return { unlockedEpisodeIds: new Set(unlocks.map((row) => row.episodeId)), tiers };
}
