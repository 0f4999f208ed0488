// `npm run bench:mail`: a newsletter to 100,000 people, rendered, queued and handed to a local SMTP
// server, on PGlite (default) or PostgreSQL.
//   (1) the SMTP server's own acceptance rate: the same message, already built, sent over the
//       same number of connections straight from nodemailer (the ceiling for any sender);
//   (2) queueing: one issue started for N confirmed subscribers (one insert … select);
//   (3) sending: the mail sender of a server process (a child of this file) draws each message
//       from the issue's layout, paces and hands it over, marking it sent; memory sampled every
//       second; the process is killed (SIGKILL) at a random moment once half is sent and started
//       again, and the SMTP server counts every Message-ID: each must arrive once.
// Prints markdown and writes bench/results/mail.json; `--help` for the options.
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import pg from "pg";
import pino from "pino";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../apps/server/src/core/config.ts";
import { queryRows } from "../apps/server/src/core/db/client.ts";
import { MailSender, smtpTransport } from "../apps/server/src/modules/mail/index.ts";
import { saveIssue, startIssue } from "../apps/server/src/modules/mail/newsletter.service.ts";
import { mailOutbox } from "../apps/server/src/modules/mail/schema.ts";
import { openPlatform, type Platform } from "../apps/server/src/platform.ts";
import { createUser } from "../apps/server/src/test/test-platform.ts";
import { collectGarbageOnce } from "./gc-time.ts";
import { databasesOf, progressLog, round } from "./harness.ts";

const USAGE = `Usage: npm run bench:mail -- [options]
  --db pglite|postgres|both   databases (default pglite)
  --recipients 100000         confirmed subscribers the issue goes to (default 100000)
  --connections 4             SMTP connections (default 4)
  --baseline 20000            messages of the SMTP server's own rate, (1) (default 20000)
  --kill-at 0.5               share of the send after which the sender is killed (default 0.5; 0: never)
Environment: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) is the base for
the temporary PostgreSQL database.`;

const { values } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    recipients: { type: "string", default: "100000" },
    connections: { type: "string", default: "4" },
    baseline: { type: "string", default: "20000" },
    "kill-at": { type: "string", default: "0.5" },
    role: { type: "string" },
    target: { type: "string" },
    smtp: { type: "string" },
    help: { type: "boolean", short: "h", default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const recipients = Number(values.recipients);
const connections = Number(values.connections);
const baselineCount = Number(values.baseline);
const killAt = Number(values["kill-at"]);
const log = progressLog();
const self = fileURLToPath(import.meta.url);
const baseUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

type Target = { kind: "pglite"; dataDir: string } | { kind: "postgres"; connectionString: string };
type Report = { received: number; unique: number };
type SenderSample = { sent: number; rssMb: number; heapMb: number; at: number };

function openTarget(target: Target): Promise<Platform> {
  const dataDir = target.kind === "pglite" ? target.dataDir : os.tmpdir();
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "silent",
    DATA_DIR: dataDir,
    MEDIA_DIR: path.join(dataDir, "media"),
    PUBLIC_URL: "https://litverse.example",
    MAIL_FROM: "Litverse <news@litverse.example>",
  });
  return openPlatform(
    config,
    pino({ level: "silent" }),
    target.kind === "pglite" ? { kind: "pglite", dataDir } : target,
  );
}

// ---- The SMTP server (a child): accepts everything, counts Message-IDs. ----

async function runSink(): Promise<void> {
  const seen = new Set<string>();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    maxClients: 100,
    onData(stream, _session, callback) {
      let head = "";
      stream.on("data", (chunk: Buffer) => {
        if (head.length < 4_096) head += chunk.toString("latin1");
      });
      stream.on("end", () => {
        received++;
        const id = /^Message-ID:\s*(\S+)/im.exec(head)?.[1];
        if (id) seen.add(id);
        callback(null, "2.0.0 Queued");
      });
    },
  });
  // A sender killed mid-message resets its connection: that is the point, not a failure.
  server.on("error", () => {});
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  process.send?.({ port: (server.server.address() as AddressInfo).port });
  process.on("message", (message: { type: string }) => {
    if (message.type === "report") process.send?.({ received, unique: seen.size } satisfies Report);
    if (message.type === "reset") {
      received = 0;
      seen.clear();
      process.send?.({ received, unique: 0 });
    }
  });
}

// ---- The sender (a child): the server's mail sender on the benchmark's database. ----

async function runSender(target: Target, smtpUrl: string): Promise<void> {
  const platform = await openTarget(target);
  const transport = smtpTransport(smtpUrl, { connections });
  const sender = new MailSender(platform.deps, transport, {
    log: pino({ level: "silent" }),
    ratePerSecond: 10_000,
    soleProcess: target.kind === "pglite",
  });
  const timer = setInterval(async () => {
    const [row] = await queryRows<{ sent: number }>(
      platform.deps.db,
      sql`select count(*)::int as sent from ${mailOutbox} where status = 'sent'`,
    );
    // What stays after a collection: growth here would be a leak, not garbage not yet collected.
    collectGarbageOnce();
    const memory = process.memoryUsage();
    process.send?.({
      sent: row?.sent ?? 0,
      rssMb: memory.rss / 2 ** 20,
      heapMb: memory.heapUsed / 2 ** 20,
      at: performance.now(),
    } satisfies SenderSample);
  }, 1_000);
  // `start` releases what a killed run of this process left claimed (PGlite has one process).
  await sender.start();
  await sender.stop();
  await sender.drain();
  clearInterval(timer);
  transport.close();
  await platform.close();
  process.send?.({ done: true });
}

