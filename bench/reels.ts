// `npm run bench:reels`: the reels' server figures.
//   (a) watch events accepted per second over the real transport, on PGlite and PostgreSQL: signed-in
//       viewers send batches of new events through `reels.recordWatchEvents` over WebSockets, and
//       through the beacon route (`POST /api/reels/events`, keep-alive HTTP) (target ≥ 2,000/s on
//       PGlite);
//   (b) transcoding time per minute of 1080p video: a phone-like 1080×1920 H.264/AAC clip made
//       with ffmpeg here, converted by the reels' own conversion (probe, transcode, poster).
// Prints markdown and writes bench/results/reels.json. `--help` lists the flags.

import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { REEL_EVENTS_PATH, type ReelWatchEvent } from "@litverse/shared/reels";
import { createTRPCClient, createWSClient, type TRPCClient, wsLink } from "@trpc/client";
import { sql } from "drizzle-orm";
import { buildApp } from "../apps/server/src/app.ts";
import { EMBEDDED_ISSUER_KEY } from "../apps/server/src/auth/identity.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import { probeReel, transcodeReel } from "../apps/server/src/modules/reels/reel-video.ts";
import type { AppRouter } from "../apps/server/src/router.ts";
import { accessToken } from "../apps/server/src/test/tokens.ts";
import { type Distribution, databasesOf, distribution, progressLog, round } from "./harness.ts";
import { openBenchPlatform } from "./platform.ts";

