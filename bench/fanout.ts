// The fan-out benchmark of `npm run bench` (bench/run.ts): (a) a live query's change reaching every
// client watching it, taking turns with the bare broadcast (bench/bare-broadcast.ts) when one is given.
// The clients live in a process of their own (bench/fanout-clients.ts), as the bare broadcast's do.
import { type BareBroadcast, type BareChange, bareResult, changeP99 } from "./bare-broadcast.ts";
import { type ChildChannel, type FailedAnswer, forkChannel } from "./child-channel.ts";
import { garbageCollectionTime, LOG_COLLECTIONS } from "./gc-time.ts";
import {
  type BenchServer,
  type ClockOffset,
  clockNow,
  distribution,
  median,
  progressLog,
  round,
  sleep,
  waitUntil,
} from "./harness.ts";
import type { FanoutResult, RatioSpread } from "./run-results.ts";
import type { ServerLoopDelay, ServerSends, ServerStats } from "./server.ts";

const log = progressLog();
// The harness's own collections, in the log beside the changes (it no longer holds clients).
if (LOG_COLLECTIONS) garbageCollectionTime("harness");
// ---------------------------------------------------------------------------------------------
// (a) Live fan-out

/** Where the clients connect: `count` of them to `wsUrl`, in order of the user ids. */
export interface ClientShare {
  wsUrl: string;
  count: number;
}

export type FanoutClientsRequest =
  | { type: "open"; shares: ClientShare[]; userIds: string[]; title: string; clockUrl: string }
  | { type: "clock" }
  | { type: "collect" }
  | { type: "expect"; title: string }
  | { type: "arrivals" }
  | { type: "arm-rename"; index: number; name: string }
  | { type: "rename-arrival" }
  | { type: "updates-since-rename" }
  | { type: "counters" }
  | { type: "stop" };

export type FanoutClientsAnswer =
  | { type: "ready" }
  | { type: "opened"; connectMs: number; subscribeMs: number }
  | { type: "clock"; clock: ClockOffset }
  | { type: "collected" }
  | { type: "expecting" }
  | { type: "armed-rename" }
  /** When each client had the expected title (server clock), and this process's collections meanwhile. */
  | { type: "arrivals"; atMs: number[]; gcMs: number }
  | { type: "rename-arrival"; atMs: number }
  /** Updates of any subscription since the rename was armed: its target's, and how many others had any. */
  | { type: "updates"; target: number; otherClients: number }
  | { type: "counters"; subscriptionErrors: number; connectionCloses: number; connectionErrors: number }
  | FailedAnswer;

/** The fan-out's clients in their process, as the fan-out drives them. */
export interface FanoutClients {
  open(
    shares: ClientShare[],
    userIds: string[],
    title: string,
    clockUrl: string,
  ): Promise<{ connectMs: number; subscribeMs: number }>;
  clock(): Promise<ClockOffset>;
  collectGarbage(): Promise<void>;
  /** Resets the arrivals: from now on, `title` is the change the clients wait for. */
  expect(title: string): Promise<void>;
  /** Once every client had the expected title (30 s at most). */
  arrivals(): Promise<{ atMs: number[]; gcMs: number }>;
  armRename(index: number, name: string): Promise<void>;
  renameArrival(): Promise<number>;
  updatesSinceRename(): Promise<{ target: number; otherClients: number }>;
  counters(): Promise<Extract<FanoutClientsAnswer, { type: "counters" }>>;
  close(): Promise<void>;
}

const CLIENTS_SCRIPT = new URL("./fanout-clients.ts", import.meta.url);

/** Starts the clients' process, with no clients yet. */
export async function openFanoutClients(): Promise<FanoutClients> {
  const child: ChildChannel<FanoutClientsRequest, FanoutClientsAnswer> = forkChannel(
    CLIENTS_SCRIPT,
    [],
    "the fan-out's clients",
  );
  const ready = await child.next("the fan-out's clients' process", 30_000).catch(async (error: unknown) => {
    await child.stop();
    throw error;
  });
  if (ready.type !== "ready") {
    await child.stop();
    throw new Error("the fan-out's clients' process did not start");
  }
  return {
    async open(shares, userIds, title, clockUrl) {
      const count = userIds.length;
      return child.ask(
        { type: "open", shares, userIds, title, clockUrl },
        "opened",
        `${count} clients and their subscriptions`,
        180_000,
      );
    },
    clock: async () => (await child.ask({ type: "clock" }, "clock", "the clients' clock", 30_000)).clock,
    collectGarbage: async () =>
      void (await child.ask({ type: "collect" }, "collected", "the clients' garbage collection", 30_000)),
    expect: async (title) => void (await child.ask({ type: "expect", title }, "expecting", title, 10_000)),
    arrivals: () => child.ask({ type: "arrivals" }, "arrivals", "every client's change", 40_000),
    armRename: async (index, name) =>
      void (await child.ask({ type: "arm-rename", index, name }, "armed-rename", name, 10_000)),
    renameArrival: async () =>
      (await child.ask({ type: "rename-arrival" }, "rename-arrival", "the rename", 20_000)).atMs,
    updatesSinceRename: () =>
      child.ask({ type: "updates-since-rename" }, "updates", "updates since the rename", 10_000),
    counters: () => child.ask({ type: "counters" }, "counters", "the clients' counters", 10_000),
    close: () => child.stop(),
  };
}

