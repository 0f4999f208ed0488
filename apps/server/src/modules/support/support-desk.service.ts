// The desk as the team works it: the queue sorted by what is due first, a ticket with its internal
// notes, replies (the person is notified), status, priority and assignment, canned replies and the
// service-level policies. Every function here is for administrators (support.router.ts).
import type { PersonSummary } from "@litverse/shared/people";
import {
  type AgentTicket,
  type CannedReply,
  DEFAULT_SLA_POLICIES,
  type QueuePage,
  type QueueTicket,
  RESOLVED_STATUSES,
  type SlaPolicy,
  SUPPORT_QUEUE_PAGE_SIZE,
  slaTimers,
  TICKET_PRIORITIES,
  TICKET_PRIORITY_LABELS,
  TICKET_STATUS_AGENT_LABELS,
  ticketLabel,
} from "@litverse/shared/support";
import type {
  agentReplyInput,
  createCannedReplyInput,
  supportQueueInput,
  updateCannedReplyInput,
  updateSlaPolicyInput,
  updateTicketInput,
} from "@litverse/shared/support-inputs";
import { and, asc, desc, eq, ilike, inArray, isNull, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps, SessionUser } from "../../core/service-deps.ts";
import { mailSupportReply } from "../mail/index.ts";
import { notify } from "../notifications/index.ts";
import { peopleByIds } from "../profiles/index.ts";
import { users } from "../users/schema.ts";
import { supportCannedReplies, supportSlaBreaches, supportSlaPolicies, supportTickets } from "./schema.ts";
import { agentReplied, changePriority, changeStatus, type SlaStep } from "./sla.ts";
import { ticketItem } from "./support.service.ts";
import {
  addMessage,
  loadTicket,
  lockTicket,
  ratingOf,
  removeAttachmentFiles,
  SUPPORT_SETTINGS_TOPIC,
  SUPPORT_TICKETS_TOPIC,
  saveStep,
  slaPolicies,
  slaPolicy,
  slaStateOf,
  storeAttachments,
  type TicketRow,
  threadOf,
  ticketTopic,
  toTicketSummary,
} from "./ticket-store.ts";

/** Who works the desk. */
const AGENT_ROLES = ["admin", "superadmin"] as const;

/** The soonest running due time, in SQL: what the queue sorts by (paused and resolved last). */
const slaDueSql = sql<Date | null>`case when ${supportTickets.pausedSince} is not null
  or ${supportTickets.status} in ('solved', 'closed') then null
  else least(case when ${supportTickets.firstResponseAt} is null then ${supportTickets.firstReplyDueAt} end,
    ${supportTickets.nextReplyDueAt}, ${supportTickets.resolutionDueAt}) end`;
const activeSql = notInArray(supportTickets.status, [...RESOLVED_STATUSES]);
const unattendedSql = and(isNull(supportTickets.firstResponseAt), activeSql) as SQL;
/** A ticket as the audit trail keeps it: what the team sets, not its clock. */
function ticketSnapshot(row: TicketRow) {
  return { status: row.status, priority: row.priority, category: row.category, assigneeId: row.assigneeId };
}

const hasBreachSql = sql<boolean>`exists (select 1 from ${supportSlaBreaches} b where b.ticket_id = ${supportTickets.id})`;

export async function listSupportQueue(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof supportQueueInput>,
  now = new Date(),
): Promise<QueuePage> {
  track(SUPPORT_TICKETS_TOPIC);
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(supportTickets.status, input.status));
  else if (input.activeOnly) conditions.push(activeSql);
  if (input.priority) conditions.push(eq(supportTickets.priority, input.priority));
  if (input.category) conditions.push(eq(supportTickets.category, input.category));
  if (input.assignee === "me") conditions.push(eq(supportTickets.assigneeId, agent.id));
  else if (input.assignee === "none") conditions.push(isNull(supportTickets.assigneeId));
  else if (input.assignee) conditions.push(eq(supportTickets.assigneeId, input.assignee));
  if (input.unattended) conditions.push(unattendedSql);
  const query = input.query?.replace(/^#/, "");
  if (query) {
    const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const matches = [ilike(supportTickets.subject, pattern), ilike(users.email, pattern)];
    if (/^\d{1,9}$/.test(query)) matches.push(eq(supportTickets.number, Number(query)));
    conditions.push(or(...matches) as SQL);
  }
  const offset = input.cursor && /^\d{1,6}$/.test(input.cursor) ? Number(input.cursor) : 0;
  const [rows, [counts]] = await Promise.all([
    deps.db
      .select({ ticket: supportTickets, hasBreach: hasBreachSql })
      .from(supportTickets)
      .innerJoin(users, eq(users.id, supportTickets.userId))
      .where(and(...conditions))
      .orderBy(sql`${slaDueSql} asc nulls last`, desc(supportTickets.lastMessageAt), asc(supportTickets.id))
      .limit(SUPPORT_QUEUE_PAGE_SIZE + 1)
      .offset(offset),
    deps.db
      .select({
        unattended: sql<number>`count(*) filter (where ${unattendedSql})::int`,
        mine: sql<number>`count(*) filter (where ${supportTickets.assigneeId} = ${agent.id})::int`,
        breached: sql<number>`count(*) filter (where ${slaDueSql} < ${now.toISOString()}::timestamptz)::int`,
      })
      .from(supportTickets)
      .where(activeSql),
  ]);
  const page = rows.slice(0, SUPPORT_QUEUE_PAGE_SIZE);
  const people = await peopleByIds(
    deps.db,
    page.flatMap(({ ticket }) => [ticket.userId, ...(ticket.assigneeId ? [ticket.assigneeId] : [])]),
  );
  return {
    items: page.map(({ ticket, hasBreach }) => toQueueTicket(ticket, people, hasBreach, now)),
    nextCursor: rows.length > SUPPORT_QUEUE_PAGE_SIZE ? String(offset + SUPPORT_QUEUE_PAGE_SIZE) : null,
    counts: counts ?? { unattended: 0, mine: 0, breached: 0 },
  };
}

