// The browsers and apps people connect from: recorded when a signed-in socket opens, listed on
// their page in user management.
import { createHash } from "node:crypto";
import type { PersonDevice } from "@litverse/shared/user-management";
import { desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { personDevices } from "./schema.ts";

/** Longer user agents are cut: real ones are well under this. */
const MAX_USER_AGENT_LENGTH = 400;
/** The devices a person's page lists, most recent first. */
const DEVICES_SHOWN = 20;

export async function recordDevice(
  db: Executor,
  userId: string,
  userAgent: string,
  address: string,
): Promise<void> {
  const agent = userAgent.slice(0, MAX_USER_AGENT_LENGTH);
  const deviceKey = createHash("sha256").update(agent).digest("base64url").slice(0, 22);
  await db
    .insert(personDevices)
    .values({ userId, deviceKey, userAgent: agent, lastAddress: address })
    .onConflictDoUpdate({
      target: [personDevices.userId, personDevices.deviceKey],
      set: { lastAddress: address, lastSeenAt: sql`now()` },
    });
}

const BROWSERS: [RegExp, string][] = [
  [/Edg\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\//, "Firefox"],
  [/HeadlessChrome\//, "Headless Chrome"],
  [/Chrome\/|CriOS\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, "Android"],
  [/iPhone|iPad|iPod/, "iOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Android", from the parts of a user agent that say it (first match wins); else the agent. */
export function deviceLabel(userAgent: string): string {
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? userAgent;
}

export async function devicesOf(db: Executor, userId: string): Promise<PersonDevice[]> {
  const rows = await db
    .select()
    .from(personDevices)
    .where(eq(personDevices.userId, userId))
    .orderBy(desc(personDevices.lastSeenAt))
    .limit(DEVICES_SHOWN);
  return rows.map((row) => ({
    id: row.id,
    label: deviceLabel(row.userAgent),
    userAgent: row.userAgent,
    lastAddress: row.lastAddress,
    firstSeenAt: row.firstSeenAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
  }));
}
