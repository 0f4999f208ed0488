// `npm run bench`: live fan-out, memory per idle connection and call throughput, on PGlite and on
// PostgreSQL. Each scenario gets a fresh server process; clients run here. Prints a markdown table
// and writes bench/results/latest.json. `--help` lists the flags.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { type ComingSoonSettings, DEFAULT_COMING_SOON_SETTINGS } from "@litverse/shared/system-settings";
import pg from "pg";
import { Pool } from "undici";
import {
  type BenchServer,
  clockNow,
  closeAll,
  connectMany,
  connectPlainMany,
  connectWs,
  type DatabaseKind,
  distribution,
  round,
  signal,
  sleep,
  startBaselineServer,
  startServer,
  transportEvents,
  type WsClient,
  waitUntil,
  withTimeout,
} from "./harness.ts";
import { type BenchResults, type DatabaseResults, renderMarkdown } from "./report.ts";
import type { BaselineResult, FanoutResult, IdleMemoryResult, ThroughputResult } from "./run-results.ts";
import type { ServerLoopDelay, ServerSends, ServerStats } from "./server.ts";

const USAGE = `Usage: npm run bench -- [options]
  --db pglite|postgres|both   databases to run on (default both)
  --sizes 1000,5000,10000     subscriber counts for the live fan-out (default 1000,5000,10000)
  --idle 5000                 idle connections for the memory figure (default 5000)
  --idle-subscribed 10000     idle connections holding 2 subscriptions each (default 10000)
  --scenarios a,b,…           which to run (default all): baseline, baseline-plain, fanout, two-process
                              (PostgreSQL only), idle, idle-subscribed, throughput
  --reps 10                   measured changes per fan-out size (default 10, after one warm-up)
  --seconds 5                 length of each throughput run (default 5)
  --inflight 50               calls in flight in the throughput runs (default 50)
  --quick                     a short check: sizes 100,1000, idle 1000 (both), 5 reps, 2 s runs
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base
for the temporary PostgreSQL databases.`;

const SCENARIOS = [
  "baseline",
  "baseline-plain",
  "fanout",
  "two-process",
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
  const scenarios = (values.scenarios ?? SCENARIOS.join(",")).split(",").map((name) => name.trim());
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
    reps: Math.floor(count("reps", values.reps, quick ? 5 : 10, 100)),
    seconds: count("seconds", values.seconds, quick ? 2 : 5, 60),
    inflight: Math.floor(count("inflight", values.inflight, 50, 1000)),
    quick,
    baseUrl: process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test",
  };
}

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const started = performance.now();
function log(message: string): void {
  const seconds = ((performance.now() - started) / 1000).toFixed(1).padStart(6);
  process.stderr.write(`[${seconds}s] ${message}\n`);
}

// ---------------------------------------------------------------------------------------------
// (a0) The socket's own limit: the same message broadcast by a bare `ws` server

/**
 * For `subscribers` clients of a bare `ws` server in its own process: `reps` broadcasts (after one
 * warm-up) of the result the fan-out's subscribers get, one message per client in its
 * subscription's envelope. What a fan-out would cost if the server did nothing but write to the
 * sockets.
 */