function toQueueTicket(
  row: TicketRow,
  people: Map<string, PersonSummary>,
  hasBreach: boolean,
  now: Date,
): QueueTicket {
  const clock = {
    status: row.status,
    firstResponseAt: row.firstResponseAt?.toISOString() ?? null,
    firstReplyDueAt: row.firstReplyDueAt.toISOString(),
    nextReplyDueAt: row.nextReplyDueAt?.toISOString() ?? null,
    resolutionDueAt: row.resolutionDueAt.toISOString(),
    pausedSince: row.pausedSince?.toISOString() ?? null,
  };
  const requester = people.get(row.userId);
  if (!requester) throw new AppError("NOT_FOUND", "The person who asked is gone.");
  const timers = slaTimers(clock, now.getTime());
  const soonest = timers[0];
  return {
    ...toTicketSummary(row),
    ...clock,
    priority: row.priority,
    requester,
    assignee: row.assigneeId ? (people.get(row.assigneeId) ?? null) : null,
    unattended: row.firstResponseAt === null && !RESOLVED_STATUSES.includes(row.status),
    // What the queue sorts by (slaDueSql): none while paused or resolved.
    slaDueAt: soonest && !soonest.paused ? soonest.dueAt : null,
    breached: hasBreach || timers.some((timer) => timer.breached),
  };
}

export async function getAgentTicket(
  deps: ServiceDeps,
  _agent: SessionUser,
  ticketId: string,
  now = new Date(),
): Promise<AgentTicket> {
  track(ticketTopic(ticketId));
  const row = await loadTicket(deps.db, ticketId);
  const [messages, item, breaches, [requester]] = await Promise.all([
    threadOf(deps, row.id, "agent"),
    ticketItem(deps.db, row),
    deps.db
      .select()
      .from(supportSlaBreaches)
      .where(eq(supportSlaBreaches.ticketId, row.id))
      .orderBy(asc(supportSlaBreaches.breachedAt)),
    deps.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)),
  ]);
  const people = await peopleByIds(deps.db, [row.userId, ...(row.assigneeId ? [row.assigneeId] : [])]);
  return {
    ...toQueueTicket(row, people, breaches.length > 0, now),
    requesterEmail: requester?.email ?? null,
    messages,
    item,
    rating: ratingOf(row),
    breaches: breaches.map((breach) => ({
      target: breach.target,
      dueAt: breach.dueAt.toISOString(),
      breachedAt: breach.breachedAt.toISOString(),
    })),
  };
}

