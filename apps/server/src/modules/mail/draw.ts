// A queued message as it is sent: subject, HTML, text and headers, drawn from its kind and
// parameters (or its issue) when it goes out, and again when the team opens it in the outbox.
import type { MailKind } from "@litverse/shared/mail";
import { eq } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { type IssueTemplate, issueTemplate, personalize } from "./issue-render.ts";
import { renderLayout } from "./layout.ts";
import { CONFIRMATION_DAYS, mailLinks } from "./links.ts";
import { COMPOSERS } from "./messages.ts";
import type { MailParams } from "./queue.ts";
import { type mailOutbox, newsletterIssues } from "./schema.ts";

export type OutboxRow = typeof mailOutbox.$inferSelect;

export interface DrawnMessage {
  subject: string;
  html: string;
  text: string;
  /** List-Unsubscribe and the like. */
  headers: Record<string, string>;
}

export interface DrawContext {
  db: Executor;
  publicUrl: string;
}

/**
 * Issue layouts by issue, for the sender: an issue's messages all share one. Keyed by the issue's
 * last change, so an edit before the send is never sent in its old words.
 */
const templates = new Map<string, Promise<IssueTemplate>>();
const TEMPLATES_KEPT = 20;

export async function issueTemplateOf(context: DrawContext, issueId: string): Promise<IssueTemplate> {
  const [issue] = await context.db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
  if (!issue) throw new Error(`newsletter issue ${issueId} is gone`);
  const key = `${context.publicUrl} ${issueId} ${issue.updatedAt.getTime()}`;
  let template = templates.get(key);
  if (!template) {
    template = issueTemplate(context.db, context.publicUrl, issue, { tracked: true });
    templates.set(key, template);
    template.catch(() => templates.delete(key));
    if (templates.size > TEMPLATES_KEPT) templates.delete(templates.keys().next().value as string);
  }
  return template;
}

/** RFC 8058: one POST to this address unsubscribes, without signing in or a page in between. */
function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return { "List-Unsubscribe": `<${unsubscribeUrl}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

/** A message's subject without drawing it all (the outbox's list). */
export function messageSubject(row: OutboxRow, issueSubject: string | null, publicUrl: string): string {
  if (row.kind === "newsletter") return issueSubject ?? "";
  if (row.kind === "newsletter_test") return (row.params as MailParams["newsletter_test"]).subject;
  const compose = COMPOSERS[row.kind] as (params: unknown, context: object) => { subject: string };
  try {
    return compose(row.params, { publicUrl }).subject;
  } catch {
    return "";
  }
}

export async function drawMessage(context: DrawContext, row: OutboxRow): Promise<DrawnMessage> {
  const links = await mailLinks(context.db);
  const token = links.forMessage(row.id);
  const unsubscribeUrl = `${context.publicUrl}/mail/unsubscribe/${token}`;
  if (row.kind === "newsletter" || row.kind === "newsletter_test") {
    const template =
      row.kind === "newsletter" && row.issueId
        ? await issueTemplateOf(context, row.issueId)
        : await issueTemplate(context.db, context.publicUrl, row.params as MailParams["newsletter_test"], {
            tracked: false,
          });
    return {
      subject: template.subject,
      ...personalize(template, token),
      headers: unsubscribeHeaders(unsubscribeUrl),
    };
  }
  const kind = row.kind as Exclude<MailKind, "newsletter" | "newsletter_test">;
  const compose = COMPOSERS[kind] as (
    params: unknown,
    context: object,
  ) => ReturnType<(typeof COMPOSERS)["digest"]>;
  const confirmUrl =
    kind === "newsletter_confirm" && row.userId
      ? `${context.publicUrl}/mail/newsletter/confirm/${links.forConfirmation({
          userId: row.userId,
          address: row.toAddress,
          expiresAt: new Date(row.createdAt.getTime() + CONFIRMATION_DAYS * 86_400_000),
        })}`
      : undefined;
  const content = compose(row.params, {
    publicUrl: context.publicUrl,
    ...(confirmUrl ? { confirmUrl } : {}),
  });
  const isBulk = row.isBulk;
  const { html, text } = await renderLayout({
    subject: content.subject,
    preheader: content.preheader,
    blocks: content.blocks,
    homeUrl: context.publicUrl,
    footer: {
      reason: content.reason,
      settingsUrl: `${context.publicUrl}/settings/profile#email`,
      unsubscribeUrl: isBulk ? unsubscribeUrl : null,
    },
  });
  return { subject: content.subject, html, text, headers: isBulk ? unsubscribeHeaders(unsubscribeUrl) : {} };
}