async function baselineFanout(
  subscribers: number,
  reps: number,
  clientKind: BaselineResult["clients"],
): Promise<BaselineResult> {
  const server = await startBaselineServer();
  let expected = "";
  let arrivals = 0;
  let allArrived = signal();
  const arrivedAt = new Float64Array(subscribers);
  const seen: string[] = new Array(subscribers).fill("");
  const onSettings = (index: number, at: number, settings: ComingSoonSettings) => {
    const title = settings.comingSoonTitle;
    if (title !== expected || seen[index] === title) return;
    seen[index] = title;
    arrivedAt[index] = at;
    if (++arrivals === subscribers) allArrived.resolve();
  };
  const subscribe = JSON.stringify({
    id: 1,
    method: "subscription",
    params: { path: "live.watch", input: { path: "systemSettings.getComingSoonSettings" } },
  });
  let close = async () => {};
  try {
    if (clientKind === "trpc") {
      const clients = await connectMany(server.wsUrl, subscribers);
      close = () => closeAll(clients);
      clients.forEach((client, index) => {
        client.trpc.live.watch.subscribe(
          { path: "systemSettings.getComingSoonSettings" },
          { onData: (value) => onSettings(index, clockNow(), value as ComingSoonSettings) },
        );
      });
    } else {
      const sockets = await connectPlainMany(server.wsUrl, subscribers, (index, text) => {
        const at = clockNow();
        const message = JSON.parse(text) as { result: { type: string; data?: ComingSoonSettings } };
        if (message.result.data) onSettings(index, at, message.result.data);
      });
      close = async () => {
        for (const socket of sockets) socket.close();
      };
      for (const socket of sockets) socket.send(subscribe);
    }
    await waitUntil(
      "baseline subscriptions",
      async () => (await server.sockets()).subscriptions === subscribers,
      60_000,
      100,
    );
    await sleep(200);
    const clock = await server.clockOffset();
    const latencies: number[] = [];
    const spans: number[] = [];
    const stalls: number[] = [];
    for (let rep = 0; rep <= reps; rep++) {
      expected = `Bench ${subscribers} change ${rep}`;
      arrivals = 0;
      allArrived = signal();
      await server.loopDelay();
      const data: ComingSoonSettings = { ...DEFAULT_COMING_SOON_SETTINGS, comingSoonTitle: expected };
      const { startedAt, lastSendAt } = await server.broadcast(JSON.stringify(data));
      await withTimeout(`baseline broadcast ${rep} to ${subscribers}`, allArrived.promise, 30_000);
      await sleep(150);
      const loop = await server.loopDelay();
      if (rep === 0) continue;
      spans.push(lastSendAt - startedAt);
      stalls.push(loop.maxMs);
      for (const at of arrivedAt) latencies.push(Math.max(0, at + clock.offsetMs - startedAt));
    }
    const result: BaselineResult = {
      subscribers,
      clients: clientKind,
      repetitions: reps,
      latencyMs: distribution(latencies),
      serverSendSpanMs: distribution(spans),
      serverLoopStallMs: distribution(stalls),
      clock: { offsetMs: round(clock.offsetMs, 3), uncertaintyMs: round(clock.uncertaintyMs, 3) },
    };
    log(
      `  bare ws broadcast → ${subscribers} ${clientKind} clients: p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms; last send after ${result.serverSendSpanMs.p50} ms (median)`,
    );
    return result;
  } finally {
    await close();
    await server.stop();
  }
}

// ---------------------------------------------------------------------------------------------
// (a) Live fan-out

interface ClientState {
  readonly userId: string;
  settingsUpdates: number;
  userUpdates: number;
  seenTitle: string | undefined;
  titleAt: number;
  userName: string | null | undefined;
  userAt: number;
}

/**
 * The servers of one fan-out seen as one: counters summed, the latest send, the longest stall. With
 * two processes the first takes the writes and its clock is the reference.
 */
function combined(servers: readonly BenchServer[]) {
  const primary = servers[0] as BenchServer;
  return {
    control: primary.control,
    clockOffset: () => primary.clockOffset(),
    async stats(): Promise<ServerStats> {
      const all = await Promise.all(servers.map((server) => server.stats()));
      return {
        runs: all.reduce((sum, stats) => sum + stats.runs, 0),
        deliveries: all.reduce((sum, stats) => sum + stats.deliveries, 0),
        entries: all.reduce((sum, stats) => sum + stats.entries, 0),
        sockets: all.reduce((sum, stats) => sum + stats.sockets, 0),
      };
    },
    async sends(): Promise<ServerSends> {
      const all = await Promise.all(servers.map((server) => server.sends()));
      return {
        count: all.reduce((sum, sends) => sum + sends.count, 0),
        lastAt: Math.max(...all.map((sends) => sends.lastAt)),
      };
    },
    async loopDelay(): Promise<ServerLoopDelay> {
      const all = await Promise.all(servers.map((server) => server.loopDelay()));
      return {
        maxMs: Math.max(...all.map((loop) => loop.maxMs)),
        p99Ms: Math.max(...all.map((loop) => loop.p99Ms)),
      };
    },
  };
}