/** A reply to the person (who is notified) or an internal note for the team. */
export async function agentReply(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof agentReplyInput>,
  now = new Date(),
): Promise<void> {
  const before = await loadTicket(deps.db, input.ticketId);
  if (input.internal && input.statusAfter) {
    throw new AppError("BAD_REQUEST", "A note does not change the status; change it on its own.");
  }
  const files = await storeAttachments(deps, agent.id, before.id, input.attachmentUploadIds);
  let notice: TicketRow | null = null;
  try {
    await deps.changes.inTransaction(deps.db, async (tx) => {
      const row = await lockTicket(tx, before.id);
      const kind = input.internal ? "note" : "reply";
      const messageId = await addMessage(tx, {
        ticketId: row.id,
        authorId: agent.id,
        kind,
        fromAgent: true,
        body: input.body,
        attachments: files,
        createdAt: now,
      });
      noteChange({
        objectType: "ticket-message",
        objectId: messageId,
        before: null,
        after: { ticketId: row.id, kind, body: input.body, attachments: files.map((file) => file.name) },
      });
      if (input.internal) {
        deps.changes.changed(ticketTopic(row.id));
        return;
      }
      const policy = await slaPolicy(tx, row.priority);
      const step = agentReplied(slaStateOf(row), input.statusAfter ?? "pending", policy, now);
      notice = await saveStep(
        deps,
        tx,
        row,
        step,
        {
          lastReplyBy: "agent",
          lastMessageAt: now,
          // Whoever answers an unassigned ticket takes it.
          assigneeId: row.assigneeId ?? agent.id,
        },
        now,
      );
      const after = ticketSnapshot(notice);
      noteChange({ objectType: "ticket", objectId: row.id, before: ticketSnapshot(row), after });
    });
  } catch (error) {
    await removeAttachmentFiles(deps, files);
    throw error;
  }
  const answered = notice as TicketRow | null;
  if (answered) {
    await notify(deps, answered.userId, {
      kind: "support",
      title: `New reply on ticket ${ticketLabel(answered.number)}`,
      body: input.body.slice(0, 140) || "The team sent a file.",
      link: `/support/${answered.id}`,
      actorId: agent.id,
      createdAt: now,
    });
    const agentName = (await peopleByIds(deps.db, [agent.id])).get(agent.id)?.name ?? "Litverse support";
    await mailSupportReply(
      deps,
      answered.userId,
      {
        ticketSubject: `${ticketLabel(answered.number)} ${answered.subject}`,
        agent: agentName,
        excerpt: input.body.slice(0, 600) || "The team sent a file.",
        link: `/support/${answered.id}`,
      },
      now,
    );
  }
}

/** Status, priority, assignee or category, each change recorded on the ticket. */
export async function updateTicket(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof updateTicketInput>,
  now = new Date(),
): Promise<void> {
  if (input.assigneeId) await assertAgent(deps, input.assigneeId);
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const row = await lockTicket(tx, input.ticketId);
    const policies = await slaPolicies(tx);
    const policyOf = (priority: TicketRow["priority"]): SlaPolicy => {
      const policy = policies.get(priority);
      if (!policy)
        throw new AppError("CONFLICT", `There is no service-level policy for ${priority} tickets.`);
      return policy;
    };
    let step: SlaStep = { state: slaStateOf(row), breaches: [] };
    const events: string[] = [];
    const extra: Partial<typeof supportTickets.$inferInsert> = {};
    if (input.priority && input.priority !== row.priority) {
      step = { ...step, state: changePriority(step.state, policyOf(row.priority), policyOf(input.priority)) };
      extra.priority = input.priority;
      events.push(
        `Priority: ${TICKET_PRIORITY_LABELS[row.priority]} → ${TICKET_PRIORITY_LABELS[input.priority]}`,
      );
    }
    if (input.status && input.status !== row.status) {
      const next = changeStatus(step.state, input.status, policyOf(input.priority ?? row.priority), now);
      step = { state: next.state, breaches: [...step.breaches, ...next.breaches] };
      events.push(
        `Status: ${TICKET_STATUS_AGENT_LABELS[row.status]} → ${TICKET_STATUS_AGENT_LABELS[input.status]}`,
      );
    }
    if (input.assigneeId !== undefined && input.assigneeId !== row.assigneeId) {
      extra.assigneeId = input.assigneeId;
      const [person] = input.assigneeId ? (await peopleByIds(tx, [input.assigneeId])).values() : [];
      events.push(person ? `Assigned to ${person.name}` : "Unassigned");
    }
    if (input.category && input.category !== row.category) {
      extra.category = input.category;
      events.push(`Category: ${row.category} → ${input.category}`);
    }
    if (events.length === 0) return;
    await addMessage(tx, {
      ticketId: row.id,
      authorId: agent.id,
      kind: "event",
      fromAgent: true,
      body: events.join("\n"),
      createdAt: now,
    });
    const saved = await saveStep(deps, tx, row, step, extra, now);
    noteChange({
      objectType: "ticket",
      objectId: row.id,
      before: ticketSnapshot(row),
      after: ticketSnapshot(saved),
    });
  });
}

async function assertAgent(deps: ServiceDeps, userId: string): Promise<void> {
  const [row] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.role, [...AGENT_ROLES])));
  if (!row) throw new AppError("BAD_REQUEST", "Tickets are assigned to administrators only.");
}

