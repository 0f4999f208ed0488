// `npm start`: builds the web app if there is no current build, then runs the server. With no
// NODE_ENV given it is a demo start: demo accounts (with their published password) and content are
// seeded, the server listens on 127.0.0.1 unless HOST is set, and the console and the page say it
// is a demo. A deployment sets NODE_ENV=production: no demo accounts, no sandbox payments unless
// enabled, all interfaces.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

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

const isBuildCurrent =
  existsSync(builtIndex) && Math.max(...sources.map(newestChange)) <= statSync(builtIndex).mtimeMs;
// Imports (and the demo seed's audio and video) need ffmpeg: installed here when missing.
const tools = spawnSync(process.execPath, [path.join(root, "scripts/ensure-system-tools.ts"), "ffmpeg"], {
  stdio: "inherit",
});
if (tools.status !== 0) process.exit(tools.status ?? 1);

if (!isBuildCurrent) {
  console.log("Building the web app…");
  const build = spawnSync("npm", ["run", "build", "-w", "apps/web"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import("../apps/server/src/main.ts");
