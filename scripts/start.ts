// `npm start`: builds the web app if there is no current build, then runs the server. With no
// NODE_ENV given it is a demo start: demo accounts (with their published password) and content are
// seeded, the server listens on 127.0.0.1 unless HOST is set, and the console and the page say it
// is a demo. A deployment sets NODE_ENV=production: no demo accounts, no sandbox payments unless
// enabled, all interfaces.
//
// The console gets one line a step, then where the platform is and in which mode; each step's
// full output goes to {DATA_DIR}/logs/start.log, and is printed when the step fails. Once the
// server runs, its log follows on the console. SIGINT and SIGTERM (or the end of npm) stop the
// server gracefully; this script ends when the server has, within 10 s.
import type { ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, openSync, readdirSync, statSync, writeSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../apps/server/src/node-flags.ts";
import { readServerStartMessage, type ServerStartMessage } from "../apps/server/src/start-script.ts";
import { exitCodeOf, onStopRequest, signalGroup, spawnInGroup } from "./child-processes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const builtIndex = path.join(root, "apps/web/dist/index.html");
const sources = [
  "apps/web/src",
  "apps/web/public",
  "apps/web/index.html",
  "apps/web/vite.config.ts",
  "apps/web/vite.first-screen.config.ts",
  "packages/shared/src",
];
/**
 * The server drains in 9 s at most, after its drain notice (DRAIN_NOTICE_MS, told when it is
 * ready); past this, whatever is left of it is killed.
 */
const STOP_DEADLINE_MS = 9_500;
let drainNoticeMs = 0;
/**
 * The server writes out its log before it says it is ready, but the two come by different pipes:
 * the lines are given this long to arrive, so that they go to the log file, not after the banner.
 */
const READY_SETTLE_MS = 150;

const dataDir = path.resolve(process.env.DATA_DIR ?? "./data");
const logFile = path.join(dataDir, "logs", "start.log");
mkdirSync(path.dirname(logFile), { recursive: true });
// Written as it comes, so that nothing is lost when the script exits on a failure.
const logFd = openSync(logFile, "w");
// (Two calls: writeSync has one overload for text, one for bytes.)
const writeLog = (text: string | Buffer) =>
  typeof text === "string" ? writeSync(logFd, text) : writeSync(logFd, text);
const shownLogFile = logFile.startsWith(`${process.cwd()}${path.sep}`)
  ? path.relative(process.cwd(), logFile)
  : logFile;
// A console closed early (a pipe's reader gone) must not end the script and orphan the server.
process.stdout.on("error", () => {});
process.stderr.on("error", () => {});

function newestChange(target: string): number {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce(
    (newest, entry) => Math.max(newest, newestChange(path.join(target, entry))),
    stat.mtimeMs,
  );
}

/** The step on the console: its label is written when it begins, its outcome when it ends. */
let openStep: { label: string; startedAt: number; isLineOpen: boolean } | null = null;

function beginStep(label: string): void {
  endStep("done");
  process.stdout.write(`${label}… `);
  writeLog(`\n== ${label} ==\n`);
  openStep = { label, startedAt: Date.now(), isLineOpen: true };
}

function endStep(outcome: string): void {
  if (!openStep) return;
  const seconds = Math.round((Date.now() - openStep.startedAt) / 1000);
  const took = outcome === "done" && seconds >= 1 ? ` in ${seconds} s` : "";
  const prefix = openStep.isLineOpen ? "" : `${openStep.label}… `;
  process.stdout.write(`${prefix}${outcome}${took}\n`);
  openStep = null;
}

/** A line of its own while a step runs (a warning): the step's outcome then repeats its label. */
function note(line: string): void {
  if (openStep?.isLineOpen) {
    process.stdout.write("\n");
    openStep.isLineOpen = false;
  }
  process.stdout.write(`${line}\n`);
}

function fail(output: string, code: number): never {
  endStep("failed");
  process.stderr.write(output.endsWith("\n") || output === "" ? output : `${output}\n`);
  process.stderr.write(`The full output is in ${shownLogFile}.\n`);
  process.exit(code === 0 ? 1 : code);
}

/** What runs now (a step's command or the server), for a stop to reach. */
let current: { child: ChildProcess; isServer: boolean } | null = null;
let stopAsked = false;

onStopRequest((signal) => {
  if (stopAsked) return;
  stopAsked = true;
  const deadline = setTimeout(() => {
    if (current) signalGroup(current.child, "SIGKILL");
    process.stderr.write(`${current?.isServer ? "The server" : "The step"} did not stop in time: killed.\n`);
    process.exit(1);
  }, drainNoticeMs + STOP_DEADLINE_MS);
  deadline.unref();
  if (!current) process.exit(128 + os.constants.signals[signal]);
  // The server itself drains, and ends its own children (an import's ffmpeg) when it gives up
  // on them; a build is ended whole.
  if (current.isServer) current.child.kill(signal);
  else signalGroup(current.child, signal);
});

/** Runs a step's command, its output kept for the log file and, should it fail, the console. */
async function runStep(label: string, command: string, args: string[]): Promise<void> {
  beginStep(label);
  const child = spawnInGroup(command, args, { cwd: root });
  current = { child, isServer: false };
  const output: Buffer[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on("data", (chunk: Buffer) => {
      output.push(chunk);
      writeLog(chunk);
    });
  }
  const code = await exitCodeOf(child);
  signalGroup(child, "SIGKILL");
  current = null;
  if (stopAsked) {
    endStep("stopped");
    process.exit(code === 0 ? 130 : code);
  }
  if (code !== 0) fail(Buffer.concat(output).toString(), code);
  endStep("done");
}

/** A line of the server's log: pino's JSON, or plain text (a failure to start). */
function levelOf(line: string): { level: number; msg: string } | null {
  try {
    const entry = JSON.parse(line) as { level?: unknown; msg?: unknown };
    return typeof entry.level === "number" ? { level: entry.level, msg: String(entry.msg ?? "") } : null;
  } catch {
    return null;
  }
}

const PINO_WARN = 40;

async function runServer(): Promise<never> {
  const child = spawnInGroup(
    process.execPath,
    [...SERVER_NODE_FLAGS, path.join(root, "apps/server/src/main.ts")],
    {
      ipc: true,
      env: process.env,
    },
  );
  current = { child, isServer: true };
  let isReady = false;
  let output = "";
  const follow = (stream: NodeJS.ReadableStream | null, sink: NodeJS.WriteStream) => {
    if (!stream) return;
    createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY }).on("line", (line) => {
      if (isReady) {
        sink.write(`${line}\n`);
        return;
      }
      output += `${line}\n`;
      writeLog(`${line}\n`);
      const entry = levelOf(line);
      if (entry && entry.level >= PINO_WARN)
        note(`  ${entry.level >= 50 ? "error" : "warning"}: ${entry.msg}`);
    });
  };
  follow(child.stdout, process.stdout);
  follow(child.stderr, process.stderr);

  child.on("message", (value) => {
    const message = readServerStartMessage(value);
    if (!message) return;
    if (message.type === "step") {
      beginStep(message.label);
      return;
    }
    drainNoticeMs = message.drainNoticeMs;
    setTimeout(() => {
      endStep("done");
      printWhereAndHow(message);
      isReady = true;
    }, READY_SETTLE_MS);
  });

  const code = await exitCodeOf(child);
  // Anything the server left running (a conversion's ffmpeg) goes with it.
  signalGroup(child, "SIGKILL");
  if (!isReady && !stopAsked) fail(output, code);
  endStep("stopped");
  if (stopAsked) process.stdout.write(code === 0 ? "Stopped.\n" : `Stopped (exit code ${code}).\n`);
  else process.stderr.write(`The server stopped (exit code ${code}).\n`);
  process.exit(code);
}

