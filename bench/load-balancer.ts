// (g) The live fan-out through nginx: three bench servers on one PostgreSQL database behind the
// deployment's own nginx template (deploy/nginx/litverse.conf, rendered by the server's test
// helper), every client connecting to nginx's WebSocket address as the web app would.
import { readdir, readFile } from "node:fs/promises";
import pg from "pg";
import { startNginx } from "../apps/server/src/test/nginx.ts";
import { freePort } from "../apps/server/src/test/npm-start.ts";
import type { BareBroadcast, BareServersFront } from "./bare-broadcast.ts";
import { fanoutAndCleanup } from "./fanout.ts";
import { type BenchServer, progressLog, round } from "./harness.ts";
import type { FanoutResult, ProxyUsage } from "./run-results.ts";

const log = progressLog();

/** Files a worker keeps besides its connections: logs, listening sockets, epoll. */
const WORKER_OTHER_FILES = 100;
/** Linux reports process CPU times in ticks of 1/100 s (USER_HZ) whatever the kernel's own rate. */
const TICKS_PER_SECOND = 100;

interface WorkerSample {
  workers: number;
  rssKb: number;
  cpuMs: number;
}

/**
 * The open files nginx's workers may have: the hard limit they inherit from this process, which
 * only a process allowed to raise limits could go beyond (not in every container, even as root).
 */
async function hardOpenFilesLimit(): Promise<number> {
  const limits = await readFile("/proc/self/limits", "utf8").catch(() => "");
  const hard = /^Max open files\s+\d+\s+(\d+)/m.exec(limits)?.[1];
  return hard ? Number(hard) : 1024;
}

/** nginx's workers (the master's children), their resident memory and CPU time together. */
async function sampleWorkers(masterPid: number): Promise<WorkerSample> {
  const sample: WorkerSample = { workers: 0, rssKb: 0, cpuMs: 0 };
  for (const entry of await readdir("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, "utf8").catch(() => null);
    if (!stat) continue;
    // The command name is in parentheses and may hold spaces: the fields that follow are counted
    // from its closing one (state, ppid, … utime is the 12th after it, stime the 13th).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[1]) !== masterPid) continue;
    const status = await readFile(`/proc/${entry}/status`, "utf8").catch(() => "");
    sample.workers++;
    sample.rssKb += Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? 0);
    sample.cpuMs += ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
  }
  return sample;
}

/** The PostgreSQL connections to `databaseUrl`'s database, other than the one asking. */
async function databaseConnections(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    return rows[0]?.count ?? 0;
  } finally {
    await client.end();
  }
}

/**
 * nginx as the fan-out through it has it (one worker a core), in front of the processes listening
 * on `upstreamPorts`.
 *
 * Every WebSocket through nginx is two connections of one worker, the client's and the upstream
 * one, so 10,000 clients are over 20,000 files: more than one worker may hold where the limit is
 * 20,000. The kernel spreads new connections evenly over the workers' own listening sockets
 * (`reuseport`), so that each holds its share and none runs out first.
 */
async function balancerInFront(upstreamPorts: number[]) {
  const openFiles = await hardOpenFilesLimit();
  const workerConnections = openFiles - WORKER_OTHER_FILES;
  const nginx = await startNginx({
    port: await freePort(),
    upstreamPorts,
    workers: { processes: "auto", connections: workerConnections, openFiles, reusePort: true },
  });
  return { ...nginx, workerConnections, openFiles };
}

/** The same nginx in front of the bare broadcast's servers: what a fan-out through it is compared with. */
export const bareBehindBalancer: BareServersFront = (ports) => balancerInFront(ports);

/**
 * (a) with nginx in front of `servers` (one worker a core, as Debian's nginx runs): the clients
 * connect to nginx, which spreads them over the processes in turn; the writes go to the first
 * process directly, as in (e), so that the commit is stamped on a clock of this machine.
 */
export async function loadBalancedFanout(
  servers: readonly BenchServer[],
  subscribers: number,
  reps: number,
  bare: BareBroadcast | null = null,
): Promise<FanoutResult> {
  const nginx = await balancerInFront(servers.map((server) => Number(new URL(server.url).port)));
  const { workerConnections, openFiles } = nginx;
  try {
    const before = await sampleWorkers(nginx.pid);
    let subscribed = before;
    let proxy: ProxyUsage | null = null;
    let connections: number | null = null;
    const result = await fanoutAndCleanup(servers, subscribers, reps, {
      wsUrl: nginx.wsUrl,
      ...(bare ? { bare } : {}),
      async subscribed() {
        subscribed = await sampleWorkers(nginx.pid);
      },
      async changed(changes) {
        const after = await sampleWorkers(nginx.pid);
        const databaseUrl = servers[0]?.databaseUrl;
        connections = databaseUrl ? await databaseConnections(databaseUrl) : null;
        proxy = {
          workers: after.workers,
          workerConnections,
          workerOpenFiles: openFiles,
          rssBeforeKb: before.rssKb,
          rssSubscribedKb: subscribed.rssKb,
          rssPerClientBytes: Math.round(((subscribed.rssKb - before.rssKb) * 1024) / subscribers),
          cpuMsPerChange: round((after.cpuMs - subscribed.cpuMs) / changes),
        };
      },
    });
    result.proxy = proxy;
    result.databaseConnections = connections;
    const usage = proxy as ProxyUsage | null;
    if (usage)
      log(
        `  nginx (${usage.workers} workers): ${usage.rssBeforeKb} → ${usage.rssSubscribedKb} KB resident, ` +
          `${usage.rssPerClientBytes} B per client, ${usage.cpuMsPerChange} ms CPU per change; ` +
          `${connections} PostgreSQL connections`,
      );
    const errors = (await nginx.errors()).trim();
    if (errors) log(`  nginx's error log:\n${errors.split("\n").slice(-5).join("\n")}`);
    return result;
  } finally {
    await nginx.stop();
  }
}
