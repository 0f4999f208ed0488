// What became of an issue: how many it went to, reached, bounced, opened (an estimate: clients
// that load pictures by themselves open every message), clicked and unsubscribed, and its links.
import type { NewsletterReport } from "@litverse/shared/mail";
import { sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { issueTemplateOf } from "./draw.ts";
import { mailOutbox, newsletterClicks, newsletterIssues } from "./schema.ts";
import { NEWSLETTER_TOPIC } from "./topics.ts";

export async function getIssueReport(deps: ServiceDeps, issueId: string): Promise<NewsletterReport> {
  track(NEWSLETTER_TOPIC);
  const [issue] = await queryRows<{ recipients: number }>(
    deps.db,
    sql`select recipients from ${newsletterIssues} where id = ${issueId}`,
  );
  if (!issue) throw new AppError("NOT_FOUND", "This issue no longer exists.");
  const [counts] = await queryRows<Omit<NewsletterReport, "issueId" | "recipients" | "links">>(
    deps.db,
    sql`select
      count(*) filter (where status = 'sent')::int as sent,
      count(*) filter (where status = 'sent' and bounced_at is null)::int as delivered,
      count(*) filter (where bounced_at is not null)::int as bounced,
      count(*) filter (where status = 'failed')::int as failed,
      count(*) filter (where opened_at is not null or clicked_at is not null)::int as opened,
      count(*) filter (where clicked_at is not null)::int as clicked,
      count(*) filter (where unsubscribed_at is not null)::int as unsubscribed
    from ${mailOutbox} where issue_id = ${issueId}`,
  );
  const clicks = await queryRows<{ link: number; clicks: number; people: number }>(
    deps.db,
    sql`select c.link, sum(c.clicks)::int as clicks, count(*)::int as people
      from ${newsletterClicks} c join ${mailOutbox} o on o.id = c.message_id
      where o.issue_id = ${issueId} group by c.link order by c.link`,
  );
  const byPlace = new Map(clicks.map((row) => [row.link, row]));
  const template = await issueTemplateOf({ db: deps.db, publicUrl: deps.mail.publicUrl }, issueId);
  return {
    issueId,
    recipients: issue.recipients,
    sent: counts?.sent ?? 0,
    delivered: counts?.delivered ?? 0,
    bounced: counts?.bounced ?? 0,
    failed: counts?.failed ?? 0,
    opened: counts?.opened ?? 0,
    clicked: counts?.clicked ?? 0,
    unsubscribed: counts?.unsubscribed ?? 0,
    links: template.links.map((url, place) => ({
      url,
      clicks: byPlace.get(place)?.clicks ?? 0,
      people: byPlace.get(place)?.people ?? 0,
    })),
  };
}

/** A message of an issue was opened (its picture loaded), once. */
export async function recordOpen(deps: ServiceDeps, messageId: string): Promise<void> {
  const rows = await queryRows<{ id: string }>(
    deps.db,
    sql`update ${mailOutbox} set opened_at = now() where id = ${messageId} and opened_at is null returning id`,
  );
  if (rows.length > 0) deps.changes.changed(NEWSLETTER_TOPIC);
}

/** A link of an issue was followed: counted per message and link. */
export async function recordClick(deps: ServiceDeps, messageId: string, place: number): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.execute(
      sql`update ${mailOutbox} set clicked_at = coalesce(clicked_at, now()) where id = ${messageId}`,
    );
    await tx.execute(sql`insert into ${newsletterClicks} (message_id, link) values (${messageId}, ${place})
      on conflict (message_id, link) do update set clicks = ${newsletterClicks.clicks} + 1`);
    deps.changes.changed(NEWSLETTER_TOPIC);
  });
}
