// Notices that also go by email to the people who chose so: moderation decisions about them and
// the outcome of their appeals, and support's replies while they are away. Only to a confirmed
// address: mail to an address nobody proved is theirs could reach a stranger.
import { eq, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { profiles } from "../profiles/schema.ts";
import { users } from "../users/schema.ts";
import { nameOf } from "./preferences.service.ts";
import { type MailNotice, queueMail } from "./queue.ts";
import { mailPreferences } from "./schema.ts";

/** Someone seen in the app within this long is there to read a reply in it. */
export const AWAY_AFTER_MS = 5 * 60_000;

async function recipientOf(deps: ServiceDeps, userId: string, choice: "moderation" | "support") {
  const [row] = await deps.db
    .select({
      email: users.email,
      verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
      gone: sql<boolean>`${users.deletedAt} is not null`,
      wants: sql<boolean>`coalesce(${choice === "moderation" ? mailPreferences.moderation : mailPreferences.support}, true)`,
      lastSeenAt: profiles.lastSeenAt,
    })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  if (!row?.email || !row.verified || row.gone || !row.wants) return null;
  return { email: row.email, lastSeenAt: row.lastSeenAt };
}

/** A statement of reasons or an appeal's outcome, mailed once per `dedupeKey`. */
export async function mailModerationNotice(
  deps: ServiceDeps,
  userId: string,
  notice: MailNotice,
  dedupeKey: string,
): Promise<boolean> {
  const recipient = await recipientOf(deps, userId, "moderation");
  if (!recipient) return false;
  const name = await nameOf(deps.db, userId);
  return deps.changes.inTransaction(deps.db, (tx) =>
    queueMail(deps, tx, {
      kind: "moderation",
      to: recipient.email,
      userId,
      params: { name, notice },
      dedupeKey: `mail:${dedupeKey}`,
    }),
  );
}

/** Support's reply, mailed when the person has not been in the app for a while. */
export async function mailSupportReply(
  deps: ServiceDeps,
  userId: string,
  reply: { ticketSubject: string; agent: string; excerpt: string; link: string },
  now = new Date(),
): Promise<boolean> {
  const recipient = await recipientOf(deps, userId, "support");
  if (!recipient) return false;
  if (recipient.lastSeenAt && now.getTime() - recipient.lastSeenAt.getTime() < AWAY_AFTER_MS) return false;
  const name = await nameOf(deps.db, userId);
  return deps.changes.inTransaction(deps.db, (tx) =>
    queueMail(deps, tx, { kind: "support_reply", to: recipient.email, userId, params: { name, ...reply } }),
  );
}
