// `npm run bench`: live fan-out, memory per idle connection and call throughput, on PGlite and on
// PostgreSQL. Each scenario gets a fresh server process; clients run here. Prints a markdown table
// and writes bench/results/latest.json. `--help` lists the flags.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import pg from "pg";
import { nginxBinary } from "../apps/server/src/test/nginx.ts";
import { type BareTopology, baselineFanout, openBareBroadcast } from "./bare-broadcast.ts";
import { fanoutAndCleanup } from "./fanout.ts";
import { type BenchServer, type DatabaseKind, progressLog, round, startServer } from "./harness.ts";
import { idleMemory } from "./idle-memory.ts";
import { bareBehindBalancer, loadBalancedFanout } from "./load-balancer.ts";
import { type BenchResults, type DatabaseResults, renderMarkdown } from "./report.ts";
import type { BaselineResult, FanoutResult } from "./run-results.ts";
import { throughput } from "./throughput.ts";

const USAGE = `Usage: npm run bench -- [options]
  --db pglite|postgres|both   databases to run on (default both)
  --sizes 1000,5000,10000     subscriber counts for the live fan-out (default 1000,5000,10000)
  --idle 5000                 idle connections for the memory figure (default 5000)
  --idle-subscribed 10000     idle connections holding 2 subscriptions each (default 10000)
  --scenarios a,b,…           which to run (default all): baseline, baseline-plain, fanout, two-process
                              and load-balancer (PostgreSQL only; nginx, left out by default where it
                              is not installed), idle, idle-subscribed, throughput
  --reps 100                  measured changes per fan-out size (default 100, after one warm-up; at
                              most 500); with baseline, each change follows a bare broadcast to as
                              many clients
  --seconds 5                 length of each throughput run (default 5)
  --inflight 50               calls in flight in the throughput runs (default 50)
  --quick                     a short check: sizes 100,1000, idle 1000 (both), 5 reps, 2 s runs
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base
for the temporary PostgreSQL databases.`;

/**
 * Measured changes per fan-out size: a hundred, so that the p99 over every client of every change
 * is a percentile; with twenty, each change held 5 % of the samples and the p99 fell inside the
 * slowest one (history/live.md, 2026-12-06).
 */
const FANOUT_CHANGES = 100;

/** Server processes behind the load balancer in (g). */
const BALANCED_PROCESSES = 3;

const SCENARIOS = [
  "baseline",
  "baseline-plain",
  "fanout",
  "two-process",
  "load-balancer",
  "idle",
  "idle-subscribed",
  "throughput",
] as const;
type Scenario = (typeof SCENARIOS)[number];

interface Options {
  databases: DatabaseKind[];
  sizes: number[];
  idle: number;
  idleSubscribed: number;
  scenarios: Scenario[];
  reps: number;
  seconds: number;
  inflight: number;
  quick: boolean;
  baseUrl: string;
}

function parseOptions(argv: string[]): Options | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      db: { type: "string", default: "both" },
      sizes: { type: "string" },
      idle: { type: "string" },
      "idle-subscribed": { type: "string" },
      scenarios: { type: "string" },
      reps: { type: "string" },
      seconds: { type: "string" },
      inflight: { type: "string" },
      quick: { type: "boolean", default: false },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  if (values.help) return null;
  const quick = values.quick;
  const count = (name: string, text: string | undefined, fallback: number, max: number) => {
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || value <= 0 || value > max)
      throw new Error(`--${name}: expected 1..${max}`);
    return value;
  };
  const db = values.db;
  if (db !== "pglite" && db !== "postgres" && db !== "both")
    throw new Error("--db: pglite, postgres or both");
  // Without nginx the default run leaves (g) out rather than fail; named, it runs and says why it fails.
  const defaults = SCENARIOS.filter((name) => name !== "load-balancer" || nginxBinary() !== null);
  const scenarios = (values.scenarios ?? defaults.join(",")).split(",").map((name) => name.trim());
  for (const name of scenarios)
    if (!(SCENARIOS as readonly string[]).includes(name))
      throw new Error(`--scenarios: ${name}? expected some of ${SCENARIOS.join(", ")}`);
  const sizes = (values.sizes ?? (quick ? "100,1000" : "1000,5000,10000"))
    .split(",")
    .map((size) => count("sizes", size.trim(), 0, 15_000));
  return {
    databases: db === "both" ? ["pglite", "postgres"] : [db],
    sizes: sizes.map(Math.floor),
    idle: Math.floor(count("idle", values.idle, quick ? 1000 : 5000, 15_000)),
    idleSubscribed: Math.floor(
      count("idle-subscribed", values["idle-subscribed"], quick ? 1000 : 10_000, 15_000),
    ),
    scenarios: scenarios as Scenario[],
    reps: Math.floor(count("reps", values.reps, quick ? 5 : FANOUT_CHANGES, 500)),
    seconds: count("seconds", values.seconds, quick ? 2 : 5, 60),
    inflight: Math.floor(count("inflight", values.inflight, 50, 1000)),
    quick,
    baseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  };
}

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
const log = progressLog();

