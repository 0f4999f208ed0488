// The admin command line: `npm run cli -- <command>`. Talks to a running server on the same data
// when there is one (see admin/local-endpoint.ts), otherwise opens the database itself.
import pino from "pino";
import { CommandError, helpText, parseCommand } from "./admin/commands.ts";
import { type CommandLine, LOCAL_ADMIN_PATH, readEndpointFile } from "./admin/local-endpoint.ts";
import { loadConfig } from "./core/config.ts";
import { isDataDirLocked } from "./core/db/data-dir-lock.ts";
import { describeFailure } from "./core/errors.ts";

/**
 * The running server's endpoint, if a server holds this data directory. A server that has just
 * taken the directory writes its endpoint file a moment later, once it listens: wait for it.
 */
const SERVER_START_WAIT_MS = 15_000;

async function findRunningServer(dataDir: string) {
  const deadline = Date.now() + SERVER_START_WAIT_MS;
  for (;;) {
    const endpoint = await readEndpointFile(dataDir);
    if (endpoint || !(await isDataDirLocked(dataDir)) || Date.now() > deadline) return endpoint;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Reads the server's answer: JSON lines of progress (shown on stderr as they come) and then the
 * outcome, or one JSON error when the command was refused outright.
 */
async function readOutcome(response: Response): Promise<string> {
  if (!response.headers.get("content-type")?.includes("ndjson")) {
    const result = (await response.json()) as { ok: boolean; message?: string; error?: string };
    if (!result.ok) throw new CommandError(result.error ?? `The server answered ${response.status}.`);
    return result.message ?? "";
  }
  let buffered = "";
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? []) {
    buffered += decoder.decode(chunk, { stream: true });
    let newline = buffered.indexOf("\n");
    while (newline >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as CommandLine;
      buffered = buffered.slice(newline + 1);
      newline = buffered.indexOf("\n");
      if ("progress" in line) console.error(line.progress);
      else if (line.ok) return line.message;
      else throw new CommandError(line.error);
    }
  }
  throw new CommandError("The server stopped before the command finished.");
}

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes("--help") || argv.includes("-h") || argv[0] === "help") {
    console.log(helpText());
    return 0;
  }
  const config = loadConfig();
  const command = parseCommand(argv);

  const endpoint = await findRunningServer(config.dataDir);
  if (endpoint) {
    const response = await fetch(`http://127.0.0.1:${endpoint.port}${LOCAL_ADMIN_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${endpoint.token}` },
      body: JSON.stringify({ argv: command.argv }),
    }).catch(() => null);
    if (response) {
      console.log(await readOutcome(response));
      return 0;
    }
    // The server is not answering: it may be starting or stopping; work on the data directly.
  }

  const log = pino({ level: "warn" });
  const { openPlatform } = await import("./platform.ts");
  const platform = await openPlatform(config, log);
  try {
    const report = (line: string) => console.error(line);
    console.log(await command.run({ platform, isServer: false, report }));
  } finally {
    await platform.close();
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof CommandError ? error.message : `Failed: ${describeFailure(error)}`);
    if (process.env.LOG_LEVEL === "debug" || process.env.LOG_LEVEL === "trace") console.error(error);
    process.exit(1);
  },
);
