// The demo's coin packages for /coins/buy: amounts in cents, US dollars.

import type { ServiceDeps } from "../../core/service-deps.ts";
import { COIN_PACKAGES_TOPIC } from "./packages.service.ts";
import { coinPackages } from "./schema.ts";

export const DEMO_COIN_PACKAGES = [
  { name: "Starter", coins: 100, bonusCoins: 0, priceMinor: 99, currency: "USD", sortOrder: 10 },
  { name: "Popular", coins: 550, bonusCoins: 50, priceMinor: 499, currency: "USD", sortOrder: 20 },
  { name: "Best value", coins: 1200, bonusCoins: 200, priceMinor: 999, currency: "USD", sortOrder: 30 },
  { name: "Binge", coins: 2500, bonusCoins: 500, priceMinor: 1999, currency: "USD", sortOrder: 40 },
] as const;

/** Adds the demo packages unless there are packages already. Returns how many it added. */
export async function seedDemoCoinPackages(deps: ServiceDeps): Promise<number> {
  const [existing] = await deps.db.select({ id: coinPackages.id }).from(coinPackages).limit(1);
  if (existing) return 0;
  const rows = await deps.db
    .insert(coinPackages)
    .values(DEMO_COIN_PACKAGES.map((pkg) => ({ ...pkg })))
    .returning({ id: coinPackages.id });
  deps.changes.changed(COIN_PACKAGES_TOPIC);
  return rows.length;
}
