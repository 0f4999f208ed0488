// `npm start` itself, as people and service managers run it, for tests of how it starts and stops:
// npm, its shell, the start script and the server, with every process they start followed.
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import { REPO_ROOT } from "../core/config.ts";

export interface NpmStart {
  /** npm, the top process, leading a process group of its own. */
  npm: ChildProcess;
  port: number;
  url: string;
  /** The console so far: npm's, the start script's and the server's output. */
  output(): string;
  /** npm and every process running under it now. */
  processes(): Set<number>;
  /** Resolves with npm's exit code once it has exited. */
  exited: Promise<number | null>;
}

/** This environment without npm's own settings (npm_config_*), which would configure the npm run. */
function environmentFor(env: Record<string, string>, port: number): NodeJS.ProcessEnv {
  const inherited = Object.entries(process.env).filter(([name]) => !name.startsWith("npm_"));
  return { ...Object.fromEntries(inherited), PORT: String(port), HOST: "127.0.0.1", ...env };
}

/** A free port on the loopback interface. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs `npm start` to its end (a start that fails), with its console and exit code. */
export async function npmStartToTheEnd(
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  const npm = spawn("npm", ["start"], {
    cwd: REPO_ROOT,
    env: environmentFor(env, await freePort()),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  npm.stdout.on("data", (chunk) => (output += chunk));
  npm.stderr.on("data", (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) =>
    npm.once("exit", (exitCode) => resolve(exitCode)),
  );
  return { code, output };
}

/** Runs `npm start` and waits until it says where the platform is. */
export async function npmStart(env: Record<string, string>, timeoutMs = 120_000): Promise<NpmStart> {
  const port = await freePort();
  const npm = spawn("npm", ["start"], {
    cwd: REPO_ROOT,
    env: environmentFor(env, port),
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  npm.stdout?.on("data", (chunk) => (output += chunk));
  npm.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => npm.once("exit", (code) => resolve(code)));
  const deadline = Date.now() + timeoutMs;
  while (!output.includes("Litverse is running at") && npm.exitCode === null && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!output.includes("Litverse is running at")) {
    for (const pid of descendantsOf(npm.pid ?? -1)) process.kill(pid, "SIGKILL");
    throw new Error(`npm start did not start:\n${output}`);
  }
  return {
    npm,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    processes: () => new Set(descendantsOf(npm.pid ?? -1)),
    exited,
  };
}

interface ProcessEntry {
  pid: number;
  ppid: number;
  group: number;
  isZombie: boolean;
}

function processTable(): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (command) state ppid pgrp …": the command may hold spaces and parentheses.
      const [state, ppid, group] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      entries.push({ pid: Number(name), ppid: Number(ppid), group: Number(group), isZombie: state === "Z" });
    } catch {
      // Ended while being read.
    }
  }
  return entries;
}

/** `pid` and every live process under it. */
export function descendantsOf(pid: number): number[] {
  const table = processTable();
  const found = new Set([pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const entry of table) {
      if (!entry.isZombie && found.has(entry.ppid) && !found.has(entry.pid)) {
        found.add(entry.pid);
        grew = true;
      }
    }
  }
  return table.filter((entry) => found.has(entry.pid) && !entry.isZombie).map((entry) => entry.pid);
}

/** Which of `pids`, or of the process groups they led, are still running. */
export function stillRunning(pids: Set<number>): number[] {
  return processTable()
    .filter((entry) => !entry.isZombie && (pids.has(entry.pid) || pids.has(entry.group)))
    .map((entry) => entry.pid);
}

/** Whether something accepts connections on the port. */
export function isListening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Sends `signal` to npm alone (as `kill` or a service manager does), or with `toGroup` to npm's
 * process group (as a terminal's Ctrl+C does), and resolves with how long it took until no process
 * it started runs and the port is free; rejects past `timeoutMs`.
 */
export async function stopAndTime(
  start: NpmStart,
  signal: NodeJS.Signals,
  { toGroup = false, timeoutMs = 15_000 } = {},
) {
  const processes = start.processes();
  const sentAt = Date.now();
  if (toGroup && start.npm.pid) process.kill(-start.npm.pid, signal);
  else start.npm.kill(signal);
  for (;;) {
    const left = stillRunning(processes);
    if (left.length === 0 && !(await isListening(start.port))) return Date.now() - sentAt;
    if (Date.now() - sentAt > timeoutMs) {
      for (const pid of left) process.kill(pid, "SIGKILL");
      throw new Error(`still running ${timeoutMs} ms after ${signal}: ${left.join(", ")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
