// The real app server (apps/server/src/main.ts) in its own process, serving a web build, for the
// benchmarks that drive it in Chromium (pages.ts, reels-feed.ts).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { serverNodeArgs } from "./harness.ts";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");

export interface AppServerOptions {
  port: number;
  dataDir: string;
  /** The web build to serve. */
  dist: string;
  /** More environment for the server (limits a benchmark needs raised). */
  env?: Record<string, string>;
}

/** Starts the server on 127.0.0.1 and waits until /healthz answers (at most 120 s). */
export async function startAppServer(options: AppServerOptions): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn(
    process.execPath,
    [
      ...serverNodeArgs(),
      "--disable-warning=ExperimentalWarning",
      path.join(REPO_ROOT, "apps/server/src/main.ts"),
    ],
    {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        PORT: String(options.port),
        HOST: "127.0.0.1",
        DATA_DIR: options.dataDir,
        PUBLIC_URL: baseUrl,
        WEB_DIST_DIR: options.dist,
        LOG_LEVEL: "warn",
        ...options.env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill("SIGKILL");
  throw new Error("the server did not answer within 120 s");
}

/** Stops the server, killing it if it has not exited 15 s after being asked. */
export async function stopAppServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
