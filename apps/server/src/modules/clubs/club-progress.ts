// How far members have read the club's current read: the last episode each has finished, from the
// same synced positions the readers and players keep. Followed live, so that a spoiler opens by
// itself once its reader passes it.
import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "../../core/db/client.ts";
import { track } from "../../core/live/topics.ts";
import { titleProgressTopic } from "../reading/index.ts";

/** For each of `userIds`, the highest episode number of `contentId` they finished (0 for none). */
export async function finishedEpisodes(
  db: Executor,
  contentId: string,
  userIds: readonly string[],
): Promise<Map<string, number>> {
  const unique = [...new Set(userIds)];
  const finished = new Map(unique.map((id) => [id, 0]));
  if (unique.length === 0) return finished;
  track(...unique.map((id) => titleProgressTopic(id, contentId)));
  const rows = await queryRows<{ user_id: string; finished: number }>(
    db,
    sql`select p.user_id, max(e.number)::int as finished
        from episode_progress p join episodes e on e.id = p.episode_id
        where p.content_id = ${contentId} and p.completed_at is not null
          and p.user_id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(unique)}::jsonb))
        group by p.user_id`,
  );
  for (const row of rows) finished.set(row.user_id, row.finished);
  return finished;
}