// ---- The orchestration ----

function child(args: string[]): ChildProcess {
  return fork(self, args, { stdio: ["ignore", "inherit", "inherit", "ipc"] });
}

function nextMessage<T>(process: ChildProcess, accept: (message: unknown) => message is T): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: unknown) => {
      if (!accept(message)) return;
      process.off("message", onMessage);
      process.off("exit", onExit);
      resolve(message);
    };
    const onExit = () => reject(new Error("the child process ended"));
    process.on("message", onMessage);
    process.once("exit", onExit);
  });
}

const isReport = (message: unknown): message is Report =>
  typeof message === "object" && message !== null && "unique" in message;

async function sinkReport(sink: ChildProcess): Promise<Report> {
  const reply = nextMessage(sink, isReport);
  sink.send({ type: "report" });
  return reply;
}

/** (1): the same built message, straight from nodemailer over the same connections. */
async function smtpBaseline(smtpUrl: string, sink: ChildProcess, platform: Platform, issueId: string) {
  const { drawMessage } = await import("../apps/server/src/modules/mail/draw.ts");
  const [row] = await platform.deps.db.select().from(mailOutbox).where(sql`issue_id = ${issueId}`).limit(1);
  if (!row) throw new Error("nothing queued");
  const drawn = await drawMessage({ db: platform.deps.db, publicUrl: platform.deps.mail.publicUrl }, row);
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: connections,
    maxMessages: 1_000,
  });
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < baselineCount) {
      const index = next++;
      await transporter.sendMail({
        messageId: `<baseline-${index}@litverse.example>`,
        from: "Litverse <news@litverse.example>",
        to: `reader${index}@bench.test`,
        subject: drawn.subject,
        html: drawn.html,
        text: drawn.text,
        headers: drawn.headers,
      });
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1_000;
  transporter.close();
  const report = await sinkReport(sink);
  sink.send({ type: "reset" });
  await nextMessage(sink, isReport);
  return {
    messages: report.received,
    perSecond: round(baselineCount / seconds, 0),
    htmlBytes: drawn.html.length,
  };
}

async function seedSubscribers(platform: Platform, count: number): Promise<void> {
  // Straight into the tables: the benchmark is about sending, not about signing people up.
  await platform.deps.db.execute(sql`
    insert into users (issuer, subject, email, email_verified_at, name, role)
    select 'bench', 'reader-' || n, 'reader' || n || '@bench.test', now(), 'Reader ' || n, 'user'
    from generate_series(1, ${count}) n`);
  await platform.deps.db.execute(sql`
    insert into mail_preferences (user_id, newsletter, newsletter_address, newsletter_confirmed_at)
    select id, 'confirmed', email, now() from users where issuer = 'bench'`);
}

