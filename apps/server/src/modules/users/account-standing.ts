// Whether an account may be used: suspended, banned and deleted accounts are refused with the
// reason, and tokens issued before the person's sessions were ended are refused as signed out.
// Read from the user's row on every call, so a restriction takes effect on the next call.
import { type AccountStanding, SIGNED_OUT_MESSAGE } from "@litverse/shared/user-management";
import { and, eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { users } from "./schema.ts";

type StandingColumns = Pick<
  typeof users.$inferSelect,
  "suspendedUntil" | "bannedAt" | "restrictionReason" | "contentHidden" | "deletedAt"
>;

export function standingOf(row: StandingColumns, now = new Date()): AccountStanding {
  const base = { reason: row.restrictionReason, contentHidden: row.contentHidden, until: null };
  if (row.deletedAt) return { ...base, state: "deleted", contentHidden: true };
  if (row.bannedAt) return { ...base, state: "banned" };
  if (row.suspendedUntil && row.suspendedUntil > now) {
    return { ...base, state: "suspended", until: row.suspendedUntil.toISOString() };
  }
  return { state: "active", until: null, reason: null, contentHidden: false };
}

/** "5 December 2026, 14:00 UTC": the same for every reader, whatever their server's zone. */
export function restrictionEndText(until: Date): string {
  const day = until.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const time = until.toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit", timeZone: "UTC" });
  return `${day}, ${time} UTC`;
}

/** What a restricted person is told, at sign-in and on every call; null when the account is usable. */
export function restrictionMessage(row: StandingColumns, now = new Date()): string | null {
  const standing = standingOf(row, now);
  const because = standing.reason ? ` Reason: ${standing.reason}` : "";
  switch (standing.state) {
    case "deleted":
      return "This account has been deleted.";
    case "banned":
      return `Your account has been banned.${because}`;
    case "suspended":
      return `Your account is suspended until ${restrictionEndText(new Date(standing.until as string))}.${because}`;
    default:
      return null;
  }
}

/**
 * Refuses a caller whose account is restricted, or whose token was issued before their sessions
 * were ended (its `iat`, in seconds). Tokens are signed for an hour; this is what makes ending
 * sessions take effect at once instead of when they expire.
 */
export function assertAccountUsable(
  row: StandingColumns & Pick<typeof users.$inferSelect, "sessionsEndedAt">,
  tokenIssuedAtSeconds: unknown,
  now = new Date(),
): void {
  const message = restrictionMessage(row, now);
  if (message) throw new AppError("ACCOUNT_RESTRICTED", message);
  if (row.sessionsEndedAt && typeof tokenIssuedAtSeconds === "number") {
    // Whole seconds: a token issued in the same second as the ending counts as before it.
    if (tokenIssuedAtSeconds * 1000 <= row.sessionsEndedAt.getTime()) {
      throw new AppError("UNAUTHORIZED", SIGNED_OUT_MESSAGE);
    }
  }
}

/** Why the person behind this sign-in may not sign in now, or null (for the sign-in page). */
export async function signInRefusal(
  db: Executor,
  issuerKey: string,
  subject: string,
): Promise<string | null> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.issuer, issuerKey), eq(users.subject, subject)));
  return row ? restrictionMessage(row) : null;
}

/**
 * Topic announced when a person's sessions end, so that every server process closes their open
 * sockets at once (the socket layer listens for it).
 */
export const sessionsEndedTopic = (issuerKey: string, subject: string) =>
  `sessions-ended:${issuerKey}\n${subject}`;
