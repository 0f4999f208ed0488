// Everything a moderator needs to decide about one item: the item now and around it, the reports,
// the author's history, notes between moderators, earlier decisions and appeals waiting.
import type { ModerationReport, ModerationReview } from "@litverse/shared/moderation";
import { and, asc, count, desc, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { peopleByIds } from "../profiles/index.ts";
import { REPORTS_TOPIC, reporterWeight } from "../reports/index.ts";
import { reporterStanding, reports } from "../reports/schema.ts";
import { users } from "../users/schema.ts";
import { decisionsOf } from "./decision-views.ts";
import { contextOf } from "./describe.ts";
import { loadItem, namesOf, queueItems } from "./queue.service.ts";
import { illegalContentNotices, moderationDecisions, moderationNotes } from "./schema.ts";
import { MODERATION_TOPIC } from "./topics.ts";

const REPORTS_SHOWN = 100;

export async function getReview(deps: ServiceDeps, itemId: string): Promise<ModerationReview> {
  track(REPORTS_TOPIC, MODERATION_TOPIC);
  const { db } = deps;
  const item = await loadItem(db, itemId);
  const [[queued], context, reportList, history, notes, decisions] = await Promise.all([
    queueItems(db, [item]),
    contextOf(db, item),
    reportsOf(db, item.id),
    item.authorId ? authorHistory(db, item.authorId) : Promise.resolve(null),
    notesOf(db, item.id),
    decisionsOf(db, eq(moderationDecisions.itemId, item.id)),
  ]);
  if (!queued) throw new Error("A reviewed item has no queue row");
  const pendingAppeals = decisions.flatMap((decision) =>
    decision.appeal?.state === "pending" ? [{ ...decision.appeal, decision }] : [],
  );
  return {
    item: queued,
    context,
    reports: reportList,
    authorHistory: history,
    notes,
    decisions,
    pendingAppeals,
  };
}

async function reportsOf(db: Executor, itemId: string): Promise<ModerationReport[]> {
  const rows = await db
    .select({ report: reports, standing: reporterStanding, notice: illegalContentNotices })
    .from(reports)
    .leftJoin(reporterStanding, eq(reporterStanding.userId, reports.reporterId))
    .leftJoin(illegalContentNotices, eq(illegalContentNotices.id, reports.noticeId))
    .where(eq(reports.itemId, itemId))
    .orderBy(desc(reports.createdAt))
    .limit(REPORTS_SHOWN);
  const people = await peopleByIds(
    db,
    rows.flatMap((row) => (row.report.reporterId ? [row.report.reporterId] : [])),
  );
  return rows.map(({ report, standing, notice }) => ({
    id: report.id,
    category: report.category,
    details: report.details,
    reporter: report.reporterId ? (people.get(report.reporterId) ?? null) : null,
    reporterWeight:
      Math.round((report.reporterId ? reporterWeight(standing ?? undefined) : report.weight) * 100) / 100,
    source: report.source,
    legalGround: notice?.legalGround ?? null,
    senderName: notice?.senderName ?? null,
    createdAt: report.createdAt.toISOString(),
    status: report.status,
  }));
}

async function authorHistory(db: Executor, authorId: string): Promise<ModerationReview["authorHistory"]> {
  const [[person], [strikes], decisions] = await Promise.all([
    db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, authorId)),
    db
      .select({ n: count() })
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.authorId, authorId),
          eq(moderationDecisions.isStrike, true),
          isNull(moderationDecisions.reversedAt),
        ),
      ),
    decisionsOf(db, eq(moderationDecisions.authorId, authorId), 20),
  ]);
  if (!person) return null;
  return { joinedAt: person.createdAt.toISOString(), activeStrikes: strikes?.n ?? 0, decisions };
}

async function notesOf(db: Executor, itemId: string) {
  const rows = await db
    .select()
    .from(moderationNotes)
    .where(eq(moderationNotes.itemId, itemId))
    .orderBy(asc(moderationNotes.createdAt));
  const names = await namesOf(
    db,
    rows.flatMap((row) => (row.authorId ? [row.authorId] : [])),
  );
  return rows.map((row) => ({
    id: row.id,
    author: {
      id: row.authorId ?? "",
      name: (row.authorId && names.get(row.authorId)) || "A former moderator",
    },
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}
