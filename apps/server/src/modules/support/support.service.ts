// The desk as the person asking sees it: open a ticket (about one of their payments or unlocks if
// they like), follow its thread live, reply, close, reopen within a week, rate the help once solved.
// The team's side is support-desk.service.ts.
import { formatPrice } from "@litverse/shared/payments";
import {
  defaultPriorityFor,
  type MyTicket,
  REOPEN_DAYS,
  RESOLVED_STATUSES,
  type TicketSubjectItem,
  type TicketSummary,
} from "@litverse/shared/support";
import type { createTicketInput, rateTicketInput, replyToTicketInput } from "@litverse/shared/support-inputs";
import { and, desc, eq, isNull, notInArray, sql } from "drizzle-orm";
import type { z } from "zod";
import { countDaily } from "../../core/daily-counts.ts";
import type { Executor } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { coinsDescription } from "../coins/index.ts";
import { content, episodes } from "../content/schema.ts";
import { payments } from "../payments/schema.ts";
import { episodeUnlocks } from "../unlocks/schema.ts";
import { supportTickets } from "./schema.ts";
import { changeStatus, newTicketClock, requesterReplied } from "./sla.ts";
import {
  addMessage,
  announceTicket,
  loadTicket,
  lockTicket,
  myTicketsTopic,
  NO_SUCH_TICKET,
  ratingOf,
  removeAttachmentFiles,
  SUPPORT_TICKETS_TOPIC,
  saveStep,
  slaPolicy,
  slaStateOf,
  storeAttachments,
  type TicketRow,
  threadOf,
  toTicketSummary,
} from "./ticket-store.ts";

export { SUPPORT_TICKETS_TOPIC };

const DAY_MS = 86_400_000;
/** The latest payments and unlocks offered when naming one in a ticket. */
const PURCHASES_OFFERED = 20;

/** Tickets nobody on the team has answered yet and still to be dealt with: the admin menu's badge. */
export async function getUnattendedTicketCount({ db }: ServiceDeps): Promise<number> {
  track(SUPPORT_TICKETS_TOPIC);
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(supportTickets)
    .where(
      and(isNull(supportTickets.firstResponseAt), notInArray(supportTickets.status, [...RESOLVED_STATUSES])),
    );
  // Stryker disable next-line OptionalChaining: an aggregate without GROUP BY always returns one row
  return row?.count ?? 0;
}

/** The caller's tickets, the latest activity first. */
export async function listMyTickets(deps: ServiceDeps, user: SessionUser): Promise<TicketSummary[]> {
  track(myTicketsTopic(user.id));
  const rows = await deps.db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.userId, user.id))
    .orderBy(desc(supportTickets.lastMessageAt))
    .limit(200);
  return rows.map(toTicketSummary);
}

/** The caller's own ticket; anyone else's does not exist for them. */
async function ownTicket(db: Executor, user: SessionUser, ticketId: string): Promise<TicketRow> {
  const row = await loadTicket(db, ticketId);
  if (row.userId !== user.id) throw new AppError("NOT_FOUND", NO_SUCH_TICKET);
  return row;
}

export async function getMyTicket(
  deps: ServiceDeps,
  user: SessionUser,
  ticketId: string,
  now = new Date(),
): Promise<MyTicket> {
  const row = await ownTicket(deps.db, user, ticketId);
  const [messages, item] = await Promise.all([threadOf(deps, row.id, "requester"), ticketItem(deps.db, row)]);
  const reopenUntil = row.resolvedAt ? new Date(row.resolvedAt.getTime() + REOPEN_DAYS * DAY_MS) : null;
  const resolved = RESOLVED_STATUSES.includes(row.status);
  // Up to and including the last moment, as replying and reopening allow (assertCanWrite).
  const canReopen = resolved && reopenUntil !== null && now <= reopenUntil;
  return {
    ...toTicketSummary(row),
    messages,
    item,
    rating: ratingOf(row),
    // Stryker disable next-line OptionalChaining: a solved or closed ticket always has resolvedAt: reopenUntil is set
    reopenUntil: resolved ? (reopenUntil?.toISOString() ?? null) : null,
    canReply: !resolved || canReopen,
    canClose: !resolved,
    canReopen,
    canRate: resolved && row.ratingScore === null && row.firstResponseAt !== null,
  };
}

