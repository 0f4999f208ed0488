// Finding people for user management: by name, handle, email or id, newest accounts first, a
// page at a time, narrowed to the active, the restricted, the team or the deleted.

import type { PersonListing, PersonSearchPage } from "@litverse/shared/user-management";
import type { AccountFilter } from "@litverse/shared/user-management-inputs";
import { and, desc, eq, inArray, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { isUuid } from "../../core/ids.ts";
import { track } from "../../core/live/topics.ts";
import { avatarUrl } from "../profiles/index.ts";
import { profiles } from "../profiles/schema.ts";
import { ACCOUNTS_TOPIC, standingOf } from "../users/index.ts";
import { users } from "../users/schema.ts";

export const PEOPLE_PAGE_SIZE = 30;

/** The columns a listing is made of: the account, its standing, and the name the person chose. */
export const listingColumns = {
  id: users.id,
  providerName: users.name,
  displayName: profiles.displayName,
  handle: users.handle,
  email: users.email,
  picture: users.picture,
  avatarKey: profiles.avatarKey,
  role: users.role,
  suspendedUntil: users.suspendedUntil,
  bannedAt: users.bannedAt,
  restrictionReason: users.restrictionReason,
  contentHidden: users.contentHidden,
  deletedAt: users.deletedAt,
  createdAt: users.createdAt,
  lastSeenAt: profiles.lastSeenAt,
};

type ListingRow = {
  [K in keyof typeof listingColumns]: (typeof listingColumns)[K]["_"]["data"] | null;
} & { id: string; createdAt: Date; role: PersonListing["role"]; contentHidden: boolean };

export function toListing(row: ListingRow): PersonListing {
  return {
    id: row.id,
    name: row.displayName ?? row.providerName,
    handle: row.handle,
    email: row.email,
    picture: avatarUrl(row.avatarKey) ?? row.picture,
    role: row.role,
    standing: standingOf(row),
    joinedAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  };
}

/** Escapes LIKE's wildcards in what a person typed. */
const literal = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Whom a search's words match: an id exactly; a handle or an email from its start; a name anywhere. */
function matching(query: string): SQL | undefined {
  const text = query.trim().toLowerCase();
  if (!text) return undefined;
  if (isUuid(text)) return eq(users.id, text);
  const handle = literal(text.replace(/^@/, ""));
  if (text.startsWith("@")) return sql`lower(${users.handle}) like ${`${handle}%`}`;
  return and(
    amongCandidates(text),
    or(
      sql`lower(${users.handle}) like ${`${handle}%`}`,
      sql`lower(${users.email}) like ${`${literal(text)}%`}`,
      sql`lower(coalesce(${profiles.displayName}, ${users.name}, '')) like ${`%${literal(text)}%`}`,
    ),
  );
}

/**
 * The people the words could match, found through the indexes (migration 0026): without it, a term
 * matching fewer than a page of people walked every account newest first, since no index serves a
 * name that may come from either of two tables. The condition above still decides (a chosen name
 * hides the provider's). Trigrams need three characters; shorter terms match many people, found
 * early in that walk.
 */
function amongCandidates(text: string): SQL | undefined {
  if (text.length < 3) return undefined;
  const start = `${literal(text)}%`;
  const anywhere = `%${literal(text)}%`;
  return sql`${users.id} in (
    select id from users where lower(handle) like ${start}
    union select id from users where lower(email) like ${start}
    union select id from users where lower(name) like ${anywhere}
    union select user_id from profiles where lower(display_name) like ${anywhere})`;
}

function narrowedTo(filter: AccountFilter): SQL | undefined {
  const restricted = or(isNotNull(users.bannedAt), sql`${users.suspendedUntil} > now()`);
  switch (filter) {
    case "deleted":
      return isNotNull(users.deletedAt);
    case "active":
      return and(
        isNull(users.deletedAt),
        isNull(users.bannedAt),
        sql`not coalesce(${users.suspendedUntil} > now(), false)`,
      );
    case "restricted":
      return and(isNull(users.deletedAt), restricted);
    case "admins":
      return and(isNull(users.deletedAt), inArray(users.role, ["admin", "superadmin"]));
    default:
      return isNull(users.deletedAt);
  }
}

export async function searchPeople(
  db: Executor,
  input: { query: string; filter: AccountFilter; cursor?: string | null | undefined },
): Promise<PersonSearchPage> {
  track(ACCOUNTS_TOPIC);
  const after = input.cursor ? decodeTimeCursor(input.cursor) : null;
  const rows = await db
    .select(listingColumns)
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(matching(input.query), narrowedTo(input.filter), after ? olderThan(users, after) : undefined))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(PEOPLE_PAGE_SIZE + 1);
  const page = rows.slice(0, PEOPLE_PAGE_SIZE);
  const last = page.at(-1);
  return {
    people: page.map((row) => toListing(row as ListingRow)),
    nextCursor: rows.length > PEOPLE_PAGE_SIZE && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}
