// Makes sure the system programs the project needs are installed: ffmpeg (importing and seeding
// audio and video), Chromium and an emoji font (the browser tests), nginx (the load balancer test,
// skipped without it). As root on Debian it installs what is missing from Debian's packages;
// otherwise it says what to install and fails, unless all that is missing is optional.
// `node scripts/ensure-system-tools.ts [ffmpeg] [chromium] [emoji] [nginx]` checks the ones named
// (default: all), each of them then required.
import { spawnSync } from "node:child_process";
import { existsSync, rmSync, writeFileSync } from "node:fs";
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
  // Only ever run as our own instances (`nginx -p <dir> -c <conf>`), never as the system's service.
  nginx: { name: "nginx", path: "/usr/sbin/nginx", packages: ["nginx"], optional: true },
} as const satisfies Record<string, { name: string; path: string; packages: string[]; optional?: boolean }>;
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
    const isOptional = asked.length === 0 && missing.every((tool) => "optional" in tool && tool.optional);
    console.error(
      `${isOptional ? "Not installed (optional)" : "Missing"}: ` +
        `${missing.map((tool) => `${tool.name} (${tool.path})`).join(", ")}.\n` +
        `Install it with: sudo apt-get install -y ${packages.join(" ")}`,
    );
    process.exit(isOptional ? 0 : 1);
  }
  console.log(`Installing ${packages.join(", ")} from Debian's packages…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const run = (args: string[]) => spawnSync("apt-get", args, { stdio: "inherit", env }).status === 0;
  const installed = withoutStartingServices(
    () => run(["update", "-qq"]) && run(["install", "-y", "-qq", ...packages]),
  );
  if (!installed) {
    console.error(`Could not install ${packages.join(", ")}.`);
    process.exit(1);
  }
  if (packages.includes("nginx")) keepServiceStopped("nginx");
}

/**
 * Runs `install` with Debian's policy hook saying no to starting services, as container images do
 * already: installing nginx would otherwise start the system's nginx on port 80.
 */
function withoutStartingServices(install: () => boolean): boolean {
  const policy = "/usr/sbin/policy-rc.d";
  if (existsSync(policy)) return install();
  const refuseEveryService = "#!/bin/sh\n# Removed when the install ends.\nexit 101\n";
  writeFileSync(policy, refuseEveryService, { mode: 0o755 });
  try {
    return install();
  } finally {
    rmSync(policy, { force: true });
  }
}

/** Keeps a service the package enabled from starting at the next boot, where systemd runs. */
function keepServiceStopped(service: string): void {
  if (!existsSync("/run/systemd/system")) return;
  spawnSync("systemctl", ["disable", "--now", service], { stdio: "inherit" });
}
