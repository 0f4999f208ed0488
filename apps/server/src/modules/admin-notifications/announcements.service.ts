// Announcements: an administrator's notice to everyone or to one role, delivered by a background
// job that inserts the notifications in set-based batches. Each person's copy carries the
// announcement's dedupe key, so a job resumed after a crash, or run twice, reaches nobody twice.
import type { AnnouncementAudience, AnnouncementView } from "@litverse/shared/notifications";
import type { sendAnnouncementInput } from "@litverse/shared/notifications-inputs";
import { desc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { queryRows } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { enqueueJob, type JobHandler } from "../../core/jobs/job-queue.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { BROADCAST_TOPIC, pushToUser } from "../notifications/index.ts";
import { announcements } from "../notifications/schema.ts";
import { users } from "../users/schema.ts";
import { ANNOUNCEMENTS_TOPIC } from "./topics.ts";

export const BROADCAST_JOB = "broadcast";
/** People reached per insert. */
export const BROADCAST_BATCH = 5_000;
const LISTED = 20;

type AnnouncementRow = typeof announcements.$inferSelect;

/** Stores the announcement and queues its delivery. */
export async function sendAnnouncement(
  deps: ServiceDeps,
  author: SessionUser,
  input: z.output<typeof sendAnnouncementInput>,
): Promise<AnnouncementView> {
  const [row] = await deps.db
    .insert(announcements)
    .values({
      authorId: author.id,
      audience: input.audience,
      title: input.title,
      body: input.body,
      link: input.link ?? null,
    })
    .returning();
  if (!row) throw new AppError("CONFLICT", "Could not store the announcement.");
  const job = await enqueueJob(deps, {
    kind: BROADCAST_JOB,
    input: { announcementId: row.id },
    createdBy: author.id,
    message: "Waiting to send",
  });
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.update(announcements).set({ jobId: job.id }).where(eq(announcements.id, row.id));
    deps.changes.changed(ANNOUNCEMENTS_TOPIC);
  });
  noteChange({
    objectType: "announcement",
    objectId: row.id,
    before: null,
    after: { audience: row.audience, title: row.title, body: row.body, link: row.link, jobId: job.id },
  });
  return toView(row, null);
}

/** The latest announcements, with how far each has gone. Live. */
export async function listAnnouncements(deps: ServiceDeps): Promise<AnnouncementView[]> {
  track(ANNOUNCEMENTS_TOPIC);
  const rows = await deps.db
    .select({ announcement: announcements, author: users.name })
    .from(announcements)
    .leftJoin(users, eq(users.id, announcements.authorId))
    .orderBy(desc(announcements.createdAt))
    .limit(LISTED);
  return rows.map((row) => toView(row.announcement, row.author));
}

function toView(row: AnnouncementRow, author: string | null): AnnouncementView {
  return {
    _id: row.id,
    audience: row.audience,
    title: row.title,
    body: row.body,
    link: row.link,
    status: row.status,
    recipients: row.recipients,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    author,
  };
}

function audienceFilter(audience: AnnouncementAudience) {
  return audience === "everyone" ? sql`true` : sql`u.role = ${audience}`;
}

/**
 * Delivers one announcement: batches of people in id order, each batch one insert. Safe to run
 * again after a crash at any point: what was inserted is skipped, and the count is recounted.
 */
export async function deliverAnnouncement(
  deps: ServiceDeps,
  announcementId: string,
  report: (progress: number, message: string) => void = () => {},
  signal?: AbortSignal,
): Promise<{ recipients: number }> {
  const [row] = await deps.db.select().from(announcements).where(eq(announcements.id, announcementId));
  if (!row) throw new AppError("NOT_FOUND", "That announcement is gone.");
  const dedupeKey = `announcement:${row.id}`;
  const filter = audienceFilter(row.audience);
  const [total] = await queryRows<{ count: number }>(
    deps.db,
    sql`select count(*)::int as count from users u where ${filter}`,
  );
  await setStatus(deps, row.id, "sending");
  let after = "00000000-0000-0000-0000-000000000000";
  let done = 0;
  for (;;) {
    signal?.throwIfAborted();
    const batch = await deps.changes.inTransaction(deps.db, async (tx) => {
      const [result] = await queryRows<{ last: string | null; size: number }>(
        tx,
        sql`with batch as (
              select u.id from users u where ${filter} and u.id > ${after}::uuid order by u.id limit ${BROADCAST_BATCH}
            ), inserted as (
              insert into notifications (user_id, kind, title, body, link, dedupe_key)
              select b.id, 'announcement', ${row.title}, ${row.body}, ${row.link}, ${dedupeKey}
              from batch b
              where coalesce((select p.in_app from notification_preferences p
                              where p.user_id = b.id and p.kind = 'announcement'), true)
              on conflict do nothing
              returning 1
            )
            select (select max(id::text) from batch) as last, (select count(*)::int from batch) as size`,
      );
      // One topic for the whole batch: every open notifications list and badge re-runs once.
      deps.changes.changed(BROADCAST_TOPIC);
      return result;
    });
    if (!batch?.last || batch.size === 0) break;
    await pushBatch(deps, row, filter, after, batch.last);
    after = batch.last;
    done += batch.size;
    report(Math.min(1, done / Math.max(1, total?.count ?? 1)), `Sent to ${done} of ${total?.count ?? 0}`);
    await deps.db.update(announcements).set({ recipients: done }).where(eq(announcements.id, row.id));
    deps.changes.changed(ANNOUNCEMENTS_TOPIC);
    if (batch.size < BROADCAST_BATCH) break;
  }
  const [reached] = await queryRows<{ count: number }>(
    deps.db,
    sql`select count(*)::int as count from notifications where kind = 'announcement' and dedupe_key = ${dedupeKey}`,
  );
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx
      .update(announcements)
      .set({ status: "sent", recipients: reached?.count ?? done, sentAt: new Date() })
      .where(eq(announcements.id, row.id));
    deps.changes.changed(ANNOUNCEMENTS_TOPIC);
  });
  return { recipients: reached?.count ?? done };
}

/** Web pushes for the batch's people who have devices and keep announcements on. */
async function pushBatch(
  deps: ServiceDeps,
  row: AnnouncementRow,
  filter: ReturnType<typeof sql>,
  after: string,
  last: string,
): Promise<void> {
  const targets = await queryRows<{ user_id: string }>(
    deps.db,
    sql`select distinct s.user_id from push_subscriptions s join users u on u.id = s.user_id
        where ${filter} and u.id > ${after}::uuid and u.id <= ${last}::uuid
          and coalesce((select p.push from notification_preferences p
                        where p.user_id = u.id and p.kind = 'announcement'), true)`,
  );
  for (const target of targets) {
    pushToUser(deps, target.user_id, {
      title: row.title,
      body: row.body,
      link: row.link,
      tag: `announcement-${row.id}`,
    });
  }
}

async function setStatus(deps: ServiceDeps, id: string, status: AnnouncementRow["status"]): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    await tx.update(announcements).set({ status }).where(eq(announcements.id, id));
    deps.changes.changed(ANNOUNCEMENTS_TOPIC);
  });
}

export function broadcastJobHandler(deps: ServiceDeps): JobHandler<{ announcementId: string }> {
  return {
    kind: BROADCAST_JOB,
    async run(job) {
      try {
        return await deliverAnnouncement(deps, job.input.announcementId, job.report, job.signal);
      } catch (error) {
        if (!job.signal.aborted) await setStatus(deps, job.input.announcementId, "failed");
        throw error;
      }
    },
  };
}
