// The moderation queue: one row per reported item, notices and the most severe first, then the
// heaviest and the oldest; claimed by one moderator at a time; notes between moderators.
import {
  type ModerationNote,
  type ModerationQueueItem,
  type ModerationQueuePage,
  REPORT_CATEGORIES,
  REPORT_CATEGORY_SEVERITY,
  type ReportCategory,
} from "@litverse/shared/moderation";
import type { queueInput } from "@litverse/shared/moderation-inputs";
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { peopleByIds } from "../profiles/index.ts";
import { REPORTS_TOPIC } from "../reports/index.ts";
import { moderationItems, reports } from "../reports/schema.ts";
import { users } from "../users/schema.ts";
import { describeTargets } from "./describe.ts";
import { moderationAppeals, moderationDecisions, moderationNotes } from "./schema.ts";
import { MODERATION_TOPIC } from "./topics.ts";

export const QUEUE_PAGE_SIZE = 30;

type ItemRow = typeof moderationItems.$inferSelect;

/** The category a severity stands for. */
export const categoryOfSeverity = (severity: number): ReportCategory =>
  REPORT_CATEGORIES.find((category) => REPORT_CATEGORY_SEVERITY[category] === severity) ?? "other";

/** Items with an appeal of one of their decisions waiting. */
const hasPendingAppeal = sql`exists (select 1 from ${moderationDecisions}
  join ${moderationAppeals} on ${moderationAppeals.decisionId} = ${moderationDecisions.id}
  where ${moderationDecisions.itemId} = ${moderationItems.id} and ${moderationAppeals.state} = 'pending')`;

function filtersOf(viewer: SessionUser, input: z.output<typeof queueInput>): SQL | undefined {
  return and(
    input.state === "pending" || input.state === "decided"
      ? eq(moderationItems.state, input.state)
      : undefined,
    input.state === "appealed" ? hasPendingAppeal : undefined,
    input.kind ? eq(moderationItems.kind, input.kind) : undefined,
    input.category
      ? sql`${moderationItems.id} in (select ${reports.itemId} from ${reports}
          where ${reports.category} = ${input.category} and ${reports.status} = 'open')`
      : undefined,
    input.assignee === "me" ? eq(moderationItems.claimedBy, viewer.id) : undefined,
    input.assignee === "unclaimed" ? isNull(moderationItems.claimedBy) : undefined,
  );
}

/** Notices and the most severe first, then the heaviest and oldest: the queue index's order. */
const QUEUE_ORDER = [
  sql`${moderationItems.hasNotice} desc nulls last`,
  sql`${moderationItems.severity} desc nulls last`,
  sql`${moderationItems.weight} desc nulls last`,
  asc(moderationItems.firstReportedAt),
  asc(moderationItems.id),
];

const offsetOf = (cursor: string | null | undefined) => {
  const offset = cursor ? Number.parseInt(cursor, 10) : 0;
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : 0;
};

export async function getQueue(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: z.output<typeof queueInput>,
): Promise<ModerationQueuePage> {
  track(REPORTS_TOPIC, MODERATION_TOPIC);
  const { db } = deps;
  const offset = offsetOf(input.cursor);
  const rows = await db
    .select()
    .from(moderationItems)
    .where(filtersOf(viewer, input))
    .orderBy(...QUEUE_ORDER)
    .limit(QUEUE_PAGE_SIZE + 1)
    .offset(offset);
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const [[pending], [appeals], items] = await Promise.all([
    db.select({ n: count() }).from(moderationItems).where(eq(moderationItems.state, "pending")),
    db.select({ n: count() }).from(moderationAppeals).where(eq(moderationAppeals.state, "pending")),
    queueItems(db, page),
  ]);
  return {
    items,
    nextCursor: rows.length > QUEUE_PAGE_SIZE ? String(offset + QUEUE_PAGE_SIZE) : null,
    pendingCount: pending?.n ?? 0,
    appealCount: appeals?.n ?? 0,
  };
}

