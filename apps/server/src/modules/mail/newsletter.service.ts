// The newsletter as the team runs it: issues written as blocks, previewed, tested, sent now or at
// a time of the team's zone, paused, resumed or cancelled while they go out.
import { createHash } from "node:crypto";
import type {
  AudienceEstimate,
  NewsletterAudienceOptions,
  NewsletterBlock,
  NewsletterIssue,
  NewsletterIssueSummary,
  NewsletterOverview,
  NewsletterPreview,
  NewsletterSegment,
  NewsletterSettings,
  NewsletterTitleOption,
} from "@litverse/shared/mail";
import { and, desc, eq, ilike, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { likePattern } from "../content/index.ts";
import { content } from "../content/schema.ts";
import { subscriptionPlans } from "../subscriptions/schema.ts";
import { users } from "../users/schema.ts";
import { audienceQuery, countAudience, segmentLabel } from "./audience.ts";
import { issueTemplateOf } from "./draw.ts";
import { type IssueContent, issueTemplate, personalize } from "./issue-render.ts";
import { darkVersion, lightVersion } from "./layout.ts";
import { mailLinks } from "./links.ts";
import { MAIL_QUEUED_TOPIC, queueMail } from "./queue.ts";
import { mailOutbox, newsletterIssues, newsletterSettings } from "./schema.ts";
import { NEWSLETTER_TOPIC } from "./topics.ts";
import { zonedTimeToDate } from "./zoned-time.ts";

type IssueRow = typeof newsletterIssues.$inferSelect;

/** Longest side of a newsletter's pictures: twice the mail's 600 px column, for sharp screens. */
const PICTURE_EDGE = 1_200;
/** Tests one person may send in an hour. */
const TESTS_PER_HOUR = 20;

async function toSummary(db: Executor, row: IssueRow, sent: number): Promise<NewsletterIssueSummary> {
  return {
    _id: row.id,
    subject: row.subject,
    status: row.status,
    segment: row.segment,
    segmentLabel: await segmentLabel(db, row.segment),
    scheduledFor: row.scheduledFor?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    recipients: row.recipients,
    sent,
  };
}

async function sentCounts(db: Executor, issueIds: string[]): Promise<Map<string, number>> {
  if (issueIds.length === 0) return new Map();
  const rows = await db
    .select({ issueId: mailOutbox.issueId, sent: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(and(inArray(mailOutbox.issueId, issueIds), eq(mailOutbox.status, "sent")))
    .groupBy(mailOutbox.issueId);
  return new Map(rows.map((row) => [row.issueId as string, row.sent]));
}

async function issueRow(db: Executor, issueId: string): Promise<IssueRow> {
  const [row] = await db.select().from(newsletterIssues).where(eq(newsletterIssues.id, issueId));
  if (!row) throw new AppError("NOT_FOUND", "This issue no longer exists.");
  return row;
}

const titleOptionColumns = {
  _id: content.id,
  name: content.title,
  coverUrl: content.coverImage,
  type: content.contentType,
};

/** The titles an issue's cards and audience name. */
function titleIdsOf(blocks: NewsletterBlock[], segment: NewsletterSegment): string[] {
  return [
    ...blocks.flatMap((block) => (block.type === "title" ? [block.titleId] : [])),
    ...(segment.kind === "followers" || segment.kind === "unlocked_not_next" ? [segment.titleId] : []),
  ];
}

async function toIssue(db: Executor, row: IssueRow): Promise<NewsletterIssue> {
  const sent = (await sentCounts(db, [row.id])).get(row.id) ?? 0;
  const ids = titleIdsOf(row.blocks, row.segment);
  const titles =
    ids.length === 0 ? [] : await db.select(titleOptionColumns).from(content).where(inArray(content.id, ids));
  return { ...(await toSummary(db, row, sent)), preheader: row.preheader, blocks: row.blocks, titles };
}

export async function getSettings(db: Executor): Promise<NewsletterSettings> {
  const [row] = await db.select().from(newsletterSettings).where(eq(newsletterSettings.id, 1));
  return { timeZone: row?.timeZone ?? "UTC" };
}

export async function setSettings(deps: ServiceDeps, input: NewsletterSettings): Promise<NewsletterSettings> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .insert(newsletterSettings)
      .values({ id: 1, timeZone: input.timeZone })
      .onConflictDoUpdate({
        target: newsletterSettings.id,
        set: { timeZone: input.timeZone, updatedAt: new Date() },
      });
    deps.changes.changed(NEWSLETTER_TOPIC);
  });
  return getSettings(deps.db);
}

