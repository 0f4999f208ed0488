// The digest: for those who chose it, once a day or once a week, the notifications they have not
// read since the last one, by email. Nothing unread, no mail.
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { queryRows } from "../../core/db/client.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { notifications } from "../notifications/schema.ts";
import { users } from "../users/schema.ts";
import { nameOf } from "./preferences.service.ts";
import { queueMail } from "./queue.ts";
import { mailPreferences } from "./schema.ts";

/** Notices a digest names; the rest are counted. */
export const DIGEST_NOTICES = 10;
/** People whose digest is due, taken per run. */
const DIGESTS_PER_RUN = 500;
/** A day or a week, less an hour, so that a digest does not slide later every time. */
const PERIOD_MS = { daily: 23 * 3_600_000, weekly: 7 * 24 * 3_600_000 - 3_600_000 } as const;

/** Queues the digests that are due; returns how many went out. */
export async function sendDueDigests(deps: ServiceDeps, now = new Date()): Promise<number> {
  const due = await queryRows<{
    user_id: string;
    email: string;
    digest: "daily" | "weekly";
    since: Date | string;
  }>(
    deps.db,
    sql`select p.user_id, u.email, p.digest,
        coalesce(p.digest_sent_at, ${now.toISOString()}::timestamptz - case when p.digest = 'daily'
          then interval '1 day' else interval '7 days' end) as since
      from ${mailPreferences} p join ${users} u on u.id = p.user_id
      where p.digest <> 'off' and u.email is not null and u.email_verified_at is not null and u.deleted_at is null
        and (p.digest_sent_at is null or p.digest_sent_at < ${now.toISOString()}::timestamptz - case when p.digest = 'daily'
          then ${`${PERIOD_MS.daily} milliseconds`}::interval else ${`${PERIOD_MS.weekly} milliseconds`}::interval end)
      limit ${DIGESTS_PER_RUN}`,
  );
  let sent = 0;
  for (const person of due) {
    const since = new Date(person.since);
    const unread = await deps.db
      .select({ title: notifications.title, body: notifications.body, link: notifications.link })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, person.user_id),
          isNull(notifications.readAt),
          gt(notifications.createdAt, since),
        ),
      )
      .orderBy(desc(notifications.createdAt))
      .limit(DIGEST_NOTICES + 1);
    const [{ total = 0 } = {}] =
      unread.length > DIGEST_NOTICES
        ? await queryRows<{ total: number }>(
            deps.db,
            sql`select count(*)::int as total from ${notifications}
            where user_id = ${person.user_id} and read_at is null and created_at > ${since.toISOString()}::timestamptz`,
          )
        : [{ total: unread.length }];
    const name = unread.length > 0 ? await nameOf(deps.db, person.user_id) : "";
    await deps.changes.inTransaction(deps.db, async (tx) => {
      if (unread.length > 0) {
        const didQueue = await queueMail(deps, tx, {
          kind: "digest",
          to: person.email,
          userId: person.user_id,
          params: {
            name,
            frequency: person.digest,
            notices: unread
              .slice(0, DIGEST_NOTICES)
              .map((notice) => ({ title: notice.title, body: notice.body, link: notice.link })),
            more: Math.max(0, total - DIGEST_NOTICES),
          },
          dedupeKey: `digest:${person.user_id}:${now.toISOString().slice(0, 13)}`,
        });
        if (didQueue) sent++;
      }
      await tx
        .update(mailPreferences)
        .set({ digestSentAt: now })
        .where(eq(mailPreferences.userId, person.user_id));
    });
  }
  return sent;
}
