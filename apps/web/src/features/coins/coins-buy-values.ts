// What /coins/buy reads from its address: how many coins the reader is short of (`?need=`) and
// where to go back to after paying (`?returnTo=`, a path on this site only).
import { safeReturnPath } from "@litverse/shared/payments";

/** A positive whole number of coins, or null. */
export function parseNeed(value: string | null): number | null {
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  const need = Number(value);
  return need > 0 ? need : null;
}

export const parseReturnTo = safeReturnPath;