/** Queue rows for items: their targets now, authors, claimers, open reports per category, appeals. */
export async function queueItems(db: Executor, rows: ItemRow[]): Promise<ModerationQueueItem[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [targets, people, claimers, categoryRows, appealed] = await Promise.all([
    describeTargets(db, rows),
    peopleByIds(db, [...new Set(rows.flatMap((row) => (row.authorId ? [row.authorId] : [])))]),
    namesOf(
      db,
      rows.flatMap((row) => (row.claimedBy ? [row.claimedBy] : [])),
    ),
    db
      .select({ itemId: reports.itemId, category: reports.category, n: count() })
      .from(reports)
      .where(and(inArray(reports.itemId, ids), eq(reports.status, "open")))
      .groupBy(reports.itemId, reports.category),
    db
      .select({ itemId: moderationDecisions.itemId })
      .from(moderationDecisions)
      .innerJoin(moderationAppeals, eq(moderationAppeals.decisionId, moderationDecisions.id))
      .where(and(inArray(moderationDecisions.itemId, ids), eq(moderationAppeals.state, "pending"))),
  ]);
  const appealedIds = new Set(appealed.map((row) => row.itemId));
  return rows.map((row, index) => {
    const categories = categoryRows
      .filter((entry) => entry.itemId === row.id)
      .map((entry) => ({ category: entry.category, count: entry.n }))
      .sort((a, b) => REPORT_CATEGORY_SEVERITY[b.category] - REPORT_CATEGORY_SEVERITY[a.category]);
    return {
      id: row.id,
      target: targets[index] as ModerationQueueItem["target"],
      author: row.authorId ? (people.get(row.authorId) ?? null) : null,
      state: row.state,
      category: categoryOfSeverity(row.severity),
      categories,
      reportCount: row.openReports,
      weight: Math.round(row.weight * 100) / 100,
      hasNotice: row.hasNotice,
      isAutoHidden: Boolean(row.autoHiddenAt && row.hiddenFrom),
      claimedBy: row.claimedBy ? { id: row.claimedBy, name: claimers.get(row.claimedBy) ?? "Someone" } : null,
      hasPendingAppeal: appealedIds.has(row.id),
      firstReportedAt: row.firstReportedAt.toISOString(),
      lastReportedAt: row.lastReportedAt.toISOString(),
    };
  });
}

/** Team members' names, for claims, notes and decisions. */
export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.name ?? "Someone"]));
}

export async function loadItem(db: Executor, itemId: string, forUpdate = false): Promise<ItemRow> {
  const query = db.select().from(moderationItems).where(eq(moderationItems.id, itemId));
  const [row] = forUpdate ? await query.for("update") : await query;
  if (!row) throw new AppError("NOT_FOUND", "No such item in the moderation queue.");
  return row;
}

/** Takes an item so that no other moderator works on it at the same time. */
export async function claimItem(deps: ServiceDeps, viewer: SessionUser, itemId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const item = await loadItem(tx, itemId, true);
    if (item.claimedBy && item.claimedBy !== viewer.id) {
      const names = await namesOf(tx, [item.claimedBy]);
      throw new AppError(
        "CONFLICT",
        `${names.get(item.claimedBy) ?? "Another moderator"} is already on this item.`,
      );
    }
    if (item.claimedBy === viewer.id) return;
    await tx
      .update(moderationItems)
      .set({ claimedBy: viewer.id, claimedAt: new Date() })
      .where(eq(moderationItems.id, itemId));
    noteChange({
      objectType: "moderation-item",
      objectId: itemId,
      before: { claimedBy: null },
      after: { claimedBy: viewer.id },
    });
    deps.changes.changed(MODERATION_TOPIC);
  });
}

/** Lets go of an item: the one who claimed it, or any moderator for an item left claimed. */
export async function releaseItem(deps: ServiceDeps, itemId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const item = await loadItem(tx, itemId, true);
    if (!item.claimedBy) return;
    await tx
      .update(moderationItems)
      .set({ claimedBy: null, claimedAt: null })
      .where(eq(moderationItems.id, itemId));
    noteChange({
      objectType: "moderation-item",
      objectId: itemId,
      before: { claimedBy: item.claimedBy },
      after: { claimedBy: null },
    });
    deps.changes.changed(MODERATION_TOPIC);
  });
}

export async function addNote(
  deps: ServiceDeps,
  viewer: SessionUser,
  input: { itemId: string; body: string },
): Promise<ModerationNote> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    await loadItem(tx, input.itemId);
    const [note] = await tx
      .insert(moderationNotes)
      .values({ itemId: input.itemId, authorId: viewer.id, body: input.body })
      .returning();
    if (!note) throw new Error("A note was not stored");
    noteChange({ objectType: "moderation-note", objectId: note.id, before: null, after: note });
    deps.changes.changed(MODERATION_TOPIC);
    const names = await namesOf(tx, [viewer.id]);
    return {
      id: note.id,
      author: { id: viewer.id, name: names.get(viewer.id) ?? "Someone" },
      body: note.body,
      createdAt: note.createdAt.toISOString(),
    };
  });
}
