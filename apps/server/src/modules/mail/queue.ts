// Putting a message in the outbox. Every message is written before anything tries to send it, in
// the transaction of whatever caused it (a password reset exists only if the token does), and the
// senders of every process are told through the change bus.
import type { MailKind, NewsletterBlock } from "@litverse/shared/mail";
import type { Executor } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { mailOutbox } from "./schema.ts";

/** Announced after a commit that queued mail: every process's sender looks for work. */
export const MAIL_QUEUED_TOPIC = "mail:queued";

/** One notice in a digest or a moderation message. */
export interface MailNotice {
  title: string;
  body: string;
  /** A path in the app ("/support/…") or null. */
  link: string | null;
}

/** What each kind of message says, beyond the recipient: the template's parameters. */
export interface MailParams {
  password_reset: { name: string; resetUrl: string };
  /** `isChange`: the person is moving their account to this address. */
  verify_email: { name: string; verifyUrl: string; isChange: boolean };
  /** Sent to the old address after a change. */
  email_changed: { name: string; newAddress: string };
  /** The link is made when the message is drawn (signed for the person and address). */
  newsletter_confirm: { name: string };
  moderation: { name: string; notice: MailNotice };
  support_reply: { name: string; ticketSubject: string; agent: string; excerpt: string; link: string };
  digest: { name: string; frequency: "daily" | "weekly"; notices: MailNotice[]; more: number };
  /** Drawn from the issue. */
  newsletter: Record<string, never>;
  /** The draft's content as it was when the test was asked for. */
  newsletter_test: { subject: string; preheader: string; blocks: NewsletterBlock[] };
}

/** Kinds that skip suppressed addresses and people who did not verify theirs. */
const BULK_KINDS: ReadonlySet<MailKind> = new Set(["newsletter", "digest"]);
export const isBulkMail = (kind: MailKind) => BULK_KINDS.has(kind);

export interface MailToQueue<K extends MailKind> {
  kind: K;
  to: string;
  userId?: string | null;
  params: MailParams[K];
  /** Set for messages that must go once whatever asks twice. */
  dedupeKey?: string;
}

/**
 * Queues a message. Give `executor` the caller's transaction so that the message exists only if
 * the rest commits; the sender is told after the commit. Returns false when a message with the
 * same `dedupeKey` was queued before.
 */
export async function queueMail<K extends MailKind>(
  deps: Pick<ServiceDeps, "changes">,
  executor: Executor,
  mail: MailToQueue<K>,
): Promise<boolean> {
  const rows = await executor
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      isBulk: isBulkMail(mail.kind),
      userId: mail.userId ?? null,
      toAddress: mail.to.toLowerCase(),
      params: mail.params as Record<string, unknown>,
      dedupeKey: mail.dedupeKey ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: mailOutbox.id });
  if (rows.length === 0) return false;
  deps.changes.changed(MAIL_QUEUED_TOPIC);
  return true;
}
