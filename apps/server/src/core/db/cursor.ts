// Cursors for lists read newest first by (created_at, id): "<ISO time>_<uuid>", opaque to callers.
import { getTableName, type SQL, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { AppError } from "../errors.ts";

export interface TimeCursor {
  createdAt: Date;
  id: string;
}

export function encodeTimeCursor(createdAt: Date, id: string): string {
  return `${createdAt.toISOString()}_${id}`;
}

export function decodeTimeCursor(cursor: string): TimeCursor {
  const [at, id] = cursor.split("_");
  const createdAt = new Date(at ?? "");
  if (!id || Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError("BAD_REQUEST", "That page marker is not valid.");
  }
  return { createdAt, id };
}

/**
 * The rows of `table` after the cursor's row in newest-first order. The database keeps times to the
 * microsecond and a cursor only to the millisecond, so the row's own stored time is used while the
 * row exists: with the cursor's rounded time, rows written in the same millisecond just before it
 * would never be listed.
 */
export function olderThan(table: PgTable, cursor: TimeCursor): SQL {
  const name = sql.raw(`"${getTableName(table)}"`);
  return sql`(${name}."created_at", ${name}."id") < (
    coalesce((select p.created_at from ${name} p where p.id = ${cursor.id}::uuid), ${cursor.createdAt.toISOString()}::timestamptz),
    ${cursor.id}::uuid)`;
}
