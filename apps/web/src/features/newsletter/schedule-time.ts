// Times in the team's time zone: a schedule is given as a date and a time there (whatever zone
// the administrator's own device is in), and every time the newsletter pages show is read there.

export interface ZonedDateTime {
  /** "YYYY-MM-DD" */
  date: string;
  /** "HH:MM" */
  time: string;
}

const partsFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });

function numericParts(instant: Date, timeZone: string): Record<string, number> {
  const result: Record<string, number> = {};
  for (const part of partsFormat(timeZone).formatToParts(instant)) {
    if (part.type !== "literal") result[part.type] = Number(part.value);
  }
  return result;
}

const pad = (n: number | undefined) => String(n ?? 0).padStart(2, "0");

/** The date and time `instant` shows on a clock in `timeZone`. */
export function zonedParts(instant: Date, timeZone: string): ZonedDateTime {
  const p = numericParts(instant, timeZone);
  return { date: `${p.year}-${pad(p.month)}-${pad(p.day)}`, time: `${pad(p.hour)}:${pad(p.minute)}` };
}

/** How far `timeZone`'s clocks are ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const p = numericParts(instant, timeZone);
  const asUtc = Date.UTC(p.year ?? 0, (p.month ?? 1) - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

/**
 * The instant a clock in `timeZone` shows `date` at `time`; null when they are not a date and a
 * time. A time that a clock change skips moves on by the change, as the server reads it.
 */
export function zonedToInstant({ date, time }: ZonedDateTime, timeZone: string): Date | null {
  const dateMatch = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const timeMatch = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!dateMatch || !timeMatch) return null;
  const [, year, month, day] = dateMatch.map(Number);
  const [, hour, minute] = timeMatch.map(Number);
  const asUtc = Date.UTC(year ?? 0, (month ?? 1) - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== (month ?? 1) - 1 || check.getUTCDate() !== day) return null;
  // The zone's offset near that time, then once more at the instant found (a clock change between).
  const first = asUtc - offsetAt(new Date(asUtc), timeZone);
  return new Date(asUtc - offsetAt(new Date(first), timeZone));
}

/** A first suggestion for sending: the next whole hour on the team's clock, at least 30 minutes on. */
export function suggestedSendAt(now: Date, timeZone: string): ZonedDateTime {
  const later = new Date(now.getTime() + 30 * 60_000);
  const minute = Number(zonedParts(later, timeZone).time.slice(3));
  return zonedParts(new Date(later.getTime() + ((60 - minute) % 60) * 60_000), timeZone);
}

/** "Europe/Paris" as people read it: "Europe/Paris"; "America/New_York": "America/New York". */
export function zoneLabel(timeZone: string): string {
  return timeZone.replaceAll("_", " ");
}

/** Every zone the browser knows, with `current` among them even if it does not know that one. */
export function timeZoneChoices(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf("timeZone");
  } catch {
    zones = [];
  }
  return zones.includes(current) ? zones : [current, ...zones];
}
