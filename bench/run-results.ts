// What the connection benchmarks (bench/run.ts) measure, as they are kept and reported (bench/report.ts).
import type { ClockOffset, Distribution } from "./harness.ts";

export interface BaselineResult {
  subscribers: number;
  /**
   * "trpc": the fan-out's own clients (the function client's WebSocket link, one subscription
   * each); "plain": bare `WebSocket`s that only parse the message.
   */
  clients: "trpc" | "plain";
  repetitions: number;
  /** Broadcast begun (baseline server's clock) → message at each client, over all repetitions. */
  latencyMs: Distribution;
  /** Each broadcast's own p99 (broadcast begun → message), one per repetition in order. */
  p99PerChangeMs: number[];
  /** Garbage collection during each broadcast: the servers' (the most of any), the clients'. */
  serverGcMsPerChange: number[];
  clientsGcMsPerChange: number[];
  /** Broadcast begun → the server handing its last message to the socket layer, per repetition. */
  serverSendSpanMs: Distribution;
  serverLoopStallMs: Distribution;
  clock: ClockOffset;
}

/** Ratios, one per repetition: the median one and the extremes, to two decimals. */
export interface RatioSpread {
  median: number;
  min: number;
  max: number;
}

export interface FanoutResult {
  subscribers: number;
  /** Server processes the subscribers were split across (2: changes cross through PostgreSQL). */
  processes: number;
  /** Open sockets on each process once every client held its first results. */
  socketsPerProcess: number[];
  /** Through a load balancer: what nginx held and spent (null: clients connected to the processes). */
  proxy: ProxyUsage | null;
  /** Through a load balancer: PostgreSQL connections of every process after the changes. */
  databaseConnections: number | null;
  /**
   * The bare `ws` broadcast to as many of the same clients (null if not run), made just before each
   * change: both hold their clients throughout and take turns.
   */
  baseline: BaselineResult | null;
  /** The same broadcast to bare `WebSocket` clients that only parse the message. */
  plainBaseline: BaselineResult | null;
  /** Commit → result p99 over the baseline's broadcast → message p99. */
  p99OverBaseline: number | null;
  /** Change by change: the change's p99 over the bare broadcast's p99 just before it. */
  changeP99OverBaseline: RatioSpread | null;
  connectMs: number;
  /** From the first subscribe to every client holding both initial results. */
  subscribeMs: number;
  repetitions: number;
  /** The server's clock minus the clients' process's: puts commit and arrival on one clock. */
  clock: ClockOffset;
  /**
   * Commit of the write (server clock, taken when the mutation's transaction has committed) → new
   * result at each client (the clients' process's clock, corrected by `clock`), over all clients of
   * all measured repetitions.
   */
  sharedLatencyMs: Distribution;
  /** Each change's own p99 (commit → result), one per repetition in order. */
  p99PerChangeMs: number[];
  /** Garbage collection during each change: the servers' (the most of any process), the clients'. */
  serverGcMsPerChange: number[];
  clientsGcMsPerChange: number[];
  /** Harness sees the mutation's response → new result at each client (earlier arrivals count as 0). */
  sharedFromResponseMs: Distribution;
  /** Results that reached a client before the harness saw the mutation's response. */
  arrivedBeforeResponse: number;
  /** Mutation sent → new result at each client (includes the write and its round trip). */
  sharedFromSendMs: Distribution;
  /** Mutation round trip (send → response). */
  mutationMs: Distribution;
  /**
   * Commit → the server handing its last WebSocket message of the change to the socket layer,
   * per repetition (server clock only): the server's own share of the fan-out.
   */
  serverSendSpanMs: Distribution;
  /** WebSocket messages the server sent per shared change (expected: one per subscriber). */
  sendsPerSharedChange: number[];
  /** Longest event-loop delay on the server per shared change: how long it could answer nothing. */
  serverLoopStallMs: Distribution;
  /** Live-query entries left on the server once every client has gone (expected 0). */
  entriesAfterClose: number | null;
  /** Query runs each shared change caused (expected 1: one shared entry, however many watch). */
  runsPerSharedChange: number[];
  deliveriesPerSharedChange: number[];
  rename: {
    checks: number;
    /** Query runs each rename caused (expected exactly 1). */
    runsPerChange: number[];
    /** Updates the renamed user's own client received per rename (expected 1). */
    targetUpdates: number[];
    /** Clients other than the renamed one that received anything (expected 0). */
    otherClientsUpdated: number;
    latencyMs: Distribution;
  };
  subscriptionErrors: number;
  /** WebSocket closes and errors seen by the clients while measuring (expected 0). */
  connectionCloses: number;
  connectionErrors: number;
}

/** nginx's workers during a fan-out through it (from /proc). */
export interface ProxyUsage {
  workers: number;
  /** Connections each worker may hold (`worker_connections`) and its open-file limit. */
  workerConnections: number;
  workerOpenFiles: number;
  /** Resident memory of every worker together, before the clients connected and once subscribed. */
  rssBeforeKb: number;
  rssSubscribedKb: number;
  /** Resident memory growth per client (a client and an upstream connection), bytes. */
  rssPerClientBytes: number;
  /** CPU time of every worker together per shared change, relaying it to every client. */
  cpuMsPerChange: number;
}

export interface IdleMemoryResult {
  connections: number;
  /** Live-query entries held while connected (0: idle sockets without subscriptions). */
  liveEntries: number;
  connectMs: number;
  baseline: NodeJS.MemoryUsage;
  connected: NodeJS.MemoryUsage;
  afterClose: NodeJS.MemoryUsage;
  /** (heapUsed + external) growth per connection, bytes. */
  heapExternalPerConnection: number;
  heapUsedPerConnection: number;
  externalPerConnection: number;
  rssPerConnection: number;
  /** (heapUsed + external) still above the baseline once every connection closed, bytes. */
  retainedAfterClose: number;
}

export interface ThroughputResult {
  transport: "websocket-bare" | "websocket" | "http-bare" | "http" | "http-identity";
  inflight: number;
  seconds: number;
  calls: number;
  errors: number;
  callsPerSecond: number;
  latencyMs: Distribution;
}
