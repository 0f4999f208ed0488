// Results as JSON (bench/results/latest.json) and as markdown tables with the targets checked.
import type { DatabaseKind } from "./harness.ts";
import type { FanoutResult, IdleMemoryResult, ThroughputResult } from "./run-results.ts";

export interface DatabaseResults {
  database: DatabaseKind;
  fanout: FanoutResult[];
  /** The fan-out with subscribers split across two server processes on one PostgreSQL database. */
  twoProcess: FanoutResult[];
  /** The fan-out through nginx to three server processes on one PostgreSQL database. */
  loadBalancer: FanoutResult[];
  idle: IdleMemoryResult | null;
  /** Idle connections each holding two live subscriptions. */
  idleSubscribed: IdleMemoryResult | null;
  throughput: ThroughputResult[];
  errors: string[];
  /** The machine's one-minute load average as each scenario began (other work slows figures). */
  loadAverages: Array<{ scenario: string; oneMinute: number }>;
}

export interface BenchResults {
  date: string;
  durationSeconds: number;
  machine: {
    commit: string;
    uncommittedServerFiles: string[];
    cpus: number;
    cpuModel: string;
    memoryGb: number;
    os: string;
    /** The harness's `ulimit -n` (null where /proc does not say). */
    openFiles: number | null;
    node: string;
    pglite: string;
    postgres: string | null;
  };
  options: {
    sizes: number[];
    idle: number;
    idleSubscribed: number;
    scenarios: string[];
    reps: number;
    seconds: number;
    inflight: number;
    quick: boolean;
  };
  databases: DatabaseResults[];
}

export const TARGETS = {
  /** Change → new result at 1,000 subscribers of a shared query, p99. */
  sharedP99Ms: 100,
  sharedP99At: 1000,
  /** Query runs beyond the one a per-client change needs. */
  unrelatedReruns: 0,
  /** Server heap + external per idle connection at 5,000. */
  idleBytesPerConnection: 50 * 1024,
  idleAt: 5000,
  /** Change → last client p99 over a bare `ws` broadcast's to as many clients, same run. */
  overBaseline: 1.2,
  /** Two server processes' p99 over one process's, same run. */
  twoProcessOverOne: 2,
  /** Calls of a cached shared read a second, over one WebSocket and over HTTP. */
  websocketCallsPerSecond: 15_000,
  httpCallsPerSecond: 8_000,
  /** The same calls' rate as a share of a plain socket's or route's answering the same JSON, same run. */
  shareOfBaseline: 0.8,
};