async function fanout(
  servers: readonly BenchServer[],
  subscribers: number,
  reps: number,
): Promise<FanoutResult> {
  const server = combined(servers);
  const { control } = server;
  const userIds = await control.bench.createUsers.mutate({ count: subscribers });
  let expectedTitle = `Bench ${subscribers} start`;
  await control.bench.setComingSoonTitle.mutate({ title: expectedTitle });

  let start = performance.now();
  const closesBefore = transportEvents.closes;
  const errorsBefore = transportEvents.errors;
  // Subscribers are split evenly between the servers, in turn.
  const clients: WsClient[] = [];
  for (const [index, each] of servers.entries()) {
    const share = Math.floor(subscribers / servers.length) + (index < subscribers % servers.length ? 1 : 0);
    clients.push(...(await connectMany(each.wsUrl, share)));
  }
  const connectMs = performance.now() - start;
  log(`  ${subscribers} sockets open in ${Math.round(connectMs)} ms`);

  try {
    const states: ClientState[] = userIds.map((userId) => ({
      userId,
      settingsUpdates: 0,
      userUpdates: 0,
      seenTitle: undefined,
      titleAt: 0,
      userName: undefined,
      userAt: 0,
    }));
    let titleArrivals = 0;
    let allHaveTitle = signal();
    let usersReady = 0;
    let subscriptionErrors = 0;
    let pendingRename: { index: number; name: string; done: () => void } | null = null;

    start = performance.now();
    clients.forEach((client, index) => {
      const state = states[index] as ClientState;
      client.trpc.live.watch.subscribe(
        { path: "systemSettings.getComingSoonSettings" },
        {
          onData(value) {
            const at = clockNow();
            state.settingsUpdates++;
            const title = (value as ComingSoonSettings).comingSoonTitle;
            if (title === expectedTitle && state.seenTitle !== title) {
              state.seenTitle = title;
              state.titleAt = at;
              if (++titleArrivals === subscribers) allHaveTitle.resolve();
            }
          },
          onError: () => void subscriptionErrors++,
        },
      );
      client.trpc.live.watch.subscribe(
        { path: "bench.getUserName", input: { id: state.userId } },
        {
          onData(value) {
            const at = clockNow();
            if (state.userName === undefined) usersReady++;
            state.userUpdates++;
            state.userName = (value as { name: string | null } | null)?.name ?? null;
            state.userAt = at;
            if (pendingRename?.index === index && pendingRename.name === state.userName) pendingRename.done();
          },
          onError: () => void subscriptionErrors++,
        },
      );
    });
    const progress = async () => {
      const stats = await server.stats().catch(() => null);
      return (
        `shared result at ${titleArrivals}/${subscribers} clients, own row at ${usersReady}/${subscribers}, ` +
        `${subscriptionErrors} subscription errors, ${transportEvents.closes - closesBefore} socket closes; ` +
        `server: ${JSON.stringify(stats)}`
      );
    };
    try {
      await withTimeout("initial shared result", allHaveTitle.promise, 60_000);
      await waitUntil("every client's own row", () => usersReady === subscribers, 60_000);
    } catch (error) {
      throw new Error(`${(error as Error).message} (${await progress()})`);
    }
    const subscribeMs = performance.now() - start;
    log(`  ${subscribers} clients hold both initial results after ${Math.round(subscribeMs)} ms`);
    await sleep(200);
    const clock = await server.clockOffset();
    /** Harness time of an arrival → milliseconds after a commit stamped by the server. */
    const sinceCommit = (at: number, committedAt: number) => at + clock.offsetMs - committedAt;

    // Shared change: one write, every client must get the new title. Repetition 0 warms up.
    const latencies: number[] = [];
    const fromResponse: number[] = [];
    const fromSend: number[] = [];
    const mutationTimes: number[] = [];
    const serverSpans: number[] = [];
    const sendsPerSharedChange: number[] = [];
    const loopStalls: number[] = [];
    let arrivedBeforeResponse = 0;
    const runsPerSharedChange: number[] = [];
    const deliveriesPerSharedChange: number[] = [];
    for (let rep = 0; rep <= reps; rep++) {
      expectedTitle = `Bench ${subscribers} change ${rep}`;
      titleArrivals = 0;
      allHaveTitle = signal();
      const before = await server.stats();
      const sendsBefore = await server.sends();
      await server.loopDelay();
      const sentAt = clockNow();
      const { committedAt } = await control.bench.setComingSoonTitle.mutate({ title: expectedTitle });
      const responseAt = clockNow();
      await withTimeout(`change ${rep} at ${subscribers} clients`, allHaveTitle.promise, 30_000);
      await sleep(150);
      const after = await server.stats();
      const sendsAfter = await server.sends();
      const loop = await server.loopDelay();
      if (rep === 0) continue;
      serverSpans.push(sendsAfter.lastAt - committedAt);
      sendsPerSharedChange.push(sendsAfter.count - sendsBefore.count);
      loopStalls.push(loop.maxMs);
      runsPerSharedChange.push(after.runs - before.runs);
      deliveriesPerSharedChange.push(after.deliveries - before.deliveries);
      mutationTimes.push(responseAt - sentAt);
      for (const state of states) {
        latencies.push(Math.max(0, sinceCommit(state.titleAt, committedAt)));
        if (state.titleAt < responseAt) arrivedBeforeResponse++;
        fromResponse.push(Math.max(0, state.titleAt - responseAt));
        fromSend.push(state.titleAt - sentAt);
      }
    }
    const sharedLatencyMs = distribution(latencies);
    const spans = distribution(serverSpans);
    log(
      `  shared change → ${subscribers} clients: p50 ${sharedLatencyMs.p50} ms, p99 ${sharedLatencyMs.p99} ms, max ${sharedLatencyMs.max} ms; server sent its last message after ${spans.p50} ms (median), its event loop stalled up to ${distribution(loopStalls).max} ms`,
    );

    // Per-client change: rename one user; only its client may hear about it, with one query run.
    const targets = [...new Set([0, Math.floor(subscribers / 2), subscribers - 1])];
    const runsPerChange: number[] = [];
    const targetUpdates: number[] = [];
    const renameLatencies: number[] = [];
    let otherClientsUpdated = 0;
    for (const [check, index] of targets.entries()) {
      const target = states[index] as ClientState;
      const snapshot = states.map((state) => state.settingsUpdates + state.userUpdates);
      const name = `Renamed reader ${check + 1}`;
      const arrived = signal();
      pendingRename = { index, name, done: arrived.resolve };
      const before = await server.stats();
      const { committedAt } = await control.bench.renameUser.mutate({ id: target.userId, name });
      await withTimeout(`rename at client ${index}`, arrived.promise, 10_000);
      pendingRename = null;
      renameLatencies.push(Math.max(0, sinceCommit(target.userAt, committedAt)));
      await sleep(300);
      const after = await server.stats();
      runsPerChange.push(after.runs - before.runs);
      targetUpdates.push(target.settingsUpdates + target.userUpdates - (snapshot[index] as number));
      otherClientsUpdated += states.filter(
        (state, other) =>
          other !== index && state.settingsUpdates + state.userUpdates !== (snapshot[other] as number),
      ).length;
    }
    log(
      `  rename: runs per change ${runsPerChange.join(", ")}; other clients updated: ${otherClientsUpdated}`,
    );

    return {
      subscribers,
      processes: servers.length,
      baseline: null,
      plainBaseline: null,
      p99OverBaseline: null,
      connectMs: Math.round(connectMs),
      subscribeMs: Math.round(subscribeMs),
      repetitions: reps,
      clock: { offsetMs: round(clock.offsetMs, 3), uncertaintyMs: round(clock.uncertaintyMs, 3) },
      sharedLatencyMs,
      sharedFromResponseMs: distribution(fromResponse),
      arrivedBeforeResponse,
      sharedFromSendMs: distribution(fromSend),
      mutationMs: distribution(mutationTimes),
      serverSendSpanMs: distribution(serverSpans),
      sendsPerSharedChange,
      serverLoopStallMs: distribution(loopStalls),
      entriesAfterClose: null,
      runsPerSharedChange,
      deliveriesPerSharedChange,
      rename: {
        checks: targets.length,
        runsPerChange,
        targetUpdates,
        otherClientsUpdated,
        latencyMs: distribution(renameLatencies),
      },
      subscriptionErrors,
      connectionCloses: transportEvents.closes - closesBefore,
      connectionErrors: transportEvents.errors - errorsBefore,
    };
  } finally {
    await closeAll(clients);
    await waitUntil("sockets to close", async () => (await server.stats()).sockets === 0, 20_000, 100).catch(
      () => log("  (some sockets were still open on the server)"),
    );
  }
}

