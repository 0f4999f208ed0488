// A person as every area shows them: name, handle, avatar and presence, read in one join.

import { type PersonSummary, PRESENCE_ONLINE_MS } from "@litverse/shared/people";
import { eq, inArray, sql } from "drizzle-orm";
import { markActive } from "../../core/activity.ts";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import { moderationItems } from "../reports/schema.ts";
import { TEAM_PERSONA_ISSUER } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { profiles } from "./schema.ts";

/** Someone's name, handle, avatar or presence changed. */
export const personTopic = (userId: string) => `person:${userId}`;

/**
 * Whether moderators hid the person's profile or picture, from anyone: a lookup in the small index
 * of hidden items. The table is read here directly: the reports module's functions would close a
 * circle, since what they call on shows people through this file.
 */
const hiddenByModerators = (kind: "profile" | "profile_picture") =>
  sql`exists (select 1 from ${moderationItems} hidden_person where hidden_person.kind = ${kind}
    and hidden_person.target_id = ${users.id}::text and hidden_person.hidden_from is not null)`;

/**
 * The columns a person summary is made of, for selects joining `profiles` on `users`. A display
 * name or picture that moderators hid is left out for everyone: the name falls back to the
 * account's, the picture to initials.
 */
export const personColumns = {
  id: users.id,
  handle: users.handle,
  providerName: users.name,
  displayName: sql<
    string | null
  >`case when ${hiddenByModerators("profile")} then null else ${profiles.displayName} end`,
  avatarKey: sql<
    string | null
  >`case when ${hiddenByModerators("profile_picture")} then null else ${profiles.avatarKey} end`,
  lastSeenAt: profiles.lastSeenAt,
  runByTeam: sql<boolean>`${users.issuer} = ${TEAM_PERSONA_ISSUER}`,
};

export interface PersonRow {
  id: string;
  handle: string | null;
  providerName: string | null;
  displayName: string | null;
  avatarKey: string | null;
  lastSeenAt: Date | null;
  runByTeam: boolean;
}

/** The media path of an avatar, public like covers. */
export function avatarUrl(key: string | null): string | null {
  return key ? `/media/${key}` : null;
}

export function displayName(row: Pick<PersonRow, "displayName" | "providerName" | "handle">): string {
  return row.displayName ?? row.providerName ?? row.handle ?? "Reader";
}

export function toPersonSummary(row: PersonRow): PersonSummary {
  return {
    _id: row.id,
    handle: row.handle,
    name: displayName(row),
    avatarUrl: avatarUrl(row.avatarKey),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
    runByTeam: row.runByTeam,
  };
}

/** Someone whose row is gone (or hidden), as lists still show them. */
export const unknownPerson = (id: string): PersonSummary => ({
  _id: id,
  handle: null,
  name: "Reader",
  avatarUrl: null,
  lastSeenAt: null,
  runByTeam: false,
});

/** These people, by id (missing ones left out), following their changes live. */
export async function peopleByIds(db: Executor, ids: readonly string[]): Promise<Map<string, PersonSummary>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  track(...unique.map(personTopic));
  const rows = await db
    .select(personColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(inArray(users.id, unique));
  return new Map(rows.map((row) => [row.id, toPersonSummary(row)]));
}

export const NO_SUCH_PERSON = "That person is not here.";

/** Someone other than the caller, who exists: BAD_REQUEST with `selfMessage` for the caller, NOT_FOUND for nobody. */
export async function requireOtherPerson(
  db: Executor,
  me: string,
  other: string,
  selfMessage: string,
): Promise<void> {
  if (me === other) throw new AppError("BAD_REQUEST", selfMessage);
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, other));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_PERSON);
}

export async function personById(db: Executor, id: string): Promise<PersonSummary | null> {
  return (await peopleByIds(db, [id])).get(id) ?? null;
}

/** The profile row's values for a person who has none yet: the defaults. */
export const ensureProfileRow = (db: Executor, userId: string) =>
  db.insert(profiles).values({ userId }).onConflictDoNothing();

/** Case-insensitive match on a handle. */
export const handleEquals = (handle: string) => sql`lower(${users.handle}) = ${handle.toLowerCase()}`;

/** Presence is written at most this often per person, and announced only when someone comes online. */
const PRESENCE_WRITE_MS = 60_000;
const lastPresenceWrite = new Map<string, number>();

/**
 * Records that `userId` has the app open now. Written at most once a minute per process; the
 * change is announced only when the person was not counted online before, so that the people who
 * see them are not re-run every minute.
 */
export async function touchPresence(
  deps: { db: Executor; changes: { changed(...topics: string[]): void } },
  userId: string,
  now = Date.now(),
): Promise<void> {
  const last = lastPresenceWrite.get(userId) ?? 0;
  if (now - last < PRESENCE_WRITE_MS) return;
  lastPresenceWrite.set(userId, now);
  if (lastPresenceWrite.size > 100_000) lastPresenceWrite.clear();
  const rows = await queryRows<{ was_online: boolean }>(
    deps.db,
    sql`insert into profiles (user_id, last_seen_at) values (${userId}, ${new Date(now).toISOString()}::timestamptz)
        on conflict (user_id) do update set last_seen_at = excluded.last_seen_at
        returning (select p.last_seen_at > ${new Date(now - PRESENCE_ONLINE_MS).toISOString()}::timestamptz
                   from profiles p where p.user_id = ${userId}) as was_online`,
  );
  if (!rows[0]?.was_online) deps.changes.changed(personTopic(userId));
  await markActive(deps.changes, deps.db, userId, new Date(now));
}