function printWhereAndHow(ready: Extract<ServerStartMessage, { type: "ready" }>): void {
  const lines = [`Litverse is running at ${ready.url}`];
  if (ready.demo) {
    lines.push(
      "Mode: demo (the demo accounts' password is published and payments go through the sandbox: set NODE_ENV=production for a deployment)",
      `Demo accounts: ${ready.demo.accounts.map(({ email, note }) => `${email} (${note})`).join(", ")}`,
      `Password: ${ready.demo.password}`,
    );
  } else lines.push(`Mode: ${ready.mode}`);
  lines.push(`Stop with Ctrl+C. The start's full output is in ${shownLogFile}.`);
  process.stdout.write(`${lines.join("\n")}\n`);
}

// Imports (and the demo seed's audio and video) need ffmpeg: installed here when missing.
await runStep("Checking for ffmpeg", process.execPath, [
  path.join(root, "scripts/ensure-system-tools.ts"),
  "ffmpeg",
]);

if (process.env.WEB_DIST_DIR) {
  // A build of one's own is served as it is.
  note(`Web app: the build in ${process.env.WEB_DIST_DIR}`);
} else if (existsSync(builtIndex) && Math.max(...sources.map(newestChange)) <= statSync(builtIndex).mtimeMs) {
  note("Web app: the build is up to date");
} else {
  await runStep("Building the web app", "npm", ["run", "build", "-w", "apps/web"]);
}

await runServer();
