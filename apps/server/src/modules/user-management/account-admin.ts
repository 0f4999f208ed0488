// What superadmins do to a person's account from user management, each with a reason the audit
// trail keeps: suspend or ban, lift, sign out everywhere, change role, export their data, delete
// the account. The account's own rules (nobody acts on themselves, the last superadmin stays) are
// the users module's; this adds the sign-in provider's side and the personal data.
import type { PersonDataExport } from "@litverse/shared/user-management";
import { eq } from "drizzle-orm";
import { EMBEDDED_ISSUER_KEY } from "../../auth/identity.ts";
import { deleteEmbeddedAccount, endAccountSessions } from "../../auth/provider/account-sessions.ts";
import { accounts } from "../../auth/schema.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { ALL_TOPICS } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { auditEvents } from "../audit/schema.ts";
import { anonymiseAccount, endSessions, type Restriction, restrictAccount } from "../users/index.ts";
import { users } from "../users/schema.ts";
import { collectPersonalData, erasePersonalData } from "./personal-data.ts";

/** The embedded provider's account behind this user, when they sign in with Litverse's own sign-in. */
async function embeddedAccountOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ issuer: users.issuer, subject: users.subject })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "No such person.");
  return row.issuer === EMBEDDED_ISSUER_KEY ? row.subject : null;
}

/** Ends the provider's remembered sessions and refresh tokens too, so nothing signs them back in. */
async function endProviderSessions(db: Executor, userId: string): Promise<void> {
  const accountId = await embeddedAccountOf(db, userId);
  if (accountId) await endAccountSessions(db, accountId);
}

export async function restrictPerson(
  deps: ServiceDeps,
  actor: SessionUser,
  userId: string,
  restriction: Restriction,
): Promise<void> {
  await restrictAccount(deps, actor, userId, restriction);
  await endProviderSessions(deps.db, userId);
}

export async function signOutEverywhere(
  deps: ServiceDeps,
  actor: SessionUser,
  userId: string,
): Promise<void> {
  await endSessions(deps, actor, userId);
  await endProviderSessions(deps.db, userId);
}

/** Everything stored about the person, with their sign-in account (never its password) and what the team did to it. */
export async function exportPersonData(deps: ServiceDeps, userId: string): Promise<PersonDataExport> {
  const { db } = deps;
  const accountId = await embeddedAccountOf(db, userId);
  const account = accountId
    ? await db
        .select({
          id: accounts.id,
          email: accounts.email,
          displayName: accounts.displayName,
          createdAt: accounts.createdAt,
        })
        .from(accounts)
        .where(eq(accounts.id, accountId))
    : [];
  const actions = await db.select().from(auditEvents).where(eq(auditEvents.objectId, userId));
  return collectPersonalData(db, userId, {
    sign_in_account: account,
    account_actions: actions as Record<string, unknown>[],
  });
}

/**
 * Deletes the account: personal data erased, the row anonymised (the ledger and payments keep
 * pointing at it, still balanced), the sign-in account and its sessions gone. One transaction:
 * all of it happens or none. Every live query re-runs, as rows of many areas went at once.
 */
export async function deletePersonAccount(
  deps: ServiceDeps,
  actor: SessionUser,
  userId: string,
  confirmation: string,
): Promise<{ erased: Record<string, number> }> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .select({ handle: users.handle, issuer: users.issuer, subject: users.subject })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new AppError("NOT_FOUND", "No such person.");
    if (confirmation.trim().replace(/^@/, "").toLowerCase() !== (row.handle ?? userId).toLowerCase()) {
      throw new AppError("BAD_REQUEST", "Type the person's handle to confirm.");
    }
    const accountId = row.issuer === EMBEDDED_ISSUER_KEY ? row.subject : null;
    await anonymiseAccount(deps, tx, actor, userId);
    const erased = await erasePersonalData(tx, userId);
    if (accountId) await deleteEmbeddedAccount(tx, accountId);
    deps.changes.changed(ALL_TOPICS);
    return { erased };
  });
}
