// The revenue page's pure logic: its limit on a range of days (the ranges themselves are
// day-range.ts) and money figures per currency.

import { DAY_MS, type Range, rangeShapeProblem } from "@litverse/shared/day-range";
import { currencyDigits, formatPrice } from "@litverse/shared/payments";
import type { MoneyAmount } from "@litverse/shared/revenue";
import { MAX_REVENUE_RANGE_DAYS } from "@litverse/shared/revenue-inputs";

/** Why a custom range cannot be asked for (as revenueAnalyticsInput would refuse it), or null. */
export function rangeProblem(range: Range): string | null {
  const problem = rangeShapeProblem(range);
  if (problem) return problem;
  if ((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS + 1 > MAX_REVENUE_RANGE_DAYS) {
    return `At most ${MAX_REVENUE_RANGE_DAYS} days at a time.`;
  }
  return null;
}

/** The amount in `currency` (0 when there is none). */
export function amountIn(amounts: MoneyAmount[], currency: string): number {
  return amounts.find((item) => item.currency === currency)?.amountMinor ?? 0;
}

/**
 * Money for a figure tile: exact below 10,000 ("$576.23"), compact above ("$12.3K"), where the
 * cents would only crowd a phone's tile.
 */
export function formatMoneyShort(amountMinor: number, currency: string): string {
  const amount = amountMinor / 10 ** currencyDigits(currency);
  if (Math.abs(amount) < 10_000) return formatPrice(amountMinor, currency);
  try {
    return new Intl.NumberFormat("en-US", {
      style: "currency",
      currency,
      notation: "compact",
      maximumFractionDigits: 1,
    }).format(amount);
  } catch {
    return formatPrice(amountMinor, currency);
  }
}
