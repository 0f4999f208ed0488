// Where the unlock dialogs send a reader who needs coins or a plan, and how they come back: the
// episode's own reader address travels along as `returnTo`.
import type { PlanTier } from "@litverse/shared/coins";

/** /coins/buy with the coins still missing and the way back to the episode. */
export function buyCoinsPath(need: number, returnTo: string): string {
  const params = new URLSearchParams({ need: String(Math.max(1, Math.ceil(need))), returnTo });
  return `/coins/buy?${params.toString()}`;
}

/** /subscription/plans for the tier the episode needs, and the way back to it. */
export function plansPath(tier: PlanTier, returnTo: string): string {
  const params = new URLSearchParams({ tier, returnTo });
  return `/subscription/plans?${params.toString()}`;
}

/** "3 h", "2 days": how long a rental lasts or the timer runs. */
export function formatHours(hours: number): string {
  if (hours % 24 === 0) {
    const days = hours / 24;
    return `${days} ${days === 1 ? "day" : "days"}`;
  }
  return `${hours} ${hours === 1 ? "hour" : "hours"}`;
}

/** "15 coins", "1 coin". */
export function coins(count: number): string {
  return `${count.toLocaleString("en-US")} ${count === 1 ? "coin" : "coins"}`;
}