/** Runs the fan-out, then checks that the server let go of every live query once clients left. */
async function fanoutAndCleanup(
  servers: readonly BenchServer[],
  subscribers: number,
  reps: number,
): Promise<FanoutResult> {
  const server = combined(servers);
  const result = await fanout(servers, subscribers, reps);
  await waitUntil("live entries to go", async () => (await server.stats()).entries === 0, 5_000, 100).catch(
    () => {},
  );
  result.entriesAfterClose = (await server.stats()).entries;
  if (result.entriesAfterClose > 0)
    log(`  ${result.entriesAfterClose} live entries left after every client left`);
  return result;
}

// ---------------------------------------------------------------------------------------------
// (b) Memory per idle connection

async function idleMemory(
  server: BenchServer,
  connections: number,
  withSubscriptions: boolean,
): Promise<IdleMemoryResult> {
  const userIds = withSubscriptions
    ? await server.control.bench.createUsers.mutate({ count: connections })
    : [];
  // Warm-up: the first connections compile and allocate what every later one reuses.
  await closeAll(await connectMany(server.wsUrl, 20));
  await waitUntil("warm-up sockets to close", async () => (await server.stats()).sockets === 0, 10_000, 50);
  const baseline = await server.memory();

  const start = performance.now();
  const clients = await connectMany(server.wsUrl, connections);
  const connectMs = performance.now() - start;
  let connected: NodeJS.MemoryUsage;
  let subscriptions = 0;
  try {
    await waitUntil(
      "the server to count every socket",
      async () => (await server.stats()).sockets === connections,
      30_000,
      100,
    );
    if (withSubscriptions) {
      // Each holds the shared query and its own row, as the fan-out's clients do.
      let results = 0;
      clients.forEach((client, index) => {
        const count = { onData: () => void results++ };
        client.trpc.live.watch.subscribe({ path: "systemSettings.getComingSoonSettings" }, count);
        client.trpc.live.watch.subscribe(
          { path: "bench.getUserName", input: { id: userIds[index] as string } },
          count,
        );
      });
      await waitUntil("every subscription's first result", () => results === 2 * connections, 120_000, 100);
      subscriptions = (await server.stats()).entries;
    }
    await sleep(500);
    connected = await server.memory();
  } finally {
    await closeAll(clients);
  }
  await waitUntil("idle sockets to close", async () => (await server.stats()).sockets === 0, 30_000, 100);
  await sleep(500);
  const afterClose = await server.memory();

  const heapExternal = (usage: NodeJS.MemoryUsage) => usage.heapUsed + usage.external;
  const per = (delta: number) => Math.round(delta / connections);
  const result: IdleMemoryResult = {
    connections,
    liveEntries: subscriptions,
    connectMs: Math.round(connectMs),
    baseline,
    connected,
    afterClose,
    heapExternalPerConnection: per(heapExternal(connected) - heapExternal(baseline)),
    heapUsedPerConnection: per(connected.heapUsed - baseline.heapUsed),
    externalPerConnection: per(connected.external - baseline.external),
    rssPerConnection: per(connected.rss - baseline.rss),
    retainedAfterClose: heapExternal(afterClose) - heapExternal(baseline),
  };
  log(
    `  ${connections} idle connections${withSubscriptions ? " with 2 subscriptions each" : ""}: ${(result.heapExternalPerConnection / 1024).toFixed(1)} KB heap+external, ${(result.rssPerConnection / 1024).toFixed(1)} KB RSS each`,
  );
  return result;
}

