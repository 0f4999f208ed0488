// Starts and stops extra server processes, each on its own port and data directory, for tests that
// need to kill or restart a server (the main test server belongs to playwright.config.ts).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { REPO_ROOT, SERVER_NODE_ARGS } from "./env.ts";

const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 15_000;

export interface ServerProcess {
  readonly port: number;
  readonly dataDir: string;
  readonly url: string;
  readonly pid: number;
  /** What the process has written so far, for error messages. */
  output(): string;
  /** Sends a signal and waits until the process has exited (and been reaped). */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Stops the server gracefully (SIGTERM), killing it if it takes too long. */
  stop(): Promise<void>;
}

/** A port that is free on the loopback interface right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function makeDataDir(): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), "litverse-e2e-extra-"));
}

export function removeDataDir(dataDir: string): Promise<void> {
  return rm(dataDir, { recursive: true, force: true });
}

/**
 * Starts `node apps/server/src/main.ts` and waits until it answers /healthz and has written its
 * local admin endpoint file (so that the command line reaches it rather than the database).
 */
export async function startServer(options: {
  port: number;
  dataDir: string;
  /** More settings for the server (OIDC_ISSUER, ALLOWED_ORIGINS, …). */
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const { port, dataDir } = options;
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_ARGS, path.join(REPO_ROOT, "apps/server/src/main.ts")],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: url,
        LOG_LEVEL: "warn",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once("exit", () => resolve());
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error("The server process did not start.");

  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    await exited;
    clearTimeout(timer);
  };

  try {
    await waitUntilReady(child, url, dataDir);
  } catch (error) {
    await kill("SIGKILL");
    throw new Error(`${(error as Error).message}\nServer output:\n${output}`);
  }
  return { port, dataDir, url, pid, output: () => output, kill, stop };
}

async function waitUntilReady(child: ChildProcess, url: string, dataDir: string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited early (code ${child.exitCode}, signal ${child.signalCode}).`);
    }
    if ((await isHealthy(url)) && (await endpointPid(dataDir)) === child.pid) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server at ${url} was not ready within ${START_TIMEOUT_MS / 1000} s.`);
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) });
    return response.ok;
  } catch {
    return false;
  }
}

async function endpointPid(dataDir: string): Promise<number | null> {
  try {
    const contents = JSON.parse(await readFile(path.join(dataDir, "server.json"), "utf8")) as {
      pid?: unknown;
    };
    return typeof contents.pid === "number" ? contents.pid : null;
  } catch {
    return null;
  }
}
