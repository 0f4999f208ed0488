// Where the end-to-end tests find the app. Each worker has a main test server of its own
// (playwright.config.ts starts one per worker): its own port and data directory, on its own
// PostgreSQL database in the PostgreSQL run. A spec file runs whole in one worker, so specs that
// change what every page sees (coming-soon mode, reward rules, the catalogue) never meet a spec
// running beside them. The runner makes the data directories; the workers inherit where they are
// through the environment, and Playwright tells each worker its index.
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../../../server/src/node-flags.ts";

export const REPO_ROOT = path.resolve(import.meta.dirname, "../../../..");

/**
 * How many workers, and so main test servers, the suite runs (E2E_WORKERS, 1 by default): on two
 * cores the browsers and servers already keep both busy, and a second worker gains under a tenth.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 1));

/** E2E_PORT moves the test servers (E2E_PORT, E2E_PORT + 1, …), so that two runs can share a machine. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/** The main test server of worker slot `index`. */
export function serverUrl(index: number): string {
  return `http://127.0.0.1:${E2E_PORT + index}`;
}

/** This worker's slot (0 in the runner itself). Set by Playwright in each worker process. */
const PARALLEL_INDEX = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** This worker's main test server. */
export const BASE_URL = serverUrl(PARALLEL_INDEX);

/** The environment variable that carries the folder holding the main test servers' data directories. */
export const DATA_DIR_VARIABLE = "LITVERSE_E2E_DATA_DIR";

/** The data directory of worker slot `index`'s main test server, under the runner's folder. */
export function serverDataDir(root: string, index: number): string {
  return path.join(root, `server-${index}`);
}

/** This worker's main test server's data directory, for running the command line against it. */
export function mainDataDir(): string {
  const root = process.env[DATA_DIR_VARIABLE];
  if (!root) throw new Error(`${DATA_DIR_VARIABLE} is not set: run the tests with \`npx playwright test\`.`);
  return serverDataDir(root, PARALLEL_INDEX);
}

/** Node options for the app's own scripts (Node 24 runs their TypeScript as is). */
export const NODE_ARGS = ["--disable-warning=ExperimentalWarning"];

/** Node options for a server process: the scripts' and those every server runs with. */
export const SERVER_NODE_ARGS = [...NODE_ARGS, ...SERVER_NODE_FLAGS];

/**
 * In the PostgreSQL run, the database of worker slot `index`'s main test server: the database
 * E2E_DATABASE_URL names, with the slot after its name (scripts/test-pg.ts creates them).
 */
export function serverDatabaseUrl(base: string, index: number): string {
  const url = new URL(base);
  url.pathname = `${url.pathname}_${index}`;
  return url.href;
}
