// What both sides of the desk share: loading a ticket, storing what an event did to its clock
// (with the breaches it caused), writing to its thread, attachments, and how rows are shown.
import { randomUUID } from "node:crypto";
import { open, readFile } from "node:fs/promises";
import {
  DEFAULT_SLA_POLICIES,
  type SlaPolicy,
  type TicketAttachment,
  type TicketMessage,
  type TicketPriority,
  type TicketRating,
  type TicketSummary,
  ticketLabel,
} from "@litverse/shared/support";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Executor, Transaction } from "../../core/db/client.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { reencodeUploadedImage } from "../../media/personal-images.ts";
import { ADMIN_NOTIFICATIONS_TOPIC } from "../admin-notifications/index.ts";
import { adminNotifications } from "../notifications/schema.ts";
import { peopleByIds } from "../profiles/index.ts";
import {
  supportAttachments,
  supportMessages,
  supportSlaBreaches,
  supportSlaPolicies,
  supportTickets,
} from "./schema.ts";
import type { Breach, SlaState, SlaStep } from "./sla.ts";

export type TicketRow = typeof supportTickets.$inferSelect;

/** Any ticket's creation or change: the queue, the badge, the analytics. */
export const SUPPORT_TICKETS_TOPIC = "support-tickets";
/** One ticket: its row and thread. */
export const ticketTopic = (ticketId: string) => `support-ticket:${ticketId}`;
/** A person's own tickets. */
export const myTicketsTopic = (userId: string) => `user:${userId}:support-tickets`;
/** Canned replies and SLA policies. */
export const SUPPORT_SETTINGS_TOPIC = "support-settings";

export const NO_SUCH_TICKET = "There is no such ticket.";
/** The longest side of a picture sent with a ticket. */
const ATTACHMENT_IMAGE_EDGE = 2400;

export async function loadTicket(db: Executor, ticketId: string): Promise<TicketRow> {
  const [row] = await db.select().from(supportTickets).where(eq(supportTickets.id, ticketId));
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_TICKET);
  return row;
}

/** The row locked for an update, so that two events on one ticket apply one after the other. */
export async function lockTicket(tx: Transaction, ticketId: string): Promise<TicketRow> {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for("update");
  if (!row) throw new AppError("NOT_FOUND", NO_SUCH_TICKET);
  return row;
}

/** The targets per priority: what an administrator set, else the defaults. */
export async function slaPolicies(db: Executor): Promise<Map<TicketPriority, SlaPolicy>> {
  const rows = await db.select().from(supportSlaPolicies);
  const policies = new Map<TicketPriority, SlaPolicy>(
    Object.entries(DEFAULT_SLA_POLICIES) as Array<[TicketPriority, SlaPolicy]>,
  );
  for (const row of rows) {
    const { priority, firstReplyMinutes, nextReplyMinutes, resolutionMinutes } = row;
    policies.set(priority, { priority, firstReplyMinutes, nextReplyMinutes, resolutionMinutes });
  }
  return policies;
}

export async function slaPolicy(db: Executor, priority: TicketPriority): Promise<SlaPolicy> {
  return (await slaPolicies(db)).get(priority) ?? DEFAULT_SLA_POLICIES[priority];
}

export function slaStateOf(row: TicketRow): SlaState {
  return {
    status: row.status,
    firstResponseAt: row.firstResponseAt,
    firstReplyDueAt: row.firstReplyDueAt,
    nextReplyDueAt: row.nextReplyDueAt,
    resolutionDueAt: row.resolutionDueAt,
    pausedSince: row.pausedSince,
    resolvedAt: row.resolvedAt,
  };
}

/**
 * Stores an event's result on the ticket, with `extra` columns, records the targets it missed
 * (each once) and tells the team of them. Announces the change to everyone following the ticket.
 */