// ---------------------------------------------------------------------------------------------
// (c) Calls per second

interface Contender {
  transport: ThroughputResult["transport"];
  call: () => Promise<void>;
}

/** Keeps `inflight` calls going for `ms`; counts them, and their latencies when given a list. */
async function keepCalling(contender: Contender, inflight: number, ms: number, latencies: number[] | null) {
  const deadline = performance.now() + ms;
  let calls = 0;
  let errors = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const at = performance.now();
      try {
        await contender.call();
        calls++;
        latencies?.push(performance.now() - at);
      } catch {
        errors++;
        if (errors > 1000) throw new Error(`${contender.transport}: too many failed calls`);
      }
    }
  };
  const begun = performance.now();
  await Promise.all(Array.from({ length: inflight }, worker));
  return { calls, errors, elapsed: (performance.now() - begun) / 1000 };
}

/** Rounds of one second: the load other work puts on the machine moves from second to second. */
const ROUND_MS = 1000;

/**
 * Measures the contenders in turns of one second each, `seconds` turns apiece after a warm-up, so
 * that a baseline and the row measured against it see the same moments of a busy machine.
 */
async function alternate(
  contenders: Contender[],
  inflight: number,
  seconds: number,
): Promise<ThroughputResult[]> {
  for (const contender of contenders)
    await keepCalling(contender, inflight, Math.min(1000, seconds * 250), null);
  const totals = contenders.map(() => ({ calls: 0, errors: 0, elapsed: 0, latencies: [] as number[] }));
  const rounds = Math.max(1, Math.round((seconds * 1000) / ROUND_MS));
  for (let turn = 0; turn < rounds; turn++) {
    for (const [index, contender] of contenders.entries()) {
      const total = totals[index] as (typeof totals)[number];
      const { calls, errors, elapsed } = await keepCalling(contender, inflight, ROUND_MS, total.latencies);
      total.calls += calls;
      total.errors += errors;
      total.elapsed += elapsed;
    }
  }
  return contenders.map(({ transport }, index) => {
    const { calls, errors, elapsed, latencies } = totals[index] as (typeof totals)[number];
    const result: ThroughputResult = {
      transport,
      inflight,
      seconds: round(elapsed, 2),
      calls,
      errors,
      callsPerSecond: Math.round(calls / elapsed),
      latencyMs: distribution(latencies),
    };
    log(
      `  ${transport}: ${result.callsPerSecond} calls/s (p50 ${result.latencyMs.p50} ms), ${errors} errors`,
    );
    return result;
  });
}

