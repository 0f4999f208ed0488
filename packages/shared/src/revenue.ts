// Revenue analytics (/admin/revenue-analytics): money taken, refunds and the coins in the wallets,
// per day (UTC) and over a range. Money is in the currency's minor unit (cents, kobo), one figure
// per currency, never summed across currencies.

/** An amount of money in one currency. */
export interface MoneyAmount {
  /** ISO 4217, upper case. */
  currency: string;
  amountMinor: number;
}

/** One day's figures (UTC). */
export interface RevenueDay {
  /** YYYY-MM-DD */
  day: string;
  /** Coin packages paid for this day (refunded later or not). */
  purchases: number;
  purchaseAmounts: MoneyAmount[];
  /** Purchased coins those payments bought. */
  coinsSold: number;
  /** Bonus coins that came with them. */
  bonusCoinsSold: number;
  /** Subscription payments: a subscription's first one, and any later one. */
  subscriptionsNew: number;
  subscriptionRenewals: number;
  subscriptionCancellations: number;
  subscriptionAmounts: MoneyAmount[];
  /** Payments refunded this day (coins and subscriptions). */
  refunds: number;
  refundAmounts: MoneyAmount[];
  /** Coins taken back from wallets by reversing purchases and grants. */
  coinsReversed: number;
  /** Coins spent on unlocks, and unlocks made with coins. */
  unlocks: number;
  coinsSpent: number;
  /** Unlocks refunded, and the coins they gave back. */
  unlockRefunds: number;
  coinsReturned: number;
  /** Bonus coins the expiry job moved out of wallets. */
  bonusExpired: number;
  /** Coins in all wallets at the end of the day: purchased, and bonus not yet expired by then. */
  circulationPurchased: number;
  circulationBonus: number;
}

/** One coin package's sales in the range, per currency it was sold in. */
export interface RevenuePackageRow {
  /** Null when the package has since been deleted. */
  packageId: string | null;
  name: string;
  currency: string;
  purchases: number;
  amountMinor: number;
  coins: number;
  bonusCoins: number;
  /** How many of these purchases were refunded (at any time). */
  refunded: number;
}

export interface RevenueTotals {
  purchases: number;
  purchaseAmounts: MoneyAmount[];
  coinsSold: number;
  bonusCoinsSold: number;
  subscriptionsNew: number;
  subscriptionRenewals: number;
  subscriptionCancellations: number;
  subscriptionAmounts: MoneyAmount[];
  refunds: number;
  refundAmounts: MoneyAmount[];
  coinsReversed: number;
  unlocks: number;
  coinsSpent: number;
  unlockRefunds: number;
  coinsReturned: number;
  bonusExpired: number;
  /** Purchase and subscription money less refunds, per currency. */
  netAmounts: MoneyAmount[];
  /** Coins in wallets at the end of the day before the range, and at the end of its last day. */
  circulationAtStart: { purchased: number; bonus: number };
  circulationAtEnd: { purchased: number; bonus: number };
}

export interface RevenueAnalytics {
  from: string;
  to: string;
  /** Every currency with money in the range, the one with the most payments first. */
  currencies: string[];
  totals: RevenueTotals;
  daily: RevenueDay[];
  packages: RevenuePackageRow[];
}
