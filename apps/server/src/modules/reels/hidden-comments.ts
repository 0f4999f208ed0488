// Comments moderators hid, as the counts shown to a viewer leave them out. Found from the few hidden
// comments (the partial index on hidden items), never by checking every comment of the reels.
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { type Onlooker, visibleItem } from "../reports/index.ts";

export interface HiddenComments {
  /** Comments, replies included, the viewer does not see on each reel (by reel id). */
  byReel: Map<string, number>;
  /** Replies the viewer does not see under each comment (by comment id). */
  byParent: Map<string, number>;
}

interface HiddenRow {
  id: string;
  reel_id: string;
  parent_id: string | null;
  reply_count: number;
  is_deleted: boolean;
}

const add = (counts: Map<string, number>, key: string, count: number) =>
  counts.set(key, (counts.get(key) ?? 0) + count);

/**
 * What moderators hid from the onlooker among these reels' comments. A hidden comment takes its
 * replies with it (they are not listed either); a deleted one was not counted to begin with.
 */
export async function hiddenCommentsOn(
  db: Executor,
  onlooker: Onlooker,
  reelIds: readonly string[],
): Promise<HiddenComments> {
  const hidden: HiddenComments = { byReel: new Map(), byParent: new Map() };
  if (reelIds.length === 0) return hidden;
  const rows = await queryRows<HiddenRow>(
    db,
    sql`select c.id, c.reel_id, c.parent_id, c.reply_count, c.deleted_at is not null as is_deleted
      from moderation_items m
      join reel_comments c on c.id = case when m.target_id ~ '^[0-9a-fA-F-]{36}$' then m.target_id::uuid end
      where m.kind = 'reel_comment' and m.hidden_from is not null
        and c.reel_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(reelIds)}::jsonb))
        and not ${visibleItem("reel_comment", sql`c.id`, onlooker)}`,
  );
  const hiddenIds = new Set(rows.map((row) => row.id));
  for (const row of rows) {
    if (row.parent_id === null) {
      add(hidden.byReel, row.reel_id, (row.is_deleted ? 0 : 1) + Number(row.reply_count));
    } else if (!row.is_deleted && !hiddenIds.has(row.parent_id)) {
      add(hidden.byReel, row.reel_id, 1);
      add(hidden.byParent, row.parent_id, 1);
    }
  }
  return hidden;
}
