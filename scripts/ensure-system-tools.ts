// Makes sure the system programs the project needs are installed: ffmpeg (importing and seeding
// audio and video), Chromium and an emoji font (the browser tests). As root on Debian it installs what is missing
// from Debian's packages; otherwise it says what to install and fails.
// `node scripts/ensure-system-tools.ts [ffmpeg] [chromium] [emoji]` checks the ones named (default: all).
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";

/** The first `command` on the PATH, as the importers will run it. */
function onPath(command: string): string {
  const dirs = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  return (
    dirs.map((dir) => path.join(dir, command)).find((file) => existsSync(file)) ?? `${command} on the PATH`
  );
}

const TOOLS = {
  ffmpeg: { name: "ffmpeg and ffprobe", path: onPath("ffprobe"), packages: ["ffmpeg"] },
  chromium: {
    name: "Chromium",
    path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    packages: ["chromium"],
  },
  // Without it Chromium draws emoji (club reactions) as empty boxes in tests and screenshots.
  emoji: {
    name: "a colour emoji font",
    path: "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf",
    packages: ["fonts-noto-color-emoji"],
  },
} as const;
type ToolName = keyof typeof TOOLS;

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in TOOLS));
if (unknown.length > 0) {
  console.error(`Unknown tool: ${unknown.join(", ")}. Known: ${Object.keys(TOOLS).join(", ")}.`);
  process.exit(2);
}
const wanted = (asked.length > 0 ? asked : Object.keys(TOOLS)) as ToolName[];
const missing = wanted.map((name) => TOOLS[name]).filter((tool) => !existsSync(tool.path));
if (missing.length > 0) {
  const packages = missing.flatMap((tool) => tool.packages);
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync("/usr/bin/apt-get")) {
    console.error(
      `Missing: ${missing.map((tool) => `${tool.name} (${tool.path})`).join(", ")}.\n` +
        `Install it with: sudo apt-get install -y ${packages.join(" ")}`,
    );
    process.exit(1);
  }
  console.log(`Installing ${packages.join(", ")} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args: string[]) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  if (!run(["update", "-qq"]) || !run(["install", "-y", "-qq", ...packages])) {
    console.error(`Could not install ${packages.join(", ")}.`);
    process.exit(1);
  }
}
