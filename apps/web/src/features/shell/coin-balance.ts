// The coin balance as the header shows it, shared by the wallet link and its lazily loaded tooltip.

export interface CoinBalance {
  total: number;
  purchased: number;
  bonus: number;
}

export const formatCoins = (value: number) => value.toLocaleString();
