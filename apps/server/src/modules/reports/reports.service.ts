// Reports of what people write and upload, and notices of illegal content, each attached to the
// one moderation item of its target. The area that owns a kind of target finds it (and checks the
// reporter may see it); this records the report once per reporter and target, keeps the item's
// figures, hides the item at once when its weighted reports cross the category's threshold, and
// tells the administrators.

import {
  DEFAULT_HIDE_THRESHOLDS,
  REPORT_CATEGORY_SEVERITY,
  type ReportCategory,
  type ReportTarget,
} from "@litverse/shared/moderation";
import type { PersonReport } from "@litverse/shared/user-management";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createAdminNotification } from "../admin-notifications/index.ts";
import { users } from "../users/schema.ts";
import { HIDDEN_ITEMS_TOPIC } from "./hidden-items.ts";
import { moderationItems, moderationSettings, reporterStanding, reports } from "./schema.ts";
import { REPORTS_TOPIC } from "./topics.ts";

/** What the reports module calls but must not import: telling an author their item is hidden. */
export interface ReportHooks {
  autoHidden(
    deps: ServiceDeps,
    item: { id: string; authorId: string | null; category: ReportCategory },
  ): Promise<void>;
}
let hooks: ReportHooks | null = null;
export function connectReportHooks(handed: ReportHooks): void {
  hooks = handed;
}

/**
 * A reporter's weight: 1 for someone new, towards 2 as their reports are upheld, towards 0.2 as
 * they are dismissed (Laplace's rule of succession, doubled).
 */
export function reporterWeight(standing: { upheld: number; dismissed: number } | undefined): number {
  const upheld = standing?.upheld ?? 0;
  const dismissed = standing?.dismissed ?? 0;
  return Math.max(0.2, Math.min(2, ((upheld + 1) / (upheld + dismissed + 2)) * 2));
}

/** The weighted reports that hide an item, per category: the settings over the defaults. */
export async function hideThresholds(db: Executor): Promise<Record<ReportCategory, number>> {
  const [row] = await db.select().from(moderationSettings).where(eq(moderationSettings.id, 1));
  return { ...DEFAULT_HIDE_THRESHOLDS, ...row?.hideThresholds };
}

/**
 * Records a report of `target` by `reporter` (null for a notice from someone not signed in).
 * Reporting the same target again while the first report is open changes nothing. Returns whether
 * a new report was made, and the item it belongs to.
 */
