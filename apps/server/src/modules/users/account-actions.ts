// What superadmins do to an account: suspend or ban it, lift that, end its sessions, change its
// role, and strip the account row of everything personal when it is deleted. Each notes its
// before and after for the audit trail and announces the change, so the person's next call (and
// their open live queries and sockets) meets it at once.
import { randomBytes } from "node:crypto";
import type { UserRole } from "@litverse/shared/constants";
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { noteChange } from "../../core/audit.ts";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { PERMISSIONS_TOPIC } from "../permissions/topics.ts";
import { sessionsEndedTopic, standingOf } from "./account-standing.ts";
import { users } from "./schema.ts";
import { ACCOUNTS_TOPIC, HIDDEN_PEOPLE_TOPIC, userTopic } from "./topics.ts";

type UserRow = typeof users.$inferSelect;

export const LAST_SUPERADMIN_MESSAGE = "This is the last superadmin: make someone else a superadmin first.";
export const OWN_ACCOUNT_MESSAGE = "You cannot do this to your own account.";

/** The issuer deleted accounts are moved to: no sign-in can ever match them again. */
export const DELETED_ISSUER = "litverse:deleted";

/** Whether this sign-in belonged to an account deleted since: its tokens make no new account. */
export async function isDeletedSignIn(db: Executor, identity: { issuerKey: string; subject: string }) {
  if (identity.issuerKey !== EMBEDDED_ISSUER_KEY) return false;
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.issuer, DELETED_ISSUER), eq(users.subject, identity.subject)));
  return Boolean(row);
}

/** What the trail keeps of an account's standing, role and sessions. */
function auditedState(row: UserRow) {
  return {
    role: row.role,
    ...standingOf(row),
    sessionsEndedAt: row.sessionsEndedAt?.toISOString() ?? null,
  };
}

/** The target's row, locked for the change; refuses acting on oneself and on deleted accounts. */
async function lockTarget(tx: Transaction, actor: SessionUser | null, userId: string): Promise<UserRow> {
  if (actor?.id === userId) throw new AppError("FORBIDDEN", OWN_ACCOUNT_MESSAGE);
  const [row] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", "No such person.");
  if (row.deletedAt) throw new AppError("CONFLICT", "This account has been deleted.");
  return row;
}

/** The superadmins other than `userId` who can still act: not banned, suspended or deleted. */
const usableSuperadminsBesides = (db: Executor, userId: string) =>
  db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.role, "superadmin"),
        ne(users.id, userId),
        isNull(users.deletedAt),
        isNull(users.bannedAt),
        or(isNull(users.suspendedUntil), sql`${users.suspendedUntil} <= now()`),
      ),
    );

/** Whether this person is the only superadmin who can still act. */
export async function isLastSuperadmin(db: Executor, userId: string, role: UserRole): Promise<boolean> {
  if (role !== "superadmin") return false;
  const [other] = await usableSuperadminsBesides(db, userId).limit(1);
  return !other;
}

/**
 * Refuses taking away the last usable superadmin (by demoting, restricting or deleting them). The
 * superadmins' rows are locked first, so two superadmins demoting each other at once cannot both
 * succeed.
 */
async function assertAnotherSuperadminRemains(tx: Transaction, target: UserRow): Promise<void> {
  if (target.role !== "superadmin") return;
  const others = await usableSuperadminsBesides(tx, target.id).for("update");
  if (others.length === 0) throw new AppError("CONFLICT", LAST_SUPERADMIN_MESSAGE);
}

