// Values the episode dialogs and the table read from what is typed: prices and release times.

/** The most an episode may cost (updateEpisodeInput). */
export const MAX_PRICE_COINS = 10_000;

/** A price typed in a field: a whole number of coins, or null when it is not one. */
export function parsePrice(text: string): number | null {
  if (!/^\d+$/.test(text.trim())) return null;
  const value = Number(text.trim());
  return value <= MAX_PRICE_COINS ? value : null;
}

/** "YYYY-MM-DDTHH:mm" in local time, as a datetime-local field holds it. */
export function toLocalInput(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The next whole hour after `now`. */
export function nextHour(now = new Date()): Date {
  const date = new Date(now);
  date.setMinutes(0, 0, 0);
  date.setHours(date.getHours() + 1);
  return date;
}
