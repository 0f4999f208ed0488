// A person's own day: reckoned in the time zone their profile names, else UTC.
import { eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { profiles } from "../profiles/schema.ts";
import { effectiveTimeZone, localDateOf } from "./streaks.ts";

export async function timeZoneOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: profiles.timeZone })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return effectiveTimeZone(row?.timeZone);
}

export async function personDay(
  db: Executor,
  userId: string,
  now: Date,
): Promise<{ timeZone: string; today: string }> {
  const timeZone = await timeZoneOf(db, userId);
  return { timeZone, today: localDateOf(now, timeZone) };
}