/** The payment or unlock a ticket names, as the person would recognise it. */
export async function ticketItem(db: Executor, row: TicketRow): Promise<TicketSubjectItem | null> {
  if (row.paymentId) {
    const [payment] = await db.select().from(payments).where(eq(payments.id, row.paymentId));
    return payment ? paymentItem(payment) : null;
  }
  if (row.unlockId) {
    const [unlock] = await unlockRows(db).where(eq(episodeUnlocks.id, row.unlockId));
    return unlock ? unlockItem(unlock) : null;
  }
  return null;
}

function paymentItem(payment: typeof payments.$inferSelect): TicketSubjectItem {
  const what =
    payment.purpose === "coins"
      ? coinsDescription(payment.coins, payment.bonusCoins)
      : "A subscription payment";
  return {
    kind: "payment",
    _id: payment.id,
    label: `${what} · ${formatPrice(payment.amountMinor, payment.currency)}`,
    status: payment.status,
    createdAt: payment.createdAt.toISOString(),
  };
}

const unlockRows = (db: Executor) =>
  db
    .select({
      id: episodeUnlocks.id,
      revokedAt: episodeUnlocks.revokedAt,
      createdAt: episodeUnlocks.createdAt,
      title: content.title,
      number: episodes.number,
    })
    .from(episodeUnlocks)
    .innerJoin(content, eq(content.id, episodeUnlocks.contentId))
    .innerJoin(episodes, eq(episodes.id, episodeUnlocks.episodeId));

function unlockItem(unlock: {
  id: string;
  revokedAt: Date | null;
  createdAt: Date;
  title: string;
  number: number;
}): TicketSubjectItem {
  return {
    kind: "unlock",
    _id: unlock.id,
    label: `${unlock.title}, episode ${unlock.number}`,
    status: unlock.revokedAt ? "refunded" : "unlocked",
    createdAt: unlock.createdAt.toISOString(),
  };
}

/** The caller's latest payments and unlocks, to name one in a new ticket. */
export async function listMyPurchases(deps: ServiceDeps, user: SessionUser): Promise<TicketSubjectItem[]> {
  const [paid, unlocked] = await Promise.all([
    deps.db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .orderBy(desc(payments.createdAt))
      .limit(PURCHASES_OFFERED),
    unlockRows(deps.db)
      .where(eq(episodeUnlocks.userId, user.id))
      .orderBy(desc(episodeUnlocks.createdAt))
      .limit(PURCHASES_OFFERED),
  ]);
  return [...paid.map(paymentItem), ...unlocked.map(unlockItem)].sort((a, b) =>
    b.createdAt.localeCompare(a.createdAt),
  );
}

/** Checks that the item is the caller's own. */
async function ownItem(
  db: Executor,
  user: SessionUser,
  item: { kind: "payment" | "unlock"; id: string },
): Promise<{ paymentId: string | null; unlockId: string | null }> {
  const table = item.kind === "payment" ? payments : episodeUnlocks;
  const [found] = await db
    .select({ id: table.id })
    .from(table)
    .where(and(eq(table.id, item.id), eq(table.userId, user.id)));
  if (!found) {
    throw new AppError(
      "NOT_FOUND",
      item.kind === "payment" ? "There is no such payment of yours." : "There is no such unlock of yours.",
    );
  }
  return item.kind === "payment"
    ? { paymentId: item.id, unlockId: null }
    : { paymentId: null, unlockId: item.id };
}

