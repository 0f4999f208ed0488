// `npm run dev`: the server restarts on change (API on port 3001) and Vite serves the app with hot
// reload on port 3000, forwarding API, media and sign-in paths to the server. SIGINT and SIGTERM
// (or the end of npm) stop both; this script ends when they have.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "../apps/server/src/node-flags.ts";
import { exitCodeOf, onStopRequest, signalGroup } from "./child-processes.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, API_PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? "development" };
/** The server drains in 9 s at most; past this, whatever is left is killed. */
const STOP_DEADLINE_MS = 9_500;

// Vite straight from its package rather than through npm and a shell, which would not pass a
// stop on; it keeps the terminal for its keyboard shortcuts.
const webDir = path.join(root, "apps/web");
const viteBin = path.join(
  path.dirname(createRequire(path.join(webDir, "package.json")).resolve("vite/package.json")),
  "bin/vite.js",
);

const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, "--watch", "apps/server/src/main.ts"], {
  cwd: root,
  env: { ...env, PORT: apiPort },
  // A group of its own, so that a server left by the watcher can be ended with it.
  detached: true,
  stdio: ["ignore", "inherit", "inherit"],
});
const web = spawn(process.execPath, [viteBin], { cwd: webDir, env, stdio: "inherit" });
const children: ChildProcess[] = [server, web];

let isStopping = false;
const stop = (signal: NodeJS.Signals) => {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) child.kill(signal);
  setTimeout(() => {
    signalGroup(server, "SIGKILL");
    web.kill("SIGKILL");
  }, STOP_DEADLINE_MS).unref();
};
onStopRequest(stop);
// A closed terminal would end this script alone and leave the server (in a group of its own).
process.on("SIGHUP", () => stop("SIGTERM"));

// Either one ending ends the other; the script ends with the first one's code.
const codes = children.map((child) => exitCodeOf(child));
const first = await Promise.race(codes);
stop("SIGTERM");
await Promise.all(codes);
signalGroup(server, "SIGKILL");
process.exit(first);