export async function createReport(
  deps: ServiceDeps,
  reporter: SessionUser | null,
  target: ReportTarget,
  category: ReportCategory,
  details: string,
  notice?: { noticeId: string },
): Promise<{ isNew: boolean; itemId: string }> {
  const result = await deps.changes.inTransaction(deps.db, async (tx) => {
    const itemId = await itemFor(tx, target);
    const weight = reporter ? reporterWeight(await standingOf(tx, reporter.id)) : 1;
    const [report] = await tx
      .insert(reports)
      .values({
        reporterId: reporter?.id ?? null,
        itemId,
        targetKind: target.kind,
        targetId: target.id,
        targetUserId: target.userId,
        category,
        details,
        snapshot: target.snapshot ?? null,
        weight,
        source: notice ? "notice" : "report",
        noticeId: notice?.noticeId ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (!report) return { isNew: false, itemId, hidden: false };
    const [item] = await tx
      .update(moderationItems)
      .set({
        state: "pending",
        openReports: sql`${moderationItems.openReports} + 1`,
        weight: sql`${moderationItems.weight} + ${weight}`,
        severity: sql`greatest(${moderationItems.severity}, ${REPORT_CATEGORY_SEVERITY[category]})`,
        hasNotice: notice ? true : moderationItems.hasNotice,
        lastReportedAt: new Date(),
      })
      .where(eq(moderationItems.id, itemId))
      .returning();
    const hidden = item ? await hideIfOverThreshold(tx, item, category) : false;
    deps.changes.changed(REPORTS_TOPIC);
    if (hidden) deps.changes.changed(HIDDEN_ITEMS_TOPIC);
    await countDaily(deps.changes, tx, "moderation.reports_filed");
    return { isNew: true, itemId, hidden, authorId: item?.authorId ?? null };
  });
  if (result.isNew) {
    await createAdminNotification(deps, {
      kind: "report",
      title: notice ? "New notice of illegal content" : "New report",
      body: `${target.label} was reported for ${category.replaceAll("_", " ")}.`,
      link: `/admin/flagged-content-review?item=${result.itemId}`,
    });
  }
  if (result.hidden) {
    await hooks?.autoHidden(deps, { id: result.itemId, authorId: result.authorId ?? null, category });
  }
  return { isNew: result.isNew, itemId: result.itemId };
}

/** The target's item, made at its first report; locked for the report's changes, in one statement. */
async function itemFor(tx: Transaction, target: ReportTarget): Promise<string> {
  const [item] = await tx
    .insert(moderationItems)
    .values({
      kind: target.kind,
      targetId: target.id,
      authorId: target.userId,
      label: target.label,
      snapshot: target.snapshot ?? null,
    })
    // An update that changes nothing: it locks the existing row and returns its id.
    .onConflictDoUpdate({
      target: [moderationItems.kind, moderationItems.targetId],
      set: { kind: sql`${moderationItems.kind}` },
    })
    .returning({ id: moderationItems.id });
  if (!item) throw new Error("A moderation item was not stored");
  return item.id;
}

async function standingOf(tx: Executor, userId: string) {
  const [row] = await tx.select().from(reporterStanding).where(eq(reporterStanding.userId, userId));
  return row;
}

/**
 * Hides an item at once, pending review, when the weighted open reports of `category` reach its
 * threshold. Never one a moderator has already decided on (they saw it) nor one already hidden.
 */
async function hideIfOverThreshold(
  tx: Transaction,
  item: typeof moderationItems.$inferSelect,
  category: ReportCategory,
): Promise<boolean> {
  if (item.hiddenFrom || item.decidedAt) return false;
  const [sum] = await tx
    .select({ weight: sql<number>`coalesce(sum(${reports.weight}), 0)::real` })
    .from(reports)
    .where(and(eq(reports.itemId, item.id), eq(reports.category, category), eq(reports.status, "open")));
  const threshold = (await hideThresholds(tx))[category];
  if ((sum?.weight ?? 0) < threshold) return false;
  const hidden = await tx
    .update(moderationItems)
    .set({ hiddenFrom: "everyone", autoHiddenAt: new Date() })
    .where(and(eq(moderationItems.id, item.id), isNull(moderationItems.hiddenFrom)))
    .returning({ id: moderationItems.id });
  return hidden.length > 0;
}

/** How many reports by and about one person their page in user management lists, newest first. */
const REPORTS_SHOWN = 20;

/** The reports a person made and the reports made about them, for their page in user management. */
export async function reportsInvolving(
  db: Executor,
  userId: string,
): Promise<{ by: PersonReport[]; about: PersonReport[] }> {
  track(REPORTS_TOPIC);
  const other = alias(users, "other_person");
  const list = (mine: AnyPgColumn, theirs: AnyPgColumn) =>
    db
      .select({
        id: reports.id,
        targetKind: reports.targetKind,
        category: reports.category,
        details: reports.details,
        status: reports.status,
        createdAt: reports.createdAt,
        otherId: other.id,
        otherName: other.name,
        otherHandle: other.handle,
      })
      .from(reports)
      .leftJoin(other, eq(other.id, theirs))
      .where(eq(mine, userId))
      .orderBy(desc(reports.createdAt))
      .limit(REPORTS_SHOWN);
  const [by, about] = await Promise.all([
    list(reports.reporterId, reports.targetUserId),
    list(reports.targetUserId, reports.reporterId),
  ]);
  const toReport = (row: Awaited<ReturnType<typeof list>>[number]): PersonReport => ({
    id: row.id,
    targetKind: row.targetKind,
    category: row.category,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    otherPerson: row.otherId ? { id: row.otherId, name: row.otherName, handle: row.otherHandle } : null,
  });
  return { by: by.map(toReport), about: about.map(toReport) };
}