// ---------------------------------------------------------------------------------------------

async function onDatabase(database: DatabaseKind, options: Options): Promise<DatabaseResults> {
  const results: DatabaseResults = {
    database,
    fanout: [],
    twoProcess: [],
    loadBalancer: [],
    idle: null,
    idleSubscribed: null,
    throughput: [],
    errors: [],
    loadAverages: [],
  };
  const started = (name: string) => {
    log(`${database}: ${name} (load average ${os.loadavg()[0]?.toFixed(2)})`);
    results.loadAverages.push({ scenario: name, oneMinute: round(os.loadavg()[0] ?? 0, 2) });
  };
  const failed = (name: string, error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    log(`  FAILED: ${message}`);
    results.errors.push(`${name}: ${message}`);
    return null;
  };
  const scenario = async <T>(
    name: string,
    body: (servers: BenchServer[]) => Promise<T>,
    processes = 1,
  ): Promise<T | null> => {
    started(name);
    const servers: BenchServer[] = [];
    try {
      const first = await startServer(database, options.baseUrl);
      servers.push(first);
      // Further processes join the first one's database, as server processes behind one address would.
      for (let more = 1; more < processes; more++)
        servers.push(await startServer(database, options.baseUrl, first.databaseUrl));
      return await body(servers);
    } catch (error) {
      return failed(name, error);
    } finally {
      // The first server owns the database: it stops last and drops it.
      for (const server of servers.reverse()) await server.stop();
    }
  };
  const runs = (name: Scenario) => options.scenarios.includes(name);
  for (const size of options.sizes) {
    // The plain clients' broadcast is a reference of its own, measured once before the fan-outs.
    let plain: BaselineResult | null = null;
    if (runs("baseline-plain")) {
      const name = `bare ws broadcast to ${size} plain clients`;
      started(name);
      plain = await baselineFanout(size, options.reps, "plain").catch((error: unknown) =>
        failed(name, error),
      );
    }
    // The bare broadcast to the fan-out's own kind of clients takes turns with each fan-out of this
    // size; through the load balancer, from as many bare servers behind the same load balancer.
    const openBare = async (topology?: BareTopology) => {
      if (!runs("baseline")) return null;
      const through =
        topology && "front" in topology ? ` from ${topology.processes} servers through nginx` : "";
      const name = `bare ws broadcast to ${size} trpc clients${through}, in turn with the fan-out`;
      started(name);
      return openBareBroadcast(size, "trpc", topology).catch((error: unknown) => failed(name, error));
    };
    const attach = (result: FanoutResult) => {
      result.plainBaseline = plain;
      return result;
    };
    if (runs("fanout") || (runs("two-process") && database === "postgres")) {
      const bare = await openBare();
      const entry = bare ? { bare } : {};
      try {
        if (runs("fanout")) {
          const result = await scenario(`live fan-out to ${size} clients`, (servers) =>
            fanoutAndCleanup(servers, size, options.reps, entry),
          );
          if (result) results.fanout.push(attach(result));
        }
        if (runs("two-process") && database === "postgres") {
          const result = await scenario(
            `live fan-out to ${size} clients over two processes`,
            (servers) => fanoutAndCleanup(servers, size, options.reps, entry),
            2,
          );
          if (result) results.twoProcess.push(attach(result));
        }
      } finally {
        await bare?.close();
      }
    }
    if (runs("load-balancer") && database === "postgres") {
      const bare = await openBare({ processes: BALANCED_PROCESSES, front: bareBehindBalancer });
      try {
        const result = await scenario(
          `live fan-out to ${size} clients through nginx to ${BALANCED_PROCESSES} processes`,
          (servers) => loadBalancedFanout(servers, size, options.reps, bare),
          BALANCED_PROCESSES,
        );
        if (result) results.loadBalancer.push(attach(result));
      } finally {
        await bare?.close();
      }
    }
  }
  if (runs("idle"))
    results.idle = await scenario(`memory of ${options.idle} idle connections`, ([server]) =>
      idleMemory(server as BenchServer, options.idle, false),
    );
  if (runs("idle-subscribed"))
    results.idleSubscribed = await scenario(
      `memory of ${options.idleSubscribed} idle connections with 2 subscriptions each`,
      ([server]) => idleMemory(server as BenchServer, options.idleSubscribed, true),
    );
  if (runs("throughput"))
    results.throughput =
      (await scenario("calls per second", ([server]) =>
        throughput(server as BenchServer, options.inflight, options.seconds),
      )) ?? [];
  return results;
}

