// A benchmark server in its own process: the bench router on PGlite in memory, or on a temporary
// PostgreSQL database next to DATABASE_URL (dropped on exit). Prints one JSON line with its port,
// then answers the harness on extra routes:
//   GET /bench/memory  process.memoryUsage() after full garbage collections
//   GET /bench/memory/as-is  process.memoryUsage() now, without collecting first
//   POST /bench/gc     full garbage collections, and nothing else
//   GET /bench/stats   the live engine's counters, its entry count and the open WebSockets
//   GET /bench/clock   this process's clock, so the harness can compare its times with ours
//   GET /bench/sends   how many WebSocket messages this process has sent, and when the last one
//                      went out (this process's clock): the server's own share of a fan-out
//   POST /bench/loop   the longest event-loop delay and the time in garbage collection since the
//                      previous call (and starts anew):
//                      how long the server could not answer anything else
// With BENCH_SHARED_DATABASE_URL it joins that PostgreSQL database instead of creating one.
//   GET /bench/bare    the baselines of the calls-per-second runs: the answer of
//   WS /bench/ws-bare  `systemSettings.getComingSoonSettings` as it stood at start, from a plain
//                      route (the app's hooks apply, no function layer), and from a plain socket
//                      that answers every call message with it
// Stops on SIGTERM/SIGINT or when its standard input closes (the harness went away).
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { monitorEventLoopDelay } from "node:perf_hooks";
import pg from "pg";
import pino from "pino";
import { WebSocket } from "ws";
import { buildApp } from "../apps/server/src/app.ts";
import { loadConfig } from "../apps/server/src/core/config.ts";
import type { DatabaseTarget } from "../apps/server/src/core/db/client.ts";
import { coalesceReplies } from "../apps/server/src/http/coalesced-replies.ts";
import { getComingSoonSettings } from "../apps/server/src/modules/system-settings/system-settings.service.ts";
import { openPlatform } from "../apps/server/src/platform.ts";
import { benchRouter, clockNow } from "./bench-router.ts";
import { collectGarbage, garbageCollectionTime } from "./gc-time.ts";

export interface ServerReady {
  port: number;
  pid: number;
  database: "pglite" | "postgres";
  /** PostgreSQL: the database this server uses, so that a second server can join it. */
  databaseUrl?: string;
}

export interface ServerSends {
  count: number;
  lastAt: number;
}

export interface ServerLoopDelay {
  maxMs: number;
  p99Ms: number;
  /** Time the process spent in garbage-collection pauses over the same span. */
  gcMs: number;
}

export interface ServerStats {
  runs: number;
  deliveries: number;
  entries: number;
  sockets: number;
}

/**
 * Creates an empty database next to `baseUrl`'s and returns its URL, as the server's test helpers
 * (apps/server/src/test/test-platform.ts) do, with a name that says it belongs to a benchmark.
 */
async function createTemporaryDatabase(baseUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `litverse_bench_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists ${name} with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Counts messages handed to the socket layer; a counter and a clock read per send. */
function countSends(): ServerSends {
  const sends: ServerSends = { count: 0, lastAt: 0 };
  const send = WebSocket.prototype.send;
  WebSocket.prototype.send = function countedSend(this: WebSocket, ...args: Parameters<WebSocket["send"]>) {
    send.apply(this, args);
    sends.count++;
    sends.lastAt = clockNow();
  } as WebSocket["send"];
  return sends;
}

async function main(): Promise<void> {
  const sends = countSends();
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    DATA_DIR: "/nonexistent-bench-data",
    LOCAL_ADMIN_ENDPOINT: "false",
    // Thousands of clients from one address, writing as fast as they can: the benchmarks measure
    // the engine, not the limits that keep one real client from doing so.
    MAX_SOCKETS_PER_IP: "100000",
    MAX_SOCKETS: "100000",
    RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
  });
  const log = pino({ level: "silent" });

  let target: DatabaseTarget = { kind: "pglite", dataDir: null };
  let dropDatabase = async () => {};
  const baseUrl = process.env.DATABASE_URL;
  const sharedUrl = process.env.BENCH_SHARED_DATABASE_URL;
  if (sharedUrl) {
    // Another bench server's database (it created it and drops it): two processes, one database.
    target = { kind: "postgres", connectionString: sharedUrl };
  } else if (baseUrl) {
    const temporary = await createTemporaryDatabase(baseUrl);
    target = { kind: "postgres", connectionString: temporary.url };
    dropDatabase = temporary.drop;
  }

  let platform: Awaited<ReturnType<typeof openPlatform>>;
  try {
    platform = await openPlatform(config, log, target);
  } catch (error) {
    await dropDatabase();
    throw error;
  }
  const app = await buildApp(platform, { router: benchRouter, logger: false });

  app.get("/bench/memory", async () => {
    await collectGarbage();
    return process.memoryUsage();
  });
  app.get("/bench/memory/as-is", async () => process.memoryUsage());
  app.post("/bench/gc", async () => {
    await collectGarbage();
    return { collected: true };
  });
  app.get("/bench/stats", async (): Promise<ServerStats> => {
    const { runs, deliveries } = platform.live.stats;
    return { runs, deliveries, entries: platform.live.size, sockets: app.websocketServer.clients.size };
  });

  // The same answer as the function's, made once: what the server can do with no work per call.
  const settings = await getComingSoonSettings(platform.deps);
  const bareBody = JSON.stringify({ result: { data: settings } });
  app.get("/bench/bare", (_request, reply) => {
    void reply.header("content-type", "application/json").send(bareBody);
  });
  app.get("/bench/ws-bare", { websocket: true }, (socket, request) => {
    // Replies leave together as the app's do, so that the baseline measures the function layer.
    coalesceReplies(socket, request.raw.socket);
    socket.on("message", (message) => {
      const parsed = JSON.parse(String(message)) as
        | { id?: unknown; method?: string }
        | Array<{ id?: unknown }>;
      for (const call of Array.isArray(parsed) ? parsed : [parsed]) {
        if (!("id" in call) || call.id === undefined || call.id === null) continue;
        socket.send(
          `{"id":${JSON.stringify(call.id)},"result":{"type":"data","data":${JSON.stringify(settings)}}}`,
        );
      }
    });
  });

  app.get("/bench/clock", async () => ({ now: clockNow() }));
  app.get("/bench/sends", async (): Promise<ServerSends> => ({ ...sends }));
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const gcSince = garbageCollectionTime("bench server");
  app.post("/bench/loop", async (): Promise<ServerLoopDelay> => {
    const result = { maxMs: loopDelay.max / 1e6, p99Ms: loopDelay.percentile(99) / 1e6, gcMs: gcSince() };
    loopDelay.reset();
    return result;
  });

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      const force = setTimeout(() => process.exit(1), 15_000);
      force.unref();
      try {
        await app.close();
        await platform.close();
      } finally {
        await dropDatabase();
      }
      process.exit(0);
    })();
    return stopping;
  };
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  process.stdin.on("end", () => void stop());
  process.stdin.on("error", () => void stop());
  process.stdin.resume();

  // A large backlog so that thousands of clients connecting at once are queued, not refused.
  await app.listen({ port: 0, host: "127.0.0.1", backlog: 4096 });
  const { port } = app.server.address() as AddressInfo;
  const ready: ServerReady = {
    port,
    pid: process.pid,
    database: target.kind,
    ...(target.kind === "postgres" ? { databaseUrl: target.connectionString } : {}),
  };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
