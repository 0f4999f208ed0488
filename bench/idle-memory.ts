// (b) of `npm run bench` (bench/run.ts): what an idle connection costs the server in memory.
import {
  type BenchServer,
  closeAll,
  connectMany,
  progressLog,
  sleep,
  waitUntil,
  watchSharedAndOwnRow,
} from "./harness.ts";
import type { IdleMemoryResult } from "./run-results.ts";

const log = progressLog();

// ---------------------------------------------------------------------------------------------
// (b) Memory per idle connection

export async function idleMemory(
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
      await watchSharedAndOwnRow(clients, userIds);
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