export async function getOverview(deps: ServiceDeps): Promise<NewsletterOverview> {
  track(NEWSLETTER_TOPIC);
  const rows = await deps.db
    .select()
    .from(newsletterIssues)
    .orderBy(desc(newsletterIssues.createdAt))
    .limit(200);
  const sent = await sentCounts(
    deps.db,
    rows.map((row) => row.id),
  );
  const issues = await Promise.all(rows.map((row) => toSummary(deps.db, row, sent.get(row.id) ?? 0)));
  return {
    issues,
    settings: await getSettings(deps.db),
    subscribers: (await countAudience(deps.db, { kind: "everyone" })).people,
    outboxOnly: deps.mail.outboxOnly,
  };
}

export async function getIssue(deps: ServiceDeps, issueId: string): Promise<NewsletterIssue> {
  track(NEWSLETTER_TOPIC);
  return toIssue(deps.db, await issueRow(deps.db, issueId));
}

/** A picture still an upload (`upload:<id>`): only saving stores it. */
const hasUnstoredPicture = (blocks: NewsletterBlock[]) =>
  blocks.some((block) => block.type === "picture" && block.pictureKey.startsWith("upload:"));

/** Stores the issue's new pictures (`upload:<id>`) and keeps the ones it has. */
async function storePictures(
  deps: ServiceDeps,
  uploaderId: string,
  issueId: string,
  blocks: NewsletterBlock[],
  previous: NewsletterBlock[],
): Promise<NewsletterBlock[]> {
  const known = new Set(previous.flatMap((block) => (block.type === "picture" ? [block.pictureKey] : [])));
  const stored: NewsletterBlock[] = [];
  for (const block of blocks) {
    if (block.type !== "picture") {
      stored.push(block);
      continue;
    }
    if (block.pictureKey.startsWith("upload:")) {
      const image = await reencodeUploadedImage(deps, uploaderId, block.pictureKey.slice("upload:".length), {
        maxEdge: PICTURE_EDGE,
        format: "jpeg",
      });
      const hash = createHash("sha256").update(image.data).digest("hex").slice(0, 12);
      const key = `newsletter-images/${issueId}/picture-${hash}.jpg`;
      await deps.media.storage.writeFile(key, image.data);
      stored.push({ ...block, pictureKey: key });
    } else if (known.has(block.pictureKey) && block.pictureKey.startsWith(`newsletter-images/${issueId}/`)) {
      stored.push(block);
    } else {
      throw new AppError("BAD_REQUEST", "Upload the picture again.");
    }
  }
  return stored;
}

async function checkTitles(
  db: Executor,
  blocks: NewsletterBlock[],
  segment: NewsletterSegment,
): Promise<void> {
  const ids = titleIdsOf(blocks, segment);
  const found =
    ids.length === 0 ? [] : await db.select({ id: content.id }).from(content).where(inArray(content.id, ids));
  if (new Set(found.map((row) => row.id)).size < new Set(ids).size) {
    throw new AppError("BAD_REQUEST", "A chosen title no longer exists.");
  }
  if (segment.kind === "plan") {
    const [plan] = await db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(eq(subscriptionPlans.id, segment.planId));
    if (!plan) throw new AppError("BAD_REQUEST", "That plan no longer exists.");
  }
}

export interface IssueInput {
  issueId?: string | undefined;
  subject: string;
  preheader: string;
  blocks: NewsletterBlock[];
  segment: NewsletterSegment;
}

export async function saveIssue(
  deps: ServiceDeps,
  user: SessionUser,
  input: IssueInput,
): Promise<NewsletterIssue> {
  await checkTitles(deps.db, input.blocks, input.segment);
  const previous = input.issueId ? await issueRow(deps.db, input.issueId) : null;
  if (previous && previous.status !== "draft" && previous.status !== "scheduled") {
    throw new AppError("CONFLICT", "This issue has gone out already: it can no longer change.");
  }
  const issueId = previous?.id ?? crypto.randomUUID();
  const blocks = await storePictures(deps, user.id, issueId, input.blocks, previous?.blocks ?? []);
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const values = { subject: input.subject, preheader: input.preheader, blocks, segment: input.segment };
    const [saved] = previous
      ? await tx
          .update(newsletterIssues)
          .set(values)
          .where(
            and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, ["draft", "scheduled"])),
          )
          .returning()
      : await tx
          .insert(newsletterIssues)
          .values({ id: issueId, ...values, createdBy: user.id })
          .returning();
    if (!saved) throw new AppError("CONFLICT", "This issue has gone out already: it can no longer change.");
    deps.changes.changed(NEWSLETTER_TOPIC);
    return saved;
  });
  return toIssue(deps.db, row);
}

