// (a0) The socket's own limit: the result a fan-out's subscribers get, broadcast by a bare `ws`
// server in its own process to as many clients of their own (bench/bare-broadcast-clients.ts).
// What a fan-out would cost if the server did nothing but write to the sockets.
//
// A fan-out is compared with the bare broadcast change by change: both hold their clients at once
// and take turns (`FanoutEntry.bare`), so that a slow moment of this shared machine falls on
// either side alike instead of on whichever ran in it.
import { type FailedAnswer, forkChannel } from "./child-channel.ts";
import {
  type BaselineServer,
  type ClockOffset,
  distribution,
  percentile,
  progressLog,
  round,
  startBaselineServer,
} from "./harness.ts";
import type { BaselineResult } from "./run-results.ts";

const log = progressLog();
const CLIENTS_SCRIPT = new URL("./bare-broadcast-clients.ts", import.meta.url);

/** One broadcast: when each client had it after the broadcast began, and the server's side. */
export interface BareChange {
  latenciesMs: number[];
  /** Broadcast begun → the server handing its last message to the socket layer. */
  sendSpanMs: number;
  loopStallMs: number;
  /** Garbage collection meanwhile: the servers' (the most of any), the clients' process's. */
  serverGcMs: number;
  clientsGcMs: number;
}

export type BareParentMessage = { type: "broadcast"; title: string } | { type: "collect" } | { type: "stop" };
export type BareClientsMessage =
  | { type: "ready"; clock: ClockOffset }
  | { type: "collected" }
  | { type: "change"; change: BareChange }
  | FailedAnswer;

export interface BareBroadcast {
  readonly subscribers: number;
  readonly clients: BaselineResult["clients"];
  readonly clock: ClockOffset;
  /** One broadcast to every client; resolves once each had it. */
  change(): Promise<BareChange>;
  /** Full garbage collections in the bare servers and the clients' process. */
  collectGarbage(): Promise<void>;
  close(): Promise<void>;
}

/** A load balancer in front of the bare servers on `ports`: the clients' one address. */
export type BareServersFront = (ports: number[]) => Promise<{ wsUrl: string; stop(): Promise<void> }>;

/** Where the bare broadcast's clients connect: one bare server, or several behind a load balancer. */
export type BareTopology = { processes: 1 } | { processes: number; front: BareServersFront };

/**
 * Starts the bare servers and `subscribers` clients, ready for broadcasts: one server by default,
 * or as many as a fan-out's processes behind the same kind of load balancer, so that each is
 * compared with what its own path costs.
 */
export async function openBareBroadcast(
  subscribers: number,
  clients: BaselineResult["clients"],
  topology: BareTopology = { processes: 1 },
): Promise<BareBroadcast> {
  const servers: BaselineServer[] = [];
  let proxy: { wsUrl: string; stop(): Promise<void> } | null = null;
  const stopServers = async () => {
    await proxy?.stop();
    await Promise.all(servers.map((server) => server.stop()));
  };
  try {
    for (let index = 0; index < topology.processes; index++) servers.push(await startBaselineServer());
    if ("front" in topology) proxy = await topology.front(servers.map((server) => server.port));
  } catch (error) {
    await stopServers();
    throw error;
  }
  const controlUrls = servers.map((server) => `http://127.0.0.1:${server.port}`).join(",");
  const wsUrl = proxy?.wsUrl ?? (servers[0] as BaselineServer).wsUrl;
  const child = forkChannel<BareParentMessage, BareClientsMessage>(
    CLIENTS_SCRIPT,
    [controlUrls, wsUrl, String(subscribers), clients],
    "the bare broadcast's clients",
  );
  const stop = async () => {
    await child.stop();
    await stopServers();
  };
  const ready = await child
    .next(`${subscribers} bare ${clients} clients`, 180_000)
    .catch(async (error: unknown) => {
      await stop();
      throw error;
    });
  if (ready.type !== "ready") {
    await stop();
    throw new Error(ready.type === "failed" ? ready.message : "the bare broadcast's clients did not start");
  }
  let changes = 0;
  return {
    subscribers,
    clients,
    clock: ready.clock,
    async change() {
      const title = `Bare ${subscribers} change ${changes++}`;
      const answer = await child.ask(
        { type: "broadcast", title },
        "change",
        `bare broadcast to ${subscribers}`,
        40_000,
      );
      return answer.change;
    },
    async collectGarbage() {
      await Promise.all([
        child.ask({ type: "collect" }, "collected", "the bare clients' garbage collection", 30_000),
        ...servers.map((server) => server.collectGarbage()),
      ]);
    },
    close: stop,
  };
}

/** The p99 of one change's arrivals. */
export const changeP99 = (latenciesMs: readonly number[]) =>
  round(
    percentile(
      [...latenciesMs].sort((a, b) => a - b),
      0.99,
    ),
  );

/** What `changes` of `bare` (warm-up left out) add up to. */
export function bareResult(bare: BareBroadcast, changes: readonly BareChange[]): BaselineResult {
  const perChange = changes.map((change) => changeP99(change.latenciesMs));
  return {
    subscribers: bare.subscribers,
    clients: bare.clients,
    repetitions: changes.length,
    latencyMs: distribution(changes.flatMap((change) => change.latenciesMs)),
    p99PerChangeMs: perChange,
    serverGcMsPerChange: changes.map((change) => round(change.serverGcMs)),
    clientsGcMsPerChange: changes.map((change) => round(change.clientsGcMs)),
    serverSendSpanMs: distribution(changes.map((change) => change.sendSpanMs)),
    serverLoopStallMs: distribution(changes.map((change) => change.loopStallMs)),
    clock: { offsetMs: round(bare.clock.offsetMs, 3), uncertaintyMs: round(bare.clock.uncertaintyMs, 3) },
  };
}

/** The bare broadcast on its own: one warm-up, then `reps` measured broadcasts. */
export async function baselineFanout(
  subscribers: number,
  reps: number,
  clients: BaselineResult["clients"],
): Promise<BaselineResult> {
  const bare = await openBareBroadcast(subscribers, clients);
  try {
    const changes: BareChange[] = [];
    for (let rep = 0; rep <= reps; rep++) {
      const change = await bare.change();
      if (rep > 0) changes.push(change);
    }
    const result = bareResult(bare, changes);
    log(
      `  bare ws broadcast → ${subscribers} ${clients} clients: p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms; last send after ${result.serverSendSpanMs.p50} ms (median)`,
    );
    return result;
  } finally {
    await bare.close();
  }
}
