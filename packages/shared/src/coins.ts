/** A wallet's spendable coins. Purchased coins never expire; bonus coins expire 30 days after earning. */
export interface CoinBalance {
  total: number;
  purchased: number;
  bonus: number;
}

export const BONUS_COIN_LIFETIME_DAYS = 30;

/**
 * ad_hold takes an ad's budget from the wallet, ad_spend moves what it spent from the hold to the
 * platform, ad_release gives back what is left.
 */
export const LEDGER_ENTRY_KINDS = [
  "purchase",
  "grant",
  "unlock",
  "expiry",
  "reversal",
  "ad_hold",
  "ad_spend",
  "ad_release",
] as const;
export type LedgerEntryKind = (typeof LEDGER_ENTRY_KINDS)[number];

/** One line of the wallet history: what changed, in purchased and bonus coins (negative: out). */
export interface WalletEntry {
  id: string;
  kind: LedgerEntryKind;
  memo: string;
  createdAt: string;
  purchased: number;
  bonus: number;
  /** A later entry undid this one (a refund). */
  reversed: boolean;
}

/** One grant of bonus coins and what is left of it. */
export interface BonusLot {
  id: string;
  granted: number;
  /** Spendable now: 0 once expired. */
  remaining: number;
  grantedAt: string;
  expiresAt: string;
  expired: boolean;
}

export interface WalletPage {
  entries: WalletEntry[];
  nextCursor: string | null;
  bonusLots: BonusLot[];
}

export const PAYMENT_PROVIDERS = ["sandbox", "stripe", "paystack"] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const PLAN_TIERS = ["premium", "vvip"] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];

export const PLAN_INTERVALS = ["month", "year"] as const;
export type PlanInterval = (typeof PLAN_INTERVALS)[number];

export const UNLOCK_KINDS = ["coins", "bulk", "wait_free", "rental"] as const;
export type UnlockKind = (typeof UNLOCK_KINDS)[number];