async function throughput(
  server: BenchServer,
  inflight: number,
  seconds: number,
): Promise<ThroughputResult[]> {
  const query = (ws: WsClient) => async () => {
    await ws.trpc.systemSettings.getComingSoonSettings.query();
  };
  // undici's pool, one keep-alive connection per call in flight: the client fetch() is built on,
  // without the WHATWG wrapping that made the harness, not the server, the limit.
  const pool = new Pool(server.url, { connections: inflight });
  const get =
    (path: string, encoding = "gzip, deflate") =>
    async () => {
      const response = await pool.request({ path, method: "GET", headers: { "accept-encoding": encoding } });
      const body = await response.body.text();
      if (response.statusCode !== 200) throw new Error(`HTTP ${response.statusCode}: ${body.slice(0, 200)}`);
    };
  const path = "/api/trpc/systemSettings.getComingSoonSettings";
  const bareWs = await connectWs(server.wsUrl.replace("/api/ws", "/bench/ws-bare"));
  const appWs = await connectWs(server.wsUrl);
  // Each function row is measured in turns with its baseline: the same answer from a socket or a
  // route doing no work.
  try {
    const overWebSocket = await alternate(
      [
        { transport: "websocket-bare", call: query(bareWs) },
        { transport: "websocket", call: query(appWs) },
      ],
      inflight,
      seconds,
    );
    const overHttp = await alternate(
      [
        { transport: "http-bare", call: get("/bench/bare") },
        { transport: "http", call: get(path) },
        // Diagnostic: the same calls refusing compression (see the findings on compression).
        { transport: "http-identity", call: get(path, "identity") },
      ],
      inflight,
      seconds,
    );
    return [...overWebSocket, ...overHttp];
  } finally {
    await Promise.all([bareWs.socket.close(), appWs.socket.close(), pool.close()]);
  }
}

