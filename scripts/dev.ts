// `npm run dev`: the server restarts on change (API on port 3001) and Vite serves the app with hot
// reload on port 3000, forwarding API, media and sign-in paths to the server.
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const apiPort = process.env.API_PORT ?? "3001";
const env = { ...process.env, API_PORT: apiPort, NODE_ENV: process.env.NODE_ENV ?? "development" };

const children: ChildProcess[] = [
  spawn(process.execPath, ["--watch", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...env, PORT: apiPort },
  }),
  spawn("npm", ["run", "dev", "-w", "apps/web"], { cwd: root, stdio: "inherit", env }),
];

const stop = () => {
  for (const child of children) child.kill("SIGTERM");
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
for (const child of children) {
  child.on("exit", (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
