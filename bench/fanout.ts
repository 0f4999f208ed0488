// The fan-out benchmark of `npm run bench` (bench/run.ts): (a) a live query's change reaching every
// client watching it, taking turns with the bare broadcast (bench/bare-broadcast.ts) when one is given.
import type { ComingSoonSettings } from "@litverse/shared/system-settings";
import { type BareBroadcast, type BareChange, bareResult, changeP99 } from "./bare-broadcast.ts";
import { collectGarbage, garbageCollectionTime, LOG_COLLECTIONS } from "./gc-time.ts";
import {
  type BenchServer,
  clockNow,
  closeAll,
  connectMany,
  distribution,
  median,
  progressLog,
  round,
  signal,
  sleep,
  transportEvents,
  type WsClient,
  waitUntil,
  withTimeout,
} from "./harness.ts";
import type { FanoutResult, RatioSpread } from "./run-results.ts";
import type { ServerLoopDelay, ServerSends, ServerStats } from "./server.ts";

const log = progressLog();
/** This process's (the fan-out's clients') time in garbage collection. */
const harnessGcSince = garbageCollectionTime("harness");
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

  let start = performance.now();
  const closesBefore = transportEvents.closes;
  const errorsBefore = transportEvents.errors;
  // Subscribers are split evenly between the servers, in turn, unless a load balancer splits them.
  const clients: WsClient[] = [];
  if (entry.wsUrl) clients.push(...(await connectMany(entry.wsUrl, subscribers)));
  else
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
    const socketsPerProcess = (await Promise.all(servers.map((each) => each.stats()))).map(
      (stats) => stats.sockets,
    );
    if (servers.length > 1) log(`  sockets per process: ${socketsPerProcess.join(", ")}`);
    await entry.subscribed?.();
    // Opening thousands of sockets and subscriptions leaves garbage in every process, servers and
    // clients, which the app's larger heaps paid for in a full collection during the first
    // measured change (history/live.md, 2026-12-06): the changes start from settled heaps on both
    // sides, as the warm-up change starts from warm code.
    await Promise.all([...servers.map((each) => each.collectGarbage()), entry.bare?.collectGarbage()]);
    await collectGarbage(); // the harness, which holds the app's clients
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
    const changeP99s: number[] = [];
    const serverGc: number[] = [];
    const clientsGc: number[] = [];
    const bareChanges: BareChange[] = [];
    let arrivedBeforeResponse = 0;
    const runsPerSharedChange: number[] = [];
    const deliveriesPerSharedChange: number[] = [];
    for (let rep = 0; rep <= reps; rep++) {
      const bareChange = await entry.bare?.change();
      harnessGcSince();
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
      if (bareChange) bareChanges.push(bareChange);
      const changeLatencies = states.map((state) => Math.max(0, sinceCommit(state.titleAt, committedAt)));
      latencies.push(...changeLatencies);
      changeP99s.push(changeP99(changeLatencies));
      if (LOG_COLLECTIONS) {
        const bareP99 = bareChange ? ` bare-p99=${changeP99(bareChange.latenciesMs).toFixed(1)}` : "";
        process.stderr.write(
          `change ${rep} at=${Math.round(committedAt)} p99=${changeP99(changeLatencies).toFixed(1)}${bareP99}\n`,
        );
      }
      serverGc.push(round(loop.gcMs));
      clientsGc.push(round(harnessGcSince()));
      for (const state of states) {
        if (state.titleAt < responseAt) arrivedBeforeResponse++;
        fromResponse.push(Math.max(0, state.titleAt - responseAt));
        fromSend.push(state.titleAt - sentAt);
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
      connectMs: Math.round(connectMs),
      subscribeMs: Math.round(subscribeMs),
      repetitions: reps,
      clock: { offsetMs: round(clock.offsetMs, 3), uncertaintyMs: round(clock.uncertaintyMs, 3) },
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
