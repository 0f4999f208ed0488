// Harness plumbing: the server child process, WebSocket and HTTP clients of it, and small
// measuring helpers. Clients live in the harness process, so the server's memory is its own.
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import {
  createTRPCClient,
  createWSClient,
  httpLink,
  type TRPCClient,
  type TRPCWebSocketClient,
  wsLink,
} from "@trpc/client";
import { SERVER_NODE_FLAGS } from "../apps/server/src/node-flags.ts";
import type { BenchRouter } from "./bench-router.ts";
import type { ServerLoopDelay, ServerReady, ServerSends, ServerStats } from "./server.ts";

export type DatabaseKind = "pglite" | "postgres";

/** This process's clock in epoch milliseconds, sub-millisecond precision. */
export const clockNow = () => performance.timeOrigin + performance.now();

export interface ClockOffset {
  /** Add to a harness time to get the server's time for the same instant. */
  offsetMs: number;
  /** Half the fastest round trip: how far off the offset can be. */
  uncertaintyMs: number;
}

const SERVER_SCRIPT = fileURLToPath(new URL("./server.ts", import.meta.url));
const SERVER_START_TIMEOUT_MS = 60_000;
const SERVER_STOP_TIMEOUT_MS = 20_000;

/**
 * Node's flags for a server process of a benchmark: those every server runs with, then
 * BENCH_SERVER_NODE_ARGS (for a diagnosis, such as --cpu-prof; a later V8 flag overrides an earlier
 * one, so `--memory-reducer` measures the server without the first).
 */
export function serverNodeArgs(): string[] {
  return [...SERVER_NODE_FLAGS, ...(process.env.BENCH_SERVER_NODE_ARGS ?? "").split(" ").filter(Boolean)];
}

