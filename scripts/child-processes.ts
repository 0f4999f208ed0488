// Stopping what a script started, whoever asks for it, so that no process is left behind.
//
// npm runs a script through `sh -c`. When npm is sent SIGTERM (by a service manager, or `kill`), it
// passes the signal to that shell, which dies of it without passing it on: the script is left
// running with a new parent, and with it the server. So a script run by npm takes the loss of its
// parent, that shell, as a SIGTERM, besides SIGINT and SIGTERM themselves. (Run any other way, a
// parent that ends is no reason to stop: `nohup node scripts/start.ts &`. Nor is SIGHUP handled
// here, which would undo nohup.)
import { type ChildProcess, type SpawnOptions, spawn } from "node:child_process";
import os from "node:os";

/** How often the parent is looked for; a stop is noticed within this long. */
const PARENT_CHECK_MS = 200;

/** Calls `handler` on SIGINT, SIGTERM or, under npm, the parent's end. */
export function onStopRequest(handler: (signal: "SIGINT" | "SIGTERM") => void): void {
  process.on("SIGINT", () => handler("SIGINT"));
  process.on("SIGTERM", () => handler("SIGTERM"));
  if (!process.env.npm_lifecycle_event) return;
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    handler("SIGTERM");
  }, PARENT_CHECK_MS);
  watch.unref();
}

/**
 * Starts a command as the leader of a process group of its own, so that everything it starts
 * (npm, its shell, the tool itself, ffmpeg) can be signalled at once. Its input is closed: a
 * process outside the terminal's foreground group must not read from it. Output is piped, and
 * `ipc` opens a message channel.
 */
export function spawnInGroup(
  command: string,
  args: string[],
  options: Omit<SpawnOptions, "stdio" | "detached"> & { ipc?: boolean },
): ChildProcess {
  const { ipc, ...rest } = options;
  return spawn(command, args, {
    ...rest,
    detached: true,
    stdio: ipc ? ["ignore", "pipe", "pipe", "ipc"] : ["ignore", "pipe", "pipe"],
  });
}

/** Signals every process of `child`'s group; quietly nothing when none is left. */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // The group has ended.
  }
}

/** Resolves with the child's exit code; an end by a signal as 128 + its number, as shells say. */
export function exitCodeOf(child: ChildProcess): Promise<number> {
  const codeOf = (code: number | null, signal: NodeJS.Signals | null) =>
    code ?? 128 + (signal ? os.constants.signals[signal] : 0);
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve(codeOf(child.exitCode, child.signalCode));
  }
  return new Promise((resolve) => {
    child.once("exit", (code, signal) => resolve(codeOf(code, signal)));
    // Could not be started at all (not found): as a shell says it.
    child.once("error", () => resolve(127));
  });
}
