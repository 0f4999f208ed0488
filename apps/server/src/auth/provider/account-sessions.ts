// An embedded account's sign-in state as administrators see and end it: its sessions with the
// provider, and everything the provider keeps for it (grants, codes, refresh tokens).
import type { PersonSession } from "@litverse/shared/user-management";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { accounts, oidcPayloads } from "../schema.ts";

const ofAccount = (accountId: string) => sql`${oidcPayloads.payload}->>'accountId' = ${accountId}`;

/** The provider's live sessions of this account, newest first. */
export async function accountSessions(db: Executor, accountId: string): Promise<PersonSession[]> {
  const rows = await db
    .select({ uid: oidcPayloads.uid, payload: oidcPayloads.payload, expiresAt: oidcPayloads.expiresAt })
    .from(oidcPayloads)
    .where(
      and(
        eq(oidcPayloads.type, "Session"),
        ofAccount(accountId),
        or(isNull(oidcPayloads.expiresAt), gt(oidcPayloads.expiresAt, sql`now()`)),
      ),
    );
  return rows
    .map((row) => {
      const loginTs = (row.payload as { loginTs?: unknown }).loginTs;
      return {
        // The session's own id is its cookie's value, a secret: its interaction uid names it instead.
        id: row.uid ?? "",
        signedInAt: typeof loginTs === "number" ? new Date(loginTs * 1000).toISOString() : null,
        expiresAt: row.expiresAt?.toISOString() ?? null,
      };
    })
    .sort((a, b) => (b.signedInAt ?? "").localeCompare(a.signedInAt ?? ""));
}

/**
 * Forgets everything the provider keeps for this account (sessions, grants, codes, refresh
 * tokens), so that no remembered session or refresh token signs it in again.
 */
export async function endAccountSessions(db: Executor, accountId: string): Promise<void> {
  await db.delete(oidcPayloads).where(ofAccount(accountId));
}

/** Deletes the account itself (its email and password) along with its sessions. */
export async function deleteEmbeddedAccount(db: Executor, accountId: string): Promise<void> {
  await endAccountSessions(db, accountId);
  await db.delete(accounts).where(eq(accounts.id, accountId));
}
