// The grant form's date field: a calendar day in the superadmin's time zone.

/** "2026-12-31" for a date input, in local time. */
export function dateInputValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The last moment of a date input's day, in local time; null for anything that is not a date. */
export function endOfDay(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return null;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(year, month - 1, day, 23, 59, 59, 999);
  return date.getMonth() === month - 1 && date.getDate() === day ? date : null;
}