// ---------------------------------------------------------------------------------------------

async function onDatabase(database: DatabaseKind, options: Options): Promise<DatabaseResults> {
  const results: DatabaseResults = {
    database,
    fanout: [],
    twoProcess: [],
    idle: null,
    idleSubscribed: null,
    throughput: [],
    errors: [],
    loadAverages: [],
  };
  const scenario = async <T>(
    name: string,
    body: (servers: BenchServer[]) => Promise<T>,
    processes = 1,
  ): Promise<T | null> => {
    log(`${database}: ${name} (load average ${os.loadavg()[0]?.toFixed(2)})`);
    results.loadAverages.push({ scenario: name, oneMinute: round(os.loadavg()[0] ?? 0, 2) });
    const servers: BenchServer[] = [];
    try {
      const first = await startServer(database, options.baseUrl);
      servers.push(first);
      // Further processes join the first one's database, as server processes behind one address would.
      for (let more = 1; more < processes; more++)
        servers.push(await startServer(database, options.baseUrl, first.databaseUrl));
      return await body(servers);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  FAILED: ${message}`);
      results.errors.push(`${name}: ${message}`);
      return null;
    } finally {
      // The first server owns the database: it stops last and drops it.
      for (const server of servers.reverse()) await server.stop();
    }
  };
  const runs = (name: Scenario) => options.scenarios.includes(name);
  for (const size of options.sizes) {
    const measureBaseline = async (kind: BaselineResult["clients"]) => {
      const name = `bare ws broadcast to ${size} ${kind} clients`;
      log(`${database}: ${name} (load average ${os.loadavg()[0]?.toFixed(2)})`);
      results.loadAverages.push({ scenario: name, oneMinute: round(os.loadavg()[0] ?? 0, 2) });
      return baselineFanout(size, options.reps, kind).catch((error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        log(`  FAILED: ${message}`);
        results.errors.push(`${name}: ${message}`);
        return null;
      });
    };
    const baseline = runs("baseline") ? await measureBaseline("trpc") : null;
    const plain = runs("baseline-plain") ? await measureBaseline("plain") : null;
    const attach = (result: FanoutResult) => {
      result.baseline = baseline;
      result.plainBaseline = plain;
      if (baseline) result.p99OverBaseline = round(result.sharedLatencyMs.p99 / baseline.latencyMs.p99, 2);
      return result;
    };
    if (runs("fanout")) {
      const result = await scenario(`live fan-out to ${size} clients`, (servers) =>
        fanoutAndCleanup(servers, size, options.reps),
      );
      if (result) results.fanout.push(attach(result));
    }
    if (runs("two-process") && database === "postgres") {
      const result = await scenario(
        `live fan-out to ${size} clients over two processes`,
        (servers) => fanoutAndCleanup(servers, size, options.reps),
        2,
      );
      if (result) results.twoProcess.push(attach(result));
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
    `${machine.cpus} × ${machine.cpuModel}, Node ${machine.node}; databases: ${options.databases.join(", ")}`,
  );
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
