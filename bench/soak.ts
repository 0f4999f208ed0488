// `npm run bench:soak`: churn against one bench server for a while, and whether its heap comes back.
// Each cycle: clients connect and watch the shared query and their own row, a shared change and a
// per-client change go out, half the clients leave while the shared change is on its way and the
// rest once it has arrived. The server's heap (after forced collections) is sampled along the way;
// at the end every client has gone and the heap should be back at its baseline.
// Prints a markdown summary and writes bench/results/soak.json. `--help` lists the flags.
import { mkdir, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import {
  type BenchServer,
  closeAll,
  connectMany,
  type DatabaseKind,
  progressLog,
  round,
  signal,
  startServer,
  waitUntil,
  withTimeout,
} from "./harness.ts";

const USAGE = `Usage: npm run bench:soak -- [options]
  --minutes 10          how long to churn (default 10)
  --db pglite|postgres  database (default pglite)
  --clients 500         clients per cycle (default 500)
  --sample-seconds 20   how often the heap is sampled (default 20)
  --warmup-seconds 60   churn this long before the baseline is taken (default 60; 0: one cycle)
Environment: BENCH_DATABASE_URL as for npm run bench.`;

const log = progressLog();

interface HeapSample {
  /** Seconds since the churn began. */
  atSeconds: number;
  /** heapUsed + external after forced collections, bytes. */
  heapExternal: number;
  /** The two parts: `external` includes PGlite's WebAssembly memory, which never shrinks. */
  heapUsed: number;
  external: number;
  /** Clients connected when sampled (0: between cycles). */
  clients: number;
}

interface SoakResult {
  date: string;
  database: DatabaseKind;
  minutes: number;
  clientsPerCycle: number;
  cycles: number;
  connections: number;
  sharedDeliveries: number;
  failures: string[];
  loadAverages: { start: number; end: number };
  /** The churn before the baseline, and the heap after its first cycle (the old baseline). */
  warmup: { seconds: number; cycles: number; afterFirstCycle: number };
  baseline: number;
  baselineParts: { heapUsed: number; external: number };
  endParts: { heapUsed: number; external: number };
  peak: number;
  endAfterGc: number;
  /** End minus baseline. */
  retained: number;
  entriesAtEnd: number;
  socketsAtEnd: number;
  samples: HeapSample[];
}

const heapExternal = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;

async function cycle(
  server: BenchServer,
  userIds: string[],
  index: number,
  onSample: (clients: number) => Promise<void>,
): Promise<number> {
  const clients = await connectMany(server.wsUrl, userIds.length);
  try {
    const title = `Soak ${index}`;
    let initial = 0;
    let arrived = 0;
    const allArrived = signal();
    const half = Math.floor(clients.length / 2);
    clients.forEach((client, at) => {
      let seen = false;
      client.trpc.live.watch.subscribe(
        { path: "systemSettings.getComingSoonSettings" },
        {
          onData(value) {
            if ((value as ComingSoonSettings).comingSoonTitle !== title || seen) {
              initial++;
              return;
            }
            seen = true;
            // Only those that stay are waited for; the others may or may not get it.
            if (at >= half && ++arrived === clients.length - half) allArrived.resolve();
          },
        },
      );
      client.trpc.live.watch.subscribe(
        { path: "bench.getUserName", input: { id: userIds[at] as string } },
        { onData: () => void initial++ },
      );
    });
    await waitUntil("first results", () => initial >= 2 * clients.length, 60_000, 50);
    await onSample(clients.length);
    await server.control.bench.renameUser.mutate({ id: userIds[0] as string, name: `Soak reader ${index}` });
    await server.control.bench.setComingSoonTitle.mutate({ title });
    // Half leave while the change goes out.
    await closeAll(clients.slice(0, half));
    await withTimeout(`cycle ${index}: the shared change`, allArrived.promise, 30_000);
    return arrived;
  } finally {
    await closeAll(clients);
    await waitUntil("sockets to close", async () => (await server.stats()).sockets === 0, 30_000, 50);
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      minutes: { type: "string", default: "10" },
      db: { type: "string", default: "pglite" },
      clients: { type: "string", default: "500" },
      "sample-seconds": { type: "string", default: "20" },
      "warmup-seconds": { type: "string", default: "60" },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const minutes = Number(values.minutes);
  const clientsPerCycle = Math.floor(Number(values.clients));
  const sampleSeconds = Number(values["sample-seconds"]);
  const warmupSeconds = Number(values["warmup-seconds"]);
  const database = values.db as DatabaseKind;
  if (
    !(minutes > 0 && minutes <= 240) ||
    !(clientsPerCycle > 0 && clientsPerCycle <= 15_000) ||
    !(sampleSeconds >= 1) ||
    !(warmupSeconds >= 0 && warmupSeconds <= 3600) ||
    (database !== "pglite" && database !== "postgres")
  ) {
    console.error(USAGE);
    process.exit(2);
  }
  const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const loadStart = round(os.loadavg()[0] ?? 0, 2);
  log(
    `soak on ${database}, ${minutes} min, ${clientsPerCycle} clients per cycle (load average ${loadStart})`,
  );

  const server = await startServer(database, baseUrl);
  const failures: string[] = [];
  const samples: HeapSample[] = [];
  let result: SoakResult;
  try {
    const userIds = await server.control.bench.createUsers.mutate({ count: clientsPerCycle });
    // The warm-up fills once what every later cycle reuses: compiled code, pools, caches, and the
    // tables of weak maps, which V8 grows at the busiest moment and never shrinks (the soak's
    // runs in bench/history/live.md). The baseline comes after it; what the warm-up itself added is reported apart.
    await cycle(server, userIds, 0, async () => {});
    const afterFirstCycle = heapExternal(await server.memory());
    const warmupStarted = performance.now();
    let warmupCycles = 0;
    while ((performance.now() - warmupStarted) / 1000 < warmupSeconds) {
      warmupCycles++;
      // Each cycle's change must differ from the last one's: warm-up cycles count down from -1.
      await cycle(server, userIds, -warmupCycles, async () => {});
    }
    const baselineUsage = await server.memory();
    const baseline = heapExternal(baselineUsage);
    log(
      `baseline heap+external ${(baseline / 1024 / 1024).toFixed(1)} MB after ${warmupCycles + 1} warm-up cycles ` +
        `(${(afterFirstCycle / 1024 / 1024).toFixed(1)} MB after the first)`,
    );

    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    let nextSample = 0;
    const sample = async (clients: number) => {
      if (seconds() < nextSample) return;
      nextSample = seconds() + sampleSeconds;
      const usage = await server.memory();
      const value = heapExternal(usage);
      samples.push({
        atSeconds: round(seconds(), 1),
        heapExternal: value,
        heapUsed: usage.heapUsed,
        external: usage.external,
        clients,
      });
      log(
        `  ${round(seconds(), 0)} s: heap+external ${(value / 1024 / 1024).toFixed(1)} MB with ${clients} clients`,
      );
    };
    let cycles = 0;
    let sharedDeliveries = 0;
    while (seconds() < minutes * 60) {
      cycles++;
      try {
        sharedDeliveries += await cycle(server, userIds, cycles, sample);
      } catch (error) {
        failures.push(`cycle ${cycles}: ${error instanceof Error ? error.message : String(error)}`);
        log(`  FAILED: ${failures.at(-1)}`);
        if (failures.length > 5) break;
      }
      // Between cycles (nobody connected), a sample now and then too.
      if (cycles % 5 === 0) await sample(0);
    }
    await waitUntil(
      "live entries to go",
      async () => (await server.stats()).entries === 0,
      10_000,
      100,
    ).catch(() => {});
    const stats = await server.stats();
    const endUsage = await server.memory();
    const endAfterGc = heapExternal(endUsage);
    samples.push({
      atSeconds: round(seconds(), 1),
      heapExternal: endAfterGc,
      heapUsed: endUsage.heapUsed,
      external: endUsage.external,
      clients: 0,
    });
    result = {
      date: new Date().toISOString(),
      database,
      minutes,
      clientsPerCycle,
      cycles,
      connections: cycles * clientsPerCycle,
      sharedDeliveries,
      failures,
      loadAverages: { start: loadStart, end: round(os.loadavg()[0] ?? 0, 2) },
      warmup: { seconds: warmupSeconds, cycles: warmupCycles + 1, afterFirstCycle },
      baseline,
      baselineParts: { heapUsed: baselineUsage.heapUsed, external: baselineUsage.external },
      endParts: { heapUsed: endUsage.heapUsed, external: endUsage.external },
      peak: Math.max(baseline, ...samples.map((each) => each.heapExternal)),
      endAfterGc,
      retained: endAfterGc - baseline,
      entriesAtEnd: stats.entries,
      socketsAtEnd: stats.sockets,
      samples,
    };
  } finally {
    await server.stop();
  }

  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  const idle = result.samples.filter((each) => each.clients === 0);
  console.log(
    [
      `Soak on ${result.database}, ${result.minutes} min: ${result.cycles} cycles of ${result.clientsPerCycle} clients ` +
        `(${result.connections} connections), load average ${result.loadAverages.start}–${result.loadAverages.end}.`,
      "",
      "| Heap+external | |",
      "| --- | --- |",
      `| After the first cycle (GC) | ${mb(result.warmup.afterFirstCycle)} |`,
      `| Baseline (after ${result.warmup.cycles} warm-up cycles, ${result.warmup.seconds} s, GC) | ${mb(result.baseline)} |`,
      `| Peak (sampled with ${result.clientsPerCycle} clients connected, GC) | ${mb(result.peak)} |`,
      `| Between cycles, first → last sample (GC) | ${idle.length ? `${mb(idle[0]?.heapExternal ?? 0)} → ${mb(idle.at(-1)?.heapExternal ?? 0)}` : "–"} |`,
      `| End, all clients gone (GC) | ${mb(result.endAfterGc)} (${result.retained >= 0 ? "+" : ""}${(result.retained / 1024).toFixed(0)} KB against the baseline) |`,
      `| Heap used: baseline → end | ${mb(result.baselineParts.heapUsed)} → ${mb(result.endParts.heapUsed)} |`,
      `| External (PGlite's memory among it): baseline → end | ${mb(result.baselineParts.external)} → ${mb(result.endParts.external)} |`,
      `| Live entries / sockets left | ${result.entriesAtEnd} / ${result.socketsAtEnd} |`,
      `| Failed cycles | ${result.failures.length} |`,
    ].join("\n"),
  );
  const outFile = fileURLToPath(new URL("./results/soak.json", import.meta.url));
  await mkdir(fileURLToPath(new URL("./results/", import.meta.url)), { recursive: true });
  await writeFile(outFile, `${JSON.stringify(result, null, 2)}\n`);
  log(`results written to ${outFile}`);
  if (result.failures.length > 0 || result.entriesAtEnd > 0) process.exitCode = 1;
}

await main();