export async function createTicket(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof createTicketInput>,
  now = new Date(),
): Promise<{ ticketId: string; number: number }> {
  // Stryker disable next-line ObjectLiteral: both columns default to null: leaving them out stores the same
  const link = input.item ? await ownItem(deps.db, user, input.item) : { paymentId: null, unlockId: null };
  const priority = defaultPriorityFor(input.category);
  const policy = await slaPolicy(deps.db, priority);
  // The ticket's id is chosen first: its attachments are stored under it.
  const ticketId = crypto.randomUUID();
  const files = await storeAttachments(deps, user.id, ticketId, input.attachmentUploadIds);
  try {
    return await deps.changes.inTransaction(deps.db, async (tx) => {
      const [row] = await tx
        .insert(supportTickets)
        .values({
          id: ticketId,
          userId: user.id,
          category: input.category,
          subject: input.subject,
          priority,
          ...link,
          ...newTicketClock(policy, now),
          lastReplyBy: "requester",
          lastMessageAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      // Stryker disable next-line StringLiteral: never thrown: insert … returning gives the row or fails
      if (!row) throw new AppError("CONFLICT", "Could not store the ticket.");
      await addMessage(tx, {
        ticketId,
        authorId: user.id,
        kind: "reply",
        fromAgent: false,
        body: input.description,
        attachments: files,
        createdAt: now,
      });
      announceTicket(deps, row);
      await countDaily(deps.changes, tx, "support.tickets_opened", { at: now });
      return { ticketId, number: row.number };
    });
  } catch (error) {
    await removeAttachmentFiles(deps, files);
    throw error;
  }
}

export async function replyToTicket(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof replyToTicketInput>,
  now = new Date(),
): Promise<void> {
  const before = await ownTicket(deps.db, user, input.ticketId);
  assertCanWrite(before, now);
  const files = await storeAttachments(deps, user.id, before.id, input.attachmentUploadIds);
  try {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const row = await lockTicket(tx, before.id);
      assertCanWrite(row, now);
      const step = requesterReplied(slaStateOf(row), await slaPolicy(tx, row.priority), now);
      await addMessage(tx, {
        ticketId: row.id,
        authorId: user.id,
        kind: "reply",
        fromAgent: false,
        body: input.body,
        attachments: files,
        createdAt: now,
      });
      await saveStep(deps, tx, row, step, { lastReplyBy: "requester", lastMessageAt: now }, now);
    });
  } catch (error) {
    await removeAttachmentFiles(deps, files);
    throw error;
  }
}

/** Solved and closed tickets take new messages only while they can be reopened. */
function assertCanWrite(row: TicketRow, now: Date): void {
  if (!RESOLVED_STATUSES.includes(row.status)) return;
  if (row.resolvedAt && now.getTime() - row.resolvedAt.getTime() <= REOPEN_DAYS * DAY_MS) return;
  throw new AppError(
    "CONFLICT",
    `This ticket was closed more than ${REOPEN_DAYS} days ago. Please open a new ticket.`,
  );
}

/** The person says they need no more help. */
export async function closeMyTicket(
  deps: ServiceDeps,
  user: SessionUser,
  ticketId: string,
  now = new Date(),
): Promise<void> {
  await ownTicket(deps.db, user, ticketId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const row = await lockTicket(tx, ticketId);
    if (RESOLVED_STATUSES.includes(row.status))
      throw new AppError("CONFLICT", "This ticket is closed already.");
    const step = changeStatus(slaStateOf(row), "closed", await slaPolicy(tx, row.priority), now);
    await addMessage(tx, {
      ticketId,
      authorId: user.id,
      kind: "event",
      fromAgent: false,
      body: "Closed by the person who asked.",
      createdAt: now,
    });
    // Closing is the person's wish, not a missed target.
    await saveStep(deps, tx, row, { ...step, breaches: [] }, {}, now);
  });
}

export async function reopenMyTicket(
  deps: ServiceDeps,
  user: SessionUser,
  ticketId: string,
  now = new Date(),
): Promise<void> {
  await ownTicket(deps.db, user, ticketId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const row = await lockTicket(tx, ticketId);
    if (!RESOLVED_STATUSES.includes(row.status)) throw new AppError("CONFLICT", "This ticket is still open.");
    assertCanWrite(row, now);
    const step = changeStatus(slaStateOf(row), "open", await slaPolicy(tx, row.priority), now);
    await addMessage(tx, {
      ticketId,
      authorId: user.id,
      kind: "event",
      fromAgent: false,
      body: "Reopened by the person who asked.",
      createdAt: now,
    });
    await saveStep(deps, tx, row, step, { lastReplyBy: "requester" }, now);
  });
}

/** A satisfaction rating, once, after the team answered and the ticket was solved or closed. */
export async function rateTicket(
  deps: ServiceDeps,
  user: SessionUser,
  input: z.output<typeof rateTicketInput>,
): Promise<void> {
  await ownTicket(deps.db, user, input.ticketId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [rated] = await tx
      .update(supportTickets)
      .set({ ratingScore: input.score, ratingComment: input.comment, ratedAt: new Date() })
      .where(
        and(
          eq(supportTickets.id, input.ticketId),
          isNull(supportTickets.ratingScore),
          sql`${supportTickets.status} in ('solved', 'closed')`,
          sql`${supportTickets.firstResponseAt} is not null`,
        ),
      )
      .returning();
    if (!rated) {
      throw new AppError("CONFLICT", "A ticket is rated once, after the team has answered and it is solved.");
    }
    announceTicket(deps, rated);
  });
}
