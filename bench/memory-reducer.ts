// `npm run bench:memory-reducer`: what a server gains and keeps without V8's memory reducer
// (decision 0057), one bench server at a time, the same load on each: as every server runs
// (`--no-memory-reducer`, apps/server/src/node-flags.ts), then with the reducer back on.
//   1. N clients connect, each watching the shared query and its own row (as in the fan-out);
//   2. the server's heap is settled (full collections), then one shared change every 500 ms for
//      20 s: the reducer's timer runs 8 s from a full collection, so a run crosses it;
//      the server's longest event-loop stall and its time in collections over those changes;
//   3. 60 s with nothing happening, the clients still connected; then the clients leave, and 60 s
//      more: what the process holds at the end of each (heap used, heap reserved, resident), as it
//      is, not collected first; what is alive after full collections; and the most the process
//      was resident with (sampled every 500 ms from the clients' arrival).
// Prints markdown and writes bench/results/memory-reducer.json; `--help` for the options.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import {
  type BenchServer,
  closeAll,
  connectMany,
  type DatabaseKind,
  progressLog,
  round,
  sleep,
  startServer,
  waitUntil,
  watchSharedAndOwnRow,
} from "./harness.ts";

const USAGE = `Usage: npm run bench:memory-reducer -- [options]
  --db pglite|postgres  database (default postgres)
  --clients 5000        clients, each watching two queries (default 5000)
  --changes 40          shared changes, one every 500 ms (default 40)
  --quiet-seconds 60    how long each quiet span lasts (default 60)
Environment: BENCH_DATABASE_URL as for npm run bench.`;

const CHANGE_INTERVAL_MS = 500;
const MB = 2 ** 20;

const log = progressLog();

interface Held {
  heapUsedMb: number;
  heapTotalMb: number;
  rssMb: number;
}

interface VariantResult {
  variant: string;
  nodeArgs: string[];
  /** Over the changes: the longest the server's event loop stood still, and its time in collections. */
  changes: { count: number; longestStallMs: number; collectionsMs: number };
  /** Each quiet span's end, as the process holds it. */
  quietWithClients: Held;
  quietWithoutClients: Held;
  /** After full collections at the very end: what is alive. */
  aliveAtEnd: Held;
  /** The most the process was resident with, sampled every 500 ms from the clients' arrival on. */
  peakRssMb: number;
}

function held(usage: NodeJS.MemoryUsage): Held {
  return {
    heapUsedMb: round(usage.heapUsed / MB),
    heapTotalMb: round(usage.heapTotal / MB),
    rssMb: round(usage.rss / MB),
  };
}

async function runVariant(
  database: DatabaseKind,
  baseUrl: string,
  variant: { name: string; moreNodeArgs: string[] },
  options: { clients: number; changes: number; quietSeconds: number },
): Promise<VariantResult> {
  log(`${variant.name}: starting a server on ${database}`);
  const server: BenchServer = await startServer(database, baseUrl, undefined, variant.moreNodeArgs);
  let isSampling = true;
  try {
    const userIds = await server.control.bench.createUsers.mutate({ count: options.clients });
    let peakRss = 0;
    const sampling = (async () => {
      while (isSampling) {
        peakRss = Math.max(peakRss, (await server.memoryAsIs()).rss);
        await sleep(500);
      }
    })();
    const clients = await connectMany(server.wsUrl, options.clients);
    await watchSharedAndOwnRow(clients, userIds);

    await server.collectGarbage();
    await server.loopDelay();
    log(`${variant.name}: ${options.changes} changes, one every ${CHANGE_INTERVAL_MS} ms`);
    for (let change = 1; change <= options.changes; change++) {
      const started = performance.now();
      await server.control.bench.setComingSoonTitle.mutate({ title: `${variant.name} ${change}` });
      await sleep(Math.max(0, CHANGE_INTERVAL_MS - (performance.now() - started)));
    }
    const loop = await server.loopDelay();

    log(`${variant.name}: ${options.quietSeconds} s quiet with the clients connected`);
    await sleep(options.quietSeconds * 1000);
    const quietWithClients = held(await server.memoryAsIs());
    await closeAll(clients);
    await waitUntil("the clients to leave", async () => (await server.stats()).sockets === 0, 30_000, 100);
    log(`${variant.name}: ${options.quietSeconds} s quiet without clients`);
    await sleep(options.quietSeconds * 1000);
    const quietWithoutClients = held(await server.memoryAsIs());
    isSampling = false;
    await sampling;
    const aliveAtEnd = held(await server.memory());
    return {
      variant: variant.name,
      nodeArgs: variant.moreNodeArgs,
      changes: { count: options.changes, longestStallMs: round(loop.maxMs), collectionsMs: round(loop.gcMs) },
      quietWithClients,
      quietWithoutClients,
      aliveAtEnd,
      peakRssMb: round(peakRss / MB),
    };
  } finally {
    isSampling = false;
    await server.stop();
  }
}

function markdown(results: VariantResult[], clients: number): string {
  const cells = (h: Held) => `${h.heapUsedMb} / ${h.heapTotalMb} / ${h.rssMb} MB`;
  return [
    `| Server | Changes: longest stall; in collections | Quiet with ${clients.toLocaleString("en-US")} clients: heap used / reserved / resident | Quiet after they left: the same | Alive at the end (collected) | Most resident |`,
    "| --- | --- | --- | --- | --- | --- |",
    ...results.map(
      (r) =>
        `| ${r.variant} | ${r.changes.longestStallMs} ms; ${r.changes.collectionsMs} ms | ${cells(r.quietWithClients)} | ${cells(r.quietWithoutClients)} | ${cells(r.aliveAtEnd)} | ${r.peakRssMb} MB |`,
    ),
  ].join("\n");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      db: { type: "string", default: "postgres" },
      clients: { type: "string", default: "5000" },
      changes: { type: "string", default: "40" },
      "quiet-seconds": { type: "string", default: "60" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const database = values.db as DatabaseKind;
  const clients = Math.floor(Number(values.clients));
  const changes = Math.floor(Number(values.changes));
  const quietSeconds = Number(values["quiet-seconds"]);
  if (
    (database !== "pglite" && database !== "postgres") ||
    !(clients > 0 && clients <= 15_000) ||
    !(changes > 0 && changes <= 1_000) ||
    !(quietSeconds >= 0 && quietSeconds <= 3_600)
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const options = { clients, changes, quietSeconds };
  const loadAverage = round(os.loadavg()[0] ?? 0, 2);
  const results: VariantResult[] = [];
  for (const variant of [
    { name: "as every server runs (no memory reducer)", moreNodeArgs: [] },
    { name: "with the memory reducer", moreNodeArgs: ["--memory-reducer"] },
  ]) {
    results.push(await runVariant(database, baseUrl, variant, options));
  }
  const report = {
    date: new Date().toISOString(),
    machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "unknown"}, Node ${process.version}`,
    database,
    loadAverageAtStart: loadAverage,
    ...options,
    results,
  };
  const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
  await mkdir(resultsDir, { recursive: true });
  await writeFile(`${resultsDir}memory-reducer.json`, `${JSON.stringify(report, null, 2)}\n`);
  console.log(
    `${report.date}, ${report.machine}, ${database}, load average ${loadAverage} at start\n\n${markdown(results, clients)}`,
  );
}

await main();
