// What a paid ad's budget buys: the budget as typed, each placement's price in the chosen model,
// and the reach at the cheapest of the chosen placements.
import type { AdPlacement, AdPlacementSettings, AdPricing } from "@litverse/shared/ads";

/** Whole coins as typed; NaN when it is not a number, for the schema to say so. */
export function parseCoins(text: string): number {
  const trimmed = text.trim().replace(/[,\s]/g, "");
  return /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/** A placement's price in the chosen model. */
export function rateOf(row: AdPlacementSettings, pricing: AdPricing): number {
  return pricing === "cpm" ? row.cpmCoins : row.cpcCoins;
}

/**
 * What the budget buys at the cheapest chosen placement (the most it can buy): viewable views for
 * a price per thousand, clicks for a price per click. Null without a budget or a placement.
 */
export function estimateReach(
  budgetCoins: number,
  pricing: AdPricing,
  placements: readonly AdPlacementSettings[],
  chosen: readonly AdPlacement[],
): { count: number; unit: "views" | "clicks" } | null {
  if (!Number.isFinite(budgetCoins) || budgetCoins <= 0) return null;
  const rates = placements
    .filter((row) => row.enabled && chosen.includes(row.placement))
    .map((row) => rateOf(row, pricing))
    .filter((rate) => rate > 0);
  if (rates.length === 0) return null;
  const cheapest = Math.min(...rates);
  return pricing === "cpm"
    ? { count: Math.floor((budgetCoins / cheapest) * 1000), unit: "views" }
    : { count: Math.floor(budgetCoins / cheapest), unit: "clicks" };
}