async function applyChange(
  deps: ServiceDeps,
  tx: Transaction,
  before: UserRow,
  changes: Partial<typeof users.$inferInsert>,
): Promise<UserRow> {
  const [after] = await tx.update(users).set(changes).where(eq(users.id, before.id)).returning();
  if (!after) throw new AppError("NOT_FOUND", "No such person.");
  noteChange({
    objectType: "user",
    objectId: before.id,
    before: auditedState(before),
    after: auditedState(after),
  });
  const topics = [userTopic(before.id), ACCOUNTS_TOPIC];
  if (changes.sessionsEndedAt) topics.push(sessionsEndedTopic(before.issuer, before.subject));
  if (before.contentHidden !== after.contentHidden) topics.push(HIDDEN_PEOPLE_TOPIC);
  if (before.role !== after.role) topics.push(PERMISSIONS_TOPIC);
  deps.changes.changed(...topics);
  return after;
}

export interface Restriction {
  kind: "suspend" | "ban";
  /** Suspensions: how many days from now. */
  days?: number;
  reason: string;
  hideContent: boolean;
}

/** Suspends or bans an account: its sessions end now, and sign-in is refused with the reason. */
export async function restrictAccount(
  deps: ServiceDeps,
  actor: SessionUser | null,
  userId: string,
  restriction: Restriction,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    await assertAnotherSuperadminRemains(tx, target);
    const now = new Date();
    const isBan = restriction.kind === "ban";
    await applyChange(deps, tx, target, {
      bannedAt: isBan ? now : null,
      suspendedUntil: isBan ? null : new Date(now.getTime() + (restriction.days ?? 1) * 86_400_000),
      restrictionReason: restriction.reason,
      contentHidden: restriction.hideContent,
      sessionsEndedAt: now,
    });
  });
}

/** Lifts a suspension or a ban: the person may sign in again, and what they wrote shows again. */
export async function liftRestriction(
  deps: ServiceDeps,
  actor: SessionUser | null,
  userId: string,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    if (standingOf(target).state === "active") {
      throw new AppError("CONFLICT", "This account is not suspended or banned.");
    }
    await applyChange(deps, tx, target, {
      bannedAt: null,
      suspendedUntil: null,
      restrictionReason: null,
      contentHidden: false,
    });
  });
}

/** Signs the person out everywhere: every token issued until now is refused, every socket closed. */
export async function endSessions(
  deps: ServiceDeps,
  actor: SessionUser | null,
  userId: string,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    await applyChange(deps, tx, target, { sessionsEndedAt: new Date() });
  });
}

/** Gives the person another role; nobody changes their own, and the last superadmin stays one. */
export async function changeRole(
  deps: ServiceDeps,
  actor: SessionUser | null,
  userId: string,
  role: UserRole,
): Promise<UserRow> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const target = await lockTarget(tx, actor, userId);
    if (role !== "superadmin") await assertAnotherSuperadminRemains(tx, target);
    return applyChange(deps, tx, target, { role });
  });
}

/**
 * Takes everything personal off a deleted account's row and moves it out of reach of any sign-in.
 * The row itself stays, under no name, so that the ledger, payments and counts that point at it
 * stay whole. The caller erases the rest of the person's data in the same transaction.
 */
export async function anonymiseAccount(
  deps: ServiceDeps,
  tx: Transaction,
  actor: SessionUser | null,
  userId: string,
): Promise<UserRow> {
  const target = await lockTarget(tx, actor, userId);
  await assertAnotherSuperadminRemains(tx, target);
  const now = new Date();
  return applyChange(deps, tx, target, {
    issuer: DELETED_ISSUER,
    // Litverse's own sign-in keeps its account id (a random id of ours, naming nobody once the
    // account is gone), so that its tokens still valid are refused; another provider's subject
    // names the person there, and goes.
    subject: target.issuer === EMBEDDED_ISSUER_KEY ? target.subject : target.id,
    email: null,
    emailVerifiedAt: null,
    name: null,
    picture: null,
    handle: `deleted_${randomBytes(5).toString("hex")}`,
    role: "user",
    age: null,
    bannedAt: null,
    suspendedUntil: null,
    restrictionReason: null,
    contentHidden: true,
    sessionsEndedAt: now,
    deletedAt: now,
  });
}
