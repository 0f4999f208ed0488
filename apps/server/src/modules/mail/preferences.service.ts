// A person's email: their address and its confirmation, what they chose to receive, and the
// newsletter's double opt-in (asked in settings, confirmed by a link sent to the address) and
// one-click unsubscribe.
import type { EmailSettings } from "@litverse/shared/mail";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { profiles } from "../profiles/schema.ts";
import { users } from "../users/schema.ts";
import { userTopic } from "../users/topics.ts";
import { mailLinks } from "./links.ts";
import { queueMail } from "./queue.ts";
import { mailOutbox, mailPreferences } from "./schema.ts";
import { newsletterOf, suppressionOf } from "./suppression.ts";
import { emailSettingsTopic, NEWSLETTER_TOPIC } from "./topics.ts";

/** Confirmation mails one person may ask for in an hour. */
const CONFIRMATIONS_PER_HOUR = 3;

/** What the account side says about the address (the embedded provider's own accounts). */
export interface AccountEmailState {
  canChangeAddress: boolean;
  pendingAddress: string | null;
}

export type AccountEmailLookup = (db: Executor, userId: string) => Promise<AccountEmailState>;

/** How to greet someone in a message: the name they chose, the provider's, or their handle. */
export async function nameOf(db: Executor, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(${profiles.displayName}, ${users.name}, ${users.handle}, '')` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row?.name ?? "";
}

async function personOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) throw new AppError("NOT_FOUND", "This account no longer exists.");
  return row;
}

async function preferencesOf(db: Executor, userId: string) {
  const [row] = await db.select().from(mailPreferences).where(eq(mailPreferences.userId, userId));
  return row ?? null;
}

export async function getEmailSettings(
  deps: ServiceDeps,
  user: SessionUser,
  accountEmail: AccountEmailLookup,
): Promise<EmailSettings> {
  // The address and its confirmation live on the user's row, announced under its own topic.
  track(emailSettingsTopic(user.id), userTopic(user.id));
  const person = await personOf(deps.db, user.id);
  const preferences = await preferencesOf(deps.db, user.id);
  const suppression = await suppressionOf(deps.db, person.email);
  const account = await accountEmail(deps.db, user.id);
  const newsletter = newsletterOf(preferences?.newsletter, preferences?.newsletterAddress, person.email);
  return {
    address: person.email,
    verified: person.verifiedAt !== null,
    pendingAddress: account.pendingAddress,
    suppressed: suppression ? { reason: suppression.reason, at: suppression.createdAt.toISOString() } : null,
    canChangeAddress: account.canChangeAddress,
    moderation: preferences?.moderation ?? true,
    support: preferences?.support ?? true,
    digest: preferences?.digest ?? "off",
    newsletter,
  };
}

export async function setEmailSettings(
  deps: ServiceDeps,
  user: SessionUser,
  input: {
    moderation?: boolean | undefined;
    support?: boolean | undefined;
    digest?: EmailSettings["digest"] | undefined;
  },
  accountEmail: AccountEmailLookup,
): Promise<EmailSettings> {
  const changes = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined));
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(mailPreferences)
      .values({ userId: user.id, ...changes })
      .onConflictDoUpdate({ target: mailPreferences.userId, set: { ...changes, updatedAt: new Date() } });
    deps.changes.changed(emailSettingsTopic(user.id));
  });
  return getEmailSettings(deps, user, accountEmail);
}

/**
 * Subscribing asks for a confirmation (a link sent to the address; only a verified address can
 * ask); unsubscribing is at once.
 */
export async function setNewsletter(
  deps: ServiceDeps,
  user: SessionUser,
  subscribed: boolean,
  accountEmail: AccountEmailLookup,
): Promise<EmailSettings> {
  const person = await personOf(deps.db, user.id);
  if (!subscribed) {
    await endNewsletter(deps, user.id);
    return getEmailSettings(deps, user, accountEmail);
  }
  if (!person.email) throw new AppError("BAD_REQUEST", "Your account has no email address.");
  if (!person.verifiedAt) throw new AppError("BAD_REQUEST", "Confirm your email address first.");
  const preferences = await preferencesOf(deps.db, user.id);
  if (preferences?.newsletter === "confirmed" && preferences.newsletterAddress === person.email) {
    return getEmailSettings(deps, user, accountEmail);
  }
  if ((await suppressionOf(deps.db, person.email))?.reason === "complaint") {
    throw new AppError(
      "BAD_REQUEST",
      "This address marked our mail as spam. Contact support to receive it again.",
    );
  }
  const [recent] = await queryRows<{ count: number }>(
    deps.db,
    sql`select count(*)::int as count from ${mailOutbox}
      where user_id = ${user.id} and kind = 'newsletter_confirm' and created_at > now() - interval '1 hour'`,
  );
  if ((recent?.count ?? 0) >= CONFIRMATIONS_PER_HOUR) {
    throw new AppError(
      "RATE_LIMITED",
      "We sent you several confirmation links already. Check your inbox, or try again in an hour.",
    );
  }
  const name = await nameOf(deps.db, user.id);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const values = {
      newsletter: "pending" as const,
      newsletterAddress: person.email,
      newsletterConfirmedAt: null,
      updatedAt: new Date(),
    };
    await tx
      .insert(mailPreferences)
      .values({ userId: user.id, ...values })
      .onConflictDoUpdate({ target: mailPreferences.userId, set: values });
    await queueMail(deps, tx, {
      kind: "newsletter_confirm",
      to: person.email as string,
      userId: user.id,
      params: { name },
    });
    deps.changes.changed(emailSettingsTopic(user.id));
  });
  return getEmailSettings(deps, user, accountEmail);
}

async function endNewsletter(deps: ServiceDeps, userId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(mailPreferences)
      .set({ newsletter: "none", newsletterConfirmedAt: null, updatedAt: new Date() })
      .where(eq(mailPreferences.userId, userId));
    deps.changes.changed(emailSettingsTopic(userId), NEWSLETTER_TOPIC);
  });
}

export type ConfirmationOutcome = "confirmed" | "expired" | "invalid";

/** Follows a confirmation link: valid for the address it was sent to, for a week. */
export async function confirmNewsletter(deps: ServiceDeps, token: string): Promise<ConfirmationOutcome> {
  const confirmation = (await mailLinks(deps.db)).readConfirmation(token);
  if (!confirmation) return "invalid";
  if (confirmation.expiresAt.getTime() < Date.now()) return "expired";
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [person] = await tx
      .select({ email: users.email })
      .from(users)
      .where(and(eq(users.id, confirmation.userId), sql`${users.deletedAt} is null`));
    if (!person || person.email !== confirmation.address) return "invalid";
    const values = {
      newsletter: "confirmed" as const,
      newsletterAddress: confirmation.address,
      newsletterConfirmedAt: new Date(),
      updatedAt: new Date(),
    };
    await tx
      .insert(mailPreferences)
      .values({ userId: confirmation.userId, ...values })
      .onConflictDoUpdate({ target: mailPreferences.userId, set: values });
    deps.changes.changed(emailSettingsTopic(confirmation.userId), NEWSLETTER_TOPIC);
    return "confirmed";
  });
}

/**
 * Unsubscribes whoever a message went to from what it was (the newsletter, or the digest), from
 * the message's own signed link. Returns null for a link that is not ours.
 */
export async function unsubscribeByMessage(
  deps: ServiceDeps,
  token: string,
): Promise<"newsletter" | "digest" | null> {
  const messageId = (await mailLinks(deps.db)).readMessage(token);
  if (!messageId) return null;
  const [message] = await deps.db
    .select({ userId: mailOutbox.userId, kind: mailOutbox.kind })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, messageId));
  if (!message?.userId) return null;
  const userId = message.userId;
  const what = message.kind === "digest" ? "digest" : "newsletter";
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(mailPreferences)
      .set(
        what === "digest"
          ? { digest: "off", updatedAt: new Date() }
          : { newsletter: "none", newsletterConfirmedAt: null, updatedAt: new Date() },
      )
      .where(eq(mailPreferences.userId, userId));
    await tx
      .update(mailOutbox)
      .set({ unsubscribedAt: sql`coalesce(${mailOutbox.unsubscribedAt}, now())` })
      .where(eq(mailOutbox.id, messageId));
    deps.changes.changed(emailSettingsTopic(userId), NEWSLETTER_TOPIC);
  });
  return what;
}