export interface BenchServer {
  readonly database: DatabaseKind;
  readonly url: string;
  readonly wsUrl: string;
  readonly pid: number;
  /** PostgreSQL: the database the server uses. */
  readonly databaseUrl: string | undefined;
  /** Functions over HTTP (one request per call), for the harness's own writes. */
  readonly control: TRPCClient<BenchRouter>;
  stats(): Promise<ServerStats>;
  sends(): Promise<ServerSends>;
  /** The server's longest event-loop delay since the previous call. */
  loopDelay(): Promise<ServerLoopDelay>;
  /** The server's clock minus ours (ms), from the fastest of a few round trips. */
  clockOffset(): Promise<ClockOffset>;
  memory(): Promise<NodeJS.MemoryUsage>;
  /** process.memoryUsage() as it is, garbage and all: what the process holds at this moment. */
  memoryAsIs(): Promise<NodeJS.MemoryUsage>;
  /** Full garbage collections in the server, for a measurement to start from a settled heap. */
  collectGarbage(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Starts bench/server.ts in a child process (PostgreSQL: on a temporary database next to
 * `baseUrl`, or on `sharedDatabaseUrl`, another server's, when given).
 */
export async function startServer(
  database: DatabaseKind,
  baseUrl: string,
  sharedDatabaseUrl?: string,
  /** Node flags after the server's own (a later V8 flag overrides an earlier one). */
  moreNodeArgs: readonly string[] = [],
): Promise<BenchServer> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.BENCH_SHARED_DATABASE_URL;
  if (database === "postgres") env.DATABASE_URL = baseUrl;
  if (sharedDatabaseUrl) env.BENCH_SHARED_DATABASE_URL = sharedDatabaseUrl;
  const child = spawn(process.execPath, [...serverNodeArgs(), ...moreNodeArgs, SERVER_SCRIPT], {
    env,
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ready = await readReadyLine(child);
  const url = `http://127.0.0.1:${ready.port}`;
  const getJson = async <T>(route: string, method = "GET"): Promise<T> => {
    const response = await fetch(`${url}${route}`, { method });
    if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  let stopping: Promise<void> | undefined;
  return {
    database,
    url,
    wsUrl: `ws://127.0.0.1:${ready.port}/api/ws`,
    pid: ready.pid,
    databaseUrl: ready.databaseUrl,
    control: createTRPCClient<BenchRouter>({ links: [httpLink({ url: `${url}/api/trpc` })] }),
    stats: () => getJson<ServerStats>("/bench/stats"),
    sends: () => getJson<ServerSends>("/bench/sends"),
    loopDelay: () => getJson<ServerLoopDelay>("/bench/loop", "POST"),
    clockOffset: () => benchServerClockOffset(url),
    memory: () => getJson<NodeJS.MemoryUsage>("/bench/memory"),
    memoryAsIs: () => getJson<NodeJS.MemoryUsage>("/bench/memory/as-is"),
    collectGarbage: async () => void (await getJson("/bench/gc", "POST")),
    stop() {
      stopping ??= stopChild(child);
      return stopping;
    },
  };
}

/** The first line a bench server writes, parsed: where it listens (it has 60 s to write it). */
export async function readReadyLine<Ready = ServerReady>(child: ChildProcess): Promise<Ready> {
  const stdout = child.stdout;
  if (!stdout) throw new Error("server has no stdout");
  stdout.setEncoding("utf8");
  return new Promise<Ready>((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error("bench server did not start in time"));
    }, SERVER_START_TIMEOUT_MS);
    const onData = (chunk: string) => {
      buffered += chunk;
      const newline = buffered.indexOf("\n");
      if (newline < 0) return;
      clearTimeout(timer);
      stdout.off("data", onData);
      child.off("exit", onExit);
      // Keep draining, so that a chatty server never blocks on a full pipe.
      stdout.resume();
      try {
        resolve(JSON.parse(buffered.slice(0, newline)) as Ready);
      } catch (error) {
        child.kill("SIGKILL");
        reject(error);
      }
    };
    const onExit = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited during start-up (code ${code})`));
    };
    stdout.on("data", onData);
    child.once("exit", onExit);
  });
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  // Closing its input asks the server to shut down and drop its temporary database.
  child.stdin?.end();
  const timer = setTimeout(() => child.kill("SIGKILL"), SERVER_STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

const BASELINE_SCRIPT = fileURLToPath(new URL("./ws-baseline-server.ts", import.meta.url));

export interface BaselineBroadcast {
  /** The baseline server's clock when the broadcast began. */
  startedAt: number;
  /** Its clock after handing the message to the last socket. */
  lastSendAt: number;
  sends: number;
}

/** A bare `ws` server in its own process: what the socket layer alone costs (bench/ws-baseline-server.ts). */
export interface BaselineServer extends BaselineControl {
  readonly wsUrl: string;
  readonly port: number;
  stop(): Promise<void>;
}

/** What the bare server at an address answers: how many listen, a broadcast, its loop and clock. */
export interface BaselineControl {
  sockets(): Promise<{ sockets: number; subscriptions: number }>;
  /** Sends `data` (a result as JSON) to every subscription. */
  broadcast(data: string): Promise<BaselineBroadcast>;
  loopDelay(): Promise<ServerLoopDelay>;
  clockOffset(): Promise<ClockOffset>;
  /** Full garbage collections in the bare server. */
  collectGarbage(): Promise<void>;
}

/** The bare server listening at `url` (`http://host:port`), from any process. */
export function baselineControl(url: string): BaselineControl {
  const request = async <T>(route: string, init?: RequestInit): Promise<T> => {
    const response = await fetch(`${url}${route}`, init);
    if (!response.ok) throw new Error(`${route}: HTTP ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    sockets: () => request<{ sockets: number; subscriptions: number }>("/sockets"),
    broadcast: (data) => request<BaselineBroadcast>("/broadcast", { method: "POST", body: data }),
    loopDelay: () => request<ServerLoopDelay>("/loop", { method: "POST" }),
    clockOffset: () => measureClockOffset(async () => (await request<{ now: number }>("/clock")).now),
    collectGarbage: async () => void (await request("/gc", { method: "POST" })),
  };
}

export async function startBaselineServer(): Promise<BaselineServer> {
  // The bare server runs with the app servers' flags (decision 0057), as every process of a
  // fan-out's measurement does; not with BENCH_SERVER_NODE_ARGS, which are for the app's servers.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, BASELINE_SCRIPT], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const ready = await readReadyLine<{ port: number }>(child);
  let stopping: Promise<void> | undefined;
  return {
    ...baselineControl(`http://127.0.0.1:${ready.port}`),
    wsUrl: `ws://127.0.0.1:${ready.port}/`,
    port: ready.port,
    stop() {
      stopping ??= stopChild(child);
      return stopping;
    },
  };
}

/** The clock of the bench server at `url` (`http://host:port`) minus this process's, from any process. */
export function benchServerClockOffset(url: string): Promise<ClockOffset> {
  return measureClockOffset(async () => {
    const response = await fetch(`${url}/bench/clock`);
    if (!response.ok) throw new Error(`/bench/clock: HTTP ${response.status}`);
    return ((await response.json()) as { now: number }).now;
  });
}

/** The other clock minus ours (ms), from the fastest of 25 round trips. */
async function measureClockOffset(readClock: () => Promise<number>): Promise<ClockOffset> {
  let best: ClockOffset = { offsetMs: 0, uncertaintyMs: Number.POSITIVE_INFINITY };
  for (let sample = 0; sample < 25; sample++) {
    const sentAt = clockNow();
    const now = await readClock();
    const receivedAt = clockNow();
    const uncertaintyMs = (receivedAt - sentAt) / 2;
    if (uncertaintyMs < best.uncertaintyMs)
      best = { offsetMs: now - (sentAt + uncertaintyMs), uncertaintyMs };
  }
  return best;
}

/**
 * Opens `count` plain sockets (Node's global `WebSocket`, which the function clients use too), `onMessage(index, text)` for each message; at most 200 handshakes at a time. */
export async function connectPlainMany(
  wsUrl: string,
  count: number,
  onMessage: (index: number, text: string) => void,
  concurrency = 200,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = new Array(count);
  let next = 0;
  const open = (index: number) =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(wsUrl);
      const timer = setTimeout(() => reject(new Error("WebSocket did not open in time")), 30_000);
      socket.addEventListener("open", () => {
        clearTimeout(timer);
        resolve(socket);
      });
      socket.addEventListener("error", () => {
        clearTimeout(timer);
        reject(new Error("WebSocket failed to open"));
      });
      socket.addEventListener("message", (event) => onMessage(index, String(event.data)));
    });
  const worker = async () => {
    while (next < count) {
      const index = next++;
      sockets[index] = await open(index);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  } catch (error) {
    for (const socket of sockets) socket?.close();
    throw error;
  }
  return sockets;
}

/** Connections that closed under the harness (including its own closes): a sign of trouble mid-run. */
export const transportEvents = { closes: 0, errors: 0 };

export interface WsClient {
  readonly socket: TRPCWebSocketClient;
  readonly trpc: TRPCClient<BenchRouter>;
}

/** One WebSocket connection with a function client on it; resolves once the socket is open. */
export function connectWs(wsUrl: string, timeoutMs = 30_000): Promise<WsClient> {
  return new Promise<WsClient>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      void socket.close();
      reject(new Error("WebSocket did not open in time"));
    }, timeoutMs);
    const socket = createWSClient({
      url: wsUrl,
      retryDelayMs: () => 250,
      onClose: () => void transportEvents.closes++,
      onError: () => void transportEvents.errors++,
      onOpen() {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve({ socket, trpc: createTRPCClient<BenchRouter>({ links: [wsLink({ client: socket })] }) });
      },
    });
  });
}

/** Opens `count` connections, at most `concurrency` handshakes at a time. */
export async function connectMany(wsUrl: string, count: number, concurrency = 200): Promise<WsClient[]> {
  const clients: WsClient[] = new Array(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      clients[index] = await connectWs(wsUrl);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  } catch (error) {
    await closeAll(clients.filter(Boolean));
    throw error;
  }
  return clients;
}

export async function closeAll(clients: readonly WsClient[]): Promise<void> {
  await Promise.all(clients.map((client) => client.socket.close().catch(() => {})));
}

/**
 * Each client watches the shared query and its own row (`userIds[i]` for client i), as the
 * fan-out's clients do; resolves once every subscription has its first result.
 */
export async function watchSharedAndOwnRow(
  clients: readonly WsClient[],
  userIds: readonly string[],
): Promise<void> {
  let results = 0;
  const count = { onData: () => void results++ };
  clients.forEach((client, index) => {
    client.trpc.live.watch.subscribe({ path: "systemSettings.getComingSoonSettings" }, count);
    client.trpc.live.watch.subscribe(
      { path: "bench.getUserName", input: { id: userIds[index] as string } },
      count,
    );
  });
  await waitUntil("every subscription's first result", () => results === 2 * clients.length, 120_000, 100);
}

/** Polls `check` until it holds; fails after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  intervalMs = 20,
): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(intervalMs);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise with its resolver, for "all clients have it" signals. */
export function signal(): { promise: Promise<void>; resolve: () => void } {
  let resolve = () => {};
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

export async function withTimeout<T>(what: string, promise: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The databases a `--db pglite|postgres|both` option names. */
export function databasesOf(option: string | undefined): DatabaseKind[] {
  return option === "both" ? ["pglite", "postgres"] : [(option ?? "pglite") as DatabaseKind];
}

/** A progress line on stderr, stamped with the seconds since the bench began. */
export function progressLog(): (message: string) => void {
  const started = performance.now();
  return (message) =>
    process.stderr.write(`[${((performance.now() - started) / 1000).toFixed(1).padStart(6)}s] ${message}\n`);
}

/** The middle sample (the mean of the two middle ones for an even count). */
export function median(samples: readonly number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(q * sorted.length)));
  return sorted[rank - 1] as number;
}

export interface Distribution {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function distribution(samples: readonly number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * Times `count` awaited calls of `run`, one after another, after `warmups` untimed ones (caches,
 * query plans); `run` gets the call's index.
 */
export async function timeCalls(
  count: number,
  run: (index: number) => Promise<unknown>,
  warmups = 10,
): Promise<Distribution> {
  for (let warm = 0; warm < warmups; warm++) await run(warm);
  const samples: number[] = [];
  for (let index = 0; index < count; index++) {
    const start = performance.now();
    await run(index);
    samples.push(performance.now() - start);
  }
  return distribution(samples);
}