const TRANSPORT_LABELS: Record<ThroughputResult["transport"], string> = {
  "websocket-bare": "Baseline: plain WebSocket answering each call with the same JSON",
  websocket: "WebSocket (one socket, pipelined)",
  "http-bare": "Baseline: plain Fastify route returning the same JSON",
  http: "HTTP GET (keep-alive, unbatched)",
  "http-identity": "HTTP, `accept-encoding: identity` (diagnostic)",
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value} ms`;
/** Each change's p99 over the bare broadcast's just before it: the median change and the worst. */
const changeByChange = (result: FanoutResult) =>
  result.changeP99OverBaseline
    ? `${result.changeP99OverBaseline.median}×, ${result.changeP99OverBaseline.max}×`
    : "–";
const verdict = (ok: boolean) => (ok ? "met" : "**missed**");
const list = (values: number[]) =>
  values.length ? [...new Set(values)].sort((a, b) => a - b).join("/") : "–";

function row(cells: Array<string | number>): string {
  return `| ${cells.join(" | ")} |`;
}

function table(header: string[], rows: Array<Array<string | number>>): string {
  return [row(header), row(header.map(() => "---")), ...rows.map(row)].join("\n");
}

export function renderMarkdown(results: BenchResults): string {
  const { machine } = results;
  const out: string[] = [];
  out.push(
    `Run ${results.date} in ${results.durationSeconds} s on ${machine.cpus} × ${machine.cpuModel}, ` +
      `${machine.memoryGb} GB, Node ${machine.node}, PGlite ${machine.pglite}` +
      (machine.postgres ? `, PostgreSQL ${machine.postgres}` : "") +
      (results.options.quick ? " (quick mode)" : "") +
      (machine.openFiles ? `, ulimit -n ${machine.openFiles}` : "") +
      `; server code at ${machine.commit}` +
      (machine.uncommittedServerFiles.length
        ? ` with uncommitted changes (${machine.uncommittedServerFiles.length} files)`
        : ""),
  );
  const loads = results.databases.flatMap((db) => db.loadAverages.map((load) => load.oneMinute));
  if (loads.length)
    out.push(`Load average when scenarios began: ${Math.min(...loads)}–${Math.max(...loads)}.`);

  out.push("", "### Live fan-out (a)", "");
  out.push(
    table(
      [
        "Database",
        "Subscribers",
        "Commit → result p50",
        "p99",
        "max",
        "Send → result p99",
        "Server's last send (median)",
        "Server loop stall (max)",
        "Runs per shared change",
        "Runs per rename",
        "Other clients updated by renames",
        "Rename → own client (max)",
        "Subscribe all",
        "Bare ws p99 (in turn)",
        "p99 ÷ bare ws",
        "Change by change ÷ bare (median, max)",
      ],
      results.databases.flatMap((db) =>
        db.fanout.map((result) => [
          db.database,
          result.subscribers,
          ms(result.sharedLatencyMs.p50),
          ms(result.sharedLatencyMs.p99),
          ms(result.sharedLatencyMs.max),
          ms(result.sharedFromSendMs.p99),
          ms(result.serverSendSpanMs.p50),
          ms(result.serverLoopStallMs.max),
          list(result.runsPerSharedChange),
          list(result.rename.runsPerChange),
          `${result.rename.otherClientsUpdated} (of ${result.rename.checks} renames)`,
          ms(result.rename.latencyMs.max),
          ms(result.subscribeMs),
          result.baseline ? ms(result.baseline.latencyMs.p99) : "–",
          result.p99OverBaseline ?? "–",
          changeByChange(result),
        ]),
      ),
    ),
  );

  const baselines = results.databases.flatMap((db) =>
    db.fanout.flatMap((result) =>
      [result.baseline, result.plainBaseline].flatMap((baseline) =>
        baseline ? [[db.database, baseline] as const] : [],
      ),
    ),
  );
  if (baselines.length) {
    out.push("", "### Bare `ws` broadcast of the same message to as many clients (a0, the limit)", "");
    out.push(
      table(
        [
          "Run beside",
          "Clients",
          "Broadcast → message p50",
          "p99",
          "max",
          "Server's last send (median)",
          "Loop stall (max)",
        ],
        baselines.map(([database, baseline]) => [
          database,
          baseline.subscribers,
          ms(baseline.latencyMs.p50),
          ms(baseline.latencyMs.p99),
          ms(baseline.latencyMs.max),
          ms(baseline.serverSendSpanMs.p50),
          ms(baseline.serverLoopStallMs.max),
        ]),
      ),
    );
  }

  const twoProcess = results.databases.flatMap((db) => db.twoProcess.map((result) => [db, result] as const));
  if (twoProcess.length) {
    out.push("", "### Live fan-out over two server processes on one PostgreSQL (e)", "");
    out.push(
      table(
        [
          "Subscribers",
          "Commit → result p50",
          "p99",
          "max",
          "One process p99 (same run)",
          "p99 ÷ one process",
          "Runs per shared change (both)",
          "Loop stall (max)",
          "Other clients updated by renames",
        ],
        twoProcess.map(([db, result]) => {
          const one = db.fanout.find((single) => single.subscribers === result.subscribers);
          return [
            result.subscribers,
            ms(result.sharedLatencyMs.p50),
            ms(result.sharedLatencyMs.p99),
            ms(result.sharedLatencyMs.max),
            one ? ms(one.sharedLatencyMs.p99) : "–",
            one ? Math.round((result.sharedLatencyMs.p99 / one.sharedLatencyMs.p99) * 100) / 100 : "–",
            list(result.runsPerSharedChange),
            ms(result.serverLoopStallMs.max),
            `${result.rename.otherClientsUpdated} (of ${result.rename.checks} renames)`,
          ];
        }),
      ),
    );
  }

  const throughNginx = results.databases.flatMap((db) =>
    db.loadBalancer.map((result) => [db, result] as const),
  );
  if (throughNginx.length) {
    out.push("", "### Live fan-out through nginx to three server processes on one PostgreSQL (g)", "");
    const p99Of = (results: FanoutResult[], subscribers: number) =>
      results.find((other) => other.subscribers === subscribers)?.sharedLatencyMs.p99;
    out.push(
      table(
        [
          "Subscribers",
          "Commit → result p50",
          "p99",
          "max",
          "Bare ws through nginx p99 (in turn)",
          "p99 ÷ bare ws",
          "Change by change ÷ bare (median, max)",
          "One process p99",
          "Two processes p99",
          "p99 ÷ one process",
          "Runs per shared change (all)",
          "Sockets per process",
          "Loop stall (max)",
          "nginx resident / client",
          "nginx CPU per change",
          "PostgreSQL connections",
        ],
        throughNginx.map(([db, result]) => {
          const one = p99Of(db.fanout, result.subscribers);
          const two = p99Of(db.twoProcess, result.subscribers);
          return [
            result.subscribers,
            ms(result.sharedLatencyMs.p50),
            ms(result.sharedLatencyMs.p99),
            ms(result.sharedLatencyMs.max),
            result.baseline ? ms(result.baseline.latencyMs.p99) : "–",
            result.p99OverBaseline ?? "–",
            changeByChange(result),
            one === undefined ? "–" : ms(one),
            two === undefined ? "–" : ms(two),
            one === undefined ? "–" : Math.round((result.sharedLatencyMs.p99 / one) * 100) / 100,
            list(result.runsPerSharedChange),
            result.socketsPerProcess.join(" / "),
            ms(result.serverLoopStallMs.max),
            result.proxy ? kb(result.proxy.rssPerClientBytes) : "–",
            result.proxy ? ms(result.proxy.cpuMsPerChange) : "–",
            result.databaseConnections ?? "–",
          ];
        }),
      ),
    );
    const proxy = throughNginx.find(([, result]) => result.proxy)?.[1].proxy;
    if (proxy)
      out.push(
        "",
        `nginx: ${proxy.workers} workers, worker_connections ${proxy.workerConnections}, ` +
          `worker_rlimit_nofile ${proxy.workerOpenFiles}.`,
      );
  }

  out.push("", "### Memory per idle connection (b)", "");
  out.push(
    table(
      [
        "Database",
        "Connections",
        "Heap+external / conn",
        "Heap used / conn",
        "External / conn",
        "RSS / conn",
        "Heap+external left after all closed",
      ],
      results.databases.flatMap((db) =>
        [db.idle, db.idleSubscribed].flatMap((idle) =>
          idle
            ? [
                [
                  db.database,
                  idle.liveEntries > 0
                    ? `${idle.connections}, 2 subscriptions each (${idle.liveEntries} live entries)`
                    : idle.connections,
                  kb(idle.heapExternalPerConnection),
                  kb(idle.heapUsedPerConnection),
                  kb(idle.externalPerConnection),
                  kb(idle.rssPerConnection),
                  kb(idle.retainedAfterClose),
                ],
              ]
            : [],
        ),
      ),
    ),
  );

  out.push("", "### Calls per second of `systemSettings.getComingSoonSettings` (c)", "");
  out.push(
    table(
      ["Database", "Transport", "In flight", "Calls/s", "Latency p50", "p99", "Errors"],
      results.databases.flatMap((db) =>
        db.throughput.map((result) => [
          db.database,
          TRANSPORT_LABELS[result.transport],
          result.inflight,
          result.callsPerSecond,
          ms(result.latencyMs.p50),
          ms(result.latencyMs.p99),
          result.errors,
        ]),
      ),
    ),
  );

  out.push("", "### Targets", "");
  const targetRows: Array<Array<string | number>> = [];
  for (const db of results.databases) {
    const shared = db.fanout.find((result) => result.subscribers === TARGETS.sharedP99At);
    targetRows.push([
      db.database,
      `change → result p99 at ${TARGETS.sharedP99At} subscribers ≤ ${TARGETS.sharedP99Ms} ms`,
      shared ? ms(shared.sharedLatencyMs.p99) : "not run",
      shared ? verdict(shared.sharedLatencyMs.p99 <= TARGETS.sharedP99Ms) : "–",
    ]);
    const reruns = db.fanout.flatMap((result) => [
      ...result.rename.runsPerChange.map((runs) => runs - 1),
      ...result.runsPerSharedChange.map((runs) => runs - 1),
    ]);
    const others = db.fanout.reduce((sum, result) => sum + result.rename.otherClientsUpdated, 0);
    const ownMissed = db.fanout.reduce(
      (sum, result) => sum + result.rename.targetUpdates.filter((updates) => updates !== 1).length,
      0,
    );
    const worst = reruns.length ? Math.max(...reruns) : Number.NaN;
    targetRows.push([
      db.database,
      "unrelated re-runs per change = 0 (only the renamed user's client updated, exactly once)",
      reruns.length
        ? `${worst} extra runs; ${others} other clients updated; ${ownMissed} renames not seen exactly once`
        : "not run",
      reruns.length ? verdict(worst <= TARGETS.unrelatedReruns && others === 0 && ownMissed === 0) : "–",
    ]);
    for (const [through, result] of [
      ...db.fanout.map((result) => ["", result] as const),
      ...db.loadBalancer.map((result) => ["through nginx: ", result] as const),
    ]) {
      if (result.p99OverBaseline === null) continue;
      targetRows.push([
        db.database,
        `${through}change → last client p99 at ${result.subscribers} ≤ ${TARGETS.overBaseline}× a bare ws broadcast${through ? " through the same nginx" : ""}`,
        `${ms(result.sharedLatencyMs.p99)} against ${ms(result.baseline?.latencyMs.p99 ?? Number.NaN)}: ${result.p99OverBaseline}× (change by change: ${changeByChange(result)})`,
        verdict(result.p99OverBaseline <= TARGETS.overBaseline),
      ]);
    }
    for (const result of db.twoProcess) {
      const one = db.fanout.find((single) => single.subscribers === result.subscribers);
      if (!one) continue;
      const ratio = Math.round((result.sharedLatencyMs.p99 / one.sharedLatencyMs.p99) * 100) / 100;
      targetRows.push([
        db.database,
        `two processes: p99 at ${result.subscribers} ≤ ${TARGETS.twoProcessOverOne}× one process`,
        `${ms(result.sharedLatencyMs.p99)} against ${ms(one.sharedLatencyMs.p99)}: ${ratio}×`,
        verdict(ratio <= TARGETS.twoProcessOverOne),
      ]);
    }
    const idle = db.idle;
    targetRows.push([
      db.database,
      `heap+external per idle connection at ${TARGETS.idleAt} ≤ ${kb(TARGETS.idleBytesPerConnection)}`,
      idle ? `${kb(idle.heapExternalPerConnection)} (at ${idle.connections})` : "not run",
      idle
        ? idle.connections === TARGETS.idleAt
          ? verdict(idle.heapExternalPerConnection <= TARGETS.idleBytesPerConnection)
          : `(${idle.connections} connections, not ${TARGETS.idleAt})`
        : "–",
    ]);
    for (const [transport, baseline, target] of [
      ["websocket", "websocket-bare", TARGETS.websocketCallsPerSecond],
      ["http", "http-bare", TARGETS.httpCallsPerSecond],
    ] as const) {
      const measured = db.throughput.find((result) => result.transport === transport);
      const limit = db.throughput.find((result) => result.transport === baseline);
      targetRows.push([
        db.database,
        `${TRANSPORT_LABELS[transport]} ≥ ${target.toLocaleString("en")} calls/s and ≥ ${100 * TARGETS.shareOfBaseline}% of its baseline`,
        measured
          ? `${measured.callsPerSecond}${limit ? ` (${Math.round((100 * measured.callsPerSecond) / limit.callsPerSecond)}% of its baseline's ${limit.callsPerSecond})` : ""}`
          : "not run",
        measured
          ? verdict(
              measured.callsPerSecond >= target &&
                (!limit || measured.callsPerSecond >= TARGETS.shareOfBaseline * limit.callsPerSecond),
            )
          : "–",
      ]);
    }
  }
  out.push(table(["Database", "Target", "Measured", "Verdict"], targetRows));

  const errors = results.databases.flatMap((db) => db.errors.map((error) => `- ${db.database}: ${error}`));
  if (errors.length) out.push("", "### Failures", "", ...errors);
  return out.join("\n");
}