/** Everyone who can be assigned a ticket. */
export async function listAgents(deps: ServiceDeps): Promise<PersonSummary[]> {
  const rows = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.role, [...AGENT_ROLES]))
    .limit(200);
  const people = await peopleByIds(
    deps.db,
    rows.map((row) => row.id),
  );
  return [...people.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export async function listCannedReplies(deps: ServiceDeps): Promise<CannedReply[]> {
  track(SUPPORT_SETTINGS_TOPIC);
  const rows = await deps.db.select().from(supportCannedReplies).orderBy(asc(supportCannedReplies.title));
  return rows.map((row) => ({
    _id: row.id,
    title: row.title,
    body: row.body,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** What the audit trail keeps of a canned reply. */
const cannedReplyColumns = {
  id: supportCannedReplies.id,
  title: supportCannedReplies.title,
  body: supportCannedReplies.body,
};

export async function createCannedReply(
  deps: ServiceDeps,
  agent: SessionUser,
  input: z.output<typeof createCannedReplyInput>,
): Promise<{ cannedReplyId: string }> {
  return deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .insert(supportCannedReplies)
      .values({ title: input.title, body: input.body, createdBy: agent.id })
      .returning(cannedReplyColumns);
    if (!row) throw new AppError("CONFLICT", "Could not store the canned reply.");
    deps.changes.changed(SUPPORT_SETTINGS_TOPIC);
    const { id, ...after } = row;
    noteChange({ objectType: "canned-reply", objectId: id, before: null, after });
    return { cannedReplyId: row.id };
  });
}

export async function updateCannedReply(
  deps: ServiceDeps,
  input: z.output<typeof updateCannedReplyInput>,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [before] = await tx
      .select(cannedReplyColumns)
      .from(supportCannedReplies)
      .where(eq(supportCannedReplies.id, input.cannedReplyId))
      .for("update");
    const [row] = await tx
      .update(supportCannedReplies)
      .set({ title: input.title, body: input.body })
      .where(eq(supportCannedReplies.id, input.cannedReplyId))
      .returning(cannedReplyColumns);
    if (!row || !before) throw new AppError("NOT_FOUND", "There is no such canned reply.");
    deps.changes.changed(SUPPORT_SETTINGS_TOPIC);
    noteChange({
      objectType: "canned-reply",
      objectId: row.id,
      before: { title: before.title, body: before.body },
      after: { title: row.title, body: row.body },
    });
  });
}

export async function deleteCannedReply(deps: ServiceDeps, cannedReplyId: string): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const [row] = await tx
      .delete(supportCannedReplies)
      .where(eq(supportCannedReplies.id, cannedReplyId))
      .returning(cannedReplyColumns);
    if (!row) throw new AppError("NOT_FOUND", "There is no such canned reply.");
    deps.changes.changed(SUPPORT_SETTINGS_TOPIC);
    const { id, ...before } = row;
    noteChange({ objectType: "canned-reply", objectId: id, before, after: null });
  });
}

export async function listSlaPolicies(deps: ServiceDeps): Promise<SlaPolicy[]> {
  track(SUPPORT_SETTINGS_TOPIC);
  const policies = await slaPolicies(deps.db);
  return TICKET_PRIORITIES.map((priority) => policies.get(priority) ?? DEFAULT_SLA_POLICIES[priority]);
}

/**
 * New targets for one priority. Tickets being worked on keep the time they have used and get the
 * new lengths, as when a ticket's priority changes.
 */
export async function updateSlaPolicy(
  deps: ServiceDeps,
  input: z.output<typeof updateSlaPolicyInput>,
): Promise<void> {
  await deps.changes.inTransaction(deps.db, async (tx) => {
    const before = await slaPolicy(tx, input.priority);
    const { priority, ...targets } = input;
    await tx
      .insert(supportSlaPolicies)
      .values(input)
      .onConflictDoUpdate({
        target: supportSlaPolicies.priority,
        set: { ...targets, updatedAt: new Date() },
      });
    const active = await tx
      .select()
      .from(supportTickets)
      .where(and(eq(supportTickets.priority, input.priority), activeSql))
      .for("update");
    for (const row of active) {
      const state = changePriority(slaStateOf(row), before, input);
      await tx.update(supportTickets).set(state).where(eq(supportTickets.id, row.id));
    }
    // The open tickets of this priority get new due times from it: counted, not listed.
    noteChange({
      objectType: "sla-policy",
      objectId: priority,
      before,
      after: { priority, ...targets, ticketsRetimed: active.length },
    });
    deps.changes.changed(
      SUPPORT_SETTINGS_TOPIC,
      SUPPORT_TICKETS_TOPIC,
      ...active.map((row) => ticketTopic(row.id)),
    );
  });
}