export async function deleteIssue(deps: ServiceDeps, issueId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const removed = await tx
      .delete(newsletterIssues)
      .where(and(eq(newsletterIssues.id, issueId), eq(newsletterIssues.status, "draft")))
      .returning({ id: newsletterIssues.id });
    if (removed.length === 0) throw new AppError("CONFLICT", "Only drafts can be deleted.");
    deps.changes.changed(NEWSLETTER_TOPIC);
  });
  await deps.media.storage.remove(`newsletter-images/${issueId}`);
}

export async function previewIssue(deps: ServiceDeps, input: IssueContent): Promise<NewsletterPreview> {
  const template = await issueTemplate(deps.db, deps.mail.publicUrl, input, { tracked: false });
  // The preview's unsubscribe link leads nowhere: it is no one's message.
  const { html, text } = personalize(template, "preview");
  return { subject: template.subject, html: lightVersion(html), darkHtml: darkVersion(html), text };
}

export async function sendTestIssue(
  deps: ServiceDeps,
  user: SessionUser,
  input: IssueContent,
): Promise<{ sentTo: string }> {
  const [person] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
  if (!person?.email)
    throw new AppError("BAD_REQUEST", "Your account has no email address to send the test to.");
  const [recent] = await queryRows<{ count: number }>(
    deps.db,
    sql`select count(*)::int as count from ${mailOutbox}
      where user_id = ${user.id} and kind = 'newsletter_test' and created_at > now() - interval '1 hour'`,
  );
  if ((recent?.count ?? 0) >= TESTS_PER_HOUR) {
    throw new AppError("RATE_LIMITED", `At most ${TESTS_PER_HOUR} tests an hour. Try again later.`);
  }
  await checkTitles(deps.db, input.blocks, { kind: "everyone" });
  if (hasUnstoredPicture(input.blocks)) {
    throw new AppError("BAD_REQUEST", "Save the draft first: its new picture is not stored yet.");
  }
  await deps.changes.inTransaction(deps.db, (tx) =>
    queueMail(deps, tx, {
      kind: "newsletter_test",
      to: person.email as string,
      userId: user.id,
      params: { subject: `[Test] ${input.subject}`, preheader: input.preheader, blocks: input.blocks },
    }),
  );
  return { sentTo: person.email };
}

export async function estimateAudience(
  deps: ServiceDeps,
  segment: NewsletterSegment,
): Promise<AudienceEstimate> {
  track(NEWSLETTER_TOPIC);
  return countAudience(deps.db, segment);
}

export async function getAudienceOptions(deps: ServiceDeps): Promise<NewsletterAudienceOptions> {
  const genres = await queryRows<{ genre: string }>(
    deps.db,
    sql`select distinct g as genre from ${content}, unnest(${content.genres}) g order by g limit 200`,
  );
  const plans = await deps.db
    .select({ _id: subscriptionPlans.id, name: subscriptionPlans.name })
    .from(subscriptionPlans)
    .orderBy(subscriptionPlans.name);
  return { genres: genres.map((row) => row.genre), plans };
}

export async function searchTitles(deps: ServiceDeps, query: string): Promise<NewsletterTitleOption[]> {
  const rows = await deps.db
    .select(titleOptionColumns)
    .from(content)
    .where(query ? ilike(content.title, likePattern(query)) : undefined)
    .orderBy(content.title)
    .limit(20);
  return rows;
}

/** Sends now (`sendAt` null) or at a time of the team's zone. */
export async function scheduleIssue(
  deps: ServiceDeps,
  issueId: string,
  sendAt: { date: string; time: string } | null,
): Promise<NewsletterIssue> {
  const row = await issueRow(deps.db, issueId);
  if (row.status !== "draft" && row.status !== "scheduled") {
    throw new AppError("CONFLICT", "This issue has gone out already.");
  }
  if (hasUnstoredPicture(row.blocks)) {
    throw new AppError("BAD_REQUEST", "Save the draft first.");
  }
  if (sendAt === null) {
    await startIssue(deps, issueId);
    return toIssue(deps.db, await issueRow(deps.db, issueId));
  }
  const { timeZone } = await getSettings(deps.db);
  const when = zonedTimeToDate(sendAt.date, sendAt.time, timeZone);
  if (!when) throw new AppError("BAD_REQUEST", "That date does not exist.");
  if (when.getTime() < Date.now() - 60_000)
    throw new AppError("BAD_REQUEST", "Choose a time that has not passed.");
  const updated = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [saved] = await tx
      .update(newsletterIssues)
      .set({ status: "scheduled", scheduledFor: when })
      .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, ["draft", "scheduled"])))
      .returning();
    if (!saved) throw new AppError("CONFLICT", "This issue has gone out already.");
    deps.changes.changed(NEWSLETTER_TOPIC);
    return saved;
  });
  return toIssue(deps.db, updated);
}

