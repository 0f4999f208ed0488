// The rebuilds Admin Tools runs on request, each answering with what it did: the daily figures and
// analytics tables counted again from the events, the titles' engagement figures refreshed, the
// search index rebuilt, the cached image sizes removed (made again when next asked for) and this
// process's read cache emptied.
import type { MaintenanceResult, MaintenanceTask } from "@litverse/shared/admin-tools";
import type { runMaintenanceInput } from "@litverse/shared/admin-tools-inputs";
import { count, sql } from "drizzle-orm";
import type { z } from "zod";
import { noteChange } from "../../core/audit.ts";
import { queryRows } from "../../core/db/client.ts";
import { dailyCounts } from "../../core/db/schema.ts";
import type { ServiceDeps } from "../../core/service-deps.ts";
import { refreshContentStats } from "../../jobs/content-stats.ts";
import { recountDailyCounts } from "../analytics/index.ts";
import { content, contentStats } from "../content/schema.ts";
import { addTally, emptyTally } from "./file-walk.ts";

/** The index behind catalogue search (a GIN index on the generated `search_vector` column). */
export const SEARCH_INDEX = "content_search_vector_idx";

type Outcome = Pick<MaintenanceResult, "summary" | "rows" | "files" | "bytes">;

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

const TASKS: Record<MaintenanceTask, (deps: ServiceDeps) => Promise<Outcome>> = {
  // recountDailyCounts makes the analytics tables again too (recountActivity), in one transaction.
  async "recount-figures"(deps) {
    await recountDailyCounts(deps);
    const [counted] = await deps.db.select({ rows: count() }).from(dailyCounts);
    const rows = counted?.rows ?? 0;
    return {
      summary: `Counted ${plural(rows, "daily figure", "daily figures")} and the analytics tables again from the events.`,
      rows,
      files: null,
      bytes: null,
    };
  },

  async "refresh-content-figures"(deps) {
    await refreshContentStats(deps);
    const [refreshed] = await deps.db.select({ rows: count() }).from(contentStats);
    const rows = refreshed?.rows ?? 0;
    return {
      summary: `Refreshed the figures of ${plural(rows, "title", "titles")}.`,
      rows,
      files: null,
      bytes: null,
    };
  },

  // REINDEX (not CONCURRENTLY, which PGlite's single connection and a transaction cannot run)
  // writes the index anew from the table; searches wait for it a moment.
  async "rebuild-search-index"(deps) {
    await deps.db.execute(sql.raw(`reindex index ${SEARCH_INDEX}`));
    const [indexed] = await deps.db.select({ rows: count() }).from(content);
    const [size] = await queryRows<{ bytes: string | number }>(
      deps.db,
      sql`select pg_relation_size(${SEARCH_INDEX}::regclass) as bytes`,
    );
    const rows = indexed?.rows ?? 0;
    return {
      summary: `Rebuilt the search index over ${plural(rows, "title", "titles")}.`,
      rows,
      files: null,
      bytes: Number(size?.bytes ?? 0),
    };
  },

  async "clear-image-variants"(deps) {
    const variants = deps.media.storage.variants;
    const removed = emptyTally();
    const areas = new Set<string>();
    for await (const file of variants?.list() ?? []) {
      addTally(removed, { files: 1, bytes: file.size });
      areas.add(file.key.split("/")[0] as string);
    }
    for (const area of areas) await variants?.remove(area);
    return {
      summary: `Removed ${plural(removed.files, "image variant", "image variants")}; they are made again when next asked for.`,
      rows: null,
      files: removed.files,
      bytes: removed.bytes,
    };
  },

  // Results of reads that are the same for everyone, kept by this server process; other processes
  // keep theirs, which follow every change anyway.
  async "clear-read-cache"(deps) {
    const entries = deps.changes.reads.size;
    deps.changes.reads.clear();
    return {
      summary: `Dropped ${plural(entries, "cached result", "cached results")} from this server process's read cache.`,
      rows: null,
      files: entries,
      bytes: null,
    };
  },
};

export async function runMaintenance(
  deps: ServiceDeps,
  input: z.output<typeof runMaintenanceInput>,
): Promise<MaintenanceResult> {
  const started = performance.now();
  const outcome = await TASKS[input.task](deps);
  // The trail keeps what each run did, beside who ran it and when.
  noteChange({
    objectType: "maintenance",
    objectId: input.task,
    before: null,
    after: { summary: outcome.summary, rows: outcome.rows, files: outcome.files, bytes: outcome.bytes },
  });
  return {
    task: input.task,
    ...outcome,
    tookMs: Math.round(performance.now() - started),
    doneAt: new Date().toISOString(),
  };
}
