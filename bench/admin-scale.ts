// `npm run bench:admin-scale`: the admin console at scale, on PostgreSQL. 100,000 people who signed
// up over a year, 200 titles, 10 million reading events and a year of coin purchases, stored in
// bulk (bench/admin-scale-seed.ts) and counted by the product's own recount. Then, against the real
// app over HTTP as a superadmin (bench/admin-scale-reads.ts): the dashboard's first load after a
// restart (target ≤ 300 ms) and warm, every analytics view (p95 ≤ 500 ms) and user search
// (p95 ≤ 100 ms); and what counting costs the reading events' write rate (≤ 5 %,
// bench/admin-scale-writes.ts). Prints markdown and writes bench/results/admin-scale.json.
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import { benchReads, type ReadResults } from "./admin-scale-reads.ts";
import {
  type DataSize,
  measureDataSize,
  type SeedTimings,
  SUPERADMIN_SUBJECT,
  seedAdminScale,
} from "./admin-scale-seed.ts";
import { benchWrites, type WriteResults } from "./admin-scale-writes.ts";
import { progressLog, round, sleep } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:admin-scale -- [options]
  --keep                  keep the database at the end (its name is printed)
  --reuse <name>          use a database an earlier run kept: no seeding
  --people 100000         people (default 100000)
  --views 10000000        reading events: episode views, five to a session (default 10000000)
  --titles 200            titles (default 200)
  --purchases 300000      coin purchases over the year (default 300000)
  --restarts 5            app restarts, each followed by a first dashboard load (default 5)
  --calls 30              timed calls per view (default 30)
  --search-passes 2       passes over the ~100 search terms (default 2)
  --parts reads,writes    what to time after seeding (default both)
  --concurrency 8         readers saving at once in the concurrent write mode (default 8)
  --write-readers 8       readers per chunk and variant (default 8)
  --write-chunks 4        chunks per variant and mode (default 4)
  --episodes 3            episodes each reader reads (default 3)
  --saves 20              progress saves per episode (default 20)
  --quiet-load 1.5        a timed part waits (up to 10 min) while the load average is above this
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the database (made next to it).`;

const { values } = parseArgs({
  options: {
    keep: { type: "boolean", default: false },
    reuse: { type: "string" },
    people: { type: "string", default: "100000" },
    views: { type: "string", default: "10000000" },
    titles: { type: "string", default: "200" },
    purchases: { type: "string", default: "300000" },
    restarts: { type: "string", default: "5" },
    calls: { type: "string", default: "30" },
    "search-passes": { type: "string", default: "2" },
    parts: { type: "string", default: "reads,writes" },
    concurrency: { type: "string", default: "8" },
    "write-readers": { type: "string", default: "8" },
    "write-chunks": { type: "string", default: "4" },
    episodes: { type: "string", default: "3" },
    saves: { type: "string", default: "20" },
    "quiet-load": { type: "string", default: "1.5" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const parts = new Set((values.parts ?? "").split(",").filter(Boolean));
const TARGETS = { dashboardMs: 300, viewP95Ms: 500, searchP95Ms: 100, writeOverheadPercent: 5 };
/** Above this one-minute load average, a timed part waits for the machine to calm down. */
const QUIET_LOAD = Number(values["quiet-load"]);
const QUIET_WAIT_MS = 10 * 60_000;

const log = progressLog();

interface LoadAtStart {
  part: string;
  oneMinute: number;
  waitedSeconds: number;
}
const loads: LoadAtStart[] = [];

const loadAverage = () => Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);

/** Waits (polling every 30 s, at most 10 min) until the load average is at most QUIET_LOAD; records it. */
async function beforePart(part: string): Promise<void> {
  const began = Date.now();
  let load = loadAverage();
  while (load > QUIET_LOAD && Date.now() - began < QUIET_WAIT_MS) {
    log(`${part}: load average ${load}, waiting for ≤ ${QUIET_LOAD}`);
    await sleep(30_000);
    load = loadAverage();
  }
  loads.push({ part, oneMinute: load, waitedSeconds: Math.round((Date.now() - began) / 1000) });
  log(`${part}: load average ${load} as it begins`);
}

const bench = await openBenchPlatform("postgres", {}, { keep: values.keep, reuse: values.reuse });
const { platform } = bench;
const connectionString = bench.connectionString as string;
let seed: SeedTimings | null = null;
let size: DataSize;
let reads: ReadResults | null = null;
let writes: WriteResults | null = null;
let postgresVersion = "unknown";
const started = performance.now();
try {
  log(`database ${bench.databaseName}${values.reuse ? " (reused)" : ""}`);
  const [version] = await queryRows<{ server_version: string }>(platform.deps.db, sql`show server_version`);
  postgresVersion = version?.server_version ?? postgresVersion;
  if (!values.reuse) {
    await beforePart("seeding");
    seed = await seedAdminScale(
      platform,
      connectionString,
      {
        people: Number(values.people),
        titles: Number(values.titles),
        views: Number(values.views),
        purchases: Number(values.purchases),
      },
      log,
    );
    log(`seeded in ${seed.totalSeconds} s (recount ${seed.recountSeconds} s)`);
  }
  size = await measureDataSize(connectionString);
  log(`database size ${round(size.databaseBytes / 2 ** 30, 2)} GiB`);
  if (parts.has("reads")) {
    reads = await benchReads(platform, connectionString, SUPERADMIN_SUBJECT, {
      restarts: Number(values.restarts),
      calls: Number(values.calls),
      searchPasses: Number(values["search-passes"]),
      beforePart,
      log,
    });
  }
  if (parts.has("writes")) {
    writes = await benchWrites(platform, {
      readersPerChunk: Number(values["write-readers"]),
      chunks: Number(values["write-chunks"]),
      episodesPerReader: Number(values.episodes),
      savesPerEpisode: Number(values.saves),
      concurrency: Number(values.concurrency),
      beforePart,
      log,
    });
  }
} finally {
  await bench.close();
}

// ---- Report --------------------------------------------------------------------------------

const mib = (bytes: number) => `${round(bytes / 2 ** 20)} MiB`;
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const lines: string[] = [];
const machine = {
  date: new Date().toISOString(),
  cpus: os.cpus().length,
  cpuModel: os.cpus()[0]?.model ?? "unknown",
  memoryGb: round(os.totalmem() / 2 ** 30),
  node: process.version,
  postgres: postgresVersion,
  database: bench.databaseName,
  kept: Boolean(values.keep || values.reuse),
};
lines.push(
  `Run ${machine.date} on ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB, Node ${machine.node}, PostgreSQL ${machine.postgres}; ` +
    `database \`${machine.database}\`${machine.kept ? " (kept)" : " (dropped)"}; ` +
    `${round((performance.now() - started) / 1000)} s in all.`,
  "",
  `Load average (1 min) as each timed part began: ${loads.map((load) => `${load.part} ${load.oneMinute}${load.waitedSeconds ? ` (after ${load.waitedSeconds} s waiting)` : ""}`).join("; ")}.`,
  "",
  "### Data",
  "",
  "| Table | Rows | On disk (with indexes) |",
  "| --- | --- | --- |",
  ...size.tables.map(
    (table) => `| ${table.table} | ${table.rows.toLocaleString("en")} | ${mib(table.bytes)} |`,
  ),
  `| **database** (pg_database_size) | | ${mib(size.databaseBytes)} |`,
);
if (seed) {
  lines.push(
    "",
    `Seeding: ${Object.entries(seed.steps)
      .map(([step, seconds]) => `${step} ${seconds} s`)
      .join(
        ", ",
      )}; the product's recount (recountDailyCounts with recountActivity) ${seed.recountSeconds} s; ` +
      `${seed.totalSeconds} s in all. Ledger check after seeding: ${seed.ledgerViolations} violations.`,
  );
}
const failures: string[] = [];
if (reads) {
  const coldWorst = Math.max(...reads.dashboardColdMs);
  const sortedCold = [...reads.dashboardColdMs].sort((a, b) => a - b);
  lines.push(
    "",
    "### Dashboard (`analytics.getDashboard` over HTTP)",
    "",
    "| Load | Figures | Target ≤ 300 ms |",
    "| --- | --- | --- |",
    `| First load after a restart of the app (${reads.dashboardColdMs.length} restarts) | ${reads.dashboardColdMs.join(", ")} ms (median ${sortedCold[Math.floor(sortedCold.length / 2)]} ms) | ${verdict(coldWorst <= TARGETS.dashboardMs)} |`,
    `| Warm, ${reads.dashboardWarm.count} calls | p50 ${reads.dashboardWarm.p50} ms, p95 ${reads.dashboardWarm.p95} ms, max ${reads.dashboardWarm.max} ms | ${verdict(reads.dashboardWarm.p95 <= TARGETS.dashboardMs)} |`,
    "",
    `App start (spawn → listening): ${reads.appStartMs.join(", ")} ms.`,
    "",
    "### Analytics views (over HTTP)",
    "",
    "| View | Period | p50 | p95 | max | Target p95 ≤ 500 ms |",
    "| --- | --- | --- | --- | --- | --- |",
    ...reads.views.map(
      (view) =>
        `| ${view.view} | ${view.period} | ${view.ms.p50} ms | ${view.ms.p95} ms | ${view.ms.max} ms | ${verdict(view.ms.p95 <= TARGETS.viewP95Ms)} |`,
    ),
    "",
    "The report's parts, one per tab, in this process (the report runs them at once):",
    "",
    "| Part | Period | p50 | p95 | max |",
    "| --- | --- | --- | --- | --- |",
    ...reads.reportParts.map(
      (view) =>
        `| ${view.view} | ${view.period} | ${view.ms.p50} ms | ${view.ms.p95} ms | ${view.ms.max} ms |`,
    ),
    "",
    "### User search (`userManagement.searchPeople` over HTTP)",
    "",
    "| Terms | Count | Mean results | p50 | p95 | max |",
    "| --- | --- | --- | --- | --- | --- |",
    ...reads.searchByKind.map(
      (kind) =>
        `| ${kind.kind} | ${kind.terms} | ${kind.meanResults} | ${kind.ms.p50} ms | ${kind.ms.p95} ms | ${kind.ms.max} ms |`,
    ),
    `| **all** (target p95 ≤ 100 ms: ${verdict(reads.search.p95 <= TARGETS.searchP95Ms)}) | ${reads.search.count} calls | | ${reads.search.p50} ms | ${reads.search.p95} ms | ${reads.search.max} ms |`,
    "",
    `Slowest: ${reads.searchSlowest.map((slow) => `"${slow.term}" (${slow.kind}) ${slow.ms} ms`).join("; ")}.`,
  );
  if (coldWorst > TARGETS.dashboardMs) failures.push(`dashboard first load ${coldWorst} ms`);
  if (reads.dashboardWarm.p95 > TARGETS.dashboardMs)
    failures.push(`dashboard warm p95 ${reads.dashboardWarm.p95} ms`);
  for (const view of reads.views) {
    if (view.ms.p95 > TARGETS.viewP95Ms) failures.push(`${view.view}, ${view.period}: p95 ${view.ms.p95} ms`);
  }
  if (reads.search.p95 > TARGETS.searchP95Ms) failures.push(`user search p95 ${reads.search.p95} ms`);
}
if (writes) {
  lines.push(
    "",
    "### What counting costs the reading events (`recordProgress`, in process)",
    "",
    `Workload: ${writes.workload}. Counted: the service function as it is; uncounted: the same`,
    "statements without the countDaily and countForAnalytics calls; the two alternate in chunks.",
    "",
    "| Mode | Counted saves/s | Uncounted saves/s | Rate lost to counting (target ≤ 5 %) | Statements on analytics tables: share of statement time (of call time) | Chunk rates counted / uncounted |",
    "| --- | --- | --- | --- | --- | --- |",
    ...writes.modes.map(
      (mode) =>
        `| ${mode.mode} | ${mode.counted.savesPerSecond} | ${mode.uncounted.savesPerSecond} | ${mode.overheadPercent} % (${verdict(mode.overheadPercent <= TARGETS.writeOverheadPercent)}) | ${mode.aggregateStatementPercent} %${mode.aggregateCallPercent === null ? "" : ` (${mode.aggregateCallPercent} %)`} | ${mode.counted.chunkRates.join(", ")} / ${mode.uncounted.chunkRates.join(", ")} |`,
    ),
  );
  const sequential = writes.modes.find((mode) => mode.concurrency === 1);
  if (sequential) {
    lines.push(
      "",
      "One at a time, by kind of save (mean ms):",
      "",
      "| Save | Count | Counted | Of which on analytics tables | Uncounted | Statements (on analytics tables) |",
      "| --- | --- | --- | --- | --- | --- |",
      ...sequential.byKind.map(
        (kind) =>
          `| ${kind.kind} | ${kind.saves} | ${kind.meanMs} | ${kind.meanAggregateMs} | ${kind.meanUncountedMs} | ${kind.meanStatements} (${kind.meanAggregateStatements}) |`,
      ),
    );
  }
  for (const mode of writes.modes) {
    if (mode.overheadPercent > TARGETS.writeOverheadPercent)
      failures.push(`counting costs ${mode.overheadPercent} % of the write rate (${mode.mode})`);
  }
}
lines.push(
  "",
  failures.length
    ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}`
    : "Every target met.",
);
console.log(lines.join("\n"));

const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}admin-scale.json`,
  `${JSON.stringify({ machine, options: values, loads, seed, size, reads, writes, failures }, null, 2)}\n`,
);
if (values.keep || values.reuse)
  log(`database kept: ${bench.databaseName} (rerun with --reuse ${bench.databaseName})`);
process.exit(failures.length > 0 ? 1 : 0);
