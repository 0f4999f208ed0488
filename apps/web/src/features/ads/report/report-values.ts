// How an ad's figures read: coins to two decimals (spend is counted in thousandths), the share of
// views clicked, and what of a paid budget is still held or came back.
import type { AdCampaign, AdTotals } from "@litverse/shared/ads";

const coinFormat = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const percentFormat = new Intl.NumberFormat("en-US", { style: "percent", maximumFractionDigits: 2 });

/** "1,234.57": coins, to two decimals at most. */
export function formatCoins(coins: number): string {
  return coinFormat.format(Number.isFinite(coins) ? coins : 0);
}

/** "1.25%": a share between 0 and 1. */
export function formatShare(share: number): string {
  return percentFormat.format(Number.isFinite(share) ? share : 0);
}

/** Clicks per impression, 0 before the first impression. */
export function clickThroughRate(totals: Pick<AdTotals, "impressions" | "clicks">): number {
  return totals.impressions > 0 ? totals.clicks / totals.impressions : 0;
}

/** Statuses after which nothing more is spent and what is left has gone back to the wallet. */
const SETTLED = new Set<AdCampaign["status"]>(["rejected", "stopped", "ended"]);

/**
 * A paid budget's unspent part: still held while the ad may run, returned once it cannot. Null
 * for house ads, which have no coins.
 */
export function budgetLeft(
  campaign: Pick<AdCampaign, "budgetCoins" | "status" | "totals">,
): { coins: number; returned: boolean } | null {
  if (campaign.budgetCoins === null) return null;
  const coins = Math.max(0, campaign.budgetCoins - campaign.totals.spentCoins);
  return { coins: Math.round(coins * 1000) / 1000, returned: SETTLED.has(campaign.status) };
}
