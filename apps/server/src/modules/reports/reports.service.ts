// Reports of people and what they post, into the one `reports` table the moderation queue reads.
// The area that owns a kind of target finds it (and checks the reporter may see it); this records
// the report once per reporter and target, and tells the administrators.

import type { ReportReason, ReportTargetKind } from "@litverse/shared/people";
import type { PersonReport } from "@litverse/shared/user-management";
import { desc, eq } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createAdminNotification } from "../admin-notifications/index.ts";
import { reports } from "../profiles/schema.ts";
import { users } from "../users/schema.ts";

export const REPORTS_TOPIC = "reports";

export interface ReportTarget {
  kind: ReportTargetKind;
  id: string;
  /** The person responsible for the target (its author, or the person reported). */
  userId: string | null;
  /** What the target said, kept as it was when reported. */
  snapshot?: string | null;
  /** How administrators should call it: "a message", "Ada Reader". */
  label: string;
}

/**
 * Records `reporter`'s report. Reporting the same target again while the first is open changes
 * nothing. Returns whether a new report was made.
 */
export async function createReport(
  deps: ServiceDeps,
  reporter: SessionUser,
  target: ReportTarget,
  reason: ReportReason,
  details: string,
): Promise<{ isNew: boolean }> {
  const inserted = await deps.changes.inTransaction(deps.db, async (tx) => {
    const rows = await tx
      .insert(reports)
      .values({
        reporterId: reporter.id,
        targetKind: target.kind,
        targetId: target.id,
        targetUserId: target.userId,
        reason,
        details,
        snapshot: target.snapshot ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: reports.id });
    if (rows.length > 0) {
      deps.changes.changed(REPORTS_TOPIC);
      await countDaily(deps.changes, tx, "moderation.reports_filed");
    }
    return rows.length > 0;
  });
  if (inserted) {
    await createAdminNotification(deps, {
      kind: "report",
      title: "New report",
      body: `${target.label} was reported for ${reason.replaceAll("_", " ")}.`,
      link: "/admin/flagged-content",
    });
  }
  return { isNew: inserted };
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
        reason: reports.reason,
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
    reason: row.reason,
    details: row.details,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    otherPerson: row.otherId ? { id: row.otherId, name: row.otherName, handle: row.otherHandle } : null,
  });
  return { by: by.map(toReport), about: about.map(toReport) };
}
