// Addresses bulk mail no longer goes to: a hard bounce or a spam complaint, reported by the mail
// server while sending or by the provider's webhook later. A complaint also ends the newsletter.
import type { NewsletterSubscription, PersonEmailStatus, SuppressionReason } from "@litverse/shared/mail";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { users } from "../users/schema.ts";
import { userTopic } from "../users/topics.ts";
import { mailOutbox, mailPreferences, mailSuppressions } from "./schema.ts";
import { emailSettingsTopic, NEWSLETTER_TOPIC } from "./topics.ts";

export interface Suppression {
  address: string;
  reason: SuppressionReason;
  /** Who said so: "smtp", or the webhook's provider. */
  source: string;
  detail: string;
  /** The message it is about, when known: marked bounced for its issue's report. */
  messageId?: string | null;
}

export async function suppressAddress(deps: ServiceDeps, suppression: Suppression): Promise<void> {
  const address = suppression.address.toLowerCase();
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(mailSuppressions)
      .values({
        address,
        reason: suppression.reason,
        source: suppression.source,
        detail: suppression.detail.slice(0, 300),
      })
      .onConflictDoUpdate({
        target: mailSuppressions.address,
        // A complaint outweighs a bounce: it also says the person wants none of it.
        set: {
          reason: sql`case when excluded.reason = 'complaint' then 'complaint' else ${mailSuppressions.reason} end`,
        },
      });
    if (suppression.messageId) {
      await tx
        .update(mailOutbox)
        .set({ bouncedAt: sql`coalesce(${mailOutbox.bouncedAt}, now())` })
        .where(and(eq(mailOutbox.id, suppression.messageId), eq(mailOutbox.toAddress, address)));
    }
    const people = await tx.select({ id: users.id }).from(users).where(eq(users.email, address));
    if (suppression.reason === "complaint" && people.length > 0) {
      await tx
        .update(mailPreferences)
        .set({ newsletter: "none", updatedAt: new Date() })
        .where(
          inArray(
            mailPreferences.userId,
            people.map((person) => person.id),
          ),
        );
    }
    deps.changes.changed(NEWSLETTER_TOPIC, ...people.map((person) => emailSettingsTopic(person.id)));
  });
}

/** Lets bulk mail reach the address again (an administrator's decision). */
export async function liftSuppression(deps: ServiceDeps, address: string): Promise<boolean> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const removed = await tx
      .delete(mailSuppressions)
      .where(eq(mailSuppressions.address, address.toLowerCase()))
      .returning({ address: mailSuppressions.address });
    const people = await tx
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, address.toLowerCase()));
    deps.changes.changed(NEWSLETTER_TOPIC, ...people.map((person) => emailSettingsTopic(person.id)));
    return removed.length > 0;
  });
}

export async function suppressionOf(db: Executor, address: string | null) {
  if (!address) return null;
  const [row] = await db
    .select()
    .from(mailSuppressions)
    .where(eq(mailSuppressions.address, address.toLowerCase()));
  return row ?? null;
}

/** Of these bulk messages, the ones that may no longer go, with why. */
export async function bulkRefusals(
  db: Executor,
  rows: ReadonlyArray<{ id: string; kind: string; userId: string | null; toAddress: string }>,
): Promise<Map<string, string>> {
  const refusals = new Map<string, string>();
  if (rows.length === 0) return refusals;
  const suppressed = new Set(
    (
      await db
        .select({ address: mailSuppressions.address })
        .from(mailSuppressions)
        .where(inArray(mailSuppressions.address, [...new Set(rows.map((row) => row.toAddress))]))
    ).map((row) => row.address),
  );
  const userIds = [...new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])))];
  const people = new Map(
    userIds.length === 0
      ? []
      : (
          await db
            .select({
              id: users.id,
              email: users.email,
              verified: sql<boolean>`${users.emailVerifiedAt} is not null`,
              deleted: sql<boolean>`${users.deletedAt} is not null`,
              newsletter: mailPreferences.newsletter,
              newsletterAddress: mailPreferences.newsletterAddress,
              digest: mailPreferences.digest,
            })
            .from(users)
            .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
            .where(and(inArray(users.id, userIds), isNull(users.bannedAt)))
        ).map((row) => [row.id, row]),
  );
  for (const row of rows) {
    const person = row.userId ? people.get(row.userId) : undefined;
    if (suppressed.has(row.toAddress))
      refusals.set(row.id, "The address is suppressed (a bounce or a complaint).");
    else if (!person || person.deleted) refusals.set(row.id, "The account is gone or banned.");
    else if (person.email !== row.toAddress || !person.verified)
      refusals.set(row.id, "The address is not confirmed.");
    else if (
      row.kind === "newsletter" &&
      (person.newsletter !== "confirmed" || person.newsletterAddress !== row.toAddress)
    )
      refusals.set(row.id, "Unsubscribed before it went.");
    else if (row.kind === "digest" && (person.digest ?? "off") === "off")
      refusals.set(row.id, "The digest was turned off.");
  }
  return refusals;
}

/**
 * Where a person stands with the newsletter at `address`: a subscription confirmed for an earlier
 * address is not one for this.
 */
export function newsletterOf(
  state: NewsletterSubscription | undefined | null,
  confirmedAddress: string | null | undefined,
  address: string | null,
): NewsletterSubscription {
  if (state === "confirmed" && confirmedAddress !== address) return "none";
  return state ?? "none";
}

/** A person's email for their page in user management. */
export async function personEmailStatus(db: Executor, userId: string): Promise<PersonEmailStatus> {
  track(emailSettingsTopic(userId), userTopic(userId));
  const [row] = await db
    .select({
      address: users.email,
      verifiedAt: users.emailVerifiedAt,
      newsletter: mailPreferences.newsletter,
      newsletterAddress: mailPreferences.newsletterAddress,
      digest: mailPreferences.digest,
      messages: sql<number>`(select count(*)::int from ${mailOutbox} o where o.user_id = ${users.id})`,
    })
    .from(users)
    .leftJoin(mailPreferences, eq(mailPreferences.userId, users.id))
    .where(eq(users.id, userId));
  const suppression = await suppressionOf(db, row?.address ?? null);
  return {
    address: row?.address ?? null,
    verified: Boolean(row?.verifiedAt),
    newsletter: newsletterOf(row?.newsletter, row?.newsletterAddress, row?.address ?? null),
    digest: row?.digest ?? "off",
    suppressed: suppression
      ? {
          reason: suppression.reason,
          source: suppression.source,
          detail: suppression.detail,
          at: suppression.createdAt.toISOString(),
        }
      : null,
    messages: row?.messages ?? 0,
  };
}

/** Lets bulk mail reach the person's address again (a superadmin's decision, in the audit trail). */
export async function liftPersonSuppression(deps: ServiceDeps, userId: string): Promise<PersonEmailStatus> {
  const [row] = await deps.db.select({ address: users.email }).from(users).where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "No such person.");
  if (!row.address || !(await liftSuppression(deps, row.address))) {
    throw new AppError("CONFLICT", "Nothing holds mail back from this address.");
  }
  noteChange({
    objectType: "user",
    objectId: userId,
    before: { emailSuppressed: true },
    after: { emailSuppressed: false },
  });
  return personEmailStatus(deps.db, userId);
}
