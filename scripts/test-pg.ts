// `npm run test:pg`: the integration tests (`*.int.test.ts`) again on PostgreSQL instead of PGlite
// (each test file works in a temporary database of its own, created next to TEST_DATABASE_URL's
// and dropped after),
// then the browser journeys that depend on the database server with the main test server on a
// fresh PostgreSQL database (see playwright.config.ts).
// `npm run test:pg -- <vitest filters>` runs only the matching Vitest files and skips the browser.
// When a Redis answers at 127.0.0.1:6379 (or TEST_REDIS_URL names one), the tests of budgets
// counted in Redis run too.
import { spawnSync } from "node:child_process";
import { connect } from "node:net";
import pg from "pg";
import { E2E_WORKERS, serverDatabaseUrl } from "../apps/web/e2e/support/env.ts";

const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const filters = process.argv.slice(2);

async function withAdminClient<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): number {
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  return result.status ?? 1;
}

try {
  await withAdminClient(async () => {});
} catch (error) {
  console.error(
    `PostgreSQL is not reachable at ${url} (${(error as Error).message}).\n` +
      "Start it, or point TEST_DATABASE_URL at a server where this user may create databases.",
  );
  process.exit(1);
}

/** Whether a Redis answers PING at `url`'s host and port, within a second. */
function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname.replace(/^\[|\]$/g, ""), port: Number(port || 6379) });
    let reply = "";
    const finish = (answered: boolean) => {
      socket.destroy();
      resolve(answered);
    };
    socket.setTimeout(1_000, () => finish(false));
    socket.once("error", () => finish(false));
    socket.once("close", () => finish(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString();
      if (reply.includes("\r\n")) finish(reply.startsWith("+PONG"));
    });
  });
}

const LOCAL_REDIS = "redis://127.0.0.1:6379";
const redisUrl = process.env.TEST_REDIS_URL ?? ((await redisAnswers(LOCAL_REDIS)) ? LOCAL_REDIS : undefined);
if (!redisUrl) console.log("No Redis at 127.0.0.1:6379: the tests of budgets counted in Redis are skipped.");

// Only the integration files touch a database; the pure unit tests ran once already (and
// vitest.config.ts leaves out the tests that run on PGlite whatever the database).
const defaultFilters = [".int.test."];
const vitestStatus = run("npx", ["vitest", "run", ...(filters.length > 0 ? filters : defaultFilters)], {
  TEST_DATABASE_URL: url,
  ...(redisUrl ? { TEST_REDIS_URL: redisUrl } : {}),
});
if (vitestStatus !== 0 || filters.length > 0) process.exit(vitestStatus);

// The browser run's main servers each get a fresh database: E2E_DATABASE_URL names the base,
// and each worker's server adds its slot (apps/web/e2e/support/env.ts).
const e2eDatabase = `litverse_e2e_${process.pid}`;
const e2eUrl = new URL(url);
e2eUrl.pathname = `/${e2eDatabase}`;
const serverDatabases = Array.from({ length: E2E_WORKERS }, (_, index) =>
  new URL(serverDatabaseUrl(e2eUrl.href, index)).pathname.slice(1),
);
const forEachDatabase = (statement: (name: string) => string) =>
  withAdminClient(async (client) => {
    for (const name of serverDatabases) await client.query(statement(name));
  });
let e2eStatus = 1;
try {
  await forEachDatabase((name) => `CREATE DATABASE ${name}`);
  console.log(`\nBrowser tests on PostgreSQL (${serverDatabases.join(", ")})`);
  e2eStatus = run("npm", ["run", "test:e2e"], { E2E_DATABASE_URL: e2eUrl.href });
} finally {
  await forEachDatabase((name) => `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
process.exit(e2eStatus);
