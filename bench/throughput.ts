// (c) of `npm run bench` (bench/run.ts): calls per second, against plain WebSocket and HTTP servers
// answering the same JSON.
import { Pool } from "undici";
import { type BenchServer, connectWs, distribution, progressLog, round, type WsClient } from "./harness.ts";
import type { ThroughputResult } from "./run-results.ts";

const log = progressLog();

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

export async function throughput(
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