export async function saveStep(
  deps: ServiceDeps,
  tx: Transaction,
  row: TicketRow,
  step: SlaStep,
  extra: Partial<typeof supportTickets.$inferInsert> = {},
  now = new Date(),
): Promise<TicketRow> {
  const [updated] = await tx
    .update(supportTickets)
    .set({ ...step.state, ...extra })
    .where(eq(supportTickets.id, row.id))
    .returning();
  if (!updated) throw new AppError("NOT_FOUND", NO_SUCH_TICKET);
  await recordBreaches(deps, tx, updated, step.breaches, now);
  announceTicket(deps, updated);
  return updated;
}

export function announceTicket(deps: ServiceDeps, row: TicketRow): void {
  deps.changes.changed(SUPPORT_TICKETS_TOPIC, ticketTopic(row.id), myTicketsTopic(row.userId));
}

/** Records missed targets (a target's due time once) and raises an admin notification for each new one. */
export async function recordBreaches(
  deps: ServiceDeps,
  tx: Transaction,
  row: TicketRow,
  breaches: readonly Breach[],
  now = new Date(),
): Promise<number> {
  let recorded = 0;
  for (const breach of breaches) {
    const [inserted] = await tx
      .insert(supportSlaBreaches)
      .values({ ticketId: row.id, target: breach.target, dueAt: breach.dueAt, breachedAt: now })
      .onConflictDoNothing()
      .returning();
    if (!inserted) continue;
    recorded += 1;
    const what = { first_reply: "first reply", next_reply: "next reply", resolution: "resolution" }[
      breach.target
    ];
    await tx.insert(adminNotifications).values({
      kind: "support_sla",
      title: `Ticket ${ticketLabel(row.number)} missed its ${what} target`,
      body: `${row.subject} (${row.priority}) was due ${breach.dueAt.toISOString().slice(0, 16).replace("T", " ")} UTC.`,
      link: `/admin/support/${row.id}`,
      createdAt: now,
    });
  }
  if (recorded > 0)
    deps.changes.changed(SUPPORT_TICKETS_TOPIC, ticketTopic(row.id), ADMIN_NOTIFICATIONS_TOPIC);
  return recorded;
}

/** An attachment ready to be recorded: its file is stored already. */
export interface PreparedAttachment {
  fileKey: string;
  name: string;
  kind: "image" | "pdf";
  size: number;
  width: number | null;
  height: number | null;
}

/**
 * Turns the person's uploads into stored files under the ticket: pictures re-encoded (nothing but
 * their pixels kept), PDF files checked to be PDF. Anything else is refused, and whatever was
 * stored for this call is removed again.
 */
export async function storeAttachments(
  deps: ServiceDeps,
  userId: string,
  ticketId: string,
  uploadIds: readonly string[],
): Promise<PreparedAttachment[]> {
  const stored: PreparedAttachment[] = [];
  try {
    for (const uploadId of uploadIds) stored.push(await storeAttachment(deps, userId, ticketId, uploadId));
    return stored;
  } catch (error) {
    await removeAttachmentFiles(deps, stored);
    for (const uploadId of uploadIds) await deps.media.uploads.remove(uploadId);
    throw error;
  }
}

export async function removeAttachmentFiles(deps: ServiceDeps, files: readonly PreparedAttachment[]) {
  for (const file of files) await deps.media.storage.remove(file.fileKey);
}

async function storeAttachment(
  deps: ServiceDeps,
  userId: string,
  ticketId: string,
  uploadId: string,
): Promise<PreparedAttachment> {
  const upload = await deps.media.uploads.open(uploadId, userId);
  const [file] = upload.files;
  if (!file || upload.files.length !== 1) {
    await deps.media.uploads.remove(uploadId);
    throw new AppError("BAD_REQUEST", "Attach one file per upload.");
  }
  const name = file.name.slice(0, 120) || "attachment";
  if (await startsWithPdfSignature(file.path)) {
    try {
      const data = await readFile(file.path);
      const fileKey = `support/${ticketId}/${randomUUID()}.pdf`;
      await deps.media.storage.writeFile(fileKey, data);
      return { fileKey, name, kind: "pdf", size: data.length, width: null, height: null };
    } finally {
      await deps.media.uploads.remove(uploadId);
    }
  }
  let image: Awaited<ReturnType<typeof reencodeUploadedImage>>;
  try {
    image = await reencodeUploadedImage(deps, userId, uploadId, { maxEdge: ATTACHMENT_IMAGE_EDGE });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(
      "BAD_REQUEST",
      `“${name}” is neither a picture (JPEG, PNG, WebP, AVIF, GIF) nor a PDF file.`,
    );
  }
  const fileKey = `support/${ticketId}/${randomUUID()}.webp`;
  await deps.media.storage.writeFile(fileKey, image.data);
  return {
    fileKey,
    name: `${name.replace(/\.[^.]*$/, "")}.webp`,
    kind: "image",
    size: image.data.length,
    width: image.width,
    height: image.height,
  };
}

