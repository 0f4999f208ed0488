// The outbox as the team reads it: every message, newest first, and each one as it was sent. With
// no mail server configured it is where mail goes, so the demo and the tests can show every message.
import type {
  MailKind,
  MailStatus,
  OutboxMessage,
  OutboxMessageDetail,
  OutboxPage,
} from "@litverse/shared/mail";
import { and, desc, eq, ilike, type SQL } from "drizzle-orm";
import { decodeTimeCursor, encodeTimeCursor, olderThan } from "../../core/db/cursor.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { likePattern } from "../content/index.ts";
import { drawMessage, messageSubject, type OutboxRow } from "./draw.ts";
import { openPixel } from "./issue-render.ts";
import { darkVersion, lightVersion } from "./layout.ts";
import { mailLinks } from "./links.ts";
import { mailOutbox, newsletterIssues } from "./schema.ts";
import { OUTBOX_TOPIC } from "./topics.ts";

function toMessage(row: OutboxRow, subject: string): OutboxMessage {
  return {
    _id: row.id,
    kind: row.kind,
    to: row.toAddress,
    subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  };
}

export async function listOutbox(
  deps: ServiceDeps,
  input: {
    kind?: MailKind | undefined;
    status?: MailStatus | undefined;
    to?: string | undefined;
    cursor?: string | null | undefined;
    limit: number;
  },
): Promise<OutboxPage> {
  track(OUTBOX_TOPIC);
  const conditions: SQL[] = [];
  if (input.kind) conditions.push(eq(mailOutbox.kind, input.kind));
  if (input.status) conditions.push(eq(mailOutbox.status, input.status));
  if (input.to) conditions.push(ilike(mailOutbox.toAddress, likePattern(input.to.toLowerCase())));
  if (input.cursor) conditions.push(olderThan(mailOutbox, decodeTimeCursor(input.cursor)));
  const rows = await deps.db
    .select({ row: mailOutbox, issueSubject: newsletterIssues.subject })
    .from(mailOutbox)
    .leftJoin(newsletterIssues, eq(newsletterIssues.id, mailOutbox.issueId))
    .where(and(...conditions))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const items = page.map(({ row, issueSubject }) =>
    toMessage(row, messageSubject(row, issueSubject, deps.mail.publicUrl)),
  );
  const last = page.at(-1)?.row;
  return {
    items,
    nextCursor: rows.length > input.limit && last ? encodeTimeCursor(last.createdAt, last.id) : null,
  };
}

/**
 * Links that act on someone's account (choosing a password, confirming an address): whoever holds
 * one could take the account over, so only superadministrators, who could anyway, see them here.
 */
const ACCOUNT_LINKS: Partial<Record<OutboxRow["kind"], string>> = {
  password_reset: "resetUrl",
  verify_email: "verifyUrl",
};
const HIDDEN_LINK = "https://hidden.invalid/only-superadministrators-see-account-links";

export async function getOutboxMessage(
  deps: ServiceDeps,
  viewer: SessionUser,
  messageId: string,
): Promise<OutboxMessageDetail> {
  track(OUTBOX_TOPIC);
  const [row] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, messageId));
  if (!row) throw new AppError("NOT_FOUND", "This message is no longer in the outbox.");
  const secret = ACCOUNT_LINKS[row.kind];
  const shown =
    secret && viewer.role !== "superadmin"
      ? { ...row, params: { ...row.params, [secret]: HIDDEN_LINK } }
      : row;
  const drawn = await drawMessage({ db: deps.db, publicUrl: deps.mail.publicUrl }, shown);
  // The team reading a message is not its reader opening it: no pixel to count it.
  const html = drawn.html.replace(
    openPixel(deps.mail.publicUrl, (await mailLinks(deps.db)).forMessage(row.id)),
    "",
  );
  return {
    ...toMessage(row, drawn.subject),
    html: lightVersion(html),
    darkHtml: darkVersion(html),
    text: drawn.text,
  };
}
