// How numbers, durations and dates read everywhere in the app. The product is in English, so the
// locale is fixed: the same value reads the same on every device (and in tests).

const LOCALE = "en-US";

/** Average adult silent-reading speed, for "10 min read". */
export const WORDS_PER_MINUTE = 230;

const fullNumber = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const compactNumber = new Intl.NumberFormat(LOCALE, { notation: "compact", maximumFractionDigits: 1 });

/**
 * Counts of reads, likes, followers: exact below 10,000 ("1,234"), compact above ("12.3K", "1.2M"),
 * where the last digits would only be noise.
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  return Math.abs(n) < 10_000 ? fullNumber.format(n) : compactNumber.format(n);
}

/** A media length or position: "4:09", "1:05:09". Partial seconds are dropped, as players do. */
export function formatDuration(ms: number): string {
  const totalSeconds = Number.isFinite(ms) && ms > 0 ? Math.floor(ms / 1000) : 0;
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const ss = String(seconds).padStart(2, "0");
  if (hours === 0) return `${minutes}:${ss}`;
  return `${hours}:${String(minutes).padStart(2, "0")}:${ss}`;
}

type DateInput = string | number | Date;

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const relative = new Intl.RelativeTimeFormat(LOCALE, { numeric: "auto" });

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "in 3 days", "2 hours ago", "yesterday", "last month". Under a minute either way reads "just now"
 * (a release a few seconds out is not worth a countdown, and clocks disagree by that much).
 * An unreadable date gives "".
 */
export function formatRelativeDate(value: DateInput, now: DateInput = Date.now()): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "";
  const diff = date.getTime() - reference.getTime();
  const abs = Math.abs(diff);
  if (abs < MINUTE) return "just now";
  if (abs < HOUR) return relative.format(Math.round(diff / MINUTE), "minute");
  if (abs < DAY) return relative.format(Math.round(diff / HOUR), "hour");
  const days = Math.round(diff / DAY);
  if (Math.abs(days) < 7) return relative.format(days, "day");
  if (Math.abs(days) < 30) return relative.format(Math.round(days / 7), "week");
  // Average month and year lengths: close enough at this scale, and no calendar arithmetic.
  const months = Math.round(days / 30.44);
  if (Math.abs(months) < 12) return relative.format(months, "month");
  return relative.format(Math.round(days / 365.25), "year");
}

/**
 * "Mar 5, 2026, 3:04 PM" in the reader's time zone (or `timeZone`, which tests and admin views
 * pinned to one zone pass). An unreadable date gives "".
 */
export function formatDateTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone }).format(date);
}

/** "Mar 5, 2026": the date alone, for tables and release dates. An unreadable date gives "". */
export function formatDate(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeZone }).format(date);
}

/** Whole minutes to read `words`, at least one for any text at all. */
export function readingMinutes(words: number): number {
  if (!Number.isFinite(words) || words <= 0) return 0;
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE));
}

/** "2,345 words · 10 min read"; no reading time for an empty text. */
export function formatWords(n: number): string {
  const words = Number.isFinite(n) && n > 0 ? Math.round(n) : 0;
  const count = `${fullNumber.format(words)} ${words === 1 ? "word" : "words"}`;
  return words === 0 ? count : `${count} · ${readingMinutes(words)} min read`;
}

/** "3:04 PM": the time alone, for messages. An unreadable date gives "". */
export function formatTime(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat(LOCALE, { timeStyle: "short", timeZone }).format(date);
}

/** The calendar day of `value` in `timeZone` (the device's when not given), "2026-03-05". */
export function dayKey(value: DateInput, timeZone?: string): string {
  const date = toDate(value);
  if (!date) return "";
  return new Intl.DateTimeFormat("en-CA", {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    timeZone,
  }).format(date);
}

/**
 * A day as lists group by it: "Today", "Yesterday", a weekday within the last week, else
 * "Mar 5, 2026".
 */
export function formatDayHeading(value: DateInput, now: DateInput = Date.now(), timeZone?: string): string {
  const date = toDate(value);
  const reference = toDate(now);
  if (!date || !reference) return "";
  const day = dayKey(date, timeZone);
  if (day === dayKey(reference, timeZone)) return "Today";
  if (day === dayKey(reference.getTime() - DAY, timeZone)) return "Yesterday";
  if (reference.getTime() - date.getTime() < 6 * DAY) {
    return new Intl.DateTimeFormat(LOCALE, { weekday: "long", timeZone }).format(date);
  }
  return formatDate(date, timeZone);
}