/** This process's soft limit of open files (`ulimit -n`): each client is one. */
async function openFilesLimit(): Promise<number | null> {
  const limits = await readFile("/proc/self/limits", "utf8").catch(() => "");
  const soft = /^Max open files\s+(\d+)/m.exec(limits)?.[1];
  return soft ? Number(soft) : null;
}

async function describeMachine(options: Options): Promise<BenchResults["machine"]> {
  const cpus = os.cpus();
  const pgliteVersion = await readFile(
    fileURLToPath(new URL("../node_modules/@electric-sql/pglite/package.json", import.meta.url)),
    "utf8",
  )
    .then((text) => (JSON.parse(text) as { version: string }).version)
    .catch(() => "unknown");
  let postgresVersion: string | null = null;
  if (options.databases.includes("postgres")) {
    const client = new pg.Client({ connectionString: options.baseUrl });
    try {
      await client.connect();
      const { rows } = await client.query<{ server_version: string }>("show server_version");
      postgresVersion = rows[0]?.server_version ?? null;
    } finally {
      await client.end().catch(() => {});
    }
  }
  const git = (...args: string[]) => {
    try {
      return execFileSync("git", args, { cwd: REPO_ROOT, encoding: "utf8" }).trim();
    } catch {
      return "";
    }
  };
  return {
    commit: git("rev-parse", "--short", "HEAD") || "unknown",
    uncommittedServerFiles: git("status", "--porcelain", "--", "apps/server", "packages/shared")
      .split("\n")
      .filter(Boolean),
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? "unknown",
    memoryGb: round(os.totalmem() / 1024 ** 3, 1),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    openFiles: await openFilesLimit(),
    node: process.version,
    pglite: pgliteVersion,
    postgres: postgresVersion,
  };
}

async function main(): Promise<void> {
  let options: Options | null;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    console.error(USAGE);
    process.exit(2);
  }
  if (!options) {
    console.log(USAGE);
    return;
  }
  const machine = await describeMachine(options);
  log(
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; databases: ${options.databases.join(", ")}; ` +
      `open files ${machine.openFiles ?? "unknown"}`,
  );
  const largest = Math.max(...options.sizes, 0);
  if (machine.openFiles !== null && machine.openFiles < largest + 1000)
    log(`  warning: ${largest} clients need more open files than ulimit -n allows (${machine.openFiles})`);
  const databases: DatabaseResults[] = [];
  for (const database of options.databases) databases.push(await onDatabase(database, options));

  const results: BenchResults = {
    date: new Date().toISOString(),
    durationSeconds: Math.round((performance.now() - started) / 1000),
    machine,
    options: {
      sizes: options.sizes,
      idle: options.idle,
      idleSubscribed: options.idleSubscribed,
      scenarios: options.scenarios,
      reps: options.reps,
      seconds: options.seconds,
      inflight: options.inflight,
      quick: options.quick,
    },
    databases,
  };
  const outFile = fileURLToPath(new URL("./results/latest.json", import.meta.url));
  await mkdir(fileURLToPath(new URL("./results/", import.meta.url)), { recursive: true });
  await writeFile(outFile, `${JSON.stringify(results, null, 2)}\n`);
  console.log(renderMarkdown(results));
  log(`results written to ${outFile}`);
  if (databases.some((result) => result.errors.length > 0)) process.exitCode = 1;
}

await main();
