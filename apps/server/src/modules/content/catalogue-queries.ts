// What lists of titles are searched and paged with, here and in other modules: the search
// condition, LIKE patterns, and pages with cursors opaque to clients.
import type { ContentPage } from "@litverse/shared/content";
import { ilike, or, type SQL, sql } from "drizzle-orm";
import { AppError } from "../../core/errors.ts";
import { content } from "./schema.ts";
import { toTsQueryText } from "./search-query.ts";

// ---- Cursors: the offset of the next page, opaque to clients ---------------------------------

const MAX_OFFSET = 10_000;

export function encodeCursor(offset: number): string {
  return Buffer.from(`o:${offset}`).toString("base64url");
}

export function decodeCursor(cursor: string | null | undefined): number {
  if (!cursor) return 0;
  const match = /^o:(\d{1,6})$/.exec(Buffer.from(cursor, "base64url").toString());
  const offset = match ? Number(match[1]) : Number.NaN;
  if (!Number.isInteger(offset) || offset > MAX_OFFSET) {
    throw new AppError("BAD_REQUEST", "That page of results is no longer available. Start again.");
  }
  return offset;
}

/** How many rows the query finds before paging: computed with the page, in the same scan. */
export const totalColumn = sql<number>`(count(*) over ())::int`;

/** A page of `limit` items from rows fetched with one extra (which says whether more follow). */
export function toPage<Row extends { total: number }, Item>(
  rows: Row[],
  offset: number,
  limit: number,
  toItem: (row: Row) => Item,
): ContentPage<Item> {
  return {
    items: rows.slice(0, limit).map(toItem),
    nextCursor: rows.length > limit ? encodeCursor(offset + limit) : null,
    // Past the last page there is no row to carry the count; the offset says as much.
    total: rows[0] ? Number(rows[0].total) : offset,
  };
}

/** `%`, `_` and `\` match themselves in a LIKE pattern. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The search condition and its relevance for `query`: full-text over title, author, tags and
 * description, and titles containing the text as typed (which also catches stop words and
 * punctuation the text search drops).
 */
export function searchCondition(query: string): { where: SQL; rank: SQL<number> } {
  const tsQuery = toTsQueryText(query);
  const titleMatch = ilike(content.title, likePattern(query));
  if (!tsQuery) return { where: titleMatch, rank: sql<number>`case when ${titleMatch} then 1 else 0 end` };
  const parsed = sql`to_tsquery('english', ${tsQuery})`;
  return {
    where: or(sql`${content.searchVector} @@ ${parsed}`, titleMatch) as SQL,
    rank: sql<number>`ts_rank_cd(${content.searchVector}, ${parsed}) + case when ${titleMatch} then 1 else 0 end`,
  };
}
