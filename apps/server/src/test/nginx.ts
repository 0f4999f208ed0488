// nginx in front of test server processes, configured by the deployment's own template
// (deploy/nginx/litverse.conf) with the processes' ports put in its upstream.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { REPO_ROOT } from "../core/config.ts";
import { temporaryDataDir } from "./processes.ts";

const TEMPLATE = path.join(REPO_ROOT, "deploy/nginx/litverse.conf");
/** The response header that names the process an answer came from (tests only, never deployed). */
export const UPSTREAM_HEADER = "x-litverse-upstream";

/** The nginx program, where Debian's package puts it or on the PATH; null when not installed. */
export function nginxBinary(): string | null {
  const dirs = ["/usr/sbin", ...(process.env.PATH ?? "").split(path.delimiter).filter(Boolean)];
  return dirs.map((dir) => path.join(dir, "nginx")).find((file) => existsSync(file)) ?? null;
}

/**
 * The template with its upstream pointing at `upstreamPorts` on the loopback interface, listening
 * on `port` there, and naming in each answer the process that gave it.
 */
export function renderSiteConfig(
  template: string,
  options: { port: number; upstreamPorts: number[]; reusePort?: boolean },
): string {
  const servers = options.upstreamPorts
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=10s;`)
    .join("\n");
  const replaced = (text: string, pattern: RegExp, replacement: string) => {
    if (!pattern.test(text)) throw new Error(`The nginx template has changed: nothing matches ${pattern}`);
    return text.replace(pattern, replacement);
  };
  let site = replaced(template, /(?:^ {4}server \S+:\d+ [^\n]*;\n)+/m, `${servers}\n`);
  site = replaced(
    site,
    /^ {4}listen 80;\n {4}listen \[::\]:80;\n/m,
    `    listen 127.0.0.1:${options.port}${options.reusePort ? " reuseport" : ""};\n`,
  );
  site = replaced(
    site,
    /^ {4}server_name [^\n]*;\n/m,
    `    server_name localhost;\n    add_header ${UPSTREAM_HEADER} $upstream_addr always;\n`,
  );
  return site;
}

export interface Nginx {
  url: string;
  wsUrl: string;
  /** The master process; its workers are its children. */
  pid: number;
  /** nginx's error log so far, for a failing test's message. */
  errors(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * What the main file gives nginx's workers. The defaults suit a few test clients; thousands of
 * WebSockets need two connections each (client and process) and as many open files.
 */
export interface NginxWorkers {
  /** A count, or "auto" for one per core. */
  processes?: number | "auto";
  /** Connections each worker may hold, its clients' and its upstream ones together. */
  connections?: number;
  /** Open files each worker may hold (`worker_rlimit_nofile`): up to the hard limit nginx inherits. */
  openFiles?: number;
  /**
   * A listening socket per worker, the kernel spreading new connections evenly over them
   * (`reuseport`): otherwise one worker may accept most of them and run out of files first.
   */
  reusePort?: boolean;
}

/** Starts nginx on `port` in front of the processes on `upstreamPorts`, and waits until it answers. */
export async function startNginx(options: {
  port: number;
  upstreamPorts: number[];
  workers?: NginxWorkers;
}): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (npm run setup:system)");
  const temp = await temporaryDataDir();
  // Run as root, nginx's workers run as nobody and must reach their temporary files here.
  await chmod(temp.dir, 0o755);
  const site = renderSiteConfig(await readFile(TEMPLATE, "utf8"), {
    ...options,
    reusePort: options.workers?.reusePort ?? false,
  });
  const errorLog = path.join(temp.dir, "error.log");
  const workers = options.workers ?? {};
  const main = [
    `worker_processes ${workers.processes ?? 1};`,
    ...(workers.openFiles ? [`worker_rlimit_nofile ${workers.openFiles};`] : []),
    `pid ${path.join(temp.dir, "nginx.pid")};`,
    `error_log ${errorLog} warn;`,
    `events { worker_connections ${workers.connections ?? 1024}; }`,
    "http {",
    "    access_log off;",
    ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map(
      (kind) => `    ${kind}_temp_path ${path.join(temp.dir, kind)};`,
    ),
    site,
    "}",
  ].join("\n");
  const configFile = path.join(temp.dir, "nginx.conf");
  await writeFile(configFile, main);
  const child: ChildProcess = spawn(
    binary,
    ["-p", temp.dir, "-c", configFile, "-e", errorLog, "-g", "daemon off;"],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${options.port}`;
  const errors = () => readFile(errorLog, "utf8").catch(() => "");
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    await temp.remove();
  };

  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && child.exitCode === null) {
    const answered = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (answered)
      return { url, wsUrl: `ws://127.0.0.1:${options.port}/api/ws`, pid: child.pid as number, errors, stop };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const log = await errors();
  await stop();
  throw new Error(`nginx did not start:\n${output}\n${log}`);
}
