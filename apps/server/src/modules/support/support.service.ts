// Requests for help, and the team's view of which ones nobody has answered yet.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import { type SupportTicketStatus, supportTickets } from "../../db/schema/index.ts";
import { AppError } from "../../errors.ts";
import { track } from "../../live/topics.ts";
import type { ServiceDeps } from "../../rpc/context.ts";

export type SupportTicketRow = typeof supportTickets.$inferSelect;

/** Any ticket's creation, status or answer. */
export const SUPPORT_TICKETS_TOPIC = "support-tickets";

/** Open tickets the team has not answered yet: the admin menu's badge. */
export async function getUnattendedTicketCount({ db }: ServiceDeps): Promise<number> {
  track(SUPPORT_TICKETS_TOPIC);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(and(eq(supportTickets.status, "open"), isNull(supportTickets.firstResponseAt)));
  return row?.count ?? 0;
}

export async function openSupportTicket(
  deps: ServiceDeps,
  userId: string,
  subject: string,
): Promise<SupportTicketRow> {
  const trimmed = subject.trim();
  if (!trimmed) throw new AppError("BAD_REQUEST", "A ticket needs a subject.");
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx.insert(supportTickets).values({ userId, subject: trimmed }).returning();
    if (!row) throw new AppError("CONFLICT", "Could not store the ticket.");
    deps.changes.changed(SUPPORT_TICKETS_TOPIC);
    return row;
  });
}

/** Notes the team's first answer to a ticket (later answers keep the first time). An open ticket moves to in progress. */
export async function recordFirstResponse(deps: ServiceDeps, ticketId: string): Promise<SupportTicketRow> {
  return updateTicket(deps, ticketId, {
    firstResponseAt: sql`coalesce(${supportTickets.firstResponseAt}, now())`,
    status: sql`case when ${supportTickets.status} = 'open' then 'in_progress' else ${supportTickets.status} end`,
  });
}

export async function setTicketStatus(
  deps: ServiceDeps,
  ticketId: string,
  status: SupportTicketStatus,
): Promise<SupportTicketRow> {
  return updateTicket(deps, ticketId, { status });
}

async function updateTicket(
  deps: ServiceDeps,
  ticketId: string,
  changes: PgUpdateSetSource<typeof supportTickets>,
): Promise<SupportTicketRow> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .update(supportTickets)
      .set(changes)
      .where(eq(supportTickets.id, ticketId))
      .returning();
    if (!row) throw new AppError("NOT_FOUND", "No such ticket.");
    deps.changes.changed(SUPPORT_TICKETS_TOPIC);
    return row;
  });
}
