// What a viewer holds that opens locked episodes: episodes unlocked with coins, and plan tiers.
// Coin unlocks and subscription plans arrive with the coins area; until they exist nobody holds
// either, so priced and tiered episodes stay locked on the server (their files included).
import type { ServiceDeps } from "../../rpc/context.ts";
import { type Entitlements, NO_ENTITLEMENTS } from "./episode-access.ts";

/** What opens this user's locked episodes: their unlocks, plans and VVIP grants. */
export const entitlementsTopic = (userId: string) => `user:${userId}:entitlements`;

export async function loadEntitlements(
  _deps: ServiceDeps,
  _userId: string,
  _contentId: string,
): Promise<Entitlements> {
  return NO_ENTITLEMENTS;
}
