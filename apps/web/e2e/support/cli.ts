// Runs the admin command line against a data directory. With a server running on that directory
// the command goes through the server, so open pages see the change at once.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { NODE_ARGS, REPO_ROOT } from "./env.ts";

const run = promisify(execFile);

export interface CliResult {
  stdout: string;
  stderr: string;
}

export async function runCli(args: string[], dataDir: string): Promise<CliResult> {
  const script = path.join(REPO_ROOT, "apps/server/src/cli.ts");
  try {
    const { stdout, stderr } = await run(process.execPath, [...NODE_ARGS, script, ...args], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      timeout: 60_000,
    });
    return { stdout, stderr };
  } catch (error) {
    const failed = error as Error & { stdout?: string; stderr?: string };
    throw new Error(
      `cli ${args.join(" ")} failed: ${failed.message}\nstdout: ${failed.stdout ?? ""}\nstderr: ${failed.stderr ?? ""}`,
    );
  }
}

/** Switches coming-soon mode on with the given texts. */
export function comingSoonOn(dataDir: string, texts: { title: string; launch?: string }): Promise<CliResult> {
  const args = ["settings:coming-soon", "--on", "--title", texts.title];
  if (texts.launch !== undefined) args.push("--launch", texts.launch);
  return runCli(args, dataDir);
}

/** Switches coming-soon mode off again and drops the launch line, so that tests stay independent. */
export function comingSoonOff(dataDir: string): Promise<CliResult> {
  return runCli(["settings:coming-soon", "--off", "--launch", ""], dataDir);
}
