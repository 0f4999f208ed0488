// Leaving hidden items out: lists of posts, comments, reels, stories and titles add this condition
// on their id column, and re-run when an item is hidden or shown again.
import type { ModerationKind } from "@litverse/shared/moderation";
import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { track } from "../../core/live/topics.ts";

/** An item was hidden or shown again. */
export const HIDDEN_ITEMS_TOPIC = "moderation:hidden";

/** Who is looking: readers under 18 (or who have not said) also miss what is hidden from minors. */
export interface Onlooker {
  age: number | null;
}

/**
 * True for rows of `kind` (id in `column`) that moderators have not hidden from this onlooker. The
 * partial index on hidden items keeps the check to a lookup in a tiny index.
 */
export function visibleItem(kind: ModerationKind, column: AnyPgColumn | SQL, onlooker: Onlooker | null): SQL {
  track(HIDDEN_ITEMS_TOPIC);
  const isAdult = onlooker?.age === 18;
  const audiences = isAdult ? sql`('everyone')` : sql`('everyone', 'minors')`;
  return sql`not exists (select 1 from moderation_items hidden_item where hidden_item.kind = ${kind}
    and hidden_item.target_id = ${column}::text and hidden_item.hidden_from in ${audiences})`;
}
