// The audit trail: written once per audited action by whoever ran it (the transport, the command
// line), read by administrators who may see the tools section, filtered and exported.
import {
  AUDIT_EXPORT_MAX_ROWS,
  AUDIT_PAGE_SIZE,
  type AuditChange,
  type AuditEvent,
  type AuditPage,
} from "@litverse/shared/audit";
import type { auditFiltersInput, listAuditEventsInput } from "@litverse/shared/audit-inputs";
import { and, desc, eq, gte, like, lt, or, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { AuditedChange } from "../../core/audit.ts";
import { AppError } from "../../core/errors.ts";
import { track } from "../../core/live/topics.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { auditEvents } from "./schema.ts";
import { AUDIT_TOPIC } from "./topics.ts";

export interface AuditRecord {
  source: "app" | "cli";
  actorId: string | null;
  actorLabel: string;
  action: string;
  section: string | null;
  input: unknown;
  changes: AuditedChange[];
  address: string | null;
  device: string | null;
}

/** Keys whose values never reach the trail. */
const SECRET_KEY = /password|secret|token|apikey|api_key|signature/i;
/** A recorded input larger than this (as JSON) is kept as its shape only. */
const MAX_INPUT_CHARS = 8_000;

/** The input as the trail keeps it: secrets hidden, long texts cut, huge inputs summarised. */
export function redactInput(value: unknown, depth = 0): unknown {
  if (depth > 6) return "…";
  if (typeof value === "string") return value.length > 500 ? `${value.slice(0, 500)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactInput(item, depth + 1));
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY.test(key) ? "[hidden]" : redactInput(item, depth + 1),
      ]),
    );
  }
  return value;
}

function boundedInput(input: unknown): unknown {
  const redacted = redactInput(input);
  const json = JSON.stringify(redacted) ?? "null";
  if (json.length <= MAX_INPUT_CHARS) return redacted ?? null;
  return { summary: `An input of ${json.length} characters`, keys: Object.keys(redacted ?? {}) };
}

/** The object an action is about: the first one it changed, or an id its input names. */
function mainObject(record: AuditRecord): { objectType: string | null; objectId: string | null } {
  const first = record.changes[0];
  if (first) return { objectType: first.objectType, objectId: first.objectId };
  if (record.input && typeof record.input === "object") {
    for (const [key, value] of Object.entries(record.input)) {
      if (typeof value === "string" && key.endsWith("Id")) {
        return { objectType: key.slice(0, -2), objectId: value };
      }
    }
  }
  return { objectType: null, objectId: null };
}

export async function recordAuditEvent(deps: ServiceDeps, record: AuditRecord): Promise<void> {
  await deps.db.insert(auditEvents).values({
    source: record.source,
    actorId: record.actorId,
    actorLabel: record.actorLabel,
    action: record.action,
    section: record.section,
    ...mainObject(record),
    input: boundedInput(record.input),
    changes: record.changes.map((change) => ({
      ...change,
      before: change.before ?? null,
      after: change.after ?? null,
    })),
    address: record.address,
    device: record.device ? record.device.slice(0, 300) : null,
  });
  deps.changes.changed(AUDIT_TOPIC);
}

type Filters = z.output<typeof auditFiltersInput>;

function whereOf(filters: Filters): SQL | undefined {
  const conditions: SQL[] = [];
  if (filters.actorId) conditions.push(eq(auditEvents.actorId, filters.actorId));
  if (filters.action) {
    const pattern = `${filters.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(like(auditEvents.action, pattern));
  }
  if (filters.objectType) conditions.push(eq(auditEvents.objectType, filters.objectType));
  if (filters.objectId) conditions.push(eq(auditEvents.objectId, filters.objectId));
  if (filters.source) conditions.push(eq(auditEvents.source, filters.source));
  if (filters.from) conditions.push(gte(auditEvents.at, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(auditEvents.at, end));
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function toAuditEvent(row: typeof auditEvents.$inferSelect): AuditEvent {
  return {
    _id: row.id,
    at: row.at.toISOString(),
    source: row.source,
    actorId: row.actorId,
    actorLabel: row.actorLabel,
    action: row.action,
    section: row.section,
    objectType: row.objectType,
    objectId: row.objectId,
    input: row.input,
    changes: row.changes as AuditChange[],
    address: row.address,
    device: row.device,
  };
}

/** A cursor is the last row's time and id, so that pages stay put while new entries arrive. */
function decodeCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = cursor.split("|");
  const time = at ? new Date(at) : null;
  if (!time || Number.isNaN(time.getTime()) || !id || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("BAD_REQUEST", "That page of the audit trail does not exist.");
  }
  return { at: time, id };
}

/** The newest entries first, a page at a time; follows new entries live. */
export async function listAuditEvents(
  deps: ServiceDeps,
  input: z.output<typeof listAuditEventsInput>,
): Promise<AuditPage> {
  track(AUDIT_TOPIC);
  const conditions = [whereOf(input.filters)];
  if (input.cursor) {
    const { at, id } = decodeCursor(input.cursor);
    conditions.push(or(lt(auditEvents.at, at), and(eq(auditEvents.at, at), sql`${auditEvents.id} < ${id}`)));
  }
  const rows = await deps.db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  const last = page.at(-1);
  return {
    events: page.map(toAuditEvent),
    nextCursor: rows.length > AUDIT_PAGE_SIZE && last ? `${last.at.toISOString()}|${last.id}` : null,
  };
}

const CSV_COLUMNS = [
  "at",
  "source",
  "actor",
  "actor id",
  "action",
  "section",
  "object type",
  "object id",
  "address",
  "device",
  "input",
  "changes",
];

function csvCell(value: unknown): string {
  const text =
    value === null || value === undefined ? "" : typeof value === "string" ? value : JSON.stringify(value);
  // A cell a spreadsheet would read as a formula is kept as text.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The entries matching the filters as CSV, newest first, at most AUDIT_EXPORT_MAX_ROWS. */
export async function exportAuditEvents(
  deps: ServiceDeps,
  filters: Filters,
): Promise<{ csv: string; rows: number }> {
  const rows = await deps.db
    .select()
    .from(auditEvents)
    .where(whereOf(filters))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(AUDIT_EXPORT_MAX_ROWS);
  const lines = [CSV_COLUMNS.join(",")];
  for (const row of rows) {
    lines.push(
      [
        row.at.toISOString(),
        row.source,
        row.actorLabel,
        row.actorId,
        row.action,
        row.section,
        row.objectType,
        row.objectId,
        row.address,
        row.device,
        row.input,
        row.changes,
      ]
        .map(csvCell)
        .join(","),
    );
  }
  return { csv: `${lines.join("\r\n")}\r\n`, rows: rows.length };
}
