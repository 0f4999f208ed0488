// Real server and command-line processes, for tests of what crosses process boundaries.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { readEndpointFile } from "../admin/local-endpoint.ts";
import { REPO_ROOT } from "../core/config.ts";
import { SERVER_NODE_FLAGS } from "../node-flags.ts";

const serverEntry = path.join(REPO_ROOT, "apps/server/src/main.ts");
const cliEntry = path.join(REPO_ROOT, "apps/server/src/cli.ts");

export async function temporaryDataDir(): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "litverse-test-"));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  url: string;
  wsUrl: string;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Starts `main.ts` on a free port and waits until it serves. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const dataDir = env.DATA_DIR;
  if (!dataDir) throw new Error("DATA_DIR is required");
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    // No demo data unless a test asks for it: seeding imports media and takes seconds.
    env: {
      ...process.env,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      SEED_DEMO: "0",
      // No load balancer waits on a test's process: it stops at once unless the test says otherwise.
      DRAIN_NOTICE_MS: "0",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));

  const deadline = Date.now() + 60_000;
  let port: number | undefined;
  while (Date.now() < deadline && child.exitCode === null) {
    const endpoint = await readEndpointFile(dataDir);
    if (endpoint && endpoint.pid === child.pid) {
      port = endpoint.port;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!port) {
    child.kill("SIGKILL");
    throw new Error(`server did not start:\n${output}`);
  }
  return {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/api/ws`,
    output: () => output,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cliEntry, ...args], {
      env: { ...process.env, LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
