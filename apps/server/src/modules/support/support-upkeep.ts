// The desk's background work: flag targets that have passed their due time (once each, with an
// admin notification) and close tickets solved long enough ago. Safe to run in every process and
// any number of times: breaches are recorded once per target and due time, and closing is a
// conditional update.
import { AUTO_CLOSE_DAYS } from "@litverse/shared/support";
import { and, eq, isNull, lt, notInArray, or, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { supportTickets } from "./schema.ts";
import { overdueTargets } from "./sla.ts";
import { announceTicket, recordBreaches, slaStateOf } from "./ticket-store.ts";

const DAY_MS = 86_400_000;

/** Records every running target past its due time; returns how many were new. */
export async function flagSlaBreaches(deps: ServiceDeps, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const candidates = await deps.db
    .select()
    .from(supportTickets)
    .where(
      and(
        notInArray(supportTickets.status, ["solved", "closed"]),
        isNull(supportTickets.pausedSince),
        or(
          and(
            isNull(supportTickets.firstResponseAt),
            lt(supportTickets.firstReplyDueAt, sql`${at}::timestamptz`),
          ),
          lt(supportTickets.nextReplyDueAt, sql`${at}::timestamptz`),
          lt(supportTickets.resolutionDueAt, sql`${at}::timestamptz`),
        ),
      ),
    );
  let recorded = 0;
  for (const row of candidates) {
    const overdue = overdueTargets(slaStateOf(row), now);
    if (overdue.length === 0) continue;
    recorded += await deps.changes.inTransaction(deps.db, (tx) =>
      recordBreaches(deps, tx, row, overdue, now),
    );
  }
  return recorded;
}

/** Solved tickets close on their own after AUTO_CLOSE_DAYS. */
export async function closeSolvedTickets(deps: ServiceDeps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - AUTO_CLOSE_DAYS * DAY_MS);
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const closed = await tx
      .update(supportTickets)
      .set({ status: "closed" })
      .where(and(eq(supportTickets.status, "solved"), lt(supportTickets.resolvedAt, before)))
      .returning();
    for (const row of closed) announceTicket(deps, row);
    return closed.length;
  });
}

export async function runSupportUpkeep(deps: ServiceDeps, now = new Date()): Promise<void> {
  await flagSlaBreaches(deps, now);
  await closeSolvedTickets(deps, now);
}
