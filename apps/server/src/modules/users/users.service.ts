// People who use the platform: created from the identity provider's claims at sign-in, with a role,
// a handle and an age kept here.
import { randomInt } from "node:crypto";
import type { Age, UserRole } from "@litverse/shared/constants";
import type { CurrentUser } from "@litverse/shared/users";
import { stripInvisibleCharacters } from "@litverse/shared/visible-text";
import { and, eq } from "drizzle-orm";
import type { Identity } from "../../auth/identity.ts";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { handleRefusal, isReservedHandle } from "../profiles/index.ts";
import { changeRole } from "./account-actions.ts";
import { users } from "./schema.ts";
import { ACCOUNTS_TOPIC, userTopic } from "./topics.ts";

export type UserRow = typeof users.$inferSelect;

export interface Profile {
  email: string | null;
  /** The provider vouches that the address belongs to this person (`email_verified`). */
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
}

export interface ClaimNames {
  email: string;
  name: string;
  picture: string;
}

export function profileFromClaims(claims: Record<string, unknown>, names: ClaimNames): Profile {
  const text = (value: unknown, max: number) =>
    typeof value === "string" && value.trim() ? value.trim().slice(0, max) : null;
  const email = text(claims[names.email], 320);
  // A provider's name is shown as the person's until they choose one: nothing hidden or
  // reordering in it either.
  const name = text(claims[names.name], 120);
  return {
    email: email && /^[^\s@]+@[^\s@]+$/.test(email) ? email.toLowerCase() : null,
    // Some providers send the flag as a string.
    emailVerified: claims.email_verified === true || claims.email_verified === "true",
    name: name ? stripInvisibleCharacters(name).trim() || null : null,
    picture: (() => {
      const url = text(claims[names.picture], 2048);
      return url && /^https?:\/\//.test(url) ? url : null;
    })(),
  };
}

export async function findUserByIdentity(db: Executor, identity: Identity): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, identity.issuerKey), eq(users.subject, identity.subject)));
  return row;
}

/** A handle derived from the name or email: lowercase letters, digits and underscores. */
export function handleBase(profile: Profile): string {
  const source = profile.name ?? profile.email?.split("@")[0] ?? "reader";
  const base = source
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[øØ]/g, "o")
    .replace(/[æÆ]/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/[łŁ]/g, "l")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 18);
  return base.length >= 3 ? base : `reader_${base}`.replace(/_$/, "");
}

/** Free for a new person: not reserved, nobody's, and like nobody's (profiles/handles.ts). */
async function isHandleFree(db: Executor, handle: string): Promise<boolean> {
  return (await handleRefusal(db, handle, null)) === null;
}

async function availableHandle(db: Executor, profile: Profile): Promise<string> {
  const derived = handleBase(profile);
  // Someone named "Admin" or "Litverse Fan" gets a handle that does not look like the team's.
  const base = isReservedHandle(derived) ? "reader" : derived;
  if (await isHandleFree(db, base)) return base;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = `${base}_${randomInt(1000, 100_000)}`;
    if (await isHandleFree(db, candidate)) return candidate;
  }
  throw new AppError("CONFLICT", "Could not find a free handle.");
}

/**
 * Creates the user on first sign-in, refreshes the profile on later ones, and promotes the emails
 * listed as superadmins. Never demotes anyone. Promotion needs an address the provider has
 * verified: anyone can type any address into a sign-up form. The embedded provider says an
 * address is verified once its owner followed the link it mailed there, so its users are promoted
 * at the first sign-in after confirming their address.
 */
export async function syncUser(
  deps: ServiceDeps,
  identity: Identity,
  profile: Profile,
  superadminEmails: string[],
): Promise<UserRow> {
  const promote = profile.email !== null && profile.emailVerified && superadminEmails.includes(profile.email);
  const { email, name, picture } = profile;
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const existing = await findUserByIdentity(tx, identity);
    if (existing) {
      const changes = {
        email: profile.email ?? existing.email,
        emailVerifiedAt: emailVerifiedAtFor(existing, profile),
        name: profile.name ?? existing.name,
        picture: profile.picture ?? existing.picture,
        ...(promote && existing.role !== "superadmin" ? { role: "superadmin" as const } : {}),
      };
      const isSame =
        changes.email === existing.email &&
        changes.emailVerifiedAt === existing.emailVerifiedAt &&
        changes.name === existing.name &&
        changes.picture === existing.picture &&
        !("role" in changes);
      if (isSame) return existing;
      const [updated] = await tx.update(users).set(changes).where(eq(users.id, existing.id)).returning();
      deps.changes.changed(userTopic(existing.id), ACCOUNTS_TOPIC);
      return updated as UserRow;
    }
    const [created] = await tx
      .insert(users)
      .values({
        issuer: identity.issuerKey,
        subject: identity.subject,
        email,
        emailVerifiedAt: email && profile.emailVerified ? new Date() : null,
        name,
        picture,
        handle: await availableHandle(tx, profile),
        role: promote ? "superadmin" : "user",
      })
      .onConflictDoNothing()
      .returning();
    // Lost a race with a concurrent first sign-in of the same person: theirs stands.
    if (!created) return findUserByIdentity(tx, identity);
    await countDaily(deps.changes, tx, "people.signed_up");
    deps.changes.changed(ACCOUNTS_TOPIC);
    return created;
  });
  if (!row) throw new AppError("CONFLICT", "Could not store the user.");
  return row;
}

/**
 * When the stored address was verified, after this sign-in: a new address is verified now if the
 * provider says so, else not; the same address keeps its date, or gets one now that the provider
 * vouches for it. A profile without an address keeps the stored one, and its date.
 */
function emailVerifiedAtFor(existing: UserRow, profile: Profile): Date | null {
  if (profile.email === null) return existing.emailVerifiedAt;
  if (profile.email !== existing.email) return profile.emailVerified ? new Date() : null;
  return existing.emailVerifiedAt ?? (profile.emailVerified ? new Date() : null);
}

function toCurrentUser(row: UserRow): CurrentUser {
  return {
    _id: row.id,
    role: row.role,
    email: row.email,
    handle: row.handle,
    age: row.age as Age | null,
    name: row.name,
    picture: row.picture,
  };
}

async function getUserRow(db: Executor, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "No such user.");
  return row;
}

export async function getCurrentUser({ db }: ServiceDeps, user: SessionUser): Promise<CurrentUser> {
  track(userTopic(user.id));
  return toCurrentUser(await getUserRow(db, user.id));
}

export function isAdmin(user: SessionUser): boolean {
  track(userTopic(user.id));
  return user.role === "admin" || user.role === "superadmin";
}

export async function setUserAge(deps: ServiceDeps, user: SessionUser, age: Age): Promise<CurrentUser> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [updated] = await tx.update(users).set({ age }).where(eq(users.id, user.id)).returning();
    deps.changes.changed(userTopic(user.id));
    return updated;
  });
  if (!row) throw new AppError("NOT_FOUND", "No such user.");
  return toCurrentUser(row);
}

/**
 * Superadmins change roles; nobody changes their own, and the last superadmin stays one, so that
 * nobody can lock everyone out (account-actions.ts).
 */
export async function setUserRole(
  deps: ServiceDeps,
  actor: SessionUser | null,
  userId: string,
  role: UserRole,
): Promise<CurrentUser> {
  return toCurrentUser(await changeRole(deps, actor, userId, role));
}

export async function findUserByEmail(db: Executor, email: string): Promise<UserRow[]> {
  return db.select().from(users).where(eq(users.email, email.toLowerCase()));
}