async function startsWithPdfSignature(filePath: string): Promise<boolean> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    return head.toString("latin1") === "%PDF-";
  } finally {
    await handle.close();
  }
}

/** Writes one message (with its stored attachments) to a ticket's thread. */
export async function addMessage(
  tx: Transaction,
  message: {
    ticketId: string;
    authorId: string | null;
    kind: TicketMessage["kind"];
    fromAgent: boolean;
    body: string;
    attachments?: readonly PreparedAttachment[];
    createdAt?: Date;
  },
): Promise<string> {
  const [row] = await tx
    .insert(supportMessages)
    .values({
      ticketId: message.ticketId,
      authorId: message.authorId,
      kind: message.kind,
      fromAgent: message.fromAgent,
      body: message.body,
      ...(message.createdAt ? { createdAt: message.createdAt } : {}),
    })
    .returning({ id: supportMessages.id });
  if (!row) throw new AppError("CONFLICT", "Could not store the message.");
  const attachments = message.attachments ?? [];
  if (attachments.length > 0) {
    await tx.insert(supportAttachments).values(attachments.map((file) => ({ messageId: row.id, ...file })));
  }
  return row.id;
}

/** A ticket's thread, oldest first; replies only unless the team is asking. */
export async function threadOf(
  deps: ServiceDeps,
  ticketId: string,
  audience: "requester" | "agent",
): Promise<TicketMessage[]> {
  track(ticketTopic(ticketId));
  const rows = await deps.db
    .select()
    .from(supportMessages)
    .where(
      and(
        eq(supportMessages.ticketId, ticketId),
        audience === "requester" ? eq(supportMessages.kind, "reply") : undefined,
      ),
    )
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id));
  const files =
    rows.length === 0
      ? []
      : await deps.db
          .select()
          .from(supportAttachments)
          .where(
            inArray(
              supportAttachments.messageId,
              rows.map((row) => row.id),
            ),
          );
  const base = files.length > 0 ? deps.media.signer.base("support", ticketId).base : null;
  const byMessage = new Map<string, TicketAttachment[]>();
  for (const file of files) {
    const list = byMessage.get(file.messageId) ?? [];
    list.push({
      _id: file.id,
      name: file.name,
      kind: file.kind,
      url: `${base}/${file.fileKey.split("/").pop()}`,
      size: file.size,
      width: file.width,
      height: file.height,
    });
    byMessage.set(file.messageId, list);
  }
  const people = await peopleByIds(
    deps.db,
    rows.flatMap((row) => (row.authorId ? [row.authorId] : [])),
  );
  return rows.map((row) => ({
    _id: row.id,
    kind: row.kind,
    author: row.authorId ? (people.get(row.authorId) ?? null) : null,
    fromAgent: row.fromAgent,
    body: row.body,
    attachments: byMessage.get(row.id) ?? [],
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The person's rating of the help, once they have given one. */
export function ratingOf(row: TicketRow): TicketRating | null {
  return row.ratingScore
    ? { score: row.ratingScore, comment: row.ratingComment ?? "", ratedAt: row.ratedAt?.toISOString() ?? "" }
    : null;
}

export function toTicketSummary(row: TicketRow): TicketSummary {
  return {
    _id: row.id,
    number: row.number,
    subject: row.subject,
    category: row.category,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
    awaitingRequester: row.lastReplyBy === "agent" && row.status !== "closed" && row.status !== "solved",
  };
}
