// Makes sure the system programs the tests need are installed: Chromium for the browser tests.
// As root on Debian it installs what is missing from Debian's packages; otherwise it says what to
// install and fails.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const tools = [
  { name: "Chromium", path: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", packages: ["chromium"] },
];

const missing = tools.filter((tool) => !existsSync(tool.path));
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