const USAGE = `Usage: npm run bench:reels -- [options]
  --db pglite|postgres|both   databases for (a) (default both)
  --viewers 50                viewers sending at once (default 50)
  --reels 100                 published reels (default 100)
  --batch 25                  events per batch, over 5 reels (default 25; at most 50)
  --seconds 10                measured seconds per transport (default 10)
  --clip 20                   seconds of 1080p video to convert in (b) (default 20)
  --parts a,b                 which parts to run (default both)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "both" },
    viewers: { type: "string", default: "50" },
    reels: { type: "string", default: "100" },
    batch: { type: "string", default: "25" },
    seconds: { type: "string", default: "10" },
    clip: { type: "string", default: "20" },
    parts: { type: "string", default: "a,b" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const databases = databasesOf(values.db);
const viewerCount = Number(values.viewers);
const reelCount = Number(values.reels);
const batchSize = Math.min(50, Number(values.batch));
const seconds = Number(values.seconds);
const clipSeconds = Number(values.clip);
const parts = new Set((values.parts ?? "a,b").split(","));
const REELS_PER_BATCH = 5;
const WARM_UP_MS = 2_000;
const TARGET_PER_SECOND = 2_000;
const REEL_MS = 20_000;

const log = progressLog();

interface Throughput {
  transport: "websocket" | "beacon";
  eventsPerSecond: number;
  batches: number;
  accepted: number;
  /** Events the server took as repeats or refused: none expected. */
  notAccepted: number;
  batchMs: Distribution;
}

/**
 * A viewer's player: sessions of five reels at a time, each event new (the next sequence number,
 * playback moving on), as the feed sends them while someone swipes through.
 */
function player(reelIds: readonly string[], offset: number) {
  let sessionId = randomUUID();
  let round = 0;
  const seqs = new Map<string, number>();
  return () => {
    // A new page every 40 batches, as a viewer reopening the feed.
    if (++round % 40 === 0) {
      sessionId = randomUUID();
      seqs.clear();
    }
    const at = new Date().toISOString();
    const events: ReelWatchEvent[] = [];
    for (let index = 0; index < batchSize; index++) {
      const reelId = reelIds[
        (offset + round * REELS_PER_BATCH + (index % REELS_PER_BATCH)) % reelIds.length
      ] as string;
      const seq = seqs.get(reelId) ?? 0;
      seqs.set(reelId, seq + 1);
      const playedMs = seq * 250;
      events.push({
        reelId,
        seq,
        kind: seq === 0 ? "play" : "progress",
        positionMs: playedMs % REEL_MS,
        playedMs,
        at,
      });
    }
    return { sessionId, events };
  };
}

/** Runs `send` from every viewer, one batch in flight each, and counts what the server accepted. */
async function measure(
  transport: Throughput["transport"],
  senders: Array<() => Promise<{ accepted: number; duplicates: number; ignored: number }>>,
): Promise<Throughput> {
  let measuring = false;
  let stop = false;
  let accepted = 0;
  let notAccepted = 0;
  let batches = 0;
  const samples: number[] = [];
  const loops = senders.map(async (send) => {
    while (!stop) {
      const start = performance.now();
      const result = await send();
      if (!measuring) continue;
      samples.push(performance.now() - start);
      batches++;
      accepted += result.accepted;
      notAccepted += result.duplicates + result.ignored;
    }
  });
  await new Promise((resolve) => setTimeout(resolve, WARM_UP_MS));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1_000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1_000;
  stop = true;
  await Promise.all(loops);
  return {
    transport,
    eventsPerSecond: Math.round(accepted / elapsed),
    batches,
    accepted,
    notAccepted,
    batchMs: distribution(samples),
  };
}

async function eventsThroughput(database: string): Promise<Throughput[]> {
  const bench = await openBenchPlatform(database, {
    // Many viewers from one address writing as fast as they can: the limits are not what is measured.
    RATE_LIMIT_WRITES_PER_MINUTE: "100000000",
    MAX_SOCKETS_PER_IP: "100000",
  });
  const sockets: Array<ReturnType<typeof createWSClient>> = [];
  const { platform } = bench;
  const app = await buildApp(platform, { logger: false });
  try {
    await app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = app.server.address() as AddressInfo;
    const { db } = platform.deps;
    log(`(a) ${database}: ${reelCount} reels, ${viewerCount} viewers`);
    const prefix = `viewer-${randomUUID().slice(0, 8)}`;
    const people = await queryRows<{ id: string; subject: string }>(
      db,
      sql`insert into users (issuer, subject, email, name, role, age)
          select ${EMBEDDED_ISSUER_KEY}, ${prefix} || '-' || g, ${prefix} || '-' || g || '@bench.invalid',
                 'Viewer ' || g, 'user', 18
          from generate_series(0, ${viewerCount}::int) g
          returning id, subject`,
    );
    const [creator, ...viewers] = people;
    const reels = await queryRows<{ id: string }>(
      db,
      sql`insert into reels (creator_id, status, caption, duration_ms, width, height, has_audio, published_at)
          select ${creator?.id}::uuid, 'published', 'Reel ' || g, ${REEL_MS}, 1080, 1920, true, now() - g * interval '1 minute'
          from generate_series(1, ${reelCount}::int) g
          returning id`,
    );
    const reelIds = reels.map((reel) => reel.id);
    const clients: Array<{ trpc: TRPCClient<AppRouter>; watchToken: string }> = [];
    for (const viewer of viewers) {
      const token = await accessToken(platform, { subject: viewer.subject, expiresInSeconds: 3_600 });
      const socket = createWSClient({
        url: `ws://127.0.0.1:${port}/api/ws`,
        connectionParams: () => ({ token }),
      });
      sockets.push(socket);
      const trpc = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket })] });
      const { watchToken } = await trpc.reels.listFeed.query({});
      clients.push({ trpc, watchToken });
    }

    log(`(a) ${database}: ${batchSize}-event batches over WebSockets, ${seconds} s`);
    const overSocket = await measure(
      "websocket",
      clients.map(({ trpc }, index) => {
        const next = player(reelIds, index * 7);
        return () => trpc.reels.recordWatchEvents.mutate(next());
      }),
    );
    log(`(a) ${database}: the same through the beacon route, ${seconds} s`);
    const beaconUrl = `http://127.0.0.1:${port}${REEL_EVENTS_PATH}`;
    const overBeacon = await measure(
      "beacon",
      clients.map(({ watchToken }, index) => {
        const next = player(reelIds, index * 11 + 3);
        return async () => {
          const response = await fetch(beaconUrl, {
            method: "POST",
            headers: { "content-type": "text/plain;charset=UTF-8" },
            body: JSON.stringify({ token: watchToken, ...next() }),
          });
          if (!response.ok) throw new Error(`beacon: HTTP ${response.status}`);
          return (await response.json()) as { accepted: number; duplicates: number; ignored: number };
        };
      }),
    );
    return [overSocket, overBeacon];
  } finally {
    await Promise.all(sockets.map((socket) => socket.close().catch(() => {})));
    await app.close();
    await bench.close();
  }
}

interface TranscodeResult {
  clipSeconds: number;
  input: string;
  output: string;
  /** Probe, conversion and poster, wall-clock. */
  seconds: number;
  secondsPerMinute: number;
  /** The CPU time ffmpeg and ffprobe used (user + system), per minute of video. */
  cpuSecondsPerMinute: number;
  loadAverage: number;
}

