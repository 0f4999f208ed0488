// The schedule's times: datetime-local fields hold the person's own time, the functions take ISO
// dates with their offset; and the mistakes a schedule can have, shown before anything is sent.
import { AD_MAX_DAYS } from "@litverse/shared/ads";

const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, "0");

/** "YYYY-MM-DDTHH:mm" in local time, as a datetime-local field holds it. */
export function toLocalInput(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A datetime-local value as an ISO date with the local offset ("…T09:00:00+02:00"); null if not one. */
export function localInputToIso(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? "+" : "-";
  const abs = Math.abs(offset);
  // The local time is written again from the date: a time that a clock change skips moves on.
  return `${toLocalInput(date)}:${pad(date.getSeconds())}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** An ISO date as a datetime-local field shows it, in local time. */
export function isoToLocalInput(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : toLocalInput(date);
}

/**
 * The schedule's own mistakes. The schema checks the two dates together only once every other
 * field passes, so the form checks them itself, to show every mistake at once.
 */
export function scheduleErrors(values: { startsAt: string; endsAt: string }): Record<string, string[]> {
  const starts = localInputToIso(values.startsAt);
  const ends = localInputToIso(values.endsAt);
  if (!starts || !ends) {
    return {
      ...(starts ? {} : { startsAt: ["The start is not a valid date and time"] }),
      ...(ends ? {} : { endsAt: ["The end is not a valid date and time"] }),
    };
  }
  const length = Date.parse(ends) - Date.parse(starts);
  if (length <= 0) return { endsAt: ["The end must come after the start"] };
  if (length > AD_MAX_DAYS * DAY_MS) return { endsAt: [`A campaign runs for at most ${AD_MAX_DAYS} days`] };
  return {};
}