async function runDatabase(kind: "pglite" | "postgres") {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "litverse-bench-mail-"));
  let target: Target = { kind: "pglite", dataDir };
  let dropDatabase = async () => {};
  if (kind === "postgres") {
    const name = `litverse_bench_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(baseUrl);
    url.pathname = `/${name}`;
    target = { kind: "postgres", connectionString: url.toString() };
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const sink = child(["--role", "sink"]);
  const { port } = await nextMessage(
    sink,
    (message): message is { port: number } =>
      typeof message === "object" && message !== null && "port" in message,
  );
  const smtpUrl = `smtp://127.0.0.1:${port}`;
  try {
    log(`${kind}: ${recipients.toLocaleString("en-US")} subscribers`);
    let platform = await openTarget(target);
    await seedSubscribers(platform, recipients);
    const admin = await createUser(platform, "admin");
    const issue = await saveIssue(platform.deps, admin, {
      subject: "The benchmark issue",
      preheader: "A newsletter of the usual size",
      blocks: [
        { type: "heading", text: "Stories for long evenings" },
        {
          type: "text",
          text: "This week readers could not put these down.\n\nStart with the first chapters: they are free. https://litverse.example/explore",
        },
        { type: "button", label: "Explore the catalogue", url: "/explore" },
      ],
      segment: { kind: "everyone" },
    });
    const queueStarted = performance.now();
    await startIssue(platform.deps, issue._id);
    const queueSeconds = (performance.now() - queueStarted) / 1_000;
    log(`${kind}: queued in ${round(queueSeconds, 2)} s; the SMTP server's own rate next`);
    const baseline = await smtpBaseline(smtpUrl, sink, platform, issue._id);
    await platform.close();

    /** Each run's samples: a run's clock is its own process's. */
    const runs: SenderSample[][] = [];
    const runSend = async (killAfter: number | null) => {
      const samples: SenderSample[] = [];
      runs.push(samples);
      const sender = child([
        "--role",
        "send",
        "--target",
        JSON.stringify(target),
        "--smtp",
        smtpUrl,
        "--connections",
        String(connections),
      ]);
      const started = performance.now();
      const exited = new Promise<void>((resolve) => sender.once("exit", () => resolve()));
      let isKillTimed = false;
      sender.on("message", (message) => {
        if (typeof message === "object" && message !== null && "rssMb" in message) {
          samples.push(message as SenderSample);
          if (killAfter !== null && !isKillTimed && (message as SenderSample).sent >= killAfter) {
            // A sample comes straight after the child's forced collection, while the answers that
            // arrived during it wait unread: a kill then would find every connection between an
            // accepted message and its mark. A real kill comes at any moment, so this one comes at
            // a random point of the child's next second.
            isKillTimed = true;
            setTimeout(() => sender.kill("SIGKILL"), Math.random() * 1_000);
          }
        }
      });
      await exited;
      return (performance.now() - started) / 1_000;
    };
    log(`${kind}: sending${killAt > 0 ? `, killed after ${Math.round(killAt * 100)} %` : ""}`);
    const firstSeconds = await runSend(killAt > 0 ? Math.floor(recipients * killAt) : null);
    const atKill = await sinkReport(sink);
    const secondSeconds = killAt > 0 ? await runSend(null) : 0;
    const final = await sinkReport(sink);

    platform = await openTarget(target);
    const [books] = await queryRows<{ sent: number; other: number }>(
      platform.deps.db,
      sql`select count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status <> 'sent')::int as other from ${mailOutbox}`,
    );
    await platform.close();
    /** A run's steady part: from its first sample that sent anything to its last. */
    const summary = (samples: SenderSample[]) => {
      const sending = samples.filter((sample, index) => index > 0 && sample.sent > (samples[0]?.sent ?? 0));
      const first = sending[0];
      const last = sending.at(-1);
      const perSecond =
        first && last && last.at > first.at
          ? round(((last.sent - first.sent) * 1_000) / (last.at - first.at), 0)
          : 0;
      return {
        perSecond,
        rssMb: {
          first: round(first?.rssMb ?? 0, 0),
          last: round(last?.rssMb ?? 0, 0),
          max: round(Math.max(0, ...sending.map((sample) => sample.rssMb)), 0),
        },
        heapMb: {
          first: round(first?.heapMb ?? 0, 0),
          last: round(last?.heapMb ?? 0, 0),
          max: round(Math.max(0, ...sending.map((sample) => sample.heapMb)), 0),
        },
      };
    };
    const [beforeKill, afterRestart] = runs.map(summary);
    return {
      database: kind,
      recipients,
      connections,
      queueSeconds: round(queueSeconds, 2),
      smtpServerPerSecond: baseline.perSecond,
      htmlBytes: baseline.htmlBytes,
      sendPerSecond: beforeKill?.perSecond ?? 0,
      sendPerSecondAfterRestart: afterRestart?.perSecond ?? 0,
      firstRunSeconds: round(firstSeconds, 1),
      secondRunSeconds: round(secondSeconds, 1),
      acceptedAtKill: atKill.received,
      accepted: final.received,
      uniqueMessageIds: final.unique,
      duplicates: final.received - final.unique,
      outboxSent: books?.sent ?? 0,
      outboxNotSent: books?.other ?? 0,
      memory: { beforeKill: beforeKill ?? null, afterRestart: afterRestart ?? null },
    };
  } finally {
    sink.kill();
    await dropDatabase();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (values.role === "sink") return runSink();
  if (values.role === "send")
    return runSender(JSON.parse(values.target ?? "{}") as Target, values.smtp ?? "");
  const results = [];
  for (const kind of databasesOf(values.db)) results.push(await runDatabase(kind));
  const lines = [
    "| database | recipients | queued in | SMTP server alone | sender (before kill / after restart) | heap first → last (MB) | RSS max (MB) | killed at | delivered | duplicates |",
    "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ...results.map((r) => {
      const memory = [r.memory.beforeKill, r.memory.afterRestart].filter((run) => run !== null);
      return `| ${r.database} | ${r.recipients.toLocaleString("en-US")} | ${r.queueSeconds} s | ${r.smtpServerPerSecond}/s | ${r.sendPerSecond}/s / ${r.sendPerSecondAfterRestart}/s | ${memory.map((run) => `${run.heapMb.first} → ${run.heapMb.last}`).join("; ")} | ${memory.map((run) => run.rssMb.max).join("; ")} | ${r.acceptedAtKill.toLocaleString("en-US")} | ${r.uniqueMessageIds.toLocaleString("en-US")} (${r.outboxSent.toLocaleString("en-US")} marked sent) | ${r.duplicates} |`;
    }),
  ];
  console.log(lines.join("\n"));
  const out = path.join(path.dirname(self), "results");
  await mkdir(out, { recursive: true });
  await writeFile(
    path.join(out, "mail.json"),
    `${JSON.stringify({ at: new Date().toISOString(), cpus: os.cpus().length, cpu: os.cpus()[0]?.model, results }, null, 2)}\n`,
  );
  process.exit(0);
}

await main();
