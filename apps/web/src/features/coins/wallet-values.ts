// The wallet's pure logic: signed amounts, the state of a bonus lot, and the history put together
// from the live first page and the older pages loaded later.
import type { BonusLot, WalletEntry } from "@litverse/shared/coins";

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "+120", "−15" (a real minus sign), "0". */
export function formatSignedCoins(amount: number): string {
  if (amount > 0) return `+${number.format(amount)}`;
  if (amount < 0) return `\u2212${number.format(-amount)}`;
  return "0";
}

/** What an entry moved, in words: "120 purchased · 40 bonus" (only the parts that moved). */
export function describeSplit(entry: Pick<WalletEntry, "purchased" | "bonus">): string {
  const parts: string[] = [];
  if (entry.purchased !== 0) parts.push(`${formatSignedCoins(entry.purchased)} purchased`);
  if (entry.bonus !== 0) parts.push(`${formatSignedCoins(entry.bonus)} bonus`);
  return parts.join(" · ");
}

const relative = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const HOUR_MS = 3_600_000;

/**
 * When a bonus lot runs out, counted in days however far (a reader plans in days: "in 30 days",
 * not "next month"), in hours or minutes on its last day.
 */
export function expiresIn(expiresAt: string, now = Date.now()): string {
  const left = Date.parse(expiresAt) - now;
  if (Number.isNaN(left)) return "";
  if (left < HOUR_MS) return relative.format(Math.max(1, Math.round(left / 60_000)), "minute");
  if (left < 24 * HOUR_MS) return relative.format(Math.round(left / HOUR_MS), "hour");
  return relative.format(Math.round(left / (24 * HOUR_MS)), "day");
}

export type LotState = "active" | "used" | "expired";

export function lotState(lot: BonusLot): LotState {
  if (lot.expired) return "expired";
  return lot.remaining > 0 ? "active" : "used";
}

/** Lots that can still be spent first (soonest to expire first), then spent and expired ones, newest first. */
export function orderLots(lots: BonusLot[]): BonusLot[] {
  const active = lots.filter((lot) => lotState(lot) === "active");
  const done = lots.filter((lot) => lotState(lot) !== "active");
  active.sort((a, b) => a.expiresAt.localeCompare(b.expiresAt));
  done.sort((a, b) => b.expiresAt.localeCompare(a.expiresAt));
  return [...active, ...done];
}

/** Newest first, as the server orders them: by time, then by id. */
function newestFirst(a: WalletEntry, b: WalletEntry): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

/**
 * One history from several pages: each entry once, in its latest version (the first page is live,
 * so its copy wins), newest first. Entries never disappear from a wallet, so an entry that slid off
 * the live first page stays in the list.
 */
export function mergeEntries(pages: WalletEntry[][]): WalletEntry[] {
  const byId = new Map<string, WalletEntry>();
  for (const page of pages) {
    for (const entry of page) if (!byId.has(entry.id)) byId.set(entry.id, entry);
  }
  return [...byId.values()].sort(newestFirst);
}
