/** A wallet's spendable coins. Purchased coins never expire; bonus coins expire 30 days after earning. */
export interface CoinBalance {
  total: number;
  purchased: number;
  bonus: number;
}

export const BONUS_COIN_LIFETIME_DAYS = 30;
