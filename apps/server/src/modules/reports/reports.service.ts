// Reports of people and what they post, into the one `reports` table the moderation queue reads.
// The area that owns a kind of target finds it (and checks the reporter may see it); this records
// the report once per reporter and target, and tells the administrators.

import type { ReportReason, ReportTargetKind } from "@litverse/shared/people";
import { countDaily } from "../../core/daily-counts.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { createAdminNotification } from "../admin-notifications/index.ts";
import { reports } from "../profiles/schema.ts";

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