/**
 * Queues one message per person of the audience, as it is now, and lets the sender take them.
 * One statement: 100,000 people are queued in the time of one insert, and a second start (two
 * processes finding the same due issue) finds the issue started and queues nothing.
 */
export async function startIssue(deps: ServiceDeps, issueId: string): Promise<boolean> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [claimed] = await tx
      .update(newsletterIssues)
      .set({
        status: "sending",
        startedAt: new Date(),
        scheduledFor: sql`coalesce(${newsletterIssues.scheduledFor}, now())`,
      })
      .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, ["draft", "scheduled"])))
      .returning();
    if (!claimed) return false;
    const audience = audienceQuery(claimed.segment);
    const [inserted] = await queryRows<{ count: number }>(
      tx,
      sql`with queued as (
        insert into ${mailOutbox} (kind, is_bulk, user_id, to_address, issue_id, dedupe_key)
        select 'newsletter', true, a.user_id, a.address, ${issueId}::uuid, 'newsletter:' || ${issueId} || ':' || a.user_id
        from (${audience}) a
        on conflict do nothing
        returning 1)
      select count(*)::int as count from queued`,
    );
    await tx
      .update(newsletterIssues)
      .set({ recipients: inserted?.count ?? 0 })
      .where(eq(newsletterIssues.id, issueId));
    deps.changes.changed(NEWSLETTER_TOPIC, MAIL_QUEUED_TOPIC);
    return true;
  });
}

/** Starts the scheduled issues whose time has come (the background upkeep). */
export async function startDueIssues(deps: ServiceDeps): Promise<number> {
  const due = await deps.db
    .select({ id: newsletterIssues.id })
    .from(newsletterIssues)
    .where(and(eq(newsletterIssues.status, "scheduled"), sql`${newsletterIssues.scheduledFor} <= now()`));
  let started = 0;
  for (const issue of due) if (await startIssue(deps, issue.id)) started++;
  return started;
}

async function moveIssue(
  deps: ServiceDeps,
  issueId: string,
  from: IssueRow["status"][],
  to: IssueRow["status"],
  refusal: string,
): Promise<NewsletterIssue> {
  const row = await deps.changes.inTransaction(deps.db, async (tx) => {
    const [moved] = await tx
      .update(newsletterIssues)
      .set({ status: to, ...(to === "cancelled" ? { finishedAt: new Date() } : {}) })
      .where(and(eq(newsletterIssues.id, issueId), inArray(newsletterIssues.status, from)))
      .returning();
    if (!moved) throw new AppError("CONFLICT", refusal);
    if (to === "cancelled") {
      // What was not handed over yet stays unsent; a message the sender holds right now still goes.
      await tx
        .update(mailOutbox)
        .set({ status: "skipped", lastError: "The issue was cancelled." })
        .where(and(eq(mailOutbox.issueId, issueId), eq(mailOutbox.status, "queued")));
    }
    deps.changes.changed(NEWSLETTER_TOPIC, ...(to === "sending" ? [MAIL_QUEUED_TOPIC] : []));
    return moved;
  });
  return toIssue(deps.db, row);
}

export const pauseIssue = (deps: ServiceDeps, issueId: string) =>
  moveIssue(deps, issueId, ["sending"], "paused", "Only an issue going out can be paused.");
export const resumeIssue = (deps: ServiceDeps, issueId: string) =>
  moveIssue(deps, issueId, ["paused"], "sending", "Only a paused issue can be resumed.");
export const cancelIssue = (deps: ServiceDeps, issueId: string) =>
  moveIssue(deps, issueId, ["scheduled", "sending", "paused"], "cancelled", "This issue is not going out.");

/** Whether a token names a message of an issue, and which of its links: for the click counter. */
export async function linkOfMessage(
  deps: ServiceDeps,
  token: string,
  place: number,
): Promise<{ messageId: string; url: string } | null> {
  const messageId = (await mailLinks(deps.db)).readMessage(token);
  if (!messageId) return null;
  const [message] = await deps.db
    .select({ issueId: mailOutbox.issueId })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, messageId));
  if (!message?.issueId) return null;
  const template = await issueTemplateOf(
    { db: deps.db, publicUrl: deps.mail.publicUrl },
    message.issueId,
  ).catch(() => null);
  const url = template?.links[place];
  return url ? { messageId, url } : null;
}
