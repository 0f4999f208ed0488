// The unlock ladder as readers and admins see it: what opens a locked episode and at what price.
import type { UnlockKind } from "./coins.ts";
import type { ContentType, EpisodeLock } from "./content.ts";

export const UNLOCK_METHODS = ["coins", "rental", "wait_free"] as const;
export type UnlockMethod = (typeof UNLOCK_METHODS)[number];

/** Bounds of a title's monetization settings (the database checks them too). */
export const MAX_BULK_DISCOUNT_PERCENT = 90;
export const MIN_TIMER_HOURS = 1;
export const MAX_TIMER_HOURS = 720;

/** Everything the unlock dialog offers for one episode, for the caller. */
export interface UnlockOptions {
  episode: { _id: string; contentId: string; number: number; title: string };
  content: { _id: string; title: string; contentType: ContentType };
  /** What stands in the way now; null when the caller may open the episode (free, unlocked, rented, plan). */
  lock: EpisodeLock | null;
  /** The coins that unlock the episode for good; 0 for free episodes. */
  priceCoins: number;
  /** The caller's spendable coins. */
  balance: number;
  /** The caller owns the episode for good (coins or bulk). */
  isOwned: boolean;
  /** When the caller's rental of it ends, while one runs. */
  rentedUntil: string | null;
  /** Renting: offered when the title allows it and the episode is priced and not owned. */
  rental: { priceCoins: number; hours: number } | null;
  /** Wait for free: one priced episode of the title free every `hours` hours. */
  waitForFree: {
    hours: number;
    isAvailable: boolean;
    /** When the next free unlock is possible; null while it is available now. */
    nextAt: string | null;
  } | null;
  /** Every priced episode out that the caller does not own, at the title's bulk discount. */
  bulk: {
    episodeCount: number;
    /** What they cost one by one. */
    fullPriceCoins: number;
    priceCoins: number;
    savingCoins: number;
    discountPercent: number;
  } | null;
}

export interface UnlockResult {
  unlockId: string;
  kind: UnlockKind;
  /** Coins taken from the wallet (0 when nothing was charged). */
  spentCoins: number;
  /** When a rental ends; null for permanent unlocks. */
  expiresAt: string | null;
  /** The episode was already unlocked for good: nothing was charged. */
  wasAlreadyUnlocked: boolean;
}

export interface BulkUnlockResult {
  episodeCount: number;
  spentCoins: number;
}

/** One unlock in the admins' list. Bulk unlocks show one row per episode, sharing their entry. */
export interface AdminUnlockRow {
  _id: string;
  kind: UnlockKind;
  user: { _id: string; email: string | null; name: string | null };
  content: { _id: string; title: string };
  episode: { _id: string; number: number; title: string };
  /** Coins the unlock's ledger entry took (for bulk, the whole purchase); 0 for wait-for-free. */
  coins: number;
  /** Episodes paid by the same entry (1 unless bulk). */
  episodesInEntry: number;
  entryId: string | null;
  createdAt: string;
  expiresAt: string | null;
  revokedAt: string | null;
  /** Paid with coins and not refunded yet. */
  isRefundable: boolean;
}

export interface AdminUnlockPage {
  items: AdminUnlockRow[];
  nextCursor: string | null;
}

/** `Unlocked “Moby-Dick”, episode 3`: what the wallet history shows. */
export function unlockMemo(contentTitle: string, episodeNumber: number): string {
  return `Unlocked “${contentTitle}”, episode ${episodeNumber}`;
}

/** The bulk price: the sum of the prices less the discount, rounded down, never below 1 coin. */
export function bulkPrice(fullPriceCoins: number, discountPercent: number): number {
  if (fullPriceCoins <= 0) return 0;
  return Math.max(1, Math.floor((fullPriceCoins * (100 - discountPercent)) / 100));
}