/** CPU seconds used by this process's finished children so far (Linux; clock ticks of 1/100 s). */
function childCpuSeconds(): number {
  // After the command's name in parentheses: fields 16 and 17 are cutime and cstime.
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

async function transcodeTime(): Promise<TranscodeResult> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "litverse-bench-reels-"));
  try {
    const input = path.join(dir, "phone-1080p.mp4");
    log(`(b) making a ${clipSeconds} s 1080×1920 H.264/AAC clip with ffmpeg`);
    const made = spawnSync(
      "ffmpeg",
      [
        "-hide_banner",
        "-loglevel",
        "error",
        "-y",
        "-f",
        "lavfi",
        "-i",
        `testsrc2=size=1080x1920:rate=30:duration=${clipSeconds}`,
        "-f",
        "lavfi",
        "-i",
        `sine=frequency=440:duration=${clipSeconds}`,
        "-c:v",
        "libx264",
        "-preset",
        "ultrafast",
        "-pix_fmt",
        "yuv420p",
        "-c:a",
        "aac",
        input,
      ],
      { encoding: "utf8" },
    );
    if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr}`);
    const out = path.join(dir, "out");
    await mkdir(out);
    log("(b) converting it as a reel");
    const cpuBefore = childCpuSeconds();
    const started = performance.now();
    const probed = await probeReel(input);
    const converted = await transcodeReel(input, probed, out);
    const elapsed = (performance.now() - started) / 1_000;
    const cpu = childCpuSeconds() - cpuBefore;
    return {
      clipSeconds,
      input: `${probed.width}×${probed.height} H.264/AAC, ${probed.frameRate} fps`,
      output: `${converted.width}×${converted.height}, ${round(converted.durationMs / 1000)} s, poster ${converted.hasPoster}`,
      seconds: round(elapsed, 2),
      secondsPerMinute: round((elapsed * 60) / clipSeconds),
      cpuSecondsPerMinute: round((cpu * 60) / clipSeconds),
      loadAverage: round(os.loadavg()[0] ?? 0, 2),
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const results: {
  events: Record<string, Throughput[]>;
  transcode: TranscodeResult | null;
  loadAverages: number[];
} = {
  events: {},
  transcode: null,
  loadAverages: [],
};
const lines: string[] = [];
const failures: string[] = [];
if (parts.has("a")) {
  lines.push(
    `(a) ${viewerCount} viewers, one batch of ${batchSize} new events each in flight, ${reelCount} reels; ${seconds} s measured after ${WARM_UP_MS / 1000} s warm-up.`,
    "",
    "| Database | Transport | Events accepted / s | Batches | Not accepted | Batch p50 | p95 | p99 |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  );
  for (const database of databases) {
    results.loadAverages.push(round(os.loadavg()[0] ?? 0, 2));
    const measured = await eventsThroughput(database);
    results.events[database] = measured;
    for (const row of measured) {
      lines.push(
        `| ${database} | ${row.transport === "websocket" ? "recordWatchEvents over WebSocket" : "beacon (HTTP POST)"} | ${row.eventsPerSecond.toLocaleString("en")} | ${row.batches} | ${row.notAccepted} | ${row.batchMs.p50} ms | ${row.batchMs.p95} ms | ${row.batchMs.p99} ms |`,
      );
      if (database === "pglite" && row.transport === "websocket" && row.eventsPerSecond < TARGET_PER_SECOND) {
        failures.push(`pglite: ${row.eventsPerSecond} events/s < ${TARGET_PER_SECOND}`);
      }
    }
  }
  lines.push("");
}
if (parts.has("b")) {
  const transcode = await transcodeTime();
  results.transcode = transcode;
  lines.push(
    `(b) ${transcode.clipSeconds} s of ${transcode.input} → ${transcode.output}: ${transcode.seconds} s, so ${transcode.secondsPerMinute} s per minute of video (${transcode.cpuSecondsPerMinute} CPU s per minute; load average ${transcode.loadAverage}).`,
    "",
  );
}
lines.push(
  failures.length ? `Missed targets:\n${failures.map((line) => `- ${line}`).join("\n")}` : "Targets met.",
);
console.log(lines.join("\n"));
const resultsDir = fileURLToPath(new URL("./results/", import.meta.url));
await mkdir(resultsDir, { recursive: true });
await writeFile(
  `${resultsDir}reels.json`,
  `${JSON.stringify({ date: new Date().toISOString(), viewerCount, reelCount, batchSize, seconds, ...results }, null, 2)}\n`,
);
process.exit(failures.length > 0 ? 1 : 0);
