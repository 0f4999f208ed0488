// The reels' background upkeep, run by every process (each step is safe to run anywhere, any
// number of times): reels stranded by a conversion that will not finish, reel uploads nobody took
// (and originals no reel waits for), and watch events old enough that no player can still send them.
import { rm } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { failStrandedReels } from "./reel-processing.ts";
import { reels } from "./schema.ts";

/**
 * Events are kept this long (by the day their view started) for telling repeats apart; later, the
 * views they made stay, and the viewer's allowance still bounds what a replayed request could add.
 */
export const WATCH_EVENTS_KEPT_MS = 2 * 24 * 3_600_000;

export async function runReelsUpkeep(deps: ServiceDeps, now = new Date()): Promise<void> {
  await failStrandedReels(deps);
  const store = deps.media.reelUploads;
  await store.sweep(now.getTime());
  // Originals left by a process that stopped between taking an upload and recording its reel.
  const stale = await store.staleSources(now.getTime());
  const waiting = stale.length
    ? await deps.db
        .select({ id: reels.id })
        .from(reels)
        .where(
          and(
            inArray(
              reels.id,
              stale.filter((id) => /^[0-9a-f-]{36}$/.test(id)),
            ),
            eq(reels.status, "processing"),
          ),
        )
    : [];
  const kept = new Set(waiting.map((row) => row.id));
  for (const reelId of stale)
    if (!kept.has(reelId))
      await rm(path.join(store.directory, "sources", reelId), { recursive: true, force: true });
  // By their view's day (an index the views have), not an index of their own on the busiest table.
  const before = new Date(now.getTime() - WATCH_EVENTS_KEPT_MS).toISOString().slice(0, 10);
  await deps.db.execute(sql`
    delete from reel_watch_events e using reel_views v
    where e.view_id = v.id and v.day < ${before}::date`);
}
