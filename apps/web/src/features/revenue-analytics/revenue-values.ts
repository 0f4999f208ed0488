// The revenue page's pure logic: its ranges of days (UTC, as the server counts them) and money
// figures per currency.
import { currencyDigits, formatPrice } from "@litverse/shared/payments";
import type { MoneyAmount } from "@litverse/shared/revenue";
import { MAX_REVENUE_RANGE_DAYS } from "@litverse/shared/revenue-inputs";

export const PRESETS = [7, 30, 90] as const;
export const DAY_MS = 86_400_000;

export interface Range {
  /** YYYY-MM-DD */
  from: string;
  /** YYYY-MM-DD, included. */
  to: string;
}

/** YYYY-MM-DD in UTC. */
export const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The last `days` days, today included. */
export function presetRange(days: number, now = Date.now()): Range {
  return { from: isoDay(now - (days - 1) * DAY_MS), to: isoDay(now) };
}

/** Why a custom range cannot be asked for (as revenueAnalyticsInput would refuse it), or null. */
export function rangeProblem({ from, to }: Range): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(from) || !/^\d{4}-\d{2}-\d{2}$/.test(to)) return "Choose both days.";
  if (from > to) return "The range ends before it starts.";
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS + 1 > MAX_REVENUE_RANGE_DAYS) {
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
