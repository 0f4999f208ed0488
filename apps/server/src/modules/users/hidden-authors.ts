// Hiding what a restricted person wrote in public: lists of posts, comments and people add this
// condition on their author column, and re-run when someone is hidden or shown again.
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { track } from "../../core/live/topics.ts";
import { HIDDEN_PEOPLE_TOPIC } from "./topics.ts";

/**
 * True for rows whose author (`column`, a user id; null counts as visible) has not been hidden.
 * The partial index on hidden people keeps the check to a lookup in a tiny index.
 */
export function byVisibleAuthor(column: AnyPgColumn): SQL {
  track(HIDDEN_PEOPLE_TOPIC);
  return sql`not exists (select 1 from users hidden_author where hidden_author.id = ${column} and hidden_author.content_hidden)`;
}