/**
 * The servers of one fan-out seen as one: counters summed, the latest send, the longest stall. With
 * several processes the first takes the writes and its clock is the reference.
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
        gcMs: Math.max(...all.map((loop) => loop.gcMs)),
      };
    },
  };
}

/** How a fan-out's clients reach the servers, and what else watches it. */
export interface FanoutEntry {
  /** One address for every client (a load balancer's), instead of each server's own for its share. */
  wsUrl?: string;
  /** Once every client holds its first results, before the first change. */
  subscribed?: () => Promise<void>;
  /** After the last measured shared change, before the renames; `changes` counts the warm-up too. */
  changed?: (changes: number) => Promise<void>;
  /** The bare broadcast to as many clients, made just before each change (warm-up too). */
  bare?: BareBroadcast;
}

async function fanout(
  servers: readonly BenchServer[],
  subscribers: number,
  reps: number,
  entry: FanoutEntry,
): Promise<FanoutResult> {
  const server = combined(servers);
  const { control } = server;
  const userIds = await control.bench.createUsers.mutate({ count: subscribers });
  let expectedTitle = `Bench ${subscribers} start`;
  await control.bench.setComingSoonTitle.mutate({ title: expectedTitle });

  // Subscribers are split evenly between the servers, in turn, unless a load balancer splits them.
  const shares: ClientShare[] = entry.wsUrl
    ? [{ wsUrl: entry.wsUrl, count: subscribers }]
    : servers.map((each, index) => ({
        wsUrl: each.wsUrl,
        count: Math.floor(subscribers / servers.length) + (index < subscribers % servers.length ? 1 : 0),
      }));
  const clients = await openFanoutClients();
  try {
    const opened = await clients
      .open(shares, userIds, expectedTitle, (servers[0] as BenchServer).url)
      .catch(async (error: unknown) => {
        const stats = await server.stats().catch(() => null);
        throw new Error(`${(error as Error).message}; server: ${JSON.stringify(stats)}`);
      });
    const { connectMs, subscribeMs } = opened;
    log(`  ${subscribers} sockets open in ${connectMs} ms`);
    log(`  ${subscribers} clients hold both initial results after ${subscribeMs} ms`);
    const socketsPerProcess = (await Promise.all(servers.map((each) => each.stats()))).map(
      (stats) => stats.sockets,
    );
    if (servers.length > 1) log(`  sockets per process: ${socketsPerProcess.join(", ")}`);
    await entry.subscribed?.();
    // Opening thousands of sockets and subscriptions leaves garbage in every process, servers and
    // clients, which the app's larger heaps paid for in a full collection during the first
    // measured change (history/live.md, 2026-12-06): the changes start from settled heaps on both
    // sides, as the warm-up change starts from warm code.
    await Promise.all([
      ...servers.map((each) => each.collectGarbage()),
      entry.bare?.collectGarbage(),
      clients.collectGarbage(),
    ]);
    await sleep(200);
    // Both this process and the clients' put their times on the first server's clock.
    const clock = await server.clockOffset();
    const clientsClock = await clients.clock();
    const onServerClock = (at: number) => at + clock.offsetMs;

    // Shared change: one write, every client must get the new title. Repetition 0 warms up.
    const latencies: number[] = [];
    const fromResponse: number[] = [];
    const fromSend: number[] = [];
    const mutationTimes: number[] = [];
    const serverSpans: number[] = [];
    const sendsPerSharedChange: number[] = [];
    const loopStalls: number[] = [];
    const changeP99s: number[] = [];
    const serverGc: number[] = [];
    const clientsGc: number[] = [];
    const bareChanges: BareChange[] = [];
    let arrivedBeforeResponse = 0;
    const runsPerSharedChange: number[] = [];
    const deliveriesPerSharedChange: number[] = [];
    for (let rep = 0; rep <= reps; rep++) {
      const bareChange = await entry.bare?.change();
      expectedTitle = `Bench ${subscribers} change ${rep}`;
      await clients.expect(expectedTitle);
      const before = await server.stats();
      const sendsBefore = await server.sends();
      await server.loopDelay();
      const sentAt = onServerClock(clockNow());
      const { committedAt } = await control.bench.setComingSoonTitle.mutate({ title: expectedTitle });
      const responseAt = onServerClock(clockNow());
      const arrivals = await clients.arrivals();
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
      if (bareChange) bareChanges.push(bareChange);
      const changeLatencies = arrivals.atMs.map((at) => Math.max(0, at - committedAt));
      latencies.push(...changeLatencies);
      changeP99s.push(changeP99(changeLatencies));
      if (LOG_COLLECTIONS) {
        const bareP99 = bareChange ? ` bare-p99=${changeP99(bareChange.latenciesMs).toFixed(1)}` : "";
        process.stderr.write(
          `change ${rep} at=${Math.round(committedAt)} p99=${changeP99(changeLatencies).toFixed(1)}${bareP99}\n`,
        );
      }
      serverGc.push(round(loop.gcMs));
      clientsGc.push(round(arrivals.gcMs));
      for (const at of arrivals.atMs) {
        if (at < responseAt) arrivedBeforeResponse++;
        fromResponse.push(Math.max(0, at - responseAt));
        fromSend.push(at - sentAt);
      }
    }
    await entry.changed?.(reps + 1);
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
      const name = `Renamed reader ${check + 1}`;
      await clients.armRename(index, name);
      const before = await server.stats();
      const { committedAt } = await control.bench.renameUser.mutate({ id: userIds[index] as string, name });
      const arrivedAt = await clients.renameArrival();
      renameLatencies.push(Math.max(0, arrivedAt - committedAt));
      await sleep(300);
      const after = await server.stats();
      runsPerChange.push(after.runs - before.runs);
      const updates = await clients.updatesSinceRename();
      targetUpdates.push(updates.target);
      otherClientsUpdated += updates.otherClients;
    }
    log(
      `  rename: runs per change ${runsPerChange.join(", ")}; other clients updated: ${otherClientsUpdated}`,
    );
    const counters = await clients.counters();

    const baseline = entry.bare ? bareResult(entry.bare, bareChanges) : null;
    const pairedRatios = (baseline?.p99PerChangeMs ?? []).map(
      (bareP99, index) => (changeP99s[index] as number) / bareP99,
    );
    const changeP99OverBaseline: RatioSpread | null = baseline
      ? {
          median: round(median(pairedRatios), 2),
          min: round(Math.min(...pairedRatios), 2),
          max: round(Math.max(...pairedRatios), 2),
        }
      : null;
    if (baseline && changeP99OverBaseline)
      log(
        `  bare broadcast in turn: p99 ${baseline.latencyMs.p99} ms; change by change, p99 ÷ bare p99: median ${changeP99OverBaseline.median} (${changeP99OverBaseline.min}–${changeP99OverBaseline.max})`,
      );
    return {
      subscribers,
      processes: servers.length,
      socketsPerProcess,
      proxy: null,
      databaseConnections: null,
      baseline,
      plainBaseline: null,
      p99OverBaseline: baseline ? round(sharedLatencyMs.p99 / baseline.latencyMs.p99, 2) : null,
      changeP99OverBaseline,
      connectMs,
      subscribeMs,
      repetitions: reps,
      clock: {
        offsetMs: round(clientsClock.offsetMs, 3),
        uncertaintyMs: round(clientsClock.uncertaintyMs, 3),
      },
      sharedLatencyMs,
      p99PerChangeMs: changeP99s,
      serverGcMsPerChange: serverGc,
      clientsGcMsPerChange: clientsGc,
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
      subscriptionErrors: counters.subscriptionErrors,
      connectionCloses: counters.connectionCloses,
      connectionErrors: counters.connectionErrors,
    };
  } finally {
    await clients.close();
    await waitUntil("sockets to close", async () => (await server.stats()).sockets === 0, 20_000, 100).catch(
      () => log("  (some sockets were still open on the server)"),
    );
  }
}

/** Runs the fan-out, then checks that the server let go of every live query once clients left. */
export async function fanoutAndCleanup(
  servers: readonly BenchServer[],
  subscribers: number,
  reps: number,
  entry: FanoutEntry = {},
): Promise<FanoutResult> {
  const server = combined(servers);
  const result = await fanout(servers, subscribers, reps, entry);
  await waitUntil("live entries to go", async () => (await server.stats()).entries === 0, 5_000, 100).catch(
    () => {},
  );
  result.entriesAfterClose = (await server.stats()).entries;
  if (result.entriesAfterClose > 0)
    log(`  ${result.entriesAfterClose} live entries left after every client left`);
  return result;
}
